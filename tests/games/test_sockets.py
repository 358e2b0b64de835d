import pytest

from games.sockets import TokenBucket


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("games.sockets.time.monotonic", lambda: now[0])
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
