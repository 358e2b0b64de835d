"""A bot's time (issue 34, point 7): a Hard bot whose job waited in a long queue thinks only for
what is left of its turn's time, and not at all (Medium's move) once less than the least is
left, so a queue of Hard bots drains; the job carries the moment its turn came due. No timing
here: the moments are given."""

import pytest

from games import tasks
from games.engine.bots import DEFAULT_BUDGET_SECONDS, bot_for
from games.tables import services
from games.tables.news import BotTurnDue
from games.tables.services import play
from games.tables.services.play import (
    BOT_TURN_SECONDS,
    LEAST_THINKING_SECONDS,
    thinking_seconds,
)
from tests.games.table_support import members, table_new

NOW = 1_800_000_000.0


def test_a_fresh_turn_gets_the_whole_budget():
    assert thinking_seconds(NOW, NOW) == DEFAULT_BUDGET_SECONDS
    assert thinking_seconds(None, NOW) == DEFAULT_BUDGET_SECONDS


def test_a_turn_that_waited_thinks_for_what_is_left_of_its_time():
    waited = BOT_TURN_SECONDS - 0.2
    assert thinking_seconds(NOW - waited, NOW) == pytest.approx(0.2)


def test_a_turn_with_less_than_the_least_left_or_past_its_time_thinks_not_at_all():
    waited = BOT_TURN_SECONDS - LEAST_THINKING_SECONDS / 2
    assert thinking_seconds(NOW - waited, NOW) == 0
    assert thinking_seconds(NOW - 30, NOW) == 0


@pytest.mark.django_db
def test_a_hard_bot_whose_job_waited_out_its_time_plays_with_none(monkeypatch):
    budgets = []

    def recording_bot_for(*args, **kwargs):
        budgets.append(kwargs["budget_seconds"])
        return bot_for(*args, **kwargs)

    monkeypatch.setattr(play, "bot_for", recording_bot_for)
    monkeypatch.setattr(play.time, "time", lambda: NOW)
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["hard"] * 4)
    # Three bots' turns, each queued a minute ago.
    for version in range(3):
        assert services.table_bot_turn_play(table_id=table.pk, version=version, due_at=NOW - 60)
    assert budgets == [0] * 3


def test_the_bot_job_carries_when_its_turn_came_due(monkeypatch):
    sent = []
    monkeypatch.setattr(
        tasks.table_bot_turn,
        "apply_async_on_commit",
        lambda args, countdown: sent.append((args, countdown)),
        raising=False,
    )
    monkeypatch.setattr(tasks.time, "time", lambda: NOW)
    tasks.bot_turn_queue(BotTurnDue(7, 3, 1.5))
    assert sent == [((7, 3, NOW + 1.5), 1.5)]
