"""How each table played the same deal (issue 31, point 7): with duplicate deals every table
of a round with as many seats was dealt the same deals, seat by seat (``services.rounds``),
so once the round is over each deal can be read across its tables: who sat at each seat,
what the deal cost them (RM-21's points; RM-26: the deal's winner takes from each loser as
many chips), who won it, and where the table's replay shows it. A round still being played
shows nothing: its cards are still in play elsewhere (``Table.seed_held``).

Reads only, in four queries whatever the number of tables.
"""

from dataclasses import dataclass

from games.tables.models import MatchResult, Move, Seat, TableStatus
from tournaments.models import RoundTable


@dataclass(frozen=True)
class SeatPlay:
    name: str
    points: int | None  # what the deal cost the seat; None: not dealt in
    won: bool


@dataclass(frozen=True)
class TablePlay:
    """One table's play of the deal."""

    number: int
    table_id: int
    seats: list[SeatPlay]
    step: int  # the replay's step at which the deal begins


@dataclass(frozen=True)
class SharedDeal:
    number: int
    tables: list[TablePlay]


@dataclass(frozen=True)
class SharedDeals:
    """The deals the round's tables of ``seats`` seats all played."""

    round_number: int
    seats: int
    deals: list[SharedDeal]


def shared_deals(tournament_id: int) -> list[SharedDeals]:
    """Every finished round's shared deals, by round then table size (largest first); only
    tables that played to the end (a cancelled table has no result to compare)."""
    tables = list(
        RoundTable.objects.filter(
            round__tournament_id=tournament_id,
            round__finished_at__isnull=False,
            tiebreak_of__isnull=True,
            table__status=TableStatus.FINISHED,
            table__seed_held=False,
            table__options__duplicate=True,
        )
        .order_by("round__number", "number")
        .values_list("round__number", "number", "table_id", "table__seat_count")
    )
    ids = [table_id for _round, _number, table_id, _seats in tables]
    sheets = dict(
        MatchResult.objects.filter(table_id__in=ids).values_list("table_id", "result__sheet")
    )
    names: dict[int, list[str]] = {}
    for table_id, display, username in (
        Seat.objects.filter(table_id__in=ids)
        .order_by("table_id", "number")
        .values_list("table_id", "user__profile__display_name", "user__username")
    ):
        names.setdefault(table_id, []).append(display or username or "")
    # Deal n + 1 begins with the move that dealt it; deal 1 at the start.
    starts: dict[int, list[int]] = {table_id: [0] for table_id in ids}
    for table_id, version in (
        Move.objects.filter(table_id__in=ids, action__type="deal")
        .order_by("table_id", "version")
        .values_list("table_id", "version")
    ):
        starts[table_id].append(version)
    groups: dict[tuple[int, int], dict[int, list[TablePlay]]] = {}
    for round_number, number, table_id, seats in tables:
        by_deal = groups.setdefault((round_number, seats), {})
        for index, line in enumerate(sheets.get(table_id) or []):
            steps = starts[table_id]
            plays = [
                SeatPlay(name, points, seat == line["winner"])
                for seat, (name, points) in enumerate(
                    zip(names.get(table_id, []), line["points"], strict=False)
                )
            ]
            step = steps[index] if index < len(steps) else 0
            by_deal.setdefault(line["deal"], []).append(TablePlay(number, table_id, plays, step))
    return [
        SharedDeals(
            round_number,
            seats,
            [SharedDeal(deal, plays) for deal, plays in sorted(by_deal.items())],
        )
        for (round_number, seats), by_deal in sorted(
            groups.items(), key=lambda item: (item[0][0], -item[0][1])
        )
    ]
