import os
import uuid

import pytest
from django.test import Client
from django.test.utils import override_settings

from config.celery import app as celery_app
from tests.live import Platform, database_url, live_stack_start
from tests.sql_support import NOW
from tests.workers import Workers

# A name of this test session's own, for what lives on a Redis that other runs may share:
# channel-layer groups (pub/sub ignores database numbers) and the Celery queue.
SESSION_NAMESPACE = f"test-{uuid.uuid4().hex[:12]}"


def pytest_configure(config):
    config.pluginmanager.register(Workers(), "workers")


@pytest.fixture(autouse=True, scope="session")
def _session_settings(django_test_environment):
    """Plain static file names (hashed ones need `collectstatic` first), a fast password hasher,
    and this session's own channel-layer prefix and Celery queue."""
    from django.conf import settings

    channel_layers = {
        "default": {
            **settings.CHANNEL_LAYERS["default"],
            "CONFIG": {**settings.CHANNEL_LAYERS["default"]["CONFIG"], "prefix": SESSION_NAMESPACE},
        }
    }
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    default_queue = celery_app.conf.task_default_queue
    default_transport = celery_app.conf.broker_transport_options
    celery_app.conf.task_default_queue = SESSION_NAMESPACE
    celery_app.conf.broker_transport_options = {"global_keyprefix": f"{SESSION_NAMESPACE}:"}
    with override_settings(
        CHANNEL_LAYERS=channel_layers,
        STORAGES=storages,
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    ):
        yield
    celery_app.conf.task_default_queue = default_queue
    celery_app.conf.broker_transport_options = default_transport


