"""Verifiable deals (DESIGN.md, "Around the tables"): the server's seed is committed to from the
table's creation, the members' browsers add seeds of their own when they sit down, and the
match's generator starts from all of them mixed, so that not even the server chooses the cards.

The mixing, generator version ``taash-deal-1``:

    match seed = SHA-256("taash-deal-1" LF server seed LF seat 0's seed LF ... LF seat n-1's)

as lowercase hex, each seed as the lowercase hex text it is stored as, "" for a seat with no
seed of its own (a bot, or a daily deal's seat: everyone meets the same cards there). The match
seed then drives the engine's one generator (``games.engine.rng.MatchRandom``: SHA-256 over the
seed and a counter), which deals every card of the match. The commitment is SHA-256 of the
server's seed (its hex text, UTF-8), shown from the table's creation; the seed itself is
revealed only once the match is over (``seed_may_be_revealed``).
"""

import hashlib
import re
import secrets
from collections.abc import Sequence

GENERATOR_VERSION = "taash-deal-1"

CLIENT_SEED = re.compile(r"[0-9a-f]{64}")
"""A member's seed as the browser sends it: 32 bytes of ``crypto.getRandomValues``, in hex."""


def server_seed_new() -> str:
    return secrets.token_hex(32)


def commitment_of(server_seed: str) -> str:
    return hashlib.sha256(server_seed.encode()).hexdigest()


def match_seed_of(server_seed: str, seat_seeds: Sequence[str], version: str) -> str:
    """The match's seed for ``version`` of the mixing (the only one so far is
    ``GENERATOR_VERSION``; an unknown one raises ``LookupError``)."""
    if version != GENERATOR_VERSION:
        raise LookupError(f"no deal generator {version!r}")
    text = "\n".join([version, server_seed, *seat_seeds])
    return hashlib.sha256(text.encode()).hexdigest()


def client_seed_is_valid(text: str) -> bool:
    return CLIENT_SEED.fullmatch(text) is not None
