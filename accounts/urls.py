from django.urls import path

from accounts import views

urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("language/", views.language_switch, name="language_switch"),
    path("notices/", views.notices, name="notices"),
]
