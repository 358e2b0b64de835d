"""One offline match against bots: the player sits at seat 0, bots at the others.

    table = OfflineTable.new({"game": "rummy", "variant": "points", "levels": ["", "hard"]})
    table.move({"type": "draw", "source": "deck"}, version=0)   # None, or an error frame
    while table.bot_to_move() is not None:
        table.bot_move()
    frame = table.frame("hi")
    kept = table.record()        # JSON, kept in IndexedDB after every move
    table = OfflineTable.restore(kept)

The record holds the engine's own state (``Match.to_json``), the moves as the server stores
them (seat, who moved, the canonical action, the public events) and each bot's seed and memory,
so a match resumes exactly where it stood. Nothing here is ever sent anywhere: offline matches
are unranked and stay on the device.
"""

from __future__ import annotations

import secrets
from typing import Any

# In the browser this is the packed stand-in (``games.offline.translation``).
from django.utils.translation import gettext, override

from games.engine import GAMES, IllegalAction
from games.engine.base import Match, SentAction
from games.engine.bots import LEVELS, Bot, bot_for
from games.frames.arrange import ArrangementRefusal, arrangement_frame
from games.frames.shapes import (
    ArrangementFrame,
    ErrorFrame,
    PublicMove,
    StateFrame,
    error_frame,
    seat_hue,
)
from games.frames.state import TableFacts, state_frame
from games.frames.told import told_move
from games.words.moves import move_text
from games.words.refusals import refusal_text

PLAYER_SEAT = 0
RECORD_FORMAT = 1


