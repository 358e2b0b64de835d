"""Leaderboards and members' rating pages, at the root of the site (/ratings/, /players/)."""

from django.urls import path

from accounts import console_views, views

urlpatterns = [
    path("ratings/", views.leaderboards, name="leaderboards"),
    path("ratings/<slug:game>/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.player, name="player"),
    path("players/<str:username>/report/", console_views.player_report, name="player_report"),
]
