from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        # Every process that writes (servers, workers, commands) delivers what it changed.
        from accounts.notices import notice_kinds_register
        from config.news import published
        from games.live.fanout import on_published
        from games.live.pages import page_kind_register
        from games.web.lobby import lobby_may_watch, lobby_render
        from games.words.labels import NOTICE_SENTENCES

        published.connect(on_published, dispatch_uid="games.live.fanout")
        page_kind_register("lobby", render=lobby_render, may_watch=lobby_may_watch)
        notice_kinds_register(NOTICE_SENTENCES)
