"""Which waiting members form tables together: nearest ratings first, the gap each member
accepts widening as they wait, recent opponents kept apart while others wait. Pure Python, no
database: the forming pass (``games.ranked.services``) reads the queue, asks here, and writes.

Consecutive runs of the members sorted by rating are the candidate tables (a table of the
nearest ratings is always such a run); the tightest run first, ties to the longest waiting.
Sorting makes a pass O(n log n) in the number waiting.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass

# The gap (in shown rating points, either way) a member is matched within: GAP_START at once,
# GAP_STEP more every GAP_EVERY seconds of waiting, at most GAP_MOST. A newcomer (1500) meets
# newcomers at first; a lonely strong player meets anyone after four minutes.
GAP_START = 100
GAP_STEP = 50
GAP_EVERY = 15
GAP_MOST = 800

# Two members who met in one of their last RECENT_MATCHES ranked matches of the game are not
# seated together while others wait, unless every member of the table has waited
# REPEAT_AFTER seconds (else two who only have each other would never play again).
RECENT_MATCHES = 3
REPEAT_AFTER = 120


def gap_after(waited: float) -> int:
    """The rating gap a member who has waited ``waited`` seconds is matched within."""
    return min(GAP_MOST, GAP_START + GAP_STEP * int(max(waited, 0) // GAP_EVERY))


@dataclass(frozen=True)
class Waiting:
    """One member in the queue: their entry, their rating as they joined, how long they wait."""

    entry_id: int
    user_id: int
    rating: float
    waited: float


def tables_formed(
    waiting: Sequence[Waiting], seats: int, recent: Collection[frozenset[int]] = ()
) -> list[list[Waiting]]:
    """The tables of ``seats`` members to form now from ``waiting`` (one queue), each member in
    one at most. ``recent``: pairs of user ids who met lately.

    Tables of recent opponents are passed over at first; the runs of those left are then
    looked at again (a pair kept apart splits a run), and only when nothing more forms may
    recent opponents meet, if nobody else is left or all have waited ``REPEAT_AFTER``."""
    if seats < 1:
        return []
    left = sorted(waiting, key=lambda each: (each.rating, -each.waited, each.entry_id))
    formed: list[list[Waiting]] = []
    repeats_allowed = False
    for _round in range(ROUNDS):
        if len(left) < seats:
            break
        picked = _runs_picked(left, seats, recent, repeats_allowed)
        if not picked:
            if repeats_allowed:
                break
            repeats_allowed = True
            continue
        formed += [left[start : start + seats] for start in picked]
        starts = {start + offset for start in picked for offset in range(seats)}
        left = [member for number, member in enumerate(left) if number not in starts]
    return formed


# Each round looks at every run once; a pair of recent opponents splits at most a few runs,
# so the rounds after the first find few tables: a bound keeps a pass's time linear.
ROUNDS = 4


def _runs_picked(
    ordered: Sequence[Waiting],
    seats: int,
    recent: Collection[frozenset[int]],
    repeats_allowed: bool,
) -> list[int]:
    """The starts of the runs of ``ordered`` (sorted by rating) that form tables, tightest
    first, none sharing a member."""
    ratings = [member.rating for member in ordered]
    gaps = [gap_after(member.waited) for member in ordered]
    waits = [member.waited for member in ordered]
    candidates = []
    for start in range(len(ordered) - seats + 1):
        end = start + seats
        low, high = ratings[start], ratings[end - 1]
        # Each member's farthest neighbour at the table is its lowest or its highest rating.
        if all(
            max(r - low, high - r) <= g
            for r, g in zip(ratings[start:end], gaps[start:end], strict=True)
        ):
            candidates.append((high - low, -max(waits[start:end]), start))
    candidates.sort()
    taken = [False] * len(ordered)
    picked = []
    for _spread, _waited, start in candidates:
        if any(taken[start : start + seats]):
            continue
        run = ordered[start : start + seats]
        if _has_repeat(run, recent) and not (
            repeats_allowed
            and (len(ordered) == seats or all(m.waited >= REPEAT_AFTER for m in run))
        ):
            continue
        taken[start : start + seats] = [True] * seats
        picked.append(start)
    return picked


def _has_repeat(run: Sequence[Waiting], recent: Collection[frozenset[int]]) -> bool:
    if not recent:
        return False
    return any(
        frozenset((a.user_id, b.user_id)) in recent
        for number, a in enumerate(run)
        for b in run[number + 1 :]
    )
