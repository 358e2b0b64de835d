from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # Every process that writes (servers, workers, commands) delivers what it changed.
        from accounts.audit import acts_register
        from accounts.notices import notice_kinds_register
        from config.news import CONSOLE_TABLES_KEY, published
        from games.live.fanout import on_published
        from games.live.pages import page_kind_register
        from games.web.console import console_may_watch, console_render
        from games.web.lobby import lobby_may_watch, lobby_render
        from games.words import chat

        published.connect(on_published, dispatch_uid="games.live.fanout")
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
