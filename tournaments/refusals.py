"""What a tournament service raises when it turns a request down, having changed nothing, and
its message in the reader's language."""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "no_tournament": _("There is no such tournament."),
    "private": _("This tournament is private: you need its invite link."),
    "already_registered": _("You are already registered for this tournament."),
    "registration_closed": _("Registration for this tournament has closed."),
    "full": _("This tournament and its wait list are full."),
    "cancelled": _("This tournament was cancelled."),
    "not_registered": _("You are not registered for this tournament."),
    "check_in_closed": _("Check-in is not open now."),
    "not_organiser": _("Only the tournament's organiser can do that."),
    "not_running": _("The tournament is not being played now."),
    "not_scheduled": _("The tournament has already started or ended."),
    "removed": _("The organiser removed you from this tournament."),
    "no_entrant": _("That member is not in this tournament."),
    "reason_needed": _("Give a reason: it goes in the audit log."),
    "already_paused": _("The tournament is already paused."),
    "not_paused": _("The tournament is not paused."),
    "already_in": _("You are already in this tournament."),
    "no_late_entry": _("This tournament takes no late entrants now."),
    "no_series": _("There is no such series."),
    "series_stopped": _("This series has been stopped."),
    "not_a_series_date": _("The series does not happen on that date."),
    "start_too_soon": _(
        "Choose a start in the future, late enough for registration to close before it."
    ),
    "bad_start": _("Give the new start as a date and a time, in a time zone from the list."),
    "no_late_room": _("This tournament has as many players as it allows: late entry is over."),
    "no_late_seat": _(
        "Every table of round 1 has made its first move or is full: late entry is over."
    ),
}


class TournamentRefusal(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def tournament_refusal_text(code: str) -> str:
    return str(MESSAGES.get(code, gettext("That is not allowed.")))
