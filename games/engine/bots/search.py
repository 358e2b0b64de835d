"""The one Monte Carlo core every Hard bot uses (determinised, "flat" Monte Carlo).

Hard cannot see the other hands, so it deals them itself: a game's ``Determiniser`` samples a
*world*, a complete deal consistent with everything the bot's view and record have shown
(cards played, voids revealed, cards taken from the open pile ...). Every candidate move is
then scored in the same world (common random numbers: the candidates are compared on the same
cards), world after world, until the budget runs out. Candidates that fall clearly behind
leave the race early, and the move with the best mean is played if it beats Medium's own
choice convincingly (``CONVINCED``); otherwise Medium's judgement stands.

For the trick games and Hidden Unders a world is a real match built with the engine's own
constructor from a chosen deal, and a move is scored by ``playout``: the move, then every
seat played by Medium's policy to the end of the deal, then the game's evaluation of that
end. Rummy scores its moves with its own look-ahead over sampled deck orders (``rummy``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import fmean, stdev
from typing import Generic, Protocol, TypeGuard, TypeVar

from games.engine.actions import Action
from games.engine.base import Event, Match, View
from games.engine.bots.base import A, Budget, GameBots, Policy, Turn, V
from games.engine.registry import GAMES

W = TypeVar("W")
W_co = TypeVar("W_co", covariant=True)
W_contra = TypeVar("W_contra", contravariant=True)
A_contra = TypeVar("A_contra", bound=Action, contravariant=True)
V_contra = TypeVar("V_contra", bound=View, contravariant=True)

CONVINCED = 1.0
"""Medium's own choice stands unless another move beats it, world for world, by this many
standard errors: with few noisy samples, the best-looking move is often just the luckiest
(and a move with wilder outcomes looks best most often)."""


class Determiniser(Protocol[W_co, A_contra, V_contra]):
    def __call__(self, turn: Turn[A_contra, V_contra], rng: random.Random) -> W_co:
        """A world consistent with everything ``turn`` shows."""
        ...


class Scorer(Protocol[W_contra, A_contra, V_contra]):
    def __call__(
        self, world: W_contra, turn: Turn[A_contra, V_contra], action: A_contra, rng: random.Random
    ) -> float:
        """How good ``action`` turns out in ``world`` for ``turn``'s seat (higher is better)."""
        ...


@dataclass(frozen=True)
class Search(Generic[W, A, V]):
    """What a game gives the core: worlds, a score for a move in one, and Medium's choice."""

    sample: Determiniser[W, A, V]
    score: Scorer[W, A, V]
    medium: Policy[A, V]
    candidates: Callable[[Turn[A, V]], list[A]]
    """The moves worth comparing (a game may prune equal cards or hopeless moves); ``[]``
    leaves the decision to Medium (nothing to search there, or a record too short to deal
    worlds from)."""
    convinced: float = CONVINCED

    def policy(self, budget: Budget) -> Policy[A, V]:
        return lambda turn: self.choose(turn, budget)

    def choose(self, turn: Turn[A, V], budget: Budget) -> A:
        judged = self.medium(turn)
        if budget.seconds <= 0:
            # No time left (a table's turn that waited out its time in the queue): the race
            # would still score one world, which cannot overrule Medium, at a world's cost.
            return judged
        candidates = self.candidates(turn)
        if not candidates:
            return judged
        if judged not in candidates:
            candidates.append(judged)  # a game's pruning may keep another of equal cards
        if len(candidates) == 1:
            return candidates[0]
        judged_index = candidates.index(judged)
        scores = self.race(turn, candidates, budget)
        best = max(scores, key=lambda index: fmean(scores[index]))
        if (
            judged_index in scores
            and _advantage(scores[best], scores[judged_index]) < self.convinced
        ):
            return judged
        return candidates[best]

    def race(
        self, turn: Turn[A, V], candidates: Sequence[A], budget: Budget
    ) -> dict[int, list[float]]:
        """Each surviving candidate's scores, world by world, within ``budget``.

        Every candidate still in the race is scored in every world (common random numbers:
        the moves are compared on the same cards). Every few worlds a candidate whose scores
        fall clearly short of the leader's, world for world, leaves the race, and the budget
        goes to the close ones; when one is left, the search stops early."""
        deadline = time.perf_counter() + budget.seconds
        scores: dict[int, list[float]] = {index: [] for index in range(len(candidates))}
        worlds = 0
        while len(scores) > 1 and worlds < (budget.samples or 1 << 30):
            world = self.sample(turn, turn.rng)
            seed = turn.rng.getrandbits(64)
            for index in scores:
                scores[index].append(
                    self.score(world, turn, candidates[index], random.Random(seed))
                )
            worlds += 1
            if worlds >= RACE_START and worlds % RACE_EVERY == 0:
                _drop_the_beaten(scores)
            if time.perf_counter() >= deadline:
                break
        return scores


