"""The four games as the site presents them: names, one-line descriptions, seat counts.

The rules themselves live in games/engine/ and on the rules pages; this is only the shop window.
"""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: Promise
    tagline: Promise
    players: Promise


GAMES = (
    GameInfo(
        slug="rummy",
        name=_("Indian Rummy"),
        tagline=_("Thirteen cards: make a pure sequence, a second sequence, and declare."),
        players=_("2 to 6 players"),
    ),
    GameInfo(
        slug="courtpiece",
        name=_("Court Piece"),
        tagline=_("Rung in teams of two: call trump and take seven tricks first."),
        players=_("4 players, 2 teams"),
    ),
    GameInfo(
        slug="pitch",
        name=_("Pitch"),
        tagline=_("Bid, lead your trump, and win High, Low, Jack and Game to reach 21."),
        players=_("4 players, 2 teams"),
    ),
    GameInfo(
        slug="unders",
        name=_("Hidden Unders"),
        tagline=_("Match or beat the pile, then play your overs and your blind unders."),
        players=_("2 to 6 players"),
    ),
)

GAMES_BY_SLUG = {game.slug: game for game in GAMES}
