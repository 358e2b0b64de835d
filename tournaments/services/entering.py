"""Making a tournament and entering it: register (a wait list once full), withdraw (the first
on the wait list takes the freed place), check in."""

import secrets
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.notices.inbox import notice_send
from tournaments.models import Entry, EntryStatus, Format, Seating, Tournament, TournamentStatus
from tournaments.refusals import TournamentRefusal
from tournaments.services.locked import tournament_link, tournament_locked

ENTRANTS = (2, 5000)
PER_TABLE = (2, 6)
TURN_SECONDS = (10, 120)
MINUTES = (0, 24 * 60)
# How long a wait list may grow: as long as the field itself [decided: issue 19 is silent].
WAIT_LIST_SHARE = 1


@transaction.atomic
def tournament_create(
    *,
    organiser: User,
    name: str,
    format: str,
    starts_at: datetime,
    private: bool,
    registration_closes_minutes: int = 10,
    check_in_minutes: int = 5,
    min_entrants: int = 2,
    max_entrants: int = 1000,
    per_table: int = 6,
    qualifiers: int = 2,
    turn_seconds: int = 30,
    seating: str = Seating.RATING,
    late_entry: bool = False,
    duplicate_deals: bool = False,
    now: datetime | None = None,
) -> Tournament:
    """Staff make public tournaments, any member a private one. Bad settings raise
    ``ValidationError`` keyed by field, and nothing is made."""
    now = now or timezone.now()
    errors = settings_errors(
        organiser=organiser,
        name=name,
        format=format,
        private=private,
        registration_closes_minutes=registration_closes_minutes,
        check_in_minutes=check_in_minutes,
        min_entrants=min_entrants,
        max_entrants=max_entrants,
        per_table=per_table,
        qualifiers=qualifiers,
        turn_seconds=turn_seconds,
        seating=seating,
    )
    if starts_at <= now + timedelta(minutes=registration_closes_minutes):
        errors["starts_at"] = _("Start it after registration has had time to close.")
    if errors:
        raise ValidationError(errors)
    return Tournament.objects.create(
        organiser=organiser,
        name=name.strip(),
        format=format,
        starts_at=starts_at,
        private=private,
        registration_closes_minutes=registration_closes_minutes,
        check_in_minutes=check_in_minutes,
        min_entrants=min_entrants,
        max_entrants=max_entrants,
        per_table=per_table,
        qualifiers=qualifiers,
        turn_seconds=turn_seconds,
        seating=seating,
        late_entry=late_entry,
        duplicate_deals=duplicate_deals,
    )


def settings_errors(
    *,
    organiser: User,
    name: str,
    format: str,
    private: bool,
    registration_closes_minutes: int,
    check_in_minutes: int,
    min_entrants: int,
    max_entrants: int,
    per_table: int,
    qualifiers: int,
    turn_seconds: int,
    seating: str,
) -> dict[str, object]:
    """What is wrong with a tournament's settings, by field (a one-off's or a series')."""
    errors: dict[str, object] = {}
    if not private and not organiser.is_staff:
        errors["private"] = _("Only staff make public tournaments: make it private.")
    if not name.strip():
        errors["name"] = _("Give the tournament a name.")
    if format not in Format.values:
        errors["format"] = _("Choose a format from the list.")
    if seating not in Seating.values:
        errors["seating"] = _("Choose a seating from the list.")
    checks = [
        ("min_entrants", min_entrants, ENTRANTS),
        ("max_entrants", max_entrants, ENTRANTS),
        ("per_table", per_table, PER_TABLE),
        ("turn_seconds", turn_seconds, TURN_SECONDS),
        ("registration_closes_minutes", registration_closes_minutes, MINUTES),
        ("check_in_minutes", check_in_minutes, MINUTES),
    ]
    # Qualifiers are bounded by a table size that is itself allowed (issue 31: a table of one
    # asked for "a number from 1 to 0"); a wrong table size is reported on its own field.
    if PER_TABLE[0] <= per_table <= PER_TABLE[1]:
        checks.append(("qualifiers", qualifiers, (1, per_table - 1)))
    for field, value, bounds in checks:
        low, high = bounds
        if not low <= value <= high:
            errors[field] = _("Choose a number from %(low)s to %(high)s.") % {
                "low": low,
                "high": high,
            }
    if min_entrants > max_entrants:
        errors["min_entrants"] = _("The fewest entrants cannot be more than the most.")
    return errors


def registration_closes_at(tournament: Tournament) -> datetime:
    return tournament.starts_at - timedelta(minutes=tournament.registration_closes_minutes)


def check_in_opens_at(tournament: Tournament) -> datetime:
    return tournament.starts_at - timedelta(minutes=tournament.check_in_minutes)


