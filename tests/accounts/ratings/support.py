"""Helpers for the rating tests: members, and matches recorded the way the table code will."""

import math
from collections import Counter

from django.contrib.auth import get_user_model

from accounts.ratings.models import Rating, RatingCount
from accounts.ratings.services import ratings_record_match
from accounts.ratings.skill import rating_of

NAMES = ["अमन", "ज़ोया", "राहुल", "سارہ", "इमरान", "نادیہ", "करन", "فاطمہ"]


def members_new(count: int, *, prefix: str = "") -> list:
    User = get_user_model()
    return [
        User.objects.create_user(f"{prefix}{NAMES[n % len(NAMES)]}{n}", password=None)
        for n in range(count)
    ]


def ffa_record(game: str, ref: int, finishing_order: list, **kwargs) -> list:
    """A free-for-all match (rummy, Hidden Unders): the members in finishing order, no ties."""
    return ratings_record_match(
        game=game,
        match_ref=ref,
        teams=[[member.pk] for member in finishing_order],
        ranks=list(range(1, len(finishing_order) + 1)),
        **kwargs,
    )


FIRST_RATING = rating_of(25.0, 25.0 / 3.0)


def counts_kept(game: str) -> bool:
    """The game's per-point counts agree with its ratings, bot accounts' left out (they are
    on no leaderboard)."""
    people = Rating.objects.filter(game=game, user__bot_account__isnull=True)
    recount = Counter(math.floor(o) for o in people.values_list("ordinal", flat=True))
    kept = dict(RatingCount.objects.filter(game=game).values_list("points", "members"))
    return {points: n for points, n in kept.items() if n} == dict(recount)
