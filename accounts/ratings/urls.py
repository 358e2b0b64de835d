"""Leaderboards and members' player pages, at the root of the site (/ratings/, /players/); a
player page's report form posts to the moderators' view (``accounts.moderation.views``)."""

from django.urls import path

from accounts.moderation import views as moderation_views
from accounts.ratings import views

urlpatterns = [
    path("ratings/", views.leaderboards, name="leaderboards"),
    path("ratings/<slug:game>/", views.leaderboard, name="leaderboard"),
    path("ratings/<slug:game>/month/", views.leaderboard_month, name="leaderboard_month"),
    path(
        "ratings/<slug:game>/month/<str:month>/",
        views.leaderboard_month,
        name="leaderboard_month_of",
    ),
    path("players/<str:username>/", views.player, name="player"),
    path("players/<str:username>/report/", moderation_views.player_report, name="player_report"),
]
