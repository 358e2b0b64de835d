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
}

TARGET_KINDS = {"tournament": _("tournament"), "series": _("series")}

TOO_FEW = "too few entrants"
"""The audit's reason when the start itself cancels (the organiser gives their own)."""

CODES = {TOO_FEW: _("too few entrants")}

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
}
