"""Writes of a member's profile."""

from django.contrib.auth.models import User
from django.db import transaction

from accounts.profiles.models import Profile
from accounts.profiles.news import RankedBotsRefusalChanged
from accounts.profiles.selectors import profile_of
from games.news import publish


@transaction.atomic
def profile_update(
    *,
    user: User,
    display_name: str | None = None,
    avatar: str | None = None,
    language: str | None = None,
    time_zone: str | None = None,
    ranked_bots_refused: bool | None = None,
) -> Profile:
    """Change what is given of the member's display name, picture, language, time zone and
    refusal of bots in ranked play (told to the ranked queue, in this transaction);
    the first write creates the profile. A value that is not allowed raises ValidationError
    and nothing is saved.

    No row lock: a profile is written only by its own member, one request at a time.
    """
    profile = profile_of(user)
    if display_name is not None:
        profile.display_name = display_name
    if avatar is not None:
        profile.avatar = avatar
    if language is not None:
        profile.language = language
    if time_zone is not None:
        profile.time_zone = time_zone
    refusal_changed = (
        ranked_bots_refused is not None and ranked_bots_refused != profile.ranked_bots_refused
    )
    if ranked_bots_refused is not None:
        profile.ranked_bots_refused = ranked_bots_refused
    profile.full_clean()
    profile.save()
    if refusal_changed:
        publish(RankedBotsRefusalChanged(user.pk, profile.ranked_bots_refused))
    return profile
