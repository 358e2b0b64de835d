"""What every page's header needs of the member: the language buttons."""

from django.http import HttpRequest

# Each language names itself in its own script, whatever the language of the page.
LANGUAGE_BUTTONS = (("en", "EN"), ("hi", "हिं"), ("ur", "اردو"))


def language_buttons(request: HttpRequest) -> dict[str, tuple[tuple[str, str], ...]]:
    return {"language_buttons": LANGUAGE_BUTTONS}
