"""The "Play ranked" button: one click seats a member at an open ranked table near their
rating, or opens one (issue #10).

A ranked table is public, members only, and starts when its last seat is taken. Its seat count
is the game's usual ranked table (``RANKED_SEATS``), so that players looking for a match of one
game and variant meet at the same tables instead of waiting at tables of every size.
"""

from statistics import fmean

from django.core.exceptions import ValidationError
from django.db.models import Count, Q, QuerySet

from accounts.ratings.models import Rating
from accounts.ratings.skill import RATING_TARGET
from games.tables.models import Table, TableStatus
from games.tables.refusals import TableRefusal
from games.tables.seeds import client_seed_is_valid
from games.tables.services.lobby import (
    MALFORMED_SEED,
    ranked_play_allowed,
    table_create,
    table_seat_take,
)

# Rummy is most often played heads-up online; the others are four-seat games (Hidden Unders
# with two players drags on: the engine's notes).
RANKED_SEATS = {"rummy": 2, "courtpiece": 4, "pitch": 4, "unders": 4}

# How far (in shown rating points) a table's players may be from the member's rating: about
# two and a half new members' uncertainty, so a newcomer (1500) meets newcomers, and a strong
# player is not seated with beginners while waiting for their equals.
NEAR = 250

# Open ranked tables looked at, oldest first: more are never waiting at once for one variant.
CANDIDATES = 50


def ranked_table_join(*, user_id: int, game: str, variant: str, client_seed: str = "") -> Table:
    """Seat the member at the open ranked table of ``game`` and ``variant`` whose players' mean
    rating is nearest theirs (within ``NEAR``), or at a new one, with the seed their browser
    made for the deal (games.tables.seeds). A member already waiting at such a table stays
    there. Bad game or variant, or a malformed seed: ``ValidationError``."""
    if client_seed and not client_seed_is_valid(client_seed):
        raise ValidationError({"client_seed": MALFORMED_SEED})
    waiting = _open_ranked(game, variant).filter(seats__user_id=user_id).first()
    if waiting is not None:
        return waiting
    ranked_play_allowed(user_id)
    mine = _ratings(game, [user_id]).get(user_id, RATING_TARGET)
    for table in _nearest_first(game, variant, mine):
        free = next(seat.number for seat in table.seats.all() if seat.is_empty)
        try:
            table_seat_take(
                table_id=table.pk, user_id=user_id, number=free, client_seed=client_seed
            )
        except TableRefusal:
            continue  # taken or started meanwhile: the next one
        return table
    return table_create(
        creator_id=user_id,
        game=game,
        variant=variant,
        bot_levels=[""] * RANKED_SEATS.get(game, 4),
        ranked=True,
        client_seed=client_seed,
    )


def _open_ranked(game: str, variant: str) -> QuerySet[Table]:
    return Table.objects.filter(
        game=game, variant=variant, ranked=True, private=False, status=TableStatus.OPEN
    )


def _nearest_first(game: str, variant: str, mine: float) -> list[Table]:
    tables = list(
        _open_ranked(game, variant)
        .annotate(free=Count("seats", filter=Q(seats__user__isnull=True)))
        .filter(free__gt=0)
        .order_by("created_at")
        .prefetch_related("seats")[:CANDIDATES]
    )
    seated = {table.pk: [s.user_id for s in table.seats.all() if s.user_id] for table in tables}
    ratings = _ratings(game, [user for users in seated.values() for user in users])

    def distance(table: Table) -> float:
        users = seated[table.pk]
        if not users:
            return 0.0
        return abs(fmean(ratings.get(user, RATING_TARGET) for user in users) - mine)

    near = [table for table in tables if distance(table) <= NEAR]
    return sorted(near, key=distance)


def _ratings(game: str, user_ids: list[int]) -> dict[int, float]:
    """Shown ratings; a member with no ranked match of ``game`` yet is absent (a newcomer)."""
    rows = Rating.objects.filter(game=game, user_id__in=user_ids).values_list("user_id", "ordinal")
    return dict(rows)
