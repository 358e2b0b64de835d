"""Reads of a member's profile."""

from django.contrib.auth.models import User

from accounts.profiles.models import Profile


def profile_of(user: User) -> Profile:
    """The member's profile; an unsaved one with the defaults if they never saved one (staff made
    with `createsuperuser`, for instance)."""
    return Profile.objects.filter(user=user).first() or Profile(user=user)


def member_language(user: User) -> str | None:
    """The language the member chose, or None if they never chose one."""
    return Profile.objects.filter(user=user).values_list("language", flat=True).first()


def member_zone(user: User) -> str | None:
    """The time zone the member chose, by name, or None if they never saved a profile."""
    return Profile.objects.filter(user=user).values_list("time_zone", flat=True).first()
