"""Jobs of two sites sharing one Redis (issue 17: another site's worker took 11 bot turns in
30 s). Each site's Celery app publishes under its own prefix, on the broker this run uses."""

import uuid

import pytest
import redis
from celery import Celery
from django.conf import settings

pytestmark = [
    # The broker of each pass, though no database: a unix socket, then the machine's Redis.
    pytest.mark.redis,
    pytest.mark.skipif(
        not settings.CELERY_BROKER_URL.startswith("redis"),
        reason="the broker of this run is not Redis (RabbitMQ sites get virtual hosts: README)",
    ),
]


def site_app(prefix: str) -> Celery:
    """The Celery app a site with ``REDIS_KEY_PREFIX=prefix`` runs (config/settings.py)."""
    app = Celery(prefix)
    app.conf.broker_url = settings.CELERY_BROKER_URL
    app.conf.task_default_queue = prefix
    app.conf.broker_transport_options = {"global_keyprefix": f"{prefix}:"}
    return app


def broker_redis() -> redis.Redis:
    url = settings.REDIS_URL
    if url.startswith("unix://"):
        return redis.Redis(unix_socket_path=url.removeprefix("unix://"))
    return redis.Redis.from_url(url)


def test_a_job_one_site_queues_waits_under_its_own_prefix_and_no_other():
    first, second = (f"site-{uuid.uuid4().hex[:8]}" for _site in range(2))
    store = broker_redis()
    try:
        site_app(first).send_task("games.tasks.table_bot_turn", args=(1, 0))
        assert store.llen(f"{first}:{first}") == 1
        assert store.keys(f"{second}:*") == []
        # A worker of the second site reads the second site's queue under its own prefix.
        assert store.llen(f"{second}:{second}") == 0
    finally:
        for key in store.keys(f"{first}:*"):
            store.delete(key)
