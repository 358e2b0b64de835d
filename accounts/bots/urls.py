"""A member's bots and tokens, under /accounts/."""

from django.urls import path

from accounts.bots import views

urlpatterns = [
    path("bots/", views.bots, name="bots"),
    path("bots/new/", views.bot_make, name="bot_make"),
    path("bots/tokens/new/", views.token_make, name="token_make"),
    path("bots/tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
]
