"""Every table of words kept by code, in one place: the acts the audit log may hold (with their
targets and the codes the site writes as reasons and details), the kinds of notice, and the
reasons a member may be reached for. Each app writes its own words beside its code; this module
lists whose words count, as config/subscribers.py lists who reacts to news. A code missing here
is refused where it is used (``audit_record``, ``notice_send``, ``reach``).

``settings.WORD_TABLES`` names this module; accounts reads it through ``word_tables()``, since
accounts may not import the apps whose words these are.
"""

from accounts.moderation import words as moderation
from games.tables.models import BotLevel
from games.words import chat, daily, ranked
from games.words.labels import NOTICE_SENTENCES
from tournaments import words as tournaments
from tournaments.services import reminders

ACTS = {**moderation.ACTS, **chat.ACTS, **daily.ACTS, **tournaments.ACTS}
TARGET_KINDS = {
    **moderation.TARGET_KINDS,
    **chat.TARGET_KINDS,
    **daily.TARGET_KINDS,
    **tournaments.TARGET_KINDS,
}
CODES = {
    **moderation.CODES,
    **tournaments.CODES,
    # The bots' levels, as a daily deal's rotation lists them in its entry.
    **{level.value: level.label for level in BotLevel},
}
NOTICE_KINDS = {
    **moderation.NOTICES,
    **chat.NOTICES,
    **NOTICE_SENTENCES,
    **daily.NOTICES,
    **tournaments.NOTICES,
    **reminders.NOTICES,
    **ranked.NOTICES,
}
REACH_REASONS = {**reminders.REASONS, **ranked.REASONS, **tournaments.REASONS}
