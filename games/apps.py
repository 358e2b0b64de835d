from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from accounts.moderation.audit import acts_register
        from accounts.notices.inbox import notice_kinds_register
        from games.live.pages import page_kind_register
        from games.news import CONSOLE_TABLES_KEY
        from games.web.console import console_may_watch, console_render
        from games.web.lobby import lobby_may_watch, lobby_render
        from games.words import chat
        from games.words.labels import NOTICE_SENTENCES

        page_kind_register("lobby", render=lobby_render, may_watch=lobby_may_watch)
        # Every console page, whatever its filters, hears the one key the writes publish.
        page_kind_register(
            "console",
            render=console_render,
            may_watch=console_may_watch,
            news_key=lambda key: CONSOLE_TABLES_KEY,
        )
        acts_register(chat.ACTS, chat.TARGET_KINDS)
        notice_kinds_register(chat.NOTICES)
        notice_kinds_register(NOTICE_SENTENCES)
        _daily_deal_ready()


def _daily_deal_ready() -> None:
    """The daily deal names its acts and registers its live boards."""
    from accounts.moderation.audit import acts_register
    from accounts.notices.inbox import notice_kinds_register
    from games.daily import services
    from games.live.pages import page_kind_register
    from games.tables.models import BotLevel
    from games.web.daily import daily_board_may_watch, daily_board_render
    from games.words.daily import rotated_notice_words

    # A game's day of boards updates itself as attempts finish (services: BOARD_PAGE).
    page_kind_register(
        services.BOARD_PAGE, render=daily_board_render, may_watch=daily_board_may_watch
    )
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
