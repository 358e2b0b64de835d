"""The auction (PI-2, PI-3): from the dealer's left, one call each, the dealer last."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from games.engine.actions import PitchCall
from games.engine.errors import IllegalAction
from games.engine.pitch.seats import seats_from_left_of


class Bid(IntEnum):
    """One call in the auction, valued by the points it promises."""

    PASS = 0
    """No bid."""
    TWO = 2
    THREE = 3
    FOUR = 4
    KOT = 5
    """A promise to take all six tricks, worth 5 (PI-7)."""

    @property
    def wire(self) -> PitchCall:
        """How the call travels in actions, events and views: "pass", 2, 3, 4 or "kot"."""
        return _WIRE[self]

    @classmethod
    def from_wire(cls, value: object) -> Bid:
        """The call ``value`` names (``"pass"``, 2, 3, 4, ``"kot"``); ``ValueError`` if none."""
        if isinstance(value, str):
            value = value.strip().lower()
        elif not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"not a bid: {value!r}")
        try:
            return _FROM_WIRE[value]
        except KeyError:
            raise ValueError(f"not a bid: {value!r}") from None


_WIRE: dict[Bid, PitchCall] = {
    Bid.PASS: "pass",
    Bid.TWO: 2,
    Bid.THREE: 3,
    Bid.FOUR: 4,
    Bid.KOT: "kot",
}
_FROM_WIRE: dict[int | str, Bid] = {wire: bid for bid, wire in _WIRE.items()}

LADDER = tuple(bid.wire for bid in Bid)
"""Every call as it travels, lowest first: "pass", 2, 3, 4, "kot" (PI-2)."""

CONTRACTS = (Bid.TWO, Bid.THREE, Bid.FOUR, Bid.KOT)
"""The bids that make a contract, lowest first."""


def highest_bid(calls: Sequence[Bid | None]) -> Bid:
    """The highest bid made so far (``PASS`` when nobody has bid)."""
    return max((call for call in calls if call is not None), default=Bid.PASS)


def allowed_bids(highest: Bid, *, dealer: bool, dealer_can_match_kot: bool) -> list[Bid]:
    """Exactly the calls a player may make over ``highest``, pass first when allowed."""
    if dealer and highest is Bid.PASS:
        return list(CONTRACTS)  # PI-3: everyone else passed, so the dealer must bid.
    # PI-2: a bid tops the one before; PI-3: the dealer may match it instead (a dealer steal),
    # a kot too, unless the table has PI-7's house rule that the dealer may not match a kot.
    may_match = dealer and (highest is not Bid.KOT or dealer_can_match_kot)
    return [Bid.PASS] + [
        bid for bid in CONTRACTS if bid > highest or (may_match and bid == highest)
    ]


def refusal(bid: Bid, highest: Bid, *, dealer: bool) -> IllegalAction:
    """Why ``bid``, not among the allowed calls, is refused."""
    if bid is Bid.PASS:
        return IllegalAction(
            "dealer_must_bid", "Everyone else passed, so the dealer must bid at least 2."
        )
    if dealer and highest is Bid.KOT:
        return IllegalAction(
            "kot_cannot_be_matched", "At this table the dealer may not match a kot."
        )
    if dealer:
        return IllegalAction("bid_too_low", f"The dealer must bid at least {highest.wire}.")
    return IllegalAction("bid_too_low", f"Your bid must be higher than {highest.wire}.")


def pitcher_of(calls: Sequence[Bid | None], dealer: int) -> int:
    """PI-3, PI-4: the seat that bid last in the auction, since every bid topped (or, the
    dealer's, matched) the one before. ``calls`` holds every seat's call; the dealer bid."""
    bidders = [seat for seat in seats_from_left_of(dealer) if calls[seat] not in (None, Bid.PASS)]
    return bidders[-1]
