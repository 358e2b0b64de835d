"""The organiser's acts: start now, pause between rounds, resume, cancel, remove an entrant.
Each needs a reason, is written to the audit log in its own transaction, and tells those it
touches. The organiser (or staff) only."""

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from accounts.moderation.audit import Target, audit_record
from accounts.notices.inbox import notice_send, notices_send
from games.tables.models import TableStatus
from games.tables.services import table_match_leave
from tournaments.models import Entry, EntryStatus, RoundSeat, Tournament, TournamentStatus
from tournaments.refusals import TournamentRefusal
from tournaments.services.entering import wait_list_promote
from tournaments.services.locked import tournament_link, tournament_locked
from tournaments.services.rounds import tournament_cancelled, tournament_round_check
from tournaments.services.rounds import tournament_start as _start

REASON_LENGTH = 500


def tournament_start_now(*, tournament_id: int, actor: User, reason: str) -> None:
    with transaction.atomic():
        tournament = _organised(tournament_id, actor, reason)
        if tournament.status != TournamentStatus.SCHEDULED:
            raise TournamentRefusal("not_scheduled")
        _audit(actor, "tournament_start_now", tournament, reason)
        _start(tournament_id=tournament_id, actor=actor, reason=reason)


def tournament_pause(*, tournament_id: int, actor: User, reason: str) -> None:
    """The round being played finishes; the next waits for ``tournament_resume``."""
    with transaction.atomic():
        tournament = _organised(tournament_id, actor, reason)
        if tournament.status != TournamentStatus.RUNNING:
            raise TournamentRefusal("not_running")
        if tournament.paused:
            raise TournamentRefusal("already_paused")
        tournament.paused, tournament.pause_reason = True, reason.strip()
        tournament.paused_at = timezone.now()
        tournament.save(update_fields=["paused", "pause_reason", "paused_at"])
        _audit(actor, "tournament_pause", tournament, reason)
        _tell_players(tournament, "tournament_paused", reason=reason.strip())


def tournament_resume(*, tournament_id: int, actor: User, reason: str) -> None:
    with transaction.atomic():
        tournament = _organised(tournament_id, actor, reason)
        if tournament.status != TournamentStatus.RUNNING:
            raise TournamentRefusal("not_running")
        if not tournament.paused:
            raise TournamentRefusal("not_paused")
        tournament.paused, tournament.pause_reason, tournament.paused_at = False, "", None
        tournament.save(update_fields=["paused", "pause_reason", "paused_at"])
        _audit(actor, "tournament_resume", tournament, reason)
        _tell_players(tournament, "tournament_resumed")
    # Its own transaction: a round that ended while paused is followed by the next.
    tournament_round_check(tournament_id=tournament_id)


def tournament_cancel(
    *, tournament_id: int, actor: User, reason: str, now: datetime | None = None
) -> None:
    with transaction.atomic():
        tournament = _organised(tournament_id, actor, reason)
        if tournament.status not in (TournamentStatus.SCHEDULED, TournamentStatus.RUNNING):
            raise TournamentRefusal("not_running")
        _audit(actor, "tournament_cancel", tournament, reason)
        tournament_cancelled(tournament, actor=actor, reason=reason, now=now or timezone.now())


def tournament_entrant_remove(
    *, tournament_id: int, actor: User, user_id: int, reason: str
) -> None:
    """Out of the tournament: before the start their place goes to the wait list; during a
    round they leave their table (where they rank last, and no bot plays for them)."""
    with transaction.atomic():
        tournament = _organised(tournament_id, actor, reason)
        entry = Entry.objects.filter(tournament=tournament, user_id=user_id).first()
        live = (EntryStatus.REGISTERED, EntryStatus.WAITING, EntryStatus.PLAYING)
        if entry is None or entry.status not in live:
            raise TournamentRefusal("no_entrant")
        was = entry.status
        entry.status = EntryStatus.REMOVED
        entry.save(update_fields=["status"])
        _audit(actor, "tournament_entrant_remove", tournament, reason, member=user_id)
        notice_send(
            member_id=user_id,
            kind="tournament_removed",
            params={"tournament": tournament.name, "reason": reason},
            link=tournament_link(tournament.pk),
        )
        if was == EntryStatus.REGISTERED and tournament.status == TournamentStatus.SCHEDULED:
            wait_list_promote(tournament)
        seat = (
            RoundSeat.objects.filter(entry=entry, table__table__status=TableStatus.PLAYING)
            .select_related("table")
            .first()
        )
        if seat is not None and seat.table is not None:
            table_match_leave(table_id=seat.table.table_id, user_id=user_id)


def _tell_players(tournament: Tournament, kind: str, **params: object) -> None:
    """Those still in the tournament (the next round is theirs)."""
    players = Entry.objects.filter(tournament=tournament, status=EntryStatus.PLAYING)
    notices_send(
        notices=[
            (
                user_id,
                kind,
                {"tournament": tournament.name, **params},
                tournament_link(tournament.pk),
            )
            for user_id in players.values_list("user_id", flat=True)
        ]
    )


def _organised(tournament_id: int, actor: User | None, reason: str) -> Tournament:
    tournament = tournament_locked(tournament_id)
    if actor is None or not (actor.pk == tournament.organiser_id or actor.is_staff):
        raise TournamentRefusal("not_organiser")
    if not reason.strip() or len(reason) > REASON_LENGTH:
        raise TournamentRefusal("reason_needed")
    return tournament


def _audit(actor: User, act: str, tournament: Tournament, reason: str, **details: object) -> None:
    audit_record(
        actor=actor,
        act=act,
        target=Target("tournament", tournament.pk, tournament.name),
        reason=reason.strip(),
        details=details,
    )