def entry_admissible(tournament: Tournament, *, user_id: int, invite: str | None) -> Entry | None:
    """The member's entry (``None``: never entered), once the refusals every way in shares
    are passed: a private tournament without its invite, a removed entrant, a cancelled
    tournament."""
    if not may_see(tournament, user_id=user_id, invite=invite):
        raise TournamentRefusal("private")
    entry = Entry.objects.filter(tournament=tournament, user_id=user_id).first()
    if entry is not None and entry.status == EntryStatus.REMOVED:
        raise TournamentRefusal("removed")
    if tournament.status == TournamentStatus.CANCELLED:
        raise TournamentRefusal("cancelled")
    return entry


def may_see(tournament: Tournament, *, user_id: int | None, invite: str | None) -> bool:
    """A public tournament is open to all; a private one to its organiser, its entrants and
    whoever holds its invite link."""
    if not tournament.private:
        return True
    if invite and secrets.compare_digest(invite, tournament.invite_token):
        return True
    if user_id is None:
        return False
    return tournament.organiser_id == user_id or tournament.entries.filter(user_id=user_id).exists()


def tournament_register(
    *, tournament_id: int, user_id: int, invite: str | None = None, now: datetime | None = None
) -> Entry:
    """Enter the member: registered while there is room, else on the wait list. Locks the
    tournament's row; refusals change nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        entry = entry_admissible(tournament, user_id=user_id, invite=invite)
        if tournament.status != TournamentStatus.SCHEDULED or now >= registration_closes_at(
            tournament
        ):
            raise TournamentRefusal("registration_closed")
        if entry is not None and entry.status in (EntryStatus.REGISTERED, EntryStatus.WAITING):
            raise TournamentRefusal("already_registered")
        counts = _counts(tournament)
        if counts[EntryStatus.REGISTERED] < tournament.max_entrants:
            status = EntryStatus.REGISTERED
        elif counts[EntryStatus.WAITING] < tournament.max_entrants * WAIT_LIST_SHARE:
            status = EntryStatus.WAITING
        else:
            raise TournamentRefusal("full")
        if entry is None:
            entry = Entry(tournament=tournament, user_id=user_id)
        entry.status, entry.checked_in, entry.registered_at = status, False, now
        entry.save()
        return entry


def tournament_withdraw(*, tournament_id: int, user_id: int, now: datetime | None = None) -> None:
    """Leave the tournament before registration closes; the first on the wait list takes a
    freed place and is told."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament.status != TournamentStatus.SCHEDULED or now >= registration_closes_at(
            tournament
        ):
            raise TournamentRefusal("registration_closed")
        entry = _entry(tournament, user_id)
        was = entry.status
        entry.status, entry.checked_in = EntryStatus.WITHDRAWN, False
        entry.save(update_fields=["status", "checked_in"])
        if was == EntryStatus.REGISTERED:
            wait_list_promote(tournament)


def wait_list_promote(tournament: Tournament) -> None:
    """The first on the wait list takes a freed place (inside the caller's lock)."""
    first = (
        Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING)
        .order_by("registered_at", "pk")
        .first()
    )
    if first is None:
        return
    first.status = EntryStatus.REGISTERED
    first.save(update_fields=["status"])
    notice_send(
        member_id=first.user_id,
        kind="tournament_off_wait_list",
        params={"tournament": tournament.name},
        link=tournament_link(tournament.pk),
    )


def tournament_check_in(*, tournament_id: int, user_id: int, now: datetime | None = None) -> None:
    """Say one is here, in the check-in window before the start: only those checked in are
    seated."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament.status != TournamentStatus.SCHEDULED:
            raise TournamentRefusal("not_scheduled")
        if not tournament.check_in_minutes or now < check_in_opens_at(tournament):
            raise TournamentRefusal("check_in_closed")
        entry = _entry(tournament, user_id)
        if entry.status != EntryStatus.REGISTERED:
            raise TournamentRefusal("not_registered")
        entry.checked_in = True
        entry.save(update_fields=["checked_in"])


def _entry(tournament: Tournament, user_id: int) -> Entry:
    entry = Entry.objects.filter(tournament=tournament, user_id=user_id).first()
    if entry is None or entry.status not in (EntryStatus.REGISTERED, EntryStatus.WAITING):
        if entry is not None and entry.status == EntryStatus.REMOVED:
            raise TournamentRefusal("removed")
        raise TournamentRefusal("not_registered")
    return entry


def _counts(tournament: Tournament) -> dict[str, int]:
    counts = dict.fromkeys(EntryStatus.values, 0)
    rows = Entry.objects.filter(tournament=tournament).values("status").annotate(n=Count("id"))
    counts.update({row["status"]: row["n"] for row in rows})
    return counts
