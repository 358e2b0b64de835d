"""Which waiting members form tables together: nearest ratings first, the gap each member
accepts widening as they wait, recent opponents kept apart while others wait. Pure Python, no
database: the forming pass (``games.ranked.services``) reads the queue, asks here, and writes.

Consecutive runs of the members sorted by rating are the candidate tables (a table of the
nearest ratings is always such a run); the tightest run first, ties to the longest waiting.
Sorting makes a pass O(n log n) in the number waiting; ``most`` bounds the tables a pass
forms (the forming pass's writes).

Bots (issue 32 point 4, issue 35): a bot account's entry (``is_bot``) is never seated with a
member who refuses bots (``refuses_bots``). Where a queue holds both, the people form their
tables first among themselves, then those left who accept bots form tables with the bot
accounts (``_formed_apart``): a refuser is matched only with people, and a bot account plays
when people are few.
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
    is_bot: bool = False
    refuses_bots: bool = False
    # Seconds of waiting after which the member is offered bots in the empty seats; 0: not in
    # this wait (they declined bots, or refuse them).
    bots_after: int = 0

    @property
    def bots_due(self) -> bool:
        """Offered house bots now: a member (not a bot account) who accepts bots and has
        waited as long as they chose."""
        return (
            not self.is_bot
            and not self.refuses_bots
            and self.bots_after > 0
            and self.waited >= self.bots_after
        )


def tables_formed(
    waiting: Sequence[Waiting],
    seats: int,
    recent: Collection[frozenset[int]] = (),
    most: int | None = None,
) -> list[list[Waiting]]:
    """The tables of ``seats`` members to form now from ``waiting`` (one queue), each member in
    one at most, at most ``most`` of them (the tightest). ``recent``: pairs of user ids who met
    lately.

    Tables of recent opponents are passed over at first; the runs of those left are then
    looked at again (a pair kept apart splits a run), and only when nothing more forms may
    recent opponents meet, if nobody else is left or all have waited ``REPEAT_AFTER``."""
    if seats < 1:
        return []
    if any(each.is_bot for each in waiting) and any(each.refuses_bots for each in waiting):
        return _formed_apart(waiting, seats, recent, most)
    left = sorted(waiting, key=lambda each: (each.rating, -each.waited, each.entry_id))
    formed: list[list[Waiting]] = []
    repeats_allowed = False
    for _round in range(ROUNDS):
        wanted = None if most is None else most - len(formed)
        if len(left) < seats or wanted == 0:
            break
        picked = _runs_picked(left, seats, recent, repeats_allowed, wanted)
        if not picked:
            if repeats_allowed:
                break
            repeats_allowed = True
            continue
        formed += [left[start : start + seats] for start in picked]
        starts = {start + offset for start in picked for offset in range(seats)}
        left = [member for number, member in enumerate(left) if number not in starts]
    return formed


def _formed_apart(
    waiting: Sequence[Waiting], seats: int, recent: Collection[frozenset[int]], most: int | None
) -> list[list[Waiting]]:
    """People first among themselves; then the people left who accept bots, with the bot
    accounts. Neither pass holds a bot account and a refuser together."""
    formed = tables_formed([each for each in waiting if not each.is_bot], seats, recent, most)
    if most is not None and len(formed) >= most:
        return formed
    seated = {member.entry_id for table in formed for member in table}
    rest = [each for each in waiting if each.entry_id not in seated and not each.refuses_bots]
    more = None if most is None else most - len(formed)
    return formed + tables_formed(rest, seats, recent, more)


# Each round looks at every run once; a pair of recent opponents splits at most a few runs,
# so the rounds after the first find few tables: a bound keeps a pass's time linear.
ROUNDS = 4


def _runs_picked(
    ordered: Sequence[Waiting],
    seats: int,
    recent: Collection[frozenset[int]],
    repeats_allowed: bool,
    wanted: int | None,
) -> list[int]:
    """The starts of the runs of ``ordered`` (sorted by rating) that form tables, tightest
    first, none sharing a member, at most ``wanted`` of them."""
    ratings = [member.rating for member in ordered]
    waits = [member.waited for member in ordered]
    spreads = [high - low for low, high in zip(ratings, ratings[seats - 1 :], strict=False)]
    candidates = []
    for start, spread in enumerate(spreads):
        # Each member's farthest neighbour at the table is its lowest or its highest rating,
        # at most the spread away, and every gap is at least GAP_START: a run that narrow fits
        # (at 10,000 waiting nearly every run), only a wider one is looked at member by member.
        if spread > GAP_START and not _fits(ratings, waits, start, seats):
            continue
        candidates.append((spread, -max(waits[start : start + seats]), start))
    candidates.sort()
    taken = [False] * len(ordered)
    picked: list[int] = []
    for _spread, _waited, start in candidates:
        if len(picked) == wanted:
            break
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


def _fits(ratings: Sequence[float], waits: Sequence[float], start: int, seats: int) -> bool:
    """Whether every member of the run at ``start`` is within their gap of the run's lowest
    and highest ratings."""
    low, high = ratings[start], ratings[start + seats - 1]
    return all(
        max(ratings[n] - low, high - ratings[n]) <= gap_after(waits[n])
        for n in range(start, start + seats)
    )


def _has_repeat(run: Sequence[Waiting], recent: Collection[frozenset[int]]) -> bool:
    if not recent:
        return False
    return any(
        frozenset((a.user_id, b.user_id)) in recent
        for number, a in enumerate(run)
        for b in run[number + 1 :]
    )


def bots_offered(left: Sequence[Waiting], seats: int) -> list[list[Waiting]]:
    """Issue 32 point 4: of the members ``left`` waiting once the tables of people are formed,
    those whose wait for bots is over (``Waiting.bots_due``), in groups of the nearest ratings
    of at most ``seats - 1`` (a bot in one seat at least), each group within every member's own
    gap; each group is offered a table with bots in its empty seats."""
    if seats < 2:
        return []
    ready = sorted(
        (each for each in left if each.bots_due),
        key=lambda each: (each.rating, -each.waited, each.entry_id),
    )
    groups: list[list[Waiting]] = []
    for member in ready:
        group = groups[-1] if groups else None
        if (
            group is None
            or len(group) >= seats - 1
            or member.rating - group[0].rating
            > min(gap_after(member.waited), gap_after(group[0].waited))
        ):
            groups.append([member])
        else:
            group.append(member)
    return groups


# The level that fills a table's empty seats: the one whose rating in the game and format is
# nearest the members' average; a level not yet rated counts as a newcomer (1500); at a tie the
# first of this order.
BOT_LEVEL_ORDER = ("medium", "easy", "hard")


def bot_level_for(members: Sequence[Waiting], ratings: dict[str, float], newcomer: float) -> str:
    """The bot level for a table of ``members``: ``ratings`` by level (those rated so far)."""
    average = sum(member.rating for member in members) / len(members)
    return min(
        BOT_LEVEL_ORDER,
        key=lambda level: (
            abs(ratings.get(level, newcomer) - average),
            BOT_LEVEL_ORDER.index(level),
        ),
    )
