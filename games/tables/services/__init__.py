"""Every write to tables (STYLE.md: services ``<thing>_<verb>``, keyword-only arguments)."""

from games.tables.services.lobby import (
    table_create,
    table_seat_add,
    table_seat_leave,
    table_seat_take,
    table_start,
    tables_deal_seated,
    tables_seed_release,
)
from games.tables.services.moderation import tables_cancelled
from games.tables.services.play import (
    table_bot_job_requeue,
    table_bot_turn_play,
    table_clocks_queued,
    table_match_leave,
    table_member_tell,
    table_move_apply,
    table_ready,
    table_seat_return,
    table_timeout_apply,
)
from games.tables.services.rematch import table_rematch

__all__ = [
    "table_bot_job_requeue",
    "table_bot_turn_play",
    "table_clocks_queued",
    "table_create",
    "table_match_leave",
    "table_member_tell",
    "table_move_apply",
    "table_ready",
    "table_rematch",
    "table_seat_add",
    "table_seat_leave",
    "table_seat_return",
    "table_seat_take",
    "table_start",
    "table_timeout_apply",
    "tables_cancelled",
    "tables_deal_seated",
    "tables_seed_release",
]
