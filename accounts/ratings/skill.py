"""Rating arithmetic: OpenSkill's Plackett-Luce model, with no database in sight.

Why OpenSkill's Plackett-Luce (the ``openskill`` package, pinned in requirements.txt):

- It rates teams and multi-player finishing orders natively. Court Piece and Pitch are two
  partnerships; rummy and Hidden Unders seat two to six players who finish in an order, with
  ties. Elo and Glicko-2 are one-against-one systems that need pairwise hacks for both.
- Plackett-Luce is the model of OpenSkill (Weng and Lin, 2011) made for full rankings of any
  number of teams: one update for the whole table, not one per pair of players.
- The package is maintained, MIT-licensed, has no runtime dependencies and is fast: about
  0.1 ms for a four-seat table on this machine, so the update fits inside the transaction that
  records the result (bench/bench_ratings.py).

Each member has, per game, a skill estimate ``mu`` and its uncertainty ``sigma`` (the model's
defaults: 25 and 25/3). What people see, and what leaderboards sort by, is the conservative
*ordinal* ``mu - 3 sigma`` (the skill the member has with 99.7% certainty), scaled by OpenSkill's
own ``ordinal(alpha, target)`` to a familiar range:

    rating = 1500 + 20 * (mu - 3 sigma)

A new member shows 1500. Winning raises it and losing lowers it; a few lucky wins cannot put a
newcomer above regulars, because sigma shrinks only with matches played.
"""

from collections.abc import Collection, Sequence

from openskill.models import PlackettLuce

from games.engine import GAMES

RATING_TARGET = 1500.0
RATING_ALPHA = 20.0

# A rating is provisional, and marked so, until its member has played this many ranked
# matches of the game: sigma is still large, and one match moves the rating by tens of points.
PROVISIONAL_MATCHES = 10

MODEL = PlackettLuce()
MU = MODEL.mu
SIGMA = MODEL.sigma

Skill = tuple[float, float]
"""``(mu, sigma)`` of one member in one game."""

Player = int | str
"""One seat of a ranked match: a member's id, or a house bot's level key (``"hard"``)."""


def rating_of(mu: float, sigma: float) -> float:
    """The shown rating (``ordinal``): ``1500 + 20 (mu - 3 sigma)``."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=RATING_ALPHA, target=RATING_TARGET)


def skills_rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """The skills after one match: ``teams`` in finishing ``ranks`` (1 is best; equal ranks
    are a tie), returned in the same order as given."""
    rated = MODEL.rate(
        [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams],
        ranks=[float(rank) for rank in ranks],
    )
    return [[(player.mu, player.sigma) for player in team] for team in rated]


def match_standings(
    *,
    game: str,
    seat_users: Sequence[Player | None],
    ranks: Sequence[int],
    left: Collection[int] = (),
) -> tuple[list[list[Player]], list[int]]:
    """``teams`` and ``ranks`` for ``ratings_record_match`` from a finished table.

    ``seat_users`` is the member id in each seat (a house bot's: its level key), ``ranks`` the
    engine's ranks per seat (``match.result()["ranks"]``), ``left`` the members who left before
    the end. A member who left counts as last, whatever the bot that took the seat achieved;
    several who left share the last place. In Court Piece and Pitch the partners are rated as
    one side, so a partner who left puts the partnership last. The sides are the engine's
    (``GameRules.partnerships``): a seat count the game is not played with is a ``ValueError``.
    """
    members = [user for user in seat_users if user is not None]
    if len(members) != len(seat_users):
        raise ValueError("a ranked match has a member or a bot in every seat")
    if len(ranks) != len(members):
        raise ValueError("one rank per seat is needed")
    seats = GAMES[game].partnerships(len(members))
    teams = [[members[seat] for seat in side] for side in seats]
    keys = [
        (True, 0) if any(user in left for user in team) else (False, ranks[side[0]])
        for team, side in zip(teams, seats, strict=True)
    ]
    # Competition ranking of (left, engine rank): "1, 2, 2, 4".
    return teams, [1 + sum(other < key for other in keys) for key in keys]
