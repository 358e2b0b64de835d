"""The words of a table's chat and of moderators' acts at tables: quick phrases (each reader
sees them in their own language, so a Hindi and an Urdu speaker can greet each other), why a
line was refused, and the acts and notices of table moderation."""

from django.utils.translation import gettext_lazy as _

QUICK_PHRASES = {
    "hello": _("Hello!"),
    "good_luck": _("Good luck!"),
    "good_game": _("Good game"),
    "well_played": _("Well played"),
    "your_turn": _("Your turn"),
    "sorry": _("Sorry, connection trouble"),
    "thanks": _("Thanks!"),
}

CHAT_REFUSALS = {
    "chat_sign_in": _("Sign in to chat."),
    "chat_malformed": _("That is not a chat line this table understands."),
    "chat_bad_phrase": _("There is no such quick phrase."),
    "chat_empty": _("Type something to send."),
    "chat_too_long": _("A chat line is at most 280 characters."),
    "chat_invisible": _("A chat line cannot contain invisible or control characters."),
    "chat_markup": _("A chat line cannot contain markup."),
    "chat_too_fast": _("You are chatting too fast: wait a few seconds."),
    "chat_repeated": _("You just said that."),
    "chat_no_line": _("There is no such chat line."),
    "chat_no_place": _("There is no such chat room."),
    "chat_put_off": _("You were taken off this match: its players' chat is closed to you."),
    "not_moderator": _("Only a moderator can do that."),
    "reason_needed": _("Give a reason: the members will read it."),
    "table_not_running": _("That table is neither waiting nor playing."),
    "not_at_table": _("That member does not sit at this table."),
    "left_already": _("That member has already left the match."),
}

MUTED = _("A moderator muted your chat until %(until)s.")

ACTS = {
    "table_end": _("ended a table"),
    "table_player_remove": _("removed a player from a table"),
    "chat_line_delete": _("deleted a chat line"),
}

TARGET_KINDS = {
    "table": _("table"),
    "chat_line": _("chat line"),
}

NOTICES = {
    "table_ended": _("A moderator ended table %(table)s. The reason: %(reason)s"),
    "table_removed": _(
        "A moderator removed you from table %(table)s: a bot plays your seat to the end. "
        "The reason: %(reason)s"
    ),
}
