"""A member's notices, under /accounts/."""

from django.urls import path

from accounts.notices import views

urlpatterns = [
    path("notices/", views.notices, name="notices"),
]
