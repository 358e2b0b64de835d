from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from tournaments.web import views

urlpatterns = [
    path("games/<slug:slug>/tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/new/", views.tournament_new, name="tournament_new"),
    path("tournaments/schedule/", views.schedule, name="tournament_schedule"),
    path(
        "tournaments/<id:tournament_id>/calendar.ics",
        views.tournament_ics,
        name="tournament_ics",
    ),
    path("tournaments/series/<id:series_id>/calendar.ics", views.series_ics, name="series_ics"),
    path("tournaments/series/new/", views.series_new, name="series_new"),
    path("tournaments/series/<id:series_id>/", views.series, name="series"),
    path("tournaments/series/<id:series_id>/<slug:act>/", views.series_act, name="series_act"),
    path("tournaments/<id:tournament_id>/", views.tournament, name="tournament"),
    path("tournaments/<id:tournament_id>/you/", views.tournament_you, name="tournament_you"),
    path(
        "tournaments/<id:tournament_id>/bracket/",
        views.tournament_bracket,
        name="tournament_bracket",
    ),
    path(
        "tournaments/<id:tournament_id>/deals/",
        views.tournament_deals,
        name="tournament_deals",
    ),
    path(
        "tournaments/<id:tournament_id>/<slug:act>/",
        views.tournament_act,
        name="tournament_act",
    ),
]
