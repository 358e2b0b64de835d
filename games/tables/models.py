"""Live tables: a ``Table`` holds one match of one game, its ``Seat``s, the append-only log of
``Move``s that made it, and, once over, its ``MatchResult``.

The engine state on the table is the truth for play; ``initial_state`` plus the moves in version
order replay it exactly (the match's random generator travels inside the state).
"""

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.catalogue import CATALOGUE
from games.tables.visitors import holds_seat


def invite_token_new() -> str:
    return secrets.token_urlsafe(16)


def bot_seed_new() -> str:
    return secrets.token_hex(8)


class TableStatus(models.TextChoices):
    OPEN = "open", _("waiting for players")
    PLAYING = "playing", _("playing")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")
    # A moderator ended the match (issue 20): no result, no rating change.
    ENDED = "ended", _("ended by a moderator")
    # Its tournament was cancelled mid-round (issue 19): ended the same way, no result.
    CANCELLED = "cancelled", _("ended: its tournament was cancelled")


# Ended before the match was over, by someone's act: no result, no rating change, a replay.
ENDED_EARLY = (TableStatus.ENDED, TableStatus.CANCELLED)


class BotLevel(models.TextChoices):
    EASY = "easy", _("easy")
    MEDIUM = "medium", _("medium")
    HARD = "hard", _("hard")


class ToldKind(models.TextChoices):
    """What a table tells its readers (``Table.told``): codes only, never shown; the words
    are ``games.words.told``'s."""

    REMOVED = "removed"
    BANNED = "banned"
    ENDED = "ended"
    CANCELLED = "cancelled"
    DAILY_ROTATED = "daily_rotated"


def seats_put_off(told: Iterable[Mapping[str, Any]]) -> set[int]:
    """The seats whose members a moderator or a ban took off the match (``Table.told``): a bot
    plays them, or they are dropped; their member's hand and the players' chat are closed."""
    kinds = (ToldKind.REMOVED, ToldKind.BANNED)
    return {entry["seat"] for entry in told if entry["kind"] in kinds}


