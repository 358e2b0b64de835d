"""``manage.py moderator <username> [--remove]``: put a member in the moderators' group (or take
them out), as the Django admin's user page also can."""

from argparse import ArgumentParser

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError

from accounts.moderation.roles import MODERATORS_GROUP


class Command(BaseCommand):
    help = "Make a member a moderator (or, with --remove, no longer one)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--remove", action="store_true")

    def handle(self, *args: str, username: str, remove: bool, **options: object) -> None:
        member = get_user_model().objects.filter(username=username).first()
        if member is None:
            raise CommandError(f"no member is called {username!r}")
        group = Group.objects.filter(name=MODERATORS_GROUP).first()
        if group is None:
            raise CommandError("the moderators' group is missing: run migrate")
        if remove:
            member.groups.remove(group)
            self.stdout.write(f"{username} is no longer a moderator")
        else:
            member.groups.add(group)
            self.stdout.write(f"{username} is a moderator: /console/")
