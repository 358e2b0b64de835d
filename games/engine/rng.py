"""The one random generator a match owns.

In play the seed comes from the operating system's secure source (``secrets``); in tests and
for the daily deal it is given, so that the same seed deals the same cards (RM-5, PI-10). The
stream is SHA-256 over the seed and a counter: unpredictable without the seed (which stays on
the server until the match is over), reproducible with it, and its whole state is two JSON
values, so a stored match resumes its stream exactly.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_BLOCK_BITS = 256


def fresh_seed() -> str:
    """A new unpredictable seed from the operating system's secure source."""
    return secrets.token_hex(32)


class MatchRandom:
    """A deterministic, cryptographically strong stream of choices for one match."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: str | int | None = None, counter: int = 0) -> None:
        self.seed = fresh_seed() if seed is None else str(seed)
        self.counter = counter

    def _block(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest, "big")

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << _BLOCK_BITS) - (1 << _BLOCK_BITS) % n
        while True:
            value = self._block()
            if value < limit:
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self.shuffle(result)
        return result

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchRandom:
        return cls(data["seed"], data["counter"])
