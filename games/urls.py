from django.urls import path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/rules/", views.rules, name="game_rules"),
]
