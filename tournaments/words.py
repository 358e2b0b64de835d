"""The words of tournaments: the organisers' acts in the audit log and their targets, the
notices a tournament sends its entrants (config/words.py gathers them with every app's)."""

from django.utils.translation import gettext_lazy as _

ACTS = {
    "tournament_start_now": _("started a tournament early"),
    "tournament_pause": _("paused a tournament"),
    "tournament_resume": _("resumed a tournament"),
    "tournament_cancel": _("cancelled a tournament"),
    "tournament_entrant_remove": _("removed an entrant from a tournament"),
    "tournament_reschedule": _("moved a tournament's start"),
    "series_skip": _("skipped a date of a series"),
    "series_stop": _("stopped a series"),
    "series_reschedule": _("moved a series to other days or another time"),
    "tournament_settings_change": _("changed a tournament's settings before its start"),
    "series_settings_change": _("changed a series' settings"),
}

TARGET_KINDS = {"tournament": _("tournament"), "series": _("series")}

TOO_FEW = "too few entrants"
"""The audit's reason when the start itself cancels (the organiser gives their own)."""

SETTINGS = {
    "name": _("name"),
    "format": _("format"),
    "registration_closes_minutes": _("registration closes"),
    "check_in_minutes": _("check-in opens"),
    "min_entrants": _("fewest entrants"),
    "max_entrants": _("most entrants"),
    "per_table": _("players per table"),
    "qualifiers": _("qualifiers per table"),
    "turn_seconds": _("seconds per turn"),
    "seating": _("seating"),
    "late_entry": _("late entry"),
    "duplicate_deals": _("duplicate deals"),
}
"""The settings an organiser may change before the start, as the audit log names them
("setting:per_table" in an entry's details)."""

CODES = {TOO_FEW: _("too few entrants"), **{f"setting:{k}": v for k, v in SETTINGS.items()}}

NOTICES = {
    "tournament_off_wait_list": _("A place came free in %(tournament)s: you are registered."),
    "tournament_no_show": _(
        "You did not check in to %(tournament)s in time, so you were not seated."
    ),
    "tournament_cancelled": _("%(tournament)s was cancelled. %(reason)s"),
    "tournament_round_seated": _(
        "Round %(round)s of %(tournament)s has started: go to your table."
    ),
    "tournament_final_seated": _("The final of %(tournament)s has started: go to your table."),
    "tournament_qualified_final": _("You qualified for the final of %(tournament)s."),
    "tournament_paused": _(
        "The organiser paused %(tournament)s after this round: %(reason)s. The next "
        "round starts when they resume it."
    ),
    "tournament_resumed": _("%(tournament)s goes on: the next round is being seated."),
    "tournament_rescheduled": _(
        "%(tournament)s has a new start time (%(reason)s): see its page. Check in "
        "again when check-in opens."
    ),
    "tournament_bye": _("You have a bye in round %(round)s of %(tournament)s: you go through."),
    "tournament_tiebreak": _(
        "You tied at the qualifying line in round %(round)s of %(tournament)s: "
        "play the tie-break deal."
    ),
    "tournament_out": _(
        "You went out of %(tournament)s in round %(round)s, ranked %(rank)s at your table."
    ),
    "tournament_late_entrant": _(
        "A late entrant sat down at your table in %(tournament)s before its "
        "first move: the first deal was dealt afresh for everyone."
    ),
    "tournament_qualified": _("You qualified for round %(round)s of %(tournament)s."),
    "tournament_finished": _("%(tournament)s is over: you placed %(place)s."),
    "tournament_removed": _("The organiser removed you from %(tournament)s: %(reason)s"),
    "tournament_settings_changed": _(
        "The organiser changed the settings of %(tournament)s before its start "
        "(%(reason)s): see its page."
    ),
}

REASONS = {
    "tournament_rescheduled": _("When a tournament you entered moves to another time"),
    "tournament_settings_changed": _(
        "When the organiser changes the settings of a tournament you entered"
    ),
}
"""Reasons to reach those entered (``accounts.notices.reach``), each of which they may turn off
on their reminders page."""
