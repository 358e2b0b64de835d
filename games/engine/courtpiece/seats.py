"""Where everyone sits (CP-1) and who chooses first (CP-2).

Seats 0..3 are numbered clockwise round the table, as in every game here. Court Piece plays
counter-clockwise, to the right, so the seat after ``s`` is ``s - 1`` (mod 4). Partners sit
opposite: team 0 is seats 0 and 2, team 1 is seats 1 and 3.
"""

from __future__ import annotations

from games.engine.cards import rank_of, standard_deck
from games.engine.events import CourtPieceDraw, DrawnRank
from games.engine.rng import MatchRandom
from games.engine.tricks import rank_value, seat_after

SEATS = range(4)
STEP = -1
"""CP-1: play passes to the right, which with clockwise seat numbers is one seat back."""


def right_of(seat: int) -> int:
    """The next seat in play: the player on ``seat``'s right."""
    return seat_after(seat, len(SEATS), STEP)


def left_of(seat: int) -> int:
    return seat_after(seat, len(SEATS), -STEP)


def partner_of(seat: int) -> int:
    return seat_after(seat, len(SEATS), 2)


def team_of(seat: int) -> int:
    return seat % 2


def team_seats(team: int) -> list[int]:
    return [seat for seat in SEATS if team_of(seat) == team]


def draw_for_first_chooser(rng: MatchRandom) -> tuple[int, CourtPieceDraw]:
    """CP-2: everyone draws a card and the highest chooses trump; suits do not break ties, so
    only the tied players draw again, each round from a fresh deck. Returns the chooser and
    the public event. The event names ranks only: the drawn cards go back into the deck, so
    their codes would name cards that now lie in somebody's hand."""
    drawing = list(SEATS)
    rounds: list[list[DrawnRank]] = []
    while len(drawing) > 1:
        drawn = dict(zip(drawing, rng.shuffled(standard_deck()), strict=False))
        rounds.append([{"seat": seat, "rank": rank_of(card)} for seat, card in drawn.items()])
        best = max(rank_value(card) for card in drawn.values())
        drawing = [seat for seat, card in drawn.items() if rank_value(card) == best]
    chooser = drawing[0]
    return chooser, {"type": "draw", "rounds": rounds, "chooser": chooser}