class Table(models.Model):
    game = models.CharField(_("game"), max_length=16, choices=[(g.slug, g.name) for g in CATALOGUE])
    variant = models.CharField(_("variant"), max_length=32)
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    options = models.JSONField(_("house options"), default=dict, blank=True)
    turn_seconds = models.PositiveSmallIntegerField(_("turn time (seconds)"), default=30)
    bot_delay_seconds = models.FloatField(_("bot delay (seconds)"), default=1.0)
    max_timeouts = models.PositiveSmallIntegerField(_("timeouts in a row allowed"), default=2)
    private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(max_length=32, default=invite_token_new, editable=False)
    allow_spectators = models.BooleanField(_("spectators allowed"), default=True)
    ranked = models.BooleanField(_("ranked"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="tables_created",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    status = models.CharField(
        _("status"), max_length=16, choices=TableStatus.choices, default=TableStatus.OPEN
    )
    state = models.JSONField(null=True, blank=True, editable=False)
    initial_state = models.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveIntegerField(_("moves played"), default=0)
    # Bumped on every change a frame shows (moves, seats, status): servers key their shared
    # loads on it.
    revision = models.PositiveIntegerField(default=0, editable=False)
    # When the people to move run out of time; the timeout job and the sweep both read it here.
    # None while only bots are to move: a bot beats any clock, so none is kept for it.
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    # The sweep has queued the timeout job of this deadline (false again with each new one).
    clock_queued = models.BooleanField(default=False, editable=False)
    # When the bot to move is owed its move: past it, its job was lost (a worker died, Redis
    # restarted) and the sweep queues it again.
    bot_due = models.DateTimeField(null=True, blank=True, editable=False)
    # A deal's result stays on the table this long, unless every person there presses Ready
    # first (issue 22): no one, bot or person, deals the next one before.
    pause_seconds = models.PositiveSmallIntegerField(
        _("seconds a deal's result stays up"), default=10
    )
    # Until when the result of the deal just over stays up (None: no such pause now). The
    # bot's job and the person's clock of the next deal both wait for it, read on the row.
    paused_until = models.DateTimeField(null=True, blank=True, editable=False)
    # The table of this finished match's rematch ("Play again"), for its players to find: on
    # this row, so that its frames tell the pages still showing the result.
    rematch = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        editable=False,
    )
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Verifiable deals (games.tables.seeds): the server's secret seed, its SHA-256 shown from
    # creation, the version of the mixing that dealt the match (set at its start), and, for a
    # daily deal, the moment before which the seed stays secret even after the match.
    server_seed = models.CharField(max_length=64, blank=True, editable=False)
    seed_commitment = models.CharField(_("seed commitment"), max_length=64, blank=True)
    generator_version = models.CharField(_("deal generator"), max_length=32, blank=True)
    reveal_after = models.DateTimeField(_("seed kept secret until"), null=True, blank=True)
    # Duplicate deals (a tournament round's, issue 31): the seed is shared with other tables
    # that may still be playing its cards, so it stays secret, with the finished match's
    # hands and replay, until whoever shared it releases it (``tables_seed_release``).
    seed_held = models.BooleanField(_("seed shared and kept secret"), default=False)
    # What the table tells its seats of things done to it from outside the match (issue 30):
    # a moderator's removal or end, a ban, a daily deal's rotation. Append-only, each entry
    # ``{"kind", "seat" (the seat it is about, or None), "version", "params"}``
    # (``LockedTable.tell``); its words are made per reader (``games.words.told``).
    told = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        # No index holds a column that changes in play (the clocks, the state, the version):
        # a move's update of the row then writes no index and stays in its page (a HOT update),
        # where one index on a clock made every move write every index anew (issue 34;
        # ``LockedTable`` lists what a move writes, and tests/games/tables/test_hot.py holds it
        # to that). The sweep finds the clocks due among the live tables' rows (``table_live``).
        indexes = [
            models.Index(fields=["game", "status"]),
            models.Index(
                fields=["status"],
                condition=models.Q(status__in=["open", "playing"]),
                name="table_live",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"


class Seat(models.Model):
    """One seat: empty, a member, a visitor, or a bot. A member's seat may be played for a
    while by a stand-in bot (``stand_in``) after too many timeouts in a row."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=_("player"),
    )
    # A visitor (not signed in) sitting here: the key their session keeps
    # (``games.tables.visitors``), never the session's own key. Only a daily deal's unranked
    # try seats one (issue 21).
    visitor = models.CharField(max_length=32, blank=True, editable=False)
    bot_level = models.CharField(_("bot"), max_length=8, choices=BotLevel.choices, blank=True)
    bot_seed = models.CharField(max_length=32, default=bot_seed_new, editable=False)
    # What the seat's bot remembers of the public events (games.engine.bots: memory_json).
    bot_memory = models.JSONField(null=True, blank=True, editable=False)
    stand_in = models.BooleanField(_("played by a bot for now"), default=False)
    # The member left the match before its end: a bot plays the seat to the end, and a ranked
    # match counts the member last (accounts.ratings.match_standings).
    left = models.BooleanField(_("left the match"), default=False)
    timeouts_in_row = models.PositiveSmallIntegerField(_("timeouts in a row"), default=0)
    # The seed the member's browser added when taking the seat (games.tables.seeds).
    client_seed = models.CharField(max_length=64, blank=True, editable=False)
    # The member pressed Ready during the pause between two deals (``Table.paused_until``).
    ready = models.BooleanField(default=False, editable=False)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_member",
            ),
            models.UniqueConstraint(
                fields=["table", "visitor"],
                condition=~models.Q(visitor=""),
                name="one_seat_per_visitor",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.number}"

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.visitor and not self.bot_level

    @property
    def has_person(self) -> bool:
        """A member or a visitor sits here (their own seat, whoever plays it just now)."""
        return self.user_id is not None or bool(self.visitor)

    def is_held_by(self, *, user_id: int | None, visitor: str = "") -> bool:
        """``user_id``'s seat, or, for a visitor (no user id), the seat their key holds."""
        return holds_seat(self.user_id, self.visitor, user_id=user_id, visitor=visitor)

    @property
    def played_by_bot(self) -> bool:
        return bool(self.bot_level) or self.stand_in


class MoveBy(models.TextChoices):
    PLAYER = "player", _("player")
    BOT = "bot", _("bot")
    STAND_IN = "stand_in", _("stand-in bot")
    TIMEOUT = "timeout", _("timeout")


class AppendOnly(Exception):
    pass


class Move(models.Model):
    """One applied action, never changed: ``version`` is the table's version after it."""

    # No index of its own: ``move_version_unique`` (table, version) serves every read by table,
    # and the move's read of the last move by both (issue 34: with this one the planner scanned
    # all a table's moves for it, and each move wrote one index more).
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves", db_index=False)
    version = models.PositiveIntegerField(_("version"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    action = models.JSONField(_("action"))
    # The engine's public events for this action: what anyone at the table may read.
    events = models.JSONField(_("events"), default=list)
    by = models.CharField(_("decided by"), max_length=16, choices=MoveBy.choices)
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["table", "version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="move_version_unique")
        ]

    def __str__(self) -> str:
        return f"{self.table} move {self.version}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnly("a move is never changed once written")
        super().save(*args, **kwargs)


class MatchResult(models.Model):
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    # The engine's result: ranks, scores and winners per seat, and the game's own details.
    result = models.JSONField(_("result"))
    winners = models.JSONField(_("winning seats"))
    moves = models.PositiveIntegerField(_("moves"))
    finished_at = models.DateTimeField(_("finished"), auto_now_add=True)

    class Meta:
        verbose_name = _("match result")
        verbose_name_plural = _("match results")

    def __str__(self) -> str:
        return f"{self.table} result"


class ChatRoom(models.TextChoices):
    """A table's players and its spectators chat apart: a spectator sees the hands no player
    sees, and must not pass them on. A place with no cards to hide (a tournament) has one room
    for everyone who may see it."""

    PLAYERS = "players", _("players")
    SPECTATORS = "spectators", _("spectators")
    EVERYONE = "everyone", _("everyone")


class ChatLine(models.Model):
    """One line of a table's chat, or of a place's (``place``: ``"tournament.12"``, whose kind
    ``services.chat.chat_places`` knows; the tables never learn what it is): typed text, or a
    quick phrase (``phrase``, a code each reader sees in their own language). Kept for reports;
    a moderator's deletion hides it."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="chat_lines"
    )
    place = models.CharField(_("place"), max_length=40, blank=True, default="")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="chat_lines",
        verbose_name=_("author"),
    )
    room = models.CharField(_("room"), max_length=16, choices=ChatRoom.choices)
    text = models.CharField(_("text"), max_length=280, blank=True)
    phrase = models.CharField(_("quick phrase"), max_length=16, blank=True)
    created_at = models.DateTimeField(_("sent"), auto_now_add=True, db_index=True)
    deleted_at = models.DateTimeField(_("deleted"), null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("deleted by"),
    )

    class Meta:
        verbose_name = _("chat line")
        verbose_name_plural = _("chat lines")
        indexes = [
            models.Index(fields=["table", "room", "-id"], name="chat_of_table"),
            models.Index(fields=["place", "-id"], name="chat_of_place"),
            models.Index(fields=["author", "-created_at"], name="chat_of_author"),
        ]
        constraints = [
            # Said at a table or in a place, never both, never neither.
            models.CheckConstraint(
                condition=models.Q(table__isnull=False, place="")
                | (models.Q(table__isnull=True) & ~models.Q(place="")),
                name="chat_line_at_table_or_place",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table or self.place} chat {self.pk}"
