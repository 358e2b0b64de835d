"""The moderators' console (/console/): people here, tables in ``games.web.urls``."""

from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from accounts.moderation import views

urlpatterns = [
    path("", views.console_home, name="console"),
    path("cases/", views.console_cases, name="console_cases"),
    path("cases/<id:case_id>/", views.console_case, name="console_case"),
    path("cases/<id:case_id>/claim/", views.console_case_claim, name="console_case_claim"),
    path("cases/<id:case_id>/close/", views.console_case_close, name="console_case_close"),
    path("members/<id:member_id>/", views.console_member, name="console_member"),
    path(
        "members/<id:member_id>/sanction/",
        views.console_member_sanction,
        name="console_member_sanction",
    ),
    path(
        "members/<id:member_id>/sanctions/<id:sanction_id>/lift/",
        views.console_sanction_lift,
        name="console_lift",
    ),
    path("audit/", views.console_audit, name="console_audit"),
]