RACE_START = 6
RACE_EVERY = 3
BEATEN = 2.0
"""A candidate leaves the race when the leader beats it, world for world, by this many
standard errors."""


def _advantage(mine: Sequence[float], other: Sequence[float]) -> float:
    """How many standard errors ``mine`` beats ``other`` by, world for world."""
    gaps = [a - b for a, b in zip(mine, other, strict=True)]
    if len(gaps) < 2:
        return 0.0
    spread = stdev(gaps)
    if spread == 0:
        return math.inf if fmean(gaps) > 0 else 0.0
    return fmean(gaps) / (spread / math.sqrt(len(gaps)))


def _drop_the_beaten(scores: dict[int, list[float]]) -> None:
    leader = max(scores, key=lambda index: fmean(scores[index]))
    for index in list(scores):
        if index != leader and _advantage(scores[leader], scores[index]) > BEATEN:
            del scores[index]


# -- scoring a move by playing the deal out with the engine -------------------------------------

PLAYOUT_MOVES = 400
"""A playout's length at most: a deal of any game here ends sooner (a safety net)."""


def clone(world: Match) -> Match:
    """A copy of a world the bot built itself (never of a match it was not given)."""
    return GAMES[world.game].from_json(world.to_json())


def playout(
    world: Match,
    turn: Turn[A, V],
    action: A,
    rng: random.Random,
    *,
    policy: Policy[A, V],
    own: Callable[[Action], TypeGuard[A]],
    sees: Callable[[View], TypeGuard[V]],
    ends: str,
    evaluate: Callable[[Match, int], float],
    horizon: int = PLAYOUT_MOVES,
) -> float:
    """``action`` in a copy of ``world``, then every seat by ``policy`` until a public event of
    type ``ends`` (the end of the deal) or ``horizon`` moves; ``evaluate`` of where it stopped,
    for ``turn``'s seat. The record grows with each move's events, so the policy counts cards
    in a playout as it does at the table. ``own`` reads the world's legal actions (any game's,
    to the engine's registry) back as the game's own, for the policy, and ``sees`` its views."""
    game = clone(world)
    seat = turn.seat
    events = game.apply(seat, action)
    record: list[Event] = [*turn.record, *events]
    for _ in range(horizon):
        if any(event["type"] == ends for event in events):
            break
        mover = game.to_move()[0]
        legal = [move for move in game.legal_actions(mover) if own(move)]
        if len(legal) == 1:
            move = legal[0]
        else:
            view = game.view(mover)
            if not sees(view):  # a world is a match of the game being searched
                raise ValueError(f"this world is not this game's: {view['game']!r}")
            move = policy(Turn(view, legal, record, True, rng))
        events = game.apply(mover, move)
        record += events
    return evaluate(game, seat)


def replay(world: Match, actions: Sequence[tuple[int, Action]]) -> Match:
    """``world`` with each (seat, action) applied: a deal rebuilt from its public moves."""
    for seat, action in actions:
        world.apply(seat, action)
    return world


def playout_bots(
    *,
    easy: Policy[A, V],
    medium: Policy[A, V],
    own: Callable[[Action], TypeGuard[A]],
    sees: Callable[[View], TypeGuard[V]],
    sample: Determiniser[Match, A, V],
    candidates: Callable[[Turn[A, V]], list[A]],
    ends: str,
    evaluate: Callable[[Match, int], float],
) -> GameBots[A, V]:
    """A game's three levels, Hard scoring each candidate by ``playout`` in the worlds
    ``sample`` deals, to the event ``ends``, valued by ``evaluate``; ``own`` tells the game's
    actions and ``sees`` its views (``GameBots.own``, ``GameBots.sees``)."""

    def score(world: Match, turn: Turn[A, V], action: A, rng: random.Random) -> float:
        return playout(
            world,
            turn,
            action,
            rng,
            policy=medium,
            own=own,
            sees=sees,
            ends=ends,
            evaluate=evaluate,
        )

    search = Search(sample=sample, score=score, medium=medium, candidates=candidates)
    return GameBots(easy=easy, medium=medium, hard=search.policy, own=own, sees=sees)
