"""Random legal play over every registered game, shared by the conformance test and benchmarks."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from games.engine import GAMES
from games.engine.base import Action, Event, HandLabel, Match
from games.engine.cards import is_card_code

MAX_STEPS = 20_000


def every_table() -> Iterator[tuple[str, str, int]]:
    """(game, variant, players) for each variant at its fewest and most players."""
    for name, rules in sorted(GAMES.items()):
        for variant in rules.variants:
            for players in sorted(set(rules.player_range(variant))):
                yield name, variant, players


def snapshot(match: Match) -> str:
    return json.dumps(match.to_json(), sort_keys=True)


def play_randomly(
    match: Match, chooser: random.Random, *, on_step: Any = None, events: list[Event] | None = None
) -> int:
    """Play legal actions chosen by ``chooser`` until the match is over; return the steps.
    ``events``, if given, gets every event the moves return."""
    for step in range(MAX_STEPS):
        movers = match.to_move()
        if not movers:
            return step
        seat = chooser.choice(movers)
        action = chooser.choice(match.legal_actions(seat))
        if on_step is not None:
            on_step(match, seat, action)
        returned = match.apply(seat, action)
        if events is not None:
            events += returned
    raise AssertionError(f"{match.game} {match.variant} did not end in {MAX_STEPS} steps")


def offered_actions(match: Match, chooser: random.Random) -> list[Action]:
    """Play ``match`` randomly to its end; every action offered on the way to a seat to move."""
    offered: list[Action] = []

    def collect(match: Match, seat: int, _action: Action) -> None:
        offered.extend(match.legal_actions(seat))

    play_randomly(match, chooser, on_step=collect)
    return offered


def open_hands_problems(match: Match) -> list[str]:
    """What breaks the contract of ``match.open_hands()`` now: one entry per seat; in each,
    labels once each, ``DEALT`` first, no empty group; the hand the seat sees among its cards
    now; a seat holding cards was dealt; no label showing more copies than the decks hold."""
    hands = match.open_hands()
    if len(hands) != match.players:
        return [f"{len(hands)} entries for {match.players} seats"]
    problems = []
    shown: dict[HandLabel, Counter[str]] = {label: Counter() for label in HandLabel}
    for seat, groups in enumerate(hands):
        labels = [group["label"] for group in groups]
        cards = {group["label"]: group["cards"] for group in groups}
        now = Counter(
            card for label, held in cards.items() if label is not HandLabel.DEALT for card in held
        )
        if len(set(labels)) != len(labels) or not set(labels) <= set(HandLabel):
            problems.append(f"seat {seat}: labels {labels}")
        if HandLabel.DEALT in labels[1:] or not all(cards.values()):
            problems.append(f"seat {seat}: dealt not first, or an empty group: {groups}")
        if Counter(match.view(seat)["hand"]) - now:
            problems.append(f"seat {seat}: its own hand is not all among {groups}")
        if now and HandLabel.DEALT not in cards:
            problems.append(f"seat {seat}: holds cards but was not dealt any: {groups}")
        for label, held in cards.items():
            shown[label].update(held)
    decks = Counter(match.all_cards())
    problems += [
        f"{label}: {shown[label] - decks} beyond the decks"
        for label in HandLabel
        if shown[label] - decks
    ]
    return problems


# Where a finished match's cards still lie unseen by the other seats: in a hand, face down.
KEPT_AT_THE_END = {HandLabel.HELD, HandLabel.UNDERS, HandLabel.ASIDE, HandLabel.FACE_DOWN}


def spoiled_cards(
    view: object, match: Match, seat: int | None, *, seen_before: object
) -> list[str]:
    """Card codes in ``view`` every copy of which a finished ``match`` leaves in another seat's
    hand (or face down there), and that the seat's view before the last move (``seen_before``)
    did not show: what a sealed view (issue 21, no spoilers) must not lay open. A card seen in
    play (picked from the open pile, a trump card shown) is no spoiler."""
    kept = Counter(
        card
        for other, groups in enumerate(match.open_hands())
        if other != seat
        for group in groups
        if group["label"] in KEPT_AT_THE_END
        for card in group["cards"]
    )
    elsewhere = Counter(match.all_cards()) - kept
    known = set(_codes_in(seen_before))
    return [
        card for card in _codes_in(view) if kept[card] and not elsewhere[card] and card not in known
    ]


def _codes_in(node: object) -> Iterator[str]:
    """Every string in ``node`` (nested dicts and lists) that is a card code."""
    level = [node]
    while level:
        item = level.pop()
        if isinstance(item, dict):
            level.extend(item.values())
        elif isinstance(item, list | tuple):
            level.extend(item)
        elif isinstance(item, str) and is_card_code(item):
            yield item
