from typing import Literal, cast

from django.conf import settings
from django.http import HttpResponseBase


def language_cookie_set(response: HttpResponseBase, language: str) -> None:
    """Remember ``language`` in the cookie that Django's LocaleMiddleware reads on every visit."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        # Django's stubs type the setting as any str; Django allows only these values.
        samesite=cast(Literal["Lax", "Strict", "None"] | None, settings.LANGUAGE_COOKIE_SAMESITE),
    )
