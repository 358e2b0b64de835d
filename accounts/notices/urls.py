"""A member's notices and reminders, under /accounts/."""

from django.urls import path

from accounts.notices import views

urlpatterns = [
    path("notices/", views.notices, name="notices"),
    path("reminders/", views.reach_choices, name="reach_choices"),
    path("reminders/push/", views.push_subscribe, name="push_subscribe"),
    path("reminders/push/forget/", views.push_forget, name="push_forget"),
]
