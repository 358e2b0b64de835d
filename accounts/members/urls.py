"""A member's own pages, under /accounts/ beside allauth's sign-up and sign-in."""

from django.urls import path

from accounts.members import views

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("language/", views.language_switch, name="language_switch"),
]
