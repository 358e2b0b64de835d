"""Pitch's table options: the points RULES.md leaves **[open]**, the target, and two house
rules, each off by default because the seed page has neither."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.engine.views import PitchTableOptions


class LowRule(StrEnum):
    """Which team scores Low (PI-6)."""

    WON = "won"
    """As RULES.md and the seed say: the team that wins the trick holding the lowest trump."""
    DEALT = "dealt"
    """The traditional rule: the team that was dealt the lowest trump."""


DEFAULT_OPTIONS: Mapping[str, Any] = {
    "low_rule": LowRule.WON.value,
    # PI-3: the dealer may take the contract by matching the highest bid, a kot too (the seed
    # names no exception). ``False`` is the house rule of PI-7: the dealer may not match a kot.
    # The name stays as it was: a stored table keeps the value it was made with.
    "dealer_can_match_kot": True,
    # PI-8: the score that wins, once reached in a hand the team bid and made.
    "target": 21,
    # PI-8's house rule: a team set back to minus the target loses ("out the back door").
    "back_door": False,
}


@dataclass(frozen=True, slots=True)
class PitchOptions:
    """The options of one match, checked and typed."""

    low_rule: LowRule
    dealer_can_match_kot: bool
    target: int
    back_door: bool

    @classmethod
    def parse(cls, options: Mapping[str, Any]) -> PitchOptions:
        """Read a complete options mapping (defaults already filled); ``ValueError`` if bad."""
        low_rule, target = options["low_rule"], options["target"]
        if low_rule not in tuple(LowRule):
            raise ValueError(f"low_rule is one of {[rule.value for rule in LowRule]}")
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise ValueError("target is a positive whole number")
        return cls(
            LowRule(low_rule),
            _flag(options, "dealer_can_match_kot"),
            target,
            _flag(options, "back_door"),
        )

    def table_options(self) -> PitchTableOptions:
        """The options as the view shows them: as the match was made with them."""
        return {
            "low_rule": self.low_rule.value,
            "dealer_can_match_kot": self.dealer_can_match_kot,
            "target": self.target,
            "back_door": self.back_door,
        }


def _flag(options: Mapping[str, Any], name: str) -> bool:
    value = options[name]
    if not isinstance(value, bool):
        raise ValueError(f"{name} is true or false")
    return value
