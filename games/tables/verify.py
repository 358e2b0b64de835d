"""Checking a table's deal from its seeds (games.tables.seeds), for the verify page and
``manage.py deal_verify``: the server's seed must match the commitment shown from the table's
creation; mixed with the members' seeds it must deal the very initial state the match started
from, and the moves replayed on it must come to the very state the match ended in (every card
dealt after the first deal comes from the same generator, so each is checked on the way).

The seed is revealed only once the match is over, and for a daily deal once its day is over.
"""

import json
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from games.engine import GAMES, IllegalAction
from games.tables.models import Move, Seat, Table, TableStatus
from games.tables.refusals import TableRefusal
from games.tables.seeds import commitment_of, match_seed_of


@dataclass(frozen=True)
class Verification:
    table_id: int
    game: str
    variant: str
    generator_version: str
    commitment: str
    server_seed: str
    seat_seeds: list[str]
    match_seed: str
    cards: int  # the cards the generator shuffled, every one where the recorded deal had it
    moves: int


def seed_may_be_revealed(table: Table, now: datetime | None = None) -> bool:
    """A match's seed is secret until the match is over (a daily deal's: until its day is;
    a seed shared by duplicate deals: until it is released, ``Table.seed_held``)."""
    if table.status != TableStatus.FINISHED or table.seed_held:
        return False
    return table.reveal_after is None or (now or timezone.now()) >= table.reveal_after


def deal_verify(
    table: Table, *, server_seed: str | None = None, now: datetime | None = None
) -> Verification:
    """Recompute the table's match from ``server_seed`` (its own revealed seed when not given)
    and the members' seeds. Refusals (``TableRefusal``): ``seed_not_revealed`` (too early),
    ``seed_held`` (over, but its duplicate deals are still played elsewhere),
    ``not_verifiable`` (dealt before seeds were committed to), ``seed_mismatch`` (not the
    committed seed: a tampered one), ``deal_mismatch`` (the seeds do not deal what was played)."""
    if not seed_may_be_revealed(table, now):
        held = table.status == TableStatus.FINISHED and table.seed_held
        raise TableRefusal("seed_held" if held else "seed_not_revealed")
    if not table.generator_version or not table.seed_commitment:
        raise TableRefusal("not_verifiable")
    seed = table.server_seed if server_seed is None else server_seed
    if commitment_of(seed) != table.seed_commitment:
        raise TableRefusal("seed_mismatch")
    seat_seeds = list(
        Seat.objects.filter(table=table).order_by("number").values_list("client_seed", flat=True)
    )
    match_seed = match_seed_of(seed, seat_seeds, table.generator_version)
    rules = GAMES[table.game]
    match = rules.new_match(table.variant, table.seat_count, seed=match_seed, options=table.options)
    if _stored(match.to_json()) != table.initial_state:
        raise TableRefusal("deal_mismatch")
    # The initial state holds the whole shuffled deck, the cards not yet dealt included.
    cards = len(match.all_cards())
    moves = 0
    for move in Move.objects.filter(table=table).order_by("version"):
        try:
            match.apply(move.seat, move.action)
        except IllegalAction:
            raise TableRefusal("deal_mismatch") from None
        moves += 1
    if _stored(match.to_json()) != table.state:
        raise TableRefusal("deal_mismatch")
    return Verification(
        table_id=table.pk,
        game=table.game,
        variant=table.variant,
        generator_version=table.generator_version,
        commitment=table.seed_commitment,
        server_seed=seed,
        seat_seeds=seat_seeds,
        match_seed=match_seed,
        cards=cards,
        moves=moves,
    )


def _stored(state: object) -> object:
    """A state as the database gives it back (JSON: tuples become lists)."""
    return json.loads(json.dumps(state))
