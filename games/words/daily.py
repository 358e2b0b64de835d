"""What the daily deal says to people: its refusals and each game's result in words."""

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

REFUSALS = {
    "no_such_game": _("There is no daily deal for that game."),
    "no_such_deal": _("There is no such daily deal today: here is the day's deal."),
    "deal_rotated": _("The day's deal was replaced meanwhile: here is the new one."),
    "already_played": _("You have played today's deal of this game: one attempt a day."),
    "not_staff": _("Only staff may change the daily deals."),
    "reason_needed": _("Give a reason: it goes to the audit log."),
    "reason_too_long": _("Keep the reason under 500 characters."),
    "day_over": _("That day is over: its deal can no longer change."),
    "bad_seed": _("A seed is 8 to 64 letters, digits or the signs _ : . -"),
    "same_seed": _("That is the day's seed already."),
    "bad_bot_level": _("A daily deal's bots are easy or medium (their play must not vary)."),
    "rotated_meanwhile": _("Someone else changed that day's deal meanwhile: look again."),
    "bad_day": _("There is no such day."),
    "visitor": _("Sign in to play the daily deal for a place on the board."),
    "already_tried": _("You have tried today's deal of this game. Sign up to play it ranked."),
    "visitors_busy": _(
        "Too many visitors are trying the daily deal just now: sign in to play it, or come back "
        "later."
    ),
    "address_busy": _(
        "Many visitors' tries have begun from your address this hour: sign in to play the "
        "daily deal, or come back later."
    ),
}


def daily_refusal_text(code: str) -> str:
    return str(REFUSALS.get(code, _("That is not allowed.")))


def result_words(game: str, details: dict[str, Any]) -> str:
    """One attempt's result in the reader's language (the board shows it beside the place):
    each game's own words, by the name of the game (words, not rules: the scores come from
    games.daily.scores)."""
    return _RESULT_WORDS[game](details)


def _moves(details: dict[str, Any]) -> str:
    moves = int(details.get("moves", 0))
    return ngettext("%(count)d move", "%(count)d moves", moves) % {"count": moves}


def _won_with_points(details: dict[str, Any]) -> str:
    points = int(details.get("points", 0))
    outcome = gettext("won") if details.get("won") else gettext("lost")
    return f"{outcome} · " + ngettext("%(count)d point", "%(count)d points", points) % {
        "count": points
    }


def _rummy(details: dict[str, Any]) -> str:
    return f"{_won_with_points(details)} · {_moves(details)}"


def _courtpiece(details: dict[str, Any]) -> str:
    tricks = int(details.get("tricks", 0))
    return ngettext("%(count)d trick to your side", "%(count)d tricks to your side", tricks) % {
        "count": tricks
    }


def _unders(details: dict[str, Any]) -> str:
    place = int(details.get("place", 0))
    return f"{gettext('place %(place)d') % {'place': place}} · {_moves(details)}"


_RESULT_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "rummy": _rummy,
    "courtpiece": _courtpiece,
    "pitch": _won_with_points,
    "unders": _unders,
}
