"""Fixtures of the tournaments' tests."""

import pytest


@pytest.fixture
def reach_jobs(monkeypatch, django_capture_on_commit_callbacks):
    """``with reach_jobs():`` around an act: the jobs ``accounts.notices.reach`` queues after
    its commit run there and then, as a worker would (notices, mail, pushes)."""
    from accounts.notices import reach as reach_module

    monkeypatch.setattr(
        reach_module.reach_batch,
        "delay",
        lambda *args: reach_module.reach_now(
            member_ids=args[0], reason=args[1], moment=args[2], params=args[3], link=args[4]
        ),
    )
    return lambda: django_capture_on_commit_callbacks(execute=True)
