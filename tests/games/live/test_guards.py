import pytest

from games.live.guards import TokenBucket, nesting


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("games.live.guards.monotonic", lambda: now[0])
    return now


def test_bucket_allows_a_burst_then_refuses(clock):
    bucket = TokenBucket(capacity=3, per_second=1.0)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


def test_bucket_refills_at_its_rate_up_to_its_capacity(clock):
    bucket = TokenBucket(capacity=3, per_second=2.0)
    for _ in range(3):
        bucket.take()
    clock[0] += 0.5
    assert [bucket.take(), bucket.take()] == [True, False]
    clock[0] += 60
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]


@pytest.mark.parametrize(
    ("value", "depth"),
    [(7, 0), ([], 1), ({"a": [1, [2]]}, 3), ({"groups": [["2H", "3H"], ["4S"]]}, 3)],
)
def test_nesting_counts_lists_and_objects_inside_each_other(value, depth):
    assert nesting(value) == depth


def test_nesting_of_a_value_deeper_than_the_stack_is_counted_without_recursion():
    value: list = []
    for _level in range(100_000):
        value = [value]
    assert nesting(value) == 100_001
