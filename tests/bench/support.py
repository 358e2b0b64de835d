"""What the benchmark's tests share."""

from django.db import connection
from psycopg.conninfo import make_conninfo


def dsn_of_test_database() -> str:
    """The test database's address, password included (the pass's URL may carry one)."""
    settings = connection.settings_dict
    return make_conninfo(
        dbname=settings["NAME"],
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        host=settings["HOST"] or "127.0.0.1",
        port=settings["PORT"] or 5432,
    )
