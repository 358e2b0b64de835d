from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from games.web import bots, console, daily, offline, pages, queue, tables, verify

urlpatterns = [
    path("", pages.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest/<slug:language>.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline, name="offline"),
    path("offline/worker.js", offline.offline_worker, name="offline_worker"),
    path("offline/<slug:slug>/", offline.offline_table, name="offline_table"),
    path("games/<slug:slug>/rules/", pages.rules, name="game_rules"),
    path("games/<slug:slug>/tables/", tables.lobby, name="lobby"),
    path("games/<slug:slug>/tables/new/", tables.table_new, name="table_new"),
    path("games/<slug:slug>/queue/", queue.ranked_queue, name="ranked_queue"),
    path("games/<slug:slug>/queue/status/", queue.ranked_queue_status, name="ranked_queue_status"),
    path("games/<slug:slug>/queue/join/", queue.ranked_queue_join, name="ranked_queue_join"),
    path("games/<slug:slug>/queue/leave/", queue.ranked_queue_leave, name="ranked_queue_leave"),
    path("games/<slug:slug>/queue/answer/", queue.ranked_offer_answer, name="ranked_offer_answer"),
    path("bots/", bots.bots_page, name="bots_rated"),
    path("bots/<slug:level>/", bots.bot_page, name="bot_rated"),
    path("tables/<id:table_id>/", tables.table, name="table"),
    path("tables/<id:table_id>/seat/", tables.table_seat, name="table_seat"),
    path("tables/<id:table_id>/leave/", tables.table_leave, name="table_leave"),
    path("tables/<id:table_id>/forfeit/", tables.table_match_leave, name="table_forfeit"),
    path("tables/<id:table_id>/start/", tables.table_start, name="table_start"),
    path("tables/<id:table_id>/replay/", tables.table_replay, name="table_replay"),
    path("tables/<id:table_id>/report/", console.table_report, name="table_report"),
    path("chat/<id:line_id>/report/", console.chat_line_report, name="chat_line_report"),
    path("console/tables/", console.console_tables_page, name="console_tables"),
    path("console/tables/<id:table_id>/", console.console_table, name="console_table"),
    path("console/tables/<id:table_id>/end/", console.console_table_end, name="console_table_end"),
    path(
        "console/tables/<id:table_id>/remove/",
        console.console_player_remove,
        name="console_player_remove",
    ),
    path(
        "console/chat/<id:line_id>/delete/", console.console_chat_delete, name="console_chat_delete"
    ),
    path("console/collusion/", console.console_collusion, name="console_collusion"),
    path("tables/<id:table_id>/verify/", verify.table_verify, name="table_verify"),
    path("daily/", daily.daily_index, name="daily"),
    path("daily/staff/", daily.daily_staff, name="daily_staff"),
    path("daily/staff/rotate/", daily.daily_rotate, name="daily_rotate"),
    path("daily/<slug:slug>/", daily.daily_game, name="daily_game"),
    path("daily/<slug:slug>/play/", daily.daily_play, name="daily_play"),
    path("daily/<slug:slug>/<str:day>/", daily.daily_day, name="daily_day"),
    path("tables/<id:table_id>/again/", tables.table_again, name="table_again"),
    path("games/<slug:slug>/play-now/", tables.play_now, name="play_now"),
]
