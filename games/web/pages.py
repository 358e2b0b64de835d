from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import get_language, get_language_info

from games.catalogue import CATALOGUE_BY_SLUG


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "games/home.html")


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    game = CATALOGUE_BY_SLUG.get(slug)
    if game is None:
        raise Http404
    html, language = _rules_fragment(slug)
    context = {"game": game, "rules_html": html, "rules_language": get_language_info(language)}
    return render(request, "games/rules_page.html", context)


def _rules_fragment(slug: str) -> tuple[str, str]:
    """The game's rules (an HTML fragment) in the reader's language, else in English."""
    for language in dict.fromkeys([get_language(), "en"]):
        try:
            return get_template(f"games/rules/{slug}.{language}.html").render(), language
        except TemplateDoesNotExist:
            continue
    raise TemplateDoesNotExist(f"games/rules/{slug}.en.html")
