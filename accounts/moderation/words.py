"""The words of moderation: its acts in the audit log, its notices to members, and why an act
or a report was refused, each in the reader's language (registered from ``AccountsConfig``)."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

ACTS = {
    "member_mute": _("muted a member's chat"),
    "member_mute_lift": _("lifted a chat mute"),
    "member_ban": _("banned a member"),
    "member_ban_lift": _("lifted a ban"),
    "member_play_ban": _("paused a member's ranked play"),
    "member_play_ban_lift": _("lifted a pause of ranked play"),
    "case_claim": _("claimed a case"),
    "case_close": _("closed a case"),
}

TARGET_KINDS = {
    "member": _("member"),
    "case": _("case"),
}

# The reasons the site itself gives when it pauses ranked play (sanctions.play_ban_give), as a
# moderator reads them in the audit log.
CODES = {
    "left_ranked": _("left a ranked match before its end"),
    "timed_out_ranked": _("let their turn run out too often in a ranked match"),
}

# What each detail of an audit entry is, by its key, whichever app wrote it (the console shows
# "until: 3 Dec 2026, 8:00 pm IST", never a dict). tests/accounts/moderation/test_audit_words.py
# holds that every key the code writes is here.
DETAILS = {
    "until": pgettext_lazy("audit detail", "until"),
    "table": _("table"),
    # A chat line's place, when it was not said at a table: "tournament.12".
    "place": pgettext_lazy("audit detail", "chat room"),
    "repeats": _("earlier pauses within 72 hours"),
    "sanction": _("sanction"),
    "acted": _("acted on"),
    "reports": _("reports"),
    "version": _("moves played"),
    "member": _("member"),
    "name": _("name"),
    "seat": _("seat"),
    "text": _("text"),
    "phrase": _("quick phrase"),
    "game": _("game"),
    "day": _("day"),
    "replaced": _("deal replaced"),
    "replaced_commitment": _("commitment of the deal replaced"),
    "commitment": _("commitment"),
    "seed_chosen": _("seed chosen by staff"),
    "bot_levels": _("bots"),
    "entrants": _("entrants"),
    "date": _("date"),
    "from": pgettext_lazy("audit detail: moved from a time", "from"),
    "to": pgettext_lazy("audit detail: moved to a time", "to"),
    "changed": _("settings changed"),
}

NOTICES = {
    "mute_given": _("A moderator muted your chat until %(until)s. The reason: %(reason)s"),
    "ban_given": _("A moderator banned your account until %(until)s. The reason: %(reason)s"),
    "ban_for_good": _("A moderator banned your account for good. The reason: %(reason)s"),
    "mute_lifted": _("A moderator lifted the mute of your chat. The reason: %(reason)s"),
    "ban_lifted": _("A moderator lifted the ban of your account. The reason: %(reason)s"),
    "play_ban_lifted": _("A moderator lifted the pause of your ranked play: %(reason)s"),
    "play_ban_left_ranked": _(
        "You left a ranked match before its end: ranked play is paused for you until %(until)s."
    ),
    "play_ban_timed_out_ranked": _(
        "You let your turn run out too often in a ranked match: ranked play is paused for you "
        "until %(until)s."
    ),
    "report_handled": _(
        "Your report on %(member)s was looked at by a moderator, who found nothing to act on."
    ),
    "report_handled_acted": _(
        "Your report on %(member)s was handled: a moderator acted on it. Thank you."
    ),
    "case_acted": _("A moderator acted on reports about you. The reason: %(reason)s"),
}

REFUSALS = {
    "no_member": _("There is no such member."),
    "no_sanction": _("There is no such sanction."),
    "not_in_force": _("That sanction is no longer in force."),
    "not_yourself": _("You cannot do that to yourself."),
    "not_a_moderator": _("Only an administrator can ban a moderator."),
    "reason_needed": _("Give a reason: the member will read it."),
    "bad_duration": _("Give a length between one hour and ten years."),
    "sign_in": _("Sign in to report a member."),
    "bad_reason": _("Choose one of the reasons offered."),
    "note_too_long": _("The note is too long: 500 characters at most."),
    "too_many_reports": _("You have sent many reports in the last hour: wait a while."),
    "reported_already": _("You reported this member less than an hour ago."),
    "try_again": _("Please try again."),
    "no_case": _("There is no such case."),
    "case_closed": _("That case is closed."),
    "outcome_needed": _("Say what came of the case: the reporters will read it."),
}


def moderation_refusal_text(code: str) -> str:
    known = REFUSALS.get(code)
    return str(known) if known is not None else str(_("That is not allowed."))
