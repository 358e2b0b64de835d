"""Reads: what the jobs act on, the lists of tournaments, and one tournament's page."""

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db.models import Count, Q

from games.tables.models import Seat, Table, TableStatus
from tournaments.models import (
    Entry,
    EntryStatus,
    Round,
    RoundSeat,
    RoundTable,
    Tournament,
    TournamentStatus,
)

DONE = (TableStatus.FINISHED, TableStatus.ABANDONED)


def starts_due(*, by: datetime) -> list[tuple[int, datetime]]:
    return list(
        Tournament.objects.filter(status=TournamentStatus.SCHEDULED, starts_at__lte=by)
        .order_by("starts_at")
        .values_list("pk", "starts_at")
    )


def tournament_of_table(table_id: int) -> int | None:
    """The tournament whose round plays at the table (None: an ordinary table)."""
    return (
        RoundTable.objects.filter(table_id=table_id)
        .values_list("round__tournament_id", flat=True)
        .first()
    )


def rounds_to_check() -> list[int]:
    """Running tournaments with a finished table not yet read into its round, or with an ended
    round not yet followed by the next (and not paused)."""
    pending = RoundTable.objects.filter(
        settled=False, table__status__in=DONE, round__tournament__status=TournamentStatus.RUNNING
    ).values_list("round__tournament_id", flat=True)
    between = (
        Tournament.objects.filter(status=TournamentStatus.RUNNING, paused=False)
        .annotate(open_rounds=Count("rounds", filter=Q(rounds__finished_at__isnull=True)))
        .filter(open_rounds=0)
        .values_list("pk", flat=True)
    )
    return sorted(set(pending) | set(between))


def late_entry_tables(tournament: Tournament) -> list[RoundTable]:
    """Where a late entrant may sit now (``services.late``): a table of round 1, still being
    played, not a tie-break, on its first deal with no move played, with room under the
    tournament's table size, and among the smallest of the round (so that sizes still differ
    by at most one). Smallest first, then by number; none once round 1 is over or past."""
    if tournament.status != TournamentStatus.RUNNING or not tournament.late_entry:
        return []
    # Round 2 is only seated once round 1 has finished.
    first = tournament.rounds.filter(number=1, finished_at__isnull=True).first()
    if first is None:
        return []
    tables = list(
        RoundTable.objects.filter(round=first, tiebreak_of__isnull=True)
        .select_related("table")
        .order_by("table__seat_count", "number")
    )
    if not tables:
        return []
    smallest = tables[0].table.seat_count
    return [
        round_table
        for round_table in tables
        if round_table.table.seat_count == smallest < tournament.per_table
        and round_table.table.status == TableStatus.PLAYING
        and round_table.table.version == 0
    ]


def tournament_lists(game: str, *, user_id: int | None) -> dict[str, list[Tournament]]:
    """Upcoming, running and finished tournaments of ``game``: the public ones, and the private
    ones the reader organises or entered."""
    mine = Q(private=False)
    if user_id is not None:
        mine |= Q(organiser_id=user_id) | Q(entries__user_id=user_id)
    rows = (
        Tournament.objects.filter(mine, game=game)
        .annotate(entrants=Count("entries", filter=Q(entries__status__in=LISTED), distinct=True))
        .distinct()
        .order_by("starts_at")
    )
    lists: dict[str, list[Tournament]] = {"upcoming": [], "running": [], "finished": []}
    for row in rows[:300]:
        key = SECTIONS.get(row.status, "finished")
        lists[key].append(row)
    lists["finished"].reverse()
    return lists


SECTIONS: dict[str, str] = {
    TournamentStatus.SCHEDULED: "upcoming",
    TournamentStatus.RUNNING: "running",
}
LISTED = (EntryStatus.REGISTERED, EntryStatus.PLAYING, EntryStatus.OUT, EntryStatus.FINALIST)


@dataclass
class PlayerRow:
    name: str
    user_id: int
    rank: int | None
    score: int | None
    qualified: bool | None


@dataclass
class TableRow:
    number: int
    table_id: int
    status: str
    tiebreak: bool
    players: list[PlayerRow] = field(default_factory=list)
    # Duplicate deals still played at the round's other tables (``Table.seed_held``): the
    # table is not watched and its scores and ranks wait for the round's end, as they tell how
    # the deals went.
    held: bool = False
    # A tie-break deal's: the number of the table whose tie it settles.
    settles: int | None = None


@dataclass
class RoundRow:
    number: int
    final: bool
    finished: bool
    tables: list[TableRow]
    byes: list[str]

    @property
    def held(self) -> bool:
        return any(table.held for table in self.tables)


@dataclass
class TournamentPage:
    tournament: Tournament
    entrants: list[tuple[str, Entry]]
    waiting: list[tuple[str, Entry]]
    rounds: list[RoundRow]
    standings: list[tuple[int, str]]


