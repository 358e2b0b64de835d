"""Moderators for tests: members of the group migration 0005 makes (made again here, as a
transactional test's flush empties it)."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.test import Client

from accounts.moderation.roles import MODERATORS_GROUP

PASSWORD = "Lahore-Lucknow-42"


def moderator_make(username: str = "mona"):
    group, _made = Group.objects.get_or_create(name=MODERATORS_GROUP)
    group.permissions.add(
        Permission.objects.get(codename="moderate", content_type__app_label="accounts")
    )
    user = get_user_model().objects.create_user(username, f"{username}@example.com", PASSWORD)
    user.groups.add(group)
    return user


def member_make(username: str):
    return get_user_model().objects.create_user(username, f"{username}@example.com", PASSWORD)


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client
