"""What the daily deal says to people: its day, its refusals and each game's result in words.

The day is India's (games.daily.days: one leaderboard a day needs one midnight, and most of our
players live on India's clock; Pakistan's is half an hour behind it). So wherever a day is named
(the game's page, its board, the notice of a rotation, the share text) it is named the same way,
by ``day_words``, its end in India's time with the zone named; the page adds the time left and
the end on the reader's own clock (``day_left_words``).
"""

from collections.abc import Callable, Mapping
from datetime import date, datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.profiles.formats import local_date, local_number, local_time, relative_time
from games.daily import services
from games.daily.days import DAY_ZONE, day_end

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


def day_words(day: date) -> str:
    """The daily deal's day as every place names it: "3 December 2026, India's day (it ends at
    12:00 am IST)", in the reader's language."""
    return gettext("%(day)s, India's day (it ends at %(end)s)") % {
        "day": local_date(day, length="long"),
        "end": local_time(day_end(day), zone=DAY_ZONE),
    }


def day_left_words(day: date, now: datetime | None = None) -> str:
    """How long today's deal has left, for a glance: "It ends in 5 hours.", with the end on
    the reader's own clock where it is not India's ("… at 11:30 pm PKT your time.")."""
    end = day_end(day)
    left = relative_time(end, now=now)
    reader = timezone.get_current_timezone()
    if end.astimezone(reader).utcoffset() == end.astimezone(DAY_ZONE).utcoffset():
        return gettext("It ends %(left)s.") % {"left": left}
    return gettext("It ends %(left)s, at %(end)s your time.") % {
        "left": left,
        "end": local_time(end, zone=reader),
    }


def rotated_notice_words(params: Mapping[str, Any]) -> str:
    """The notice of a rotation to a member playing the old deal, its day named as the page
    names it (``params["day"]``: ISO; notices kept before it was given go without)."""
    if not params.get("day"):
        return gettext(
            "Staff replaced the daily deal you are playing: your attempt goes on, ranked on the "
            "earlier deal's board."
        )
    return gettext(
        "Staff replaced the daily deal of %(day)s that you are playing: your attempt goes on, "
        "ranked on the earlier deal's board."
    ) % {"day": day_words(date.fromisoformat(params["day"]))}


def share_words(game: str, day: date, place: int, finished: int, result: str) -> str:
    """What a member shares of their attempt: the game, the day as the page names it, their
    place and result."""
    return ngettext(
        "Taash daily deal, %(game)s, %(day)s: place %(place)s of %(count)s (%(result)s).",
        "Taash daily deal, %(game)s, %(day)s: place %(place)s of %(count)s (%(result)s).",
        finished,
    ) % {
        "game": game,
        "day": day_words(day),
        "place": local_number(place),
        "count": local_number(finished),
        "result": result,
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


# The daily deal's acts in the audit log, their target and its notice (config/words.py).
ACTS = {
    services.ROTATE_ACT: _("rotated a day's daily deal"),
    services.SET_ACT: _("set a day's daily deal"),
}
TARGET_KINDS = {services.TARGET_KIND: _("daily deal")}
NOTICES = {services.ROTATED_NOTICE: rotated_notice_words}