def tournament_page(tournament_id: int) -> TournamentPage:
    """Everything the page shows, in a handful of queries whatever the size (``LookupError``:
    no such tournament). Live tables' scores are read from their state's standings alone."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise LookupError(tournament_id)
    entries = list(Entry.objects.filter(tournament=tournament).order_by("registered_at", "pk"))
    names = _names([entry.user_id for entry in entries])
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    tables = list(
        RoundTable.objects.filter(round__tournament=tournament)
        .order_by("round__number", "number")
        .values_list("pk", "round_id", "number", "table_id", "tiebreak_of_id")
    )
    table_facts = {
        pk: (status, scores, held)
        for pk, status, scores, held in Table.objects.filter(
            pk__in=[row[3] for row in tables]
        ).values_list("pk", "status", "state__standings__scores", "seed_held")
    }
    seats = RoundSeat.objects.filter(round__tournament=tournament).values_list(
        "round_id", "table_id", "seat", "rank", "score", "qualified", "entry__user_id"
    )
    by_table: dict[int, list[tuple[int | None, int | None, int | None, bool | None, int]]] = {}
    byes: dict[int, list[str]] = {}
    for round_id, table, seat, rank, score, qualified, user_id in seats:
        if table is None:
            byes.setdefault(round_id, []).append(names.get(user_id, ""))
        else:
            by_table.setdefault(table, []).append((seat, rank, score, qualified, user_id))
    tiebreak_seats = _tiebreak_seats([row[3] for row in tables if row[4] is not None])
    round_rows = {
        rnd.pk: RoundRow(
            rnd.number, rnd.final, rnd.finished_at is not None, [], byes.get(rnd.pk, [])
        )
        for rnd in rounds
    }
    numbers = {row[0]: row[2] for row in tables}
    for pk, round_id, number, table_id, tiebreak_of in tables:
        status, scores, held = table_facts.get(table_id, ("", None, False))
        row = TableRow(number, table_id, status, tiebreak_of is not None, held=held)
        row.settles = numbers.get(tiebreak_of) if tiebreak_of is not None else None
        if held:
            for _seat, _rank, _score, _qualified, user_id in sorted(
                by_table.get(pk, []), key=lambda row: row[0] or 0
            ):
                row.players.append(PlayerRow(names.get(user_id, ""), user_id, None, None, None))
        elif tiebreak_of is None:
            # By rank once ranked (issue 31: seat order hid who won), seat order before.
            for seat, rank, score, qualified, user_id in sorted(
                by_table.get(pk, []), key=lambda row: (row[1] is None, row[1] or 0, row[0] or 0)
            ):
                if score is None and isinstance(scores, list) and (seat or 0) < len(scores):
                    score = scores[seat or 0]
                row.players.append(
                    PlayerRow(names.get(user_id, ""), user_id, rank, score, qualified)
                )
        else:
            for seat, user_id in tiebreak_seats.get(table_id, []):
                live = scores[seat] if isinstance(scores, list) and seat < len(scores) else None
                row.players.append(PlayerRow(names.get(user_id, ""), user_id, None, live, None))
        round_rows[round_id].tables.append(row)
    shown = [(names.get(e.user_id, ""), e) for e in entries]
    standings = sorted(
        ((entry.place, name) for name, entry in shown if entry.place is not None),
        key=lambda pair: (pair[0], pair[1]),
    )
    return TournamentPage(
        tournament=tournament,
        entrants=[(name, e) for name, e in shown if e.status != EntryStatus.WAITING],
        waiting=[(name, e) for name, e in shown if e.status == EntryStatus.WAITING],
        rounds=[round_rows[rnd.pk] for rnd in rounds],
        standings=standings,
    )


def _names(user_ids: list[int]) -> dict[int, str]:
    return {
        user_id: display or username
        for user_id, display, username in get_user_model()
        .objects.filter(pk__in=user_ids)
        .values_list("pk", "profile__display_name", "username")
    }


def _tiebreak_seats(table_ids: list[int]) -> dict[int, list[tuple[int, int]]]:
    found: dict[int, list[tuple[int, int]]] = {}
    for table_id, number, user_id in Seat.objects.filter(table_id__in=table_ids).values_list(
        "table_id", "number", "user_id"
    ):
        found.setdefault(table_id, []).append((number, user_id))
    return found


def entry_of(tournament_id: int, user_id: int | None) -> Entry | None:
    if user_id is None:
        return None
    return Entry.objects.filter(tournament_id=tournament_id, user_id=user_id).first()


def current_table_of(tournament_id: int, user_id: int) -> tuple[int, int] | None:
    """The (round number, table id) where the member plays now in this tournament, if any: a
    tie-break deal before their round's table."""
    seat = (
        Seat.objects.filter(
            user_id=user_id,
            table__status=TableStatus.PLAYING,
            table__tournament_table__round__tournament_id=tournament_id,
        )
        .values_list("table__tournament_table__round__number", "table_id")
        .order_by("-table_id")
        .first()
    )
    return (seat[0], seat[1]) if seat else None


def titles_of(user_id: int) -> list[Tournament]:
    """The tournaments the member won: their titles, newest first."""
    return list(Tournament.objects.filter(winner_id=user_id).order_by("-finished_at"))


def history_of(user_id: int) -> list[Entry]:
    return list(
        Entry.objects.filter(user_id=user_id, place__isnull=False)
        .select_related("tournament")
        .order_by("-tournament__finished_at")[:50]
    )


def coming_between(start: datetime, end: datetime, *, user_id: int | None) -> list[Tournament]:
    """Tournaments not over that start in ``[start, end)`` (the schedule): the public ones and
    the private ones the reader organises or entered, by start."""
    mine = Q(private=False)
    if user_id is not None:
        mine |= Q(organiser_id=user_id) | Q(entries__user_id=user_id)
    return list(
        Tournament.objects.filter(mine, starts_at__gte=start, starts_at__lt=end)
        .exclude(status=TournamentStatus.CANCELLED)
        .annotate(entrants=Count("entries", filter=Q(entries__status__in=LISTED), distinct=True))
        .distinct()
        .order_by("starts_at", "pk")[:500]
    )


def next_public(game: str, *, now: datetime) -> Tournament | None:
    """The next public tournament of ``game`` still to start (home and game pages)."""
    return (
        Tournament.objects.filter(
            game=game, private=False, status=TournamentStatus.SCHEDULED, starts_at__gt=now
        )
        .order_by("starts_at", "pk")
        .first()
    )
