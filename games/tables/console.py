"""What the moderators' console reads of tables (issue 20, points 2 and 6): the live tables,
filtered, with their players and open reports; and the pairs of members who often share
ranked tables with one-sided results (collusion, chip dumping)."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count

from accounts.moderation.models import CaseStatus, Report
from games.tables.models import Seat, Table, TableStatus
from games.tables.news import shown_name

CONSOLE_SHOWN = 100
KINDS = ("ranked", "casual", "tournament")
LIVE = (TableStatus.OPEN, TableStatus.PLAYING)


@dataclass(frozen=True)
class ConsoleFilter:
    """``game`` ("" any), ``ranked`` ("" any, "ranked", "casual", "tournament": a table of a
    tournament's round), ``reported``."""

    game: str = ""
    ranked: str = ""
    reported: bool = False

    @property
    def key(self) -> str:
        """The filter as a page key (a slug): ``all-any-all`` is no filter."""
        return (
            f"{self.game or 'all'}-{self.ranked or 'any'}-{'reported' if self.reported else 'all'}"
        )

    @classmethod
    def of_key(cls, key: str, games: set[str]) -> "ConsoleFilter":
        """The filter a key names; ``LookupError`` for one no console page makes."""
        parts = key.split("-")
        if len(parts) != 3:
            raise LookupError(key)
        game, ranked, reported = parts
        if (game != "all" and game not in games) or ranked not in ("any", *KINDS):
            raise LookupError(key)
        if reported not in ("all", "reported"):
            raise LookupError(key)
        return cls(
            game="" if game == "all" else game,
            ranked="" if ranked == "any" else ranked,
            reported=reported == "reported",
        )


@dataclass(frozen=True)
class ConsoleTable:
    table: Table
    players: list[str]
    reports: int


def _reports_by_table(table_ids: list[int] | None = None) -> dict[int, int]:
    """Reports in cases not closed, by the table they came from."""
    reports = Report.objects.exclude(case__status=CaseStatus.CLOSED).filter(table_id__isnull=False)
    if table_ids is not None:
        reports = reports.filter(table_id__in=table_ids)
    return dict(reports.values_list("table_id").annotate(count=Count("id")))


def console_tables(chosen: ConsoleFilter) -> list[ConsoleTable]:
    """The tables waiting or playing (private ones too), newest first, as ``chosen`` filters
    them, each with its players' names and open reports: three queries."""
    tables = Table.objects.filter(status__in=LIVE).defer("state", "initial_state")
    if chosen.game:
        tables = tables.filter(game=chosen.game)
    if chosen.ranked == "tournament":
        # The tournaments app's link to its tables, by the name it gives the relation: a query
        # by name, so the tables still import nothing of the tournaments.
        tables = tables.filter(tournament_table__isnull=False)
    elif chosen.ranked:
        tables = tables.filter(ranked=chosen.ranked == "ranked")
    if chosen.reported:
        tables = tables.filter(pk__in=list(_reports_by_table()))
    found = list(tables.order_by("-created_at")[:CONSOLE_SHOWN])
    reports = _reports_by_table([table.pk for table in found])
    players: defaultdict[int, list[str]] = defaultdict(list)
    for seat in (
        Seat.objects.filter(table__in=found, user__isnull=False)
        .select_related("user__profile")
        .order_by("table_id", "number")
    ):
        assert seat.user is not None  # user__isnull=False
        players[seat.table_id].append(shown_name(seat.user))
    return [ConsoleTable(t, players[t.pk], reports.get(t.pk, 0)) for t in found]


# -- collusion ---------------------------------------------------------------------------------

# A pair is shown when they shared this many finished ranked tables, and one of them placed
# above the other (or stayed while the other left) at this share of them.
PAIR_TABLES_AT_LEAST = 3
ONE_SIDED_SHARE = 0.8
RECENT_RANKED = 2000


@dataclass
class Pair:
    first: str
    second: str
    tables: list[int] = field(default_factory=list)
    first_ahead: int = 0
    second_ahead: int = 0
    first_left: int = 0
    second_left: int = 0

    @property
    def one_sided(self) -> float:
        return max(self.first_ahead, self.second_ahead) / len(self.tables)


def collusion_pairs() -> list[Pair]:
    """Pairs of members at the latest finished ranked tables who met at least
    ``PAIR_TABLES_AT_LEAST`` times with results one-sided at ``ONE_SIDED_SHARE`` or more
    (one keeps placing above the other, or the other keeps leaving), most one-sided first."""
    tables = list(
        Table.objects.filter(ranked=True, status=TableStatus.FINISHED, result__isnull=False)
        .order_by("-finished_at")
        .values_list("pk", "result__result")[:RECENT_RANKED]
    )
    ranks = {pk: result.get("ranks", []) for pk, result in tables}
    # Each table's members as (member, seat, left the match).
    seated: defaultdict[int, list[tuple[int, int, bool]]] = defaultdict(list)
    names: dict[int, str] = {}
    for seat in Seat.objects.filter(table_id__in=list(ranks), user__isnull=False).select_related(
        "user__profile"
    ):
        if seat.user_id is None or seat.user is None:
            continue
        seated[seat.table_id].append((seat.user_id, seat.number, seat.left))
        names.setdefault(seat.user_id, shown_name(seat.user))
    pairs: dict[tuple[int, int], Pair] = {}
    for table_id, sat in seated.items():
        table_ranks = ranks[table_id]
        last = len(table_ranks)
        for first, first_seat, first_left in sat:
            for second, second_seat, second_left in sat:
                if first >= second or last <= max(first_seat, second_seat):
                    continue
                pair = pairs.setdefault((first, second), Pair(names[first], names[second]))
                pair.tables.append(table_id)
                # A member who left the match counts last, as the ratings count them.
                first_rank = last if first_left else table_ranks[first_seat]
                second_rank = last if second_left else table_ranks[second_seat]
                pair.first_ahead += first_rank < second_rank
                pair.second_ahead += second_rank < first_rank
                pair.first_left += first_left
                pair.second_left += second_left
    shown = [
        pair
        for pair in pairs.values()
        if len(pair.tables) >= PAIR_TABLES_AT_LEAST and pair.one_sided >= ONE_SIDED_SHARE
    ]
    return sorted(shown, key=lambda pair: (-pair.one_sided, -len(pair.tables)))
