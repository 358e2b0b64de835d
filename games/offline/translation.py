"""``django.utils.translation`` as ``games.words`` uses it, for the browser: packed as that
module (``games.offline.build``), it reads the site's compiled catalogues
(``locale/<language>/LC_MESSAGES/django.mo``, packed beside it) with the standard library's
``gettext``. On the server Django's own module is imported instead, so the words come from one
source either way.
"""

import gettext as catalogues
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path


def _locale_dir() -> Path:
    """The nearest ``locale`` folder above this file: the repository's, or the archive's root
    (where this file is ``django/utils/translation/__init__.py``)."""
    here = Path(__file__).resolve()
    return next(
        (folder / "locale" for folder in here.parents if (folder / "locale").is_dir()), here.parent
    )


LOCALE_DIR = _locale_dir()
DEFAULT_LANGUAGE = "en"

_active = [DEFAULT_LANGUAGE]


@lru_cache(maxsize=8)
def _catalogue(language: str) -> catalogues.NullTranslations:
    return catalogues.translation("django", LOCALE_DIR, [language], fallback=True)


def gettext(message: str) -> str:
    return _catalogue(_active[-1]).gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    return _catalogue(_active[-1]).ngettext(singular, plural, number)


def pgettext(context: str, message: str) -> str:
    return _catalogue(_active[-1]).pgettext(context, message)


class _Lazy:
    """A message translated each time it is read, in the language active then (Django's
    ``gettext_lazy``): the labels are module constants, read in the reader's language."""

    def __init__(self, message: str, context: str | None = None) -> None:
        self.message, self.context = message, context

    def __str__(self) -> str:
        if self.context is not None:
            return pgettext(self.context, self.message)
        return gettext(self.message)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __mod__(self, values: object) -> str:
        return str(self) % values


def gettext_lazy(message: str) -> _Lazy:
    return _Lazy(message)


def pgettext_lazy(context: str, message: str) -> _Lazy:
    return _Lazy(message, context)


class _LazyPlural:
    """Django's ``ngettext_lazy`` with the count named by a key: ``template % values`` picks
    the form by ``values[key]`` (a ``TypeError`` for a count that is no whole number, as
    Django's catalogues raise), then fills it in."""

    def __init__(self, singular: str, plural: str, key: str) -> None:
        self.singular, self.plural, self.key = singular, plural, key

    def __mod__(self, values: Mapping[str, object]) -> str:
        count = values[self.key]
        if not isinstance(count, int) or isinstance(count, bool):
            raise TypeError(f"a plural's count must be a whole number, not {count!r}")
        return ngettext(self.singular, self.plural, count) % values

    def __str__(self) -> str:
        return ngettext(self.singular, self.plural, 2)


def ngettext_lazy(singular: str, plural: str, key: str) -> _LazyPlural:
    return _LazyPlural(singular, plural, key)


def activate(language: str) -> None:
    _active[:] = [language]


def get_language() -> str:
    return _active[-1]


@contextmanager
def override(language: str) -> Iterator[None]:
    _active.append(language)
    try:
        yield
    finally:
        _active.pop()
