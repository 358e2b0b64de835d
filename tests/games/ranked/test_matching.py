"""Issue 32, point 1: which waiting members form tables: nearest ratings first, the gap
widening with the wait, recent opponents apart while others wait."""

from games.ranked.matching import (
    GAP_EVERY,
    GAP_MOST,
    GAP_START,
    GAP_STEP,
    REPEAT_AFTER,
    Waiting,
    gap_after,
    tables_formed,
)


def waiting(*ratings: float, waited: float = 0.0) -> list[Waiting]:
    return [
        Waiting(entry_id=n, user_id=100 + n, rating=rating, waited=waited)
        for n, rating in enumerate(ratings)
    ]


def users(tables: list[list[Waiting]]) -> list[set[int]]:
    return [{member.user_id for member in table} for table in tables]


def test_the_gap_starts_narrow_and_widens_with_the_wait_to_a_ceiling():
    assert gap_after(0) == GAP_START
    assert gap_after(GAP_EVERY - 0.1) == GAP_START
    assert gap_after(GAP_EVERY) == GAP_START + GAP_STEP
    assert gap_after(3 * GAP_EVERY) == GAP_START + 3 * GAP_STEP
    assert gap_after(10_000) == GAP_MOST


def test_the_nearest_ratings_sit_together_not_the_first_come():
    """1500 and 1510 play; 1200 and 1260 play; never 1500 with 1200."""
    tables = tables_formed(waiting(1500, 1200, 1510, 1260), 2)
    assert sorted(users(tables), key=min) == [{100, 102}, {101, 103}]


def test_a_member_beyond_the_gap_waits_until_it_has_widened():
    apart = GAP_START + GAP_STEP  # beyond the first gap, within the next
    assert tables_formed(waiting(1500, 1500 + apart), 2) == []
    tables = tables_formed(waiting(1500, 1500 + apart, waited=GAP_EVERY), 2)
    assert users(tables) == [{100, 101}]


def test_a_four_seat_table_forms_only_when_every_member_is_within_their_own_gap():
    """Court Piece: four members within 100 of each other form a table; a fifth far off waits."""
    tables = tables_formed(waiting(1500, 1550, 1580, 1600, 2100), 4)
    assert users(tables) == [{100, 101, 102, 103}]
    assert tables_formed(waiting(1500, 1550, 1580, 1700), 4) == []


def test_each_member_sits_at_one_table_at_most():
    many = waiting(*[1500 + n for n in range(41)])
    tables = tables_formed(many, 4)
    seated = [member.entry_id for table in tables for member in table]
    assert len(tables) == 10 and len(seated) == len(set(seated)) == 40


def test_recent_opponents_are_kept_apart_while_others_wait():
    """100 and 101 met lately: with 102 and 103 waiting too, each plays someone else."""
    recent = {frozenset((100, 101))}
    tables = tables_formed(waiting(1500, 1501, 1502, 1503), 2, recent)
    assert {100, 101} not in users(tables)
    assert len(tables) == 2


def test_recent_opponents_play_again_when_nobody_else_waits():
    recent = {frozenset((100, 101))}
    assert users(tables_formed(waiting(1500, 1501), 2, recent)) == [{100, 101}]


def test_recent_opponents_play_again_once_all_have_waited_long():
    """A third member too far off to play either would keep them apart for ever."""
    recent = {frozenset((100, 101))}
    assert tables_formed(waiting(1500, 1501, 2400), 2, recent) == []
    long_wait = tables_formed(waiting(1500, 1501, 2400, waited=REPEAT_AFTER), 2, recent)
    assert users(long_wait) == [{100, 101}]


def test_a_queue_smaller_than_a_table_forms_nothing():
    assert tables_formed(waiting(1500, 1500, 1500), 4) == []


def test_at_most_the_tables_asked_for_form_the_tightest_first():
    """A burst's pass forms a bounded number of tables (the pass's ``TABLES_PER_PASS``): the
    tightest, the others left waiting for the next pass."""
    apart = waiting(1500, 1510, 1600, 1601, 1700, 1704, 1800, 1840)
    tables = tables_formed(apart, 2, most=2)
    assert users(tables) == [{102, 103}, {104, 105}]
    assert len(tables_formed(apart, 2)) == 4


def test_a_run_wider_than_the_narrowest_gap_is_looked_at_member_by_member():
    """1500 and 1690 fit only once both have waited long enough for a gap of 190 (the quick
    acceptance of runs within GAP_START must not let a wider run through)."""
    assert gap_after(GAP_EVERY) < 190 <= gap_after(2 * GAP_EVERY)
    assert tables_formed(waiting(1500, 1690, waited=GAP_EVERY), 2) == []
    assert len(tables_formed(waiting(1500, 1690, waited=2 * GAP_EVERY), 2)) == 1
    one_waited_less = [
        *waiting(1500, waited=2 * GAP_EVERY),
        Waiting(entry_id=1, user_id=101, rating=1690, waited=GAP_EVERY),
    ]
    assert tables_formed(one_waited_less, 2) == []
