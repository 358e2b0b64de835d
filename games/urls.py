from django.urls import path

import config.converters  # noqa: F401 (registers <id:...>)
from games import table_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/rules/", views.rules, name="game_rules"),
    path("games/<slug:slug>/tables/", table_views.lobby, name="lobby"),
    path("games/<slug:slug>/tables/new/", table_views.table_new, name="table_new"),
    path("games/<slug:slug>/ranked/", table_views.ranked_play, name="ranked_play"),
    path("tables/<id:table_id>/", table_views.table, name="table"),
    path("tables/<id:table_id>/seat/", table_views.table_seat, name="table_seat"),
    path("tables/<id:table_id>/leave/", table_views.table_leave, name="table_leave"),
    path("tables/<id:table_id>/forfeit/", table_views.table_match_leave, name="table_forfeit"),
    path("tables/<id:table_id>/start/", table_views.table_start, name="table_start"),
    path("tables/<id:table_id>/replay/", table_views.table_replay, name="table_replay"),
]