class SetupRefused(ValueError):
    """A setup the tables would refuse too: no such game or variant, a seat count the variant
    does not take, a level that is not a bot's. ``code`` names it for the page's words."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class OfflineTable:
    def __init__(self, record: dict[str, Any], match: Match) -> None:
        self.record_ = record
        self.match = match
        self.bots: dict[int, Bot] = {}

    # -- starting and resuming ---------------------------------------------------------------

    @classmethod
    def new(cls, setup: dict[str, Any]) -> OfflineTable:
        """A fresh match of ``setup`` (``game``, ``variant``, ``levels``: one per seat, ``""``
        for the player's seat 0 and a bot's level for every other), dealt from a secure seed
        as the server deals one."""
        game, variant, levels = _checked(setup)
        match = GAMES[game].new_match(variant, len(levels))
        state = match.to_json()
        record = {
            "format": RECORD_FORMAT,
            "game": game,
            "variant": variant,
            "levels": levels,
            "bot_seeds": [secrets.token_hex(8) if level else None for level in levels],
            "bot_memories": [None for _level in levels],
            # Names this match on the device (the rummy layout is kept under it, RM-5).
            "id": secrets.token_hex(6),
            "initial_state": state,
            "state": state,
            "moves": [],
            "over": False,
        }
        return cls(record, match)

    @classmethod
    def restore(cls, record: dict[str, Any]) -> OfflineTable:
        if record.get("format") != RECORD_FORMAT:
            raise SetupRefused("unknown_record")
        game, _variant, _levels = _checked(record)
        return cls(record, GAMES[game].from_json(record["state"]))

    def record(self) -> dict[str, Any]:
        return self.record_

    @property
    def version(self) -> int:
        return len(self.record_["moves"])

    @property
    def game(self) -> str:
        return str(self.record_["game"])

    # -- moves ---------------------------------------------------------------------------------

    def move(self, action: object, version: object) -> ErrorFrame | None:
        """The player's move, as a table socket takes one: ``None`` once applied, or an error
        frame (in the active language) that changed nothing."""
        if version != self.version:
            return _error("stale_version")
        try:
            canonical = self.match.canonical_action(action)
            self._apply(PLAYER_SEAT, canonical, "player")
        except IllegalAction as illegal:
            return _error(illegal.code, illegal.message)
        return None

    def bot_to_move(self) -> int | None:
        """The bot seat owed a move now, if any."""
        if self.match.is_over():
            return None
        return next((seat for seat in self.match.to_move() if seat != PLAYER_SEAT), None)

    def bot_move(self) -> str:
        """One bot's move (the first bot to move); returns its level. As at the server's
        tables, a bot that fails plays the timer's default instead."""
        seat = self.bot_to_move()
        assert seat is not None, "no bot is to move"
        bot = self._bot(seat)
        try:
            action = bot.choose(self.match.view(seat), self.match.legal_actions(seat))
        except Exception:
            action = self.match.default_action(seat)
        self.record_["bot_memories"][seat] = bot.memory_json()
        self._apply(seat, action, "bot")
        return str(self.record_["levels"][seat])

    def _bot(self, seat: int) -> Bot:
        if seat not in self.bots:
            self.bots[seat] = bot_for(
                self.game,
                self.record_["levels"][seat],
                seed=self.record_["bot_seeds"][seat],
                memory=self.record_["bot_memories"][seat],
            )
        return self.bots[seat]

    def _apply(self, seat: int, action: SentAction, by: str) -> None:
        events = self.match.apply(seat, action)
        self.record_["moves"].append(
            {
                "version": self.version + 1,
                "seat": seat,
                "by": by,
                "action": action,
                "events": events,
            }
        )
        self.record_["state"] = self.match.to_json()
        self.record_["over"] = self.match.is_over()

    # -- what the page is sent -----------------------------------------------------------------

    def frame(self, language: str) -> StateFrame:
        """The player's frame, from the builder the live tables use (``games.frames``): the
        seat's view, its legal moves, the seats, the last move told in ``language``. The match
        stays ``playing`` once over (there is no server to draw the result page): its view says
        so, and it offers no move."""
        record = self.record_
        last = record["moves"][-1] if record["moves"] else None
        with override(language):
            # The player's seat is theirs, never an empty one (the page calls it "you").
            player = gettext("you")
        public: PublicMove | None = None
        if last is not None:
            public = {
                "version": last["version"],
                "seat": last["seat"],
                "by": last["by"],
                "events": last["events"],
            }
        facts = TableFacts(
            table="offline-" + record.get("id", ""),
            game=self.game,
            variant=record["variant"],
            version=self.version,
            revision=self.version,
            status="playing",
            seats=[
                {
                    "seat": seat,
                    "name": "" if level else player,
                    "avatar": "",
                    "hue": seat_hue(player),
                    "bot": level or None,
                    "stand_in": False,
                    "away": False,
                    "left": False,
                    "ready": False,
                }
                for seat, level in enumerate(record["levels"])
            ],
            last_move=told_move(
                public, self.game, language=language, key=(record.get("id", ""), self.version)
            ),
        )
        return state_frame(facts, self.match, PLAYER_SEAT)

    def recent_moves(self, language: str, count: int = 30) -> list[dict[str, Any]]:
        """The last ``count`` moves told in ``language``, oldest first (a resumed page's list)."""
        with override(language):
            return [
                {
                    "version": move["version"],
                    "seat": move["seat"],
                    "text": move_text(move["events"], self.game),
                }
                for move in self.record_["moves"][-count:]
            ]

    def arrange(self, message: dict[str, Any], language: str) -> ArrangementFrame | ErrorFrame:
        """A rummy layout judged (``games.frames.arrange``), or its refusal as an error frame."""
        with override(language):
            try:
                return arrangement_frame(self.match, PLAYER_SEAT, message)
            except ArrangementRefusal as refusal:
                return error_frame(refusal.code, refusal.message)

    def error(self, code: str, language: str) -> ErrorFrame:
        with override(language):
            return _error(code)


def _error(code: str, detail: str = "") -> ErrorFrame:
    return error_frame(code, refusal_text(code, detail))


def _checked(setup: dict[str, Any]) -> tuple[str, str, list[str]]:
    """``setup``'s game, variant and levels, as the online tables would take them against bots."""
    game, variant, levels = setup.get("game"), setup.get("variant"), setup.get("levels")
    rules = GAMES.get(game) if isinstance(game, str) else None
    if rules is None:
        raise SetupRefused("no_game")
    if variant not in rules.variants:
        raise SetupRefused("no_variant")
    if not isinstance(levels, list) or not levels:
        raise SetupRefused("bad_levels")
    low, high = rules.player_range(str(variant))
    if not low <= len(levels) <= high:
        raise SetupRefused("bad_seat_count")
    if levels[0] != "" or any(level not in LEVELS for level in levels[1:]):
        raise SetupRefused("bad_levels")
    return rules.name, str(variant), list(levels)
