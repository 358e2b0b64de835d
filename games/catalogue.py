"""The four games as the site presents them: names, one-line descriptions, seat counts.

The rules themselves live in games/engine/ and on the rules pages; this is only the shop window.
The seat counts come from the engine (``games.engine.GAMES[slug]``), so they cannot drift from
what a table accepts; only their wording is kept here, translated.
"""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.engine import GAMES as RULES


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: Promise
    tagline: Promise
    players: Promise


PLAYER_COUNTS = {
    (2, 6): _("2 to 6 players"),
    (4, 4): _("4 players, 2 teams"),
}
"""How each (fewest, most) seat count the engine reports reads on the site."""


def players_label(slug: str) -> Promise:
    """The seat count of ``slug`` as the engine registers it, in words; a count with no
    wording here fails at import rather than showing something the engine does not take."""
    rules = RULES[slug]
    counts = (rules.min_players, rules.max_players)
    if counts not in PLAYER_COUNTS:
        raise LookupError(f"no wording for {slug}'s {counts[0]} to {counts[1]} players")
    return PLAYER_COUNTS[counts]


def game_info(slug: str, name: Promise, tagline: Promise) -> GameInfo:
    return GameInfo(slug=slug, name=name, tagline=tagline, players=players_label(slug))


CATALOGUE = (
    game_info(
        "rummy",
        _("Indian Rummy"),
        _("Thirteen cards: make a pure sequence, a second sequence, and declare."),
    ),
    game_info(
        "courtpiece",
        _("Court Piece"),
        _("Rung in teams of two: call trump and take seven tricks first."),
    ),
    game_info(
        "pitch",
        _("Pitch"),
        _("Bid, lead your trump, and win High, Low, Jack and Game to reach 21."),
    ),
    game_info(
        "unders",
        _("Hidden Unders"),
        _("Match or beat the pile, then play your overs and your blind unders."),
    ),
)

CATALOGUE_BY_SLUG = {game.slug: game for game in CATALOGUE}
