"""Every write to tournaments (STYLE.md: ``<thing>_<verb>``, keyword-only arguments). Each
transition locks the tournament's row and is one transaction; a repeated or late call finds
the row moved on and does nothing."""

from tournaments.services.changing import series_settings_change, tournament_settings_change
from tournaments.services.entering import (
    tournament_check_in,
    tournament_create,
    tournament_register,
    tournament_withdraw,
)
from tournaments.services.late import tournament_join_late
from tournaments.services.organising import (
    tournament_cancel,
    tournament_entrant_remove,
    tournament_pause,
    tournament_resume,
    tournament_start_now,
)
from tournaments.services.reminders import tournament_reminders_send
from tournaments.services.rounds import tournament_round_check, tournament_start
from tournaments.services.series import (
    series_ahead,
    series_create,
    series_reschedule,
    series_skip,
    series_stop,
    tournament_reschedule,
)

__all__ = [
    "series_ahead",
    "series_create",
    "series_reschedule",
    "series_settings_change",
    "series_skip",
    "series_stop",
    "tournament_cancel",
    "tournament_check_in",
    "tournament_create",
    "tournament_entrant_remove",
    "tournament_join_late",
    "tournament_pause",
    "tournament_register",
    "tournament_reminders_send",
    "tournament_reschedule",
    "tournament_resume",
    "tournament_round_check",
    "tournament_settings_change",
    "tournament_start",
    "tournament_start_now",
    "tournament_withdraw",
]
