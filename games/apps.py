from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from accounts.moderation.audit import acts_register
        from accounts.notices.inbox import notice_kinds_register
        from games.words import chat
        from games.words.labels import NOTICE_SENTENCES

        acts_register(chat.ACTS, chat.TARGET_KINDS)
        notice_kinds_register(chat.NOTICES)
        notice_kinds_register(NOTICE_SENTENCES)
        _daily_deal_ready()


def _daily_deal_ready() -> None:
    """The daily deal names its acts and its notice."""
    from accounts.moderation.audit import acts_register
    from accounts.notices.inbox import notice_kinds_register
    from games.daily import services
    from games.tables.models import BotLevel
    from games.words.daily import rotated_notice_words

    acts_register(
        {
            services.ROTATE_ACT: _("rotated a day's daily deal"),
            services.SET_ACT: _("set a day's daily deal"),
        },
        {services.TARGET_KIND: _("daily deal")},
        # The bots' levels, as a rotation's audit entry lists them.
        {level.value: level.label for level in BotLevel},
    )
    notice_kinds_register(
        {
            services.ROTATED_NOTICE: rotated_notice_words,
        }
    )
