"""The organiser changes a coming tournament's settings, or a whole series' (issue 31, point
2): its name, format, entry limits, table size, qualifiers, turn time, seating, late entry,
duplicate deals. Only before the start (of each occurrence: a series' change reaches every
occurrence made and not started, and those made later); the same refusals as when it was
made, and never fewer places than members already registered; a reason, for the audit log and
for those entered, who are reached as each allowed (``accounts.notices.reach``). Whether the
tournament is private, and when it starts, are not changed here (the invite link stands; the
start moves through ``services.series``)."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from accounts.moderation.audit import Target, audit_record
from tournaments.models import Entry, EntryStatus, Series, Tournament, TournamentStatus
from tournaments.refusals import TournamentRefusal
from tournaments.services.entering import settings_errors, wait_list_promote
from tournaments.services.locked import tournament_locked
from tournaments.services.series import entrants_tell, organiser_check, series_organised
from tournaments.words import SETTINGS

CHANGEABLE = tuple(SETTINGS)
"""What may change before the start."""
TAKING_PLACES = (EntryStatus.REGISTERED,)


def tournament_settings_change(
    *, tournament_id: int, actor: User, reason: str, **changes: Any
) -> list[str]:
    """Change a tournament not yet started; returns the fields changed (none: nothing done,
    nobody told)."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        organiser_check(tournament.organiser_id, actor, reason)
        if tournament.status != TournamentStatus.SCHEDULED:
            raise TournamentRefusal("not_scheduled")
        wanted = _checked(tournament, actor, changes, registered=[_registered(tournament.pk)])
        changed = _apply(tournament, wanted)
        if changed:
            _audit(actor, "tournament_settings_change", "tournament", tournament, reason, changed)
            _room_filled(tournament)
            entrants_tell(tournament, "tournament_settings_changed", reason=reason.strip())
        return changed


def series_settings_change(
    *, series_id: int, actor: User, reason: str, **changes: Any
) -> list[str]:
    """Change a series from now on: the series itself (for the dates made later) and each
    occurrence made and not started (its entrants reached); returns the fields changed."""
    with transaction.atomic():
        series = series_organised(series_id, actor, reason)
        coming = [
            tournament_locked(pk)
            for pk in Tournament.objects.filter(
                series=series, status=TournamentStatus.SCHEDULED
            ).values_list("pk", flat=True)
        ]
        counts = dict(
            Tournament.objects.filter(pk__in=[t.pk for t in coming])
            .annotate(taken=Count("entries", filter=Q(entries__status__in=TAKING_PLACES)))
            .values_list("pk", "taken")
        )
        wanted = _checked(series, actor, changes, registered=counts.values())
        changed = _apply(series, wanted)
        if changed:
            _audit(actor, "series_settings_change", "series", series, reason, changed)
        for tournament in coming:
            if _apply(tournament, wanted):
                _room_filled(tournament)
                entrants_tell(tournament, "tournament_settings_changed", reason=reason.strip())
        return changed


def _room_filled(tournament: Tournament) -> None:
    """More places than registered members: the wait list's first take them, in turn."""
    free = tournament.max_entrants - _registered(tournament.pk)
    waiting = Entry.objects.filter(tournament=tournament, status=EntryStatus.WAITING).count()
    for _turn in range(min(free, waiting)):
        wait_list_promote(tournament)


def _registered(tournament_id: int) -> int:
    return Entry.objects.filter(tournament_id=tournament_id, status__in=TAKING_PLACES).count()


def _checked(
    row: Tournament | Series, actor: User, changes: dict[str, Any], registered: Iterable[int]
) -> dict[str, Any]:
    """The whole settings after the change, each refused as when the row was made (by the
    one changing it)."""
    unknown = set(changes) - set(CHANGEABLE)
    if unknown:
        raise TypeError(f"not changeable: {sorted(unknown)}")
    wanted = {field: changes.get(field, getattr(row, field)) for field in CHANGEABLE}
    checked = {k: v for k, v in wanted.items() if k not in ("late_entry", "duplicate_deals")}
    # Whether it is private is not changed here: that check is the making's alone.
    errors = settings_errors(organiser=actor, private=True, **checked)
    most = max(registered, default=0)
    if "max_entrants" not in errors and wanted["max_entrants"] < most:
        errors["max_entrants"] = _(
            "%(count)s members are registered already: the most entrants cannot be fewer."
        ) % {"count": most}
    if errors:
        raise ValidationError(errors)
    wanted["name"] = wanted["name"].strip()
    return wanted


def _apply(row: Tournament | Series, wanted: dict[str, Any]) -> list[str]:
    changed = [field for field, value in wanted.items() if getattr(row, field) != value]
    for field in changed:
        setattr(row, field, wanted[field])
    if changed:
        row.save(update_fields=changed)
    return changed


def _audit(
    actor: User, act: str, kind: str, row: Tournament | Series, reason: str, changed: list[str]
) -> None:
    audit_record(
        actor=actor,
        act=act,
        target=Target(kind, row.pk, row.name),
        reason=reason.strip(),
        details={"changed": [f"setting:{field}" for field in changed]},
    )