@pytest.fixture(autouse=True, scope="session")
def _flushed_by_delete(django_test_environment):
    """On PostgreSQL, the database flush after each test outside a transaction deletes the rows
    instead of truncating the tables: a TRUNCATE of the ~50 tables makes new files for each of
    them and their indexes, 1.3 to 1.6 s on this machine where deleting their few rows takes
    0.03 s (the scale-out pass spent 192 s of its workers' time in teardowns). The tables are
    first locked as TRUNCATE locks them (ACCESS EXCLUSIVE, in the same order), so a live
    stack's job that writes meanwhile waits, or fails, as it did; the foreign keys (Django makes
    them deferrable) are checked at the commit, once every row is gone. A table whose own
    trigger refuses deletes (the append-only audit entries, accounts' migration 0003) is still
    truncated: TRUNCATE fires no row trigger. Sequences are not reset, as the flush did not
    reset them.

    Locking the tables one after another, the flush can deadlock with such a job, which locks
    two of them in the other order (the ranked queue's pass: its offers, then its entries), and
    PostgreSQL may abort the flush rather than the job: the flush is then tried again, as a
    deadlock's loser should be. A TRUNCATE took the same locks and could lose the same way."""
    from django.db import OperationalError
    from django.db.backends.postgresql.operations import DatabaseOperations
    from psycopg.errors import DeadlockDetected

    truncating = DatabaseOperations.sql_flush
    executing = DatabaseOperations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        for _attempt in range(4):
            try:
                return executing(self, sql_list)
            except OperationalError as error:
                if not isinstance(error.__cause__, DeadlockDetected):
                    raise
        return executing(self, sql_list)

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncating(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        with self.connection.cursor() as cursor:
            cursor.execute("SELECT tgrelid::regclass::text FROM pg_trigger WHERE NOT tgisinternal")
            guarded = {name for (name,) in cursor.fetchall()}
        names = ", ".join(self.quote_name(table) for table in tables)
        truncated = ", ".join(self.quote_name(table) for table in tables if table in guarded)
        return [
            "SET CONSTRAINTS ALL DEFERRED;",
            f"LOCK TABLE {names} IN ACCESS EXCLUSIVE MODE;",
            *(f"DELETE FROM {self.quote_name(t)};" for t in tables if t not in guarded),
            *([f"TRUNCATE {truncated};"] if truncated else []),
        ]

    DatabaseOperations.sql_flush = sql_flush
    DatabaseOperations.execute_sql_flush = execute_sql_flush
    yield
    DatabaseOperations.sql_flush = truncating
    DatabaseOperations.execute_sql_flush = executing


@pytest.fixture(autouse=True)
def _jobs_only_for_the_live_stack(request, monkeypatch):
    """A test without the live stack queues no job: the stack's worker (started by another
    test of this process, on the same database) would otherwise play its bots while it runs
    and while its rows are flushed. Tests that check what is queued patch the queuing."""
    if "live_stack" not in request.fixturenames:
        monkeypatch.setattr(celery_app, "send_task", lambda *args, **kwargs: None)


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's default language: a request or a sign-in that activated
    another one leaves it active in the thread."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _private_cache(settings):
    """Each test counts rate limits under its own cache prefix: no test sees another's attempts,
    and nothing is flushed from a Redis that other runs may share."""
    settings.CACHES = {
        "default": {**settings.CACHES["default"], "KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
    }


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    """Where this run's live stacks find the static files, collected once for all of them
    (``tests.live.static_collected``): in the run's own temporary folder, which xdist's workers
    share (each worker's ``basetemp`` is a folder inside it)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return shared / "static"


@pytest.fixture(scope="session")
def live_stack(django_db_setup, tmp_path_factory, static_root):
    """Daphne and a Celery worker, started once per test session on the test database: under
    xdist, one stack per worker process, each on its worker's own test database, Celery queue
    and channel-layer prefix.

    Tests that use it need rows the subprocesses can see: mark them
    `django_db(transaction=True)`.
    """
    from django.db import connection

    stack = live_stack_start(
        workdir=tmp_path_factory.mktemp("live"),
        static_root=static_root,
        env={
            "DATABASE_URL": database_url(connection.settings_dict),
            "REDIS_KEY_PREFIX": SESSION_NAMESPACE,
            "CELERY_TASK_DEFAULT_QUEUE": SESSION_NAMESPACE,
        },
    )
    yield stack
    stack.stop()


@pytest.fixture
def platform(django_db_setup, tmp_path, static_root):
    """A live stack of this test's own, which it starts, kills and starts again
    (``tests.live.Platform``), with the same marks as ``live_stack``'s tests. Its Celery queue
    is its own too: the session's worker (if one runs) must not do the work of the worker the
    test kills. Stopped afterwards."""
    from django.db import connection

    queue, session_queue = f"{SESSION_NAMESPACE}-restart", celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    platform = Platform(
        tmp_path,
        {
            "DATABASE_URL": database_url(connection.settings_dict),
            "REDIS_KEY_PREFIX": SESSION_NAMESPACE,
            "CELERY_TASK_DEFAULT_QUEUE": queue,
        },
        static_root,
    )
    yield platform
    if platform.stack is not None:
        platform.stack.stop()
    celery_app.conf.task_default_queue = session_queue


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Where each test runs (tools/testrun.py). A ``scaleout`` test asked for by name on SQLite
    says where it runs (``./dev test`` leaves it out of the embedded pass). A test that cannot
    reach the database is marked ``embedded_only``: the scale-out pass leaves it out.

    (First among these hooks, after tests/browser/conftest.py's, which gives its tests their
    database marks: pytest's ``-m`` and pytest-django's order read the marks given here.)"""
    from django.conf import settings

    for item in items:
        if not uses_database(item) and not item.get_closest_marker("redis"):
            item.add_marker(pytest.mark.embedded_only)
    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        return
    where = pytest.mark.skip(reason="PostgreSQL's own behaviour: runs in the scale-out pass")
    for item in items:
        if item.get_closest_marker("scaleout"):
            item.add_marker(where)


# The fixtures through which a test reaches the database (pytest-django refuses it otherwise).
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_stack", "platform"}


def uses_database(item) -> bool:
    return bool(
        item.get_closest_marker("django_db")
        or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


@pytest.fixture
def tables_stopped_afterwards():
    """Tables still in play after a live test would keep the worker busy (bot turns, timeouts)
    while the next test empties the database: end them first. The row locks wait for any job
    writing to one of them now, so that none is half-way through when the rows are flushed
    (PostgreSQL would find the flush and that job deadlocked)."""
    yield
    from django.db import transaction

    from games.tables.models import Table, TableStatus

    with transaction.atomic():
        playing = Table.objects.select_for_update().filter(status=TableStatus.PLAYING)
        Table.objects.filter(pk__in=list(playing.values_list("pk", flat=True))).update(
            status=TableStatus.ABANDONED
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that used the live stack reports what its processes logged last, and one
    with browser pages what they logged (``tests/browser/conftest.py``): a run on CI leaves
    nothing else behind to read."""
    report = yield
    used = getattr(item, "funcargs", {})
    if report.failed and call.when == "call":
        if "live_stack" in used:
            report.sections.append(("live stack logs, last lines", used["live_stack"].logs(4000)))
        if "platform" in used:
            report.sections.append(
                ("the platform's stacks, last lines", used["platform"].logs(4000))
            )
        if "page_log" in used:
            report.sections.append(("browser pages", str(used["page_log"])))
    return report


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user(
        username="asha", email="asha@example.com", password="Lahore-Lucknow-42"
    )


@pytest.fixture
def mona():
    """Mona, a moderator."""
    from tests.moderation_support import moderator_make

    return moderator_make()


@pytest.fixture
def member_client(member) -> Client:
    client = Client()
    client.force_login(member)
    return client


@pytest.fixture
def frozen_now(monkeypatch):
    """``timezone.now()`` (``auto_now`` fields, the services' clocks) stands still at ``NOW``."""
    monkeypatch.setattr("django.utils.timezone.now", lambda: NOW)
    return NOW
