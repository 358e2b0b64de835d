"""A tournament's reminders (issue 31, point 4): each registered entrant is reached through
``accounts.notices.reach`` (the site's notices, e-mail, push, as each allowed) when check-in
opens and a few minutes before the start.

The beat sweep (``tasks.tournaments_sweep``, every ten seconds) calls
``tournament_reminders_send``: the time lives on the tournament's row, and each reminder is
keyed ``(member, reason, "tournament:<id>")``, so a sweep run twice, late or beside another
reaches nobody twice (at most one reminder of each kind per member per tournament), and a
member who registers after a reminder went out gets it from the next sweep while it applies.
"""

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.notices.reach import reach, reached_members
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.services.locked import tournament_link

CHECK_IN_OPEN = "tournament_check_in_open"
STARTING_SOON = "tournament_starting_soon"
SOON = timedelta(minutes=5)
"""How long before the start the last reminder goes."""
LOOK_AHEAD = timedelta(days=1)
"""The furthest ahead a check-in can open (the form allows less)."""

NOTICES = {
    CHECK_IN_OPEN: _(
        "Check-in for %(tournament)s is open: check in before it starts, or you will not be seated."
    ),
    STARTING_SOON: _("%(tournament)s starts in a few minutes: be ready at your seat."),
}
REASONS = {
    CHECK_IN_OPEN: _("When check-in opens for a tournament you entered"),
    STARTING_SOON: _("A few minutes before a tournament you entered starts"),
}


def reminders_due(now: datetime) -> list[tuple[int, str, str]]:
    """``(tournament id, name, reason)`` for each reminder whose time has come and whose
    tournament has not started. A check-in that opens within ``SOON`` of the start says all
    the second reminder would: that one is left out."""
    due = []
    upcoming = Tournament.objects.filter(
        status=TournamentStatus.SCHEDULED, starts_at__gt=now, starts_at__lte=now + LOOK_AHEAD
    ).values_list("pk", "name", "starts_at", "check_in_minutes")
    for pk, name, starts_at, check_in_minutes in upcoming:
        check_in = timedelta(minutes=check_in_minutes)
        if check_in and starts_at - check_in <= now:
            due.append((pk, name, CHECK_IN_OPEN))
        if starts_at - SOON <= now and not (check_in and check_in <= SOON):
            due.append((pk, name, STARTING_SOON))
    return due


def tournament_reminders_send(*, now: datetime | None = None) -> int:
    """Reach every registered entrant not yet reached for each reminder due; returns how many
    members were handed to the jobs. Reads only: the jobs write, each its own keys."""
    handed = 0
    for tournament_id, name, reason in reminders_due(now or timezone.now()):
        moment = f"tournament:{tournament_id}"
        members = list(
            Entry.objects.filter(tournament_id=tournament_id, status=EntryStatus.REGISTERED)
            .exclude(user_id__in=reached_members(reason=reason, moment=moment))
            .values_list("user_id", flat=True)
        )
        reach(
            member_ids=members,
            reason=reason,
            moment=moment,
            params={"tournament": name},
            link=tournament_link(tournament_id),
        )
        handed += len(members)
    return handed
