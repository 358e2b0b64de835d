"""Why something was refused, as a message in the reader's language.

Services raise ``games.tables.refusals.TableRefusal`` and the engine ``IllegalAction``, each with
a stable code; both reach a person through ``refusal_text``: the codes a player meets often are
translated here, any other engine code falls back to a translated "not allowed" followed by the
engine's English explanation.
"""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.words.chat import CHAT_REFUSALS

MESSAGES = {
    # The table's own refusals.
    "no_table": _("There is no such table."),
    "stale_version": _("The table moved on: here is where it stands now."),
    "deal_paused": _("The last deal's result is still up: press Ready for the next deal."),
    "no_rematch": _("Only a player of this finished match can ask for another."),
    "not_seated": _("You are watching this table: only its players can move."),
    "table_not_playing": _("The match is not being played now."),
    "not_open": _("The match has started: seats can no longer change."),
    "seat_taken": _("That seat is already taken."),
    "match_begun": _("The first move has been played: no seat can be added now."),
    "seated_already": _("You already sit at this table."),
    "no_such_seat": _("There is no such seat at this table."),
    "not_creator": _("Only the player who made the table can start it."),
    "private_table": _("This table is private: you need its invite link."),
    "left_match": _("You left this match: a bot plays your seat to the end."),
    "ranked_members_only": _("A ranked match starts when members fill every seat: no bots."),
    # Verifiable deals (games.tables.seeds, games.tables.verify).
    "bad_client_seed": _("Your browser's seed for the deal is malformed: nothing was changed."),
    "seed_not_revealed": _(
        "The deal's seed is revealed when the match is over (a daily deal's, when its day is)."
    ),
    "seed_held": _(
        "The round's other tables play these same deals: the seed is revealed when they are "
        "all over."
    ),
    "not_verifiable": _("This table was dealt before deals could be verified."),
    "seed_mismatch": _("That seed is not the one this table committed to: refused."),
    "deal_mismatch": _("These seeds do not deal the cards this match was played with."),
    # The socket's refusals (games.live.guards).
    "malformed": _("That message is not a move this table understands."),
    "malformed_json": _("That message is not valid JSON."),
    "too_nested": _("That message nests too deeply."),
    "unknown_type": _("This table does not know that kind of message."),
    "text_frames_only": _("Send text messages only."),
    "too_large": _("That message is too large."),
    "rate_limited": _("Too many messages: slow down."),
    "too_many_sockets": _("You have this site open in too many windows: close some of them."),
    "banned": _("This account is banned: you have been signed out."),
    # The engine's most common ones.
    "not_your_turn": _("It is not your turn."),
    "bad_seat": _("That seat is not yours."),
    "match_over": _("The match is over."),
    **CHAT_REFUSALS,
}


def refusal_text(code: str, detail: str = "") -> str:
    """The message for ``code`` in the active language; ``detail`` (the engine's English
    explanation) is added only when the code has no message of its own."""
    known = MESSAGES.get(code)
    if known is not None:
        return str(known)
    fallback = gettext("That move is not allowed.")
    return f"{fallback} {detail}".strip()
