"""A token known again from its secret's digest, in SQL written on ``games.sql`` (names from
the models, values through their fields, one text kept for the process).

Every bot API request reads its token, with its account and whether that is a bot's. The ORM
took about 2 ms of CPU to build that three-table statement each time, more than the database
took to run it: a fifth of Daphne's samples in the bot API's phase of ``bench.bench_botapi
--profile`` (issue 35). Only ``accounts.bots.services.token_authenticate`` uses it.
"""

from functools import cache

from django.contrib.auth.models import User
from django.db import connection

from accounts.bots.models import AccessToken, BotAccount
from games.sql import Rows

TOKENS = Rows(AccessToken)
ACCOUNTS = Rows(User, only=("id", "username", "is_active"))
BOTS = Rows(BotAccount, only=("user",))


def live_token_read(digest: str) -> AccessToken | None:
    """The unrevoked token of an active account with this digest, its ``user`` loaded (with
    its ``bot_account``, or none), as ``select_related`` would load them."""
    with connection.cursor() as cursor:
        cursor.execute(_live_token_sql(), [digest])
        row = cursor.fetchone()
    if row is None:
        return None
    token = TOKENS.instance(row[: TOKENS.width])
    account = ACCOUNTS.instance(row[TOKENS.width : TOKENS.width + ACCOUNTS.width])
    bot_id = row[-1]
    account._state.fields_cache["bot_account"] = None if bot_id is None else BOTS.instance([bot_id])
    token._state.fields_cache["user"] = account
    return token


@cache
def _live_token_sql() -> str:
    t, a, b = TOKENS.aliased("t"), ACCOUNTS.aliased("a"), BOTS.aliased("b")
    return (
        f"SELECT {t.columns}, {a.columns}, {b['user']} FROM {t.table}"
        f" JOIN {a.table} ON {a['id']} = {t['user']}"
        f" LEFT JOIN {b.table} ON {b['user']} = {a['id']}"
        f" WHERE {t['digest']} = %s AND {t['revoked_at']} IS NULL AND {a['is_active']}"
    )
