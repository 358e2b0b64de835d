"""Leaderboards and members' rating pages, at the root of the site (/ratings/, /players/)."""

from django.urls import path

from accounts import views

urlpatterns = [
    path("ratings/", views.leaderboards, name="leaderboards"),
    path("ratings/<slug:game>/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.player, name="player"),
]
