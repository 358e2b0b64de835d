"""Every write of the daily deal: generation (the beat job), attempts, their scores, rotation.

Generation and rotation rely on one constraint: a game has one current deal a day
(``one_current_daily_deal``), so the beat job run twice, late, or racing a rotation leaves one.
An attempt is a table made by ``games.tables.services.table_create`` with the deal's seed as
its server seed, bots whose seeds come from it, and no seed of the member's own (everyone meets
the same cards); ``one_daily_attempt_a_day`` keeps it to one per member, game and day. A
visitor's try is such a table with the visitor's key in the person's seat, and a
``VisitorTry`` in place of an ``Attempt``: nothing ranks or counts it, and its result is kept
for the visitor's own pages alone. It deals the day's practice deal (``practice_seed_of``),
never the ranked one, which nobody sees before their own ranked attempt (issue 28).
"""

import hashlib
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from accounts.moderation.audit import Target, audit_record
from accounts.notices.inbox import notice_send
from games.daily.addresses import address_try_allowed
from games.daily.days import CATCH_UP_DAYS, day_end, day_is_over, day_of
from games.daily.models import Attempt, DailyDeal, ScoreCount, VisitorTry
from games.daily.news import DailyDealRotated
from games.daily.plans import DAILY_BOT_LEVELS, MEMBER_SEAT, PLANS
from games.daily.refusals import DailyRefusal
from games.engine.base import Match
from games.news import PageChanged, publish
from games.tables import services as table_services
from games.tables.models import Move, Table, TableStatus, ToldKind
from games.tables.news import MatchFinished
from games.tables.seeds import GENERATOR_VERSION, commitment_of, server_seed_new

CHOSEN_SEED = re.compile(r"[0-9A-Za-z_:.-]{8,64}")
"""A seed staff choose (a day's seed played again, a puzzle's): printable, no spaces."""
REASON_LENGTH = 500

# A daily table: its member has time to think, the bots answer briskly.
TURN_SECONDS = 60
BOT_DELAY_SECONDS = 0.8

ROTATE_ACT = "daily_deal_rotate"
SET_ACT = "daily_deal_set"
TARGET_KIND = "daily_deal"
ROTATED_NOTICE = "daily_deal_rotated"
# The live page of a game's day of boards (``games.live.pages``), keyed by the game.
BOARD_PAGE = "daily"

# Visitors' tries cost a table each, and a new session is only a cookie away: the site as a
# whole begins at most this many an hour (members are not counted), and the hourly job
# deletes a try left unfinished this long, and every try once its day is over.
VISITOR_TRIES_AN_HOUR = 600
VISITOR_TRY_ABANDONED = timedelta(hours=2)


# -- generation --------------------------------------------------------------------------------


def daily_deals_generate(*, now: datetime | None = None) -> list[DailyDeal]:
    """The beat job (midnight Asia/Kolkata): make today's and tomorrow's deal of every game
    that has none, and those of the days missed since the last one (at most ``CATCH_UP_DAYS``
    back). Idempotent: each deal is inserted in a savepoint and a deal that another run made
    first is left alone. Returns the deals it made."""
    today = day_of(now)
    made = []
    for game in PLANS:
        latest = (
            DailyDeal.objects.filter(game=game, day__lt=today).order_by("-day").values("day")[:1]
        )
        first = today
        if latest:
            first = max(latest[0]["day"] + timedelta(days=1), today - timedelta(CATCH_UP_DAYS))
        days = [first + timedelta(n) for n in range((today - first).days + 2)]
        have = set(
            DailyDeal.objects.filter(game=game, day__in=days, replaced_at__isnull=True).values_list(
                "day", flat=True
            )
        )
        for day in days:
            if day not in have and (deal := _deal_insert(game, day)) is not None:
                made.append(deal)
    return made


def _deal_insert(
    game: str, day: date, *, seed: str | None = None, bot_level: str | None = None
) -> DailyDeal | None:
    """A new current deal for ``game`` on ``day``, or None if one exists already."""
    plan = PLANS[game]
    seed = seed or server_seed_new()
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(
                game=game,
                day=day,
                seed=seed,
                seed_commitment=commitment_of(seed),
                variant=plan.variant,
                seat_count=plan.seat_count,
                bot_levels=plan.bot_levels(bot_level),
                options=dict(plan.options),
                generator_version=GENERATOR_VERSION,
            )
    except IntegrityError:
        return None


def daily_deal_current(*, game: str, day: date) -> DailyDeal:
    """The current deal of ``game`` on ``day``, made now if the beat job has not run yet."""
    if game not in PLANS:
        raise DailyRefusal("no_such_game")
    deal = DailyDeal.objects.filter(game=game, day=day, replaced_at__isnull=True).first()
    if deal is None:
        deal = _deal_insert(game, day) or DailyDeal.objects.get(
            game=game, day=day, replaced_at__isnull=True
        )
    return deal


# -- attempts ------------------------------------------------------------------------------------


def daily_attempt_begin(
    *, user_id: int, game: str, deal_id: int | None = None, now: datetime | None = None
) -> Attempt:
    """The member's attempt at today's deal of ``game``: the one they began (a dropped
    connection resumes it), else a new one at a new table. ``deal_id``, when the page sent
    one, must be the deal the page showed: a forged one, or one rotated away meanwhile, is
    refused (``no_such_deal``, ``deal_rotated``). A finished attempt is refused
    (``already_played``): one a member, game and day, whichever deal it was on."""
    day = day_of(now)
    deal = daily_deal_current(game=game, day=day)
    existing = Attempt.objects.filter(member_id=user_id, game=game, day=day).first()
    if existing is not None:
        if existing.finished:
            raise DailyRefusal("already_played")
        return existing
    if deal_id is not None and deal_id != deal.pk:
        rotated = DailyDeal.objects.filter(pk=deal_id, game=game, day=day).exists()
        raise DailyRefusal("deal_rotated" if rotated else "no_such_deal")
    try:
        with transaction.atomic():
            table = _attempt_table(deal, creator_id=user_id)
            return Attempt.objects.create(
                member_id=user_id, deal=deal, game=game, day=day, table=table
            )
    except IntegrityError:
        # The same member's other request made it first: that one is the attempt.
        return Attempt.objects.get(member_id=user_id, game=game, day=day)


def daily_visitor_try_begin(
    *,
    visitor: str,
    address: str,
    game: str,
    deal_id: int | None = None,
    now: datetime | None = None,
) -> VisitorTry:
    """A visitor's unranked try at today's deal of ``game``, at a table whose person's seat
        their key holds: the one they began (a reload resumes it), else a new one, dealt as a
        member's attempt is but from the day's practice seed (``practice_seed_of``: the same
    cards and bots for every visitor, never the ranked deal's; the seed secret until the day is
    over). One a key, game
        and day: a finished try is refused (``already_tried``), as is a forged or rotated
        ``deal_id``. No score, no board, no streak: it is no ``Attempt``. Past
        ``VISITOR_TRIES_AN_HOUR`` new tries on the site this hour, refused (``visitors_busy``);
        past ``settings.DAILY_VISITOR_TRIES_PER_ADDRESS`` new ones from the client's ``address``
        this hour (``games.daily.addresses``), refused too (``address_busy``): a reload resuming
        a try counts for neither."""
    now = now or timezone.now()
    if not visitor:
        raise DailyRefusal("visitor")
    day = day_of(now)
    deal = daily_deal_current(game=game, day=day)
    existing = VisitorTry.objects.filter(visitor=visitor, game=game, day=day).first()
    if existing is not None:
        if existing.table.status != TableStatus.PLAYING:
            raise DailyRefusal("already_tried")
        return existing
    if deal_id is not None and deal_id != deal.pk:
        rotated = DailyDeal.objects.filter(pk=deal_id, game=game, day=day).exists()
        raise DailyRefusal("deal_rotated" if rotated else "no_such_deal")
    if VisitorTry.objects.filter(started_at__gt=now - timedelta(hours=1)).count() >= (
        VISITOR_TRIES_AN_HOUR
    ):
        raise DailyRefusal("visitors_busy")
    if not address_try_allowed(address):
        raise DailyRefusal("address_busy")
    try:
        with transaction.atomic():
            table = _attempt_table(
                deal, creator_id=None, visitor=visitor, seed=practice_seed_of(deal)
            )
            return VisitorTry.objects.create(
                visitor=visitor, deal=deal, game=game, day=day, table=table
            )
    except IntegrityError:
        # The same visitor's other request made it first.
        return VisitorTry.objects.get(visitor=visitor, game=game, day=day)


def visitor_tries_sweep(*, now: datetime | None = None) -> int:
    """The hourly job: delete the visitors' tries begun ``VISITOR_TRY_ABANDONED`` ago or more
    that are unfinished or of a day that is over, with their tables (seats, moves, result).
    A try of a day just over is left while it may still be played: one begun at 23:59 in
    India was deleted a second later, its page left waiting for bots that had no table.
    Returns how many tables went."""
    now = now or timezone.now()
    gone = VisitorTry.objects.filter(started_at__lt=now - VISITOR_TRY_ABANDONED).filter(
        Q(day__lt=day_of(now)) | Q(table__status=TableStatus.PLAYING)
    )
    _count, by_model = Table.objects.filter(pk__in=gone.values("table_id")).delete()
    return by_model.get(Table._meta.label, 0)


def _attempt_table(
    deal: DailyDeal, *, creator_id: int | None, visitor: str = "", seed: str = ""
) -> Table:
    """A table of ``deal``: its seed (or ``seed``, a visitor's practice one) as the server's,
    bots seeded from it, no seed of the person's own (everyone meets the same cards), kept
    private until the day is over."""
    seed = seed or deal.seed
    return table_services.table_create(
        creator_id=creator_id,
        visitor=visitor,
        game=deal.game,
        variant=deal.variant,
        bot_levels=deal.bot_levels,
        options=deal.options,
        turn_seconds=TURN_SECONDS,
        bot_delay_seconds=BOT_DELAY_SECONDS,
        private=True,
        allow_spectators=False,
        server_seed=seed,
        bot_seeds=bot_seeds_of(deal, seed),
        reveal_after=day_end(deal.day),
    )


def practice_seed_of(deal: DailyDeal) -> str:
    """The seed of the day's practice deal, the one visitors play (issue 28): a member who
    signed out to play the ranked deal as a visitor would sign in again knowing every card and
    every bot's reply. Drawn from the day's seed (SHA-256 of it and ``:practice``), so that
    once the day is over and its seed is revealed anyone can check the practice deal too,
    while nothing of the ranked cards shows before (SHA-256 does not run backwards)."""
    return hashlib.sha256(f"{deal.seed}:practice".encode()).hexdigest()


def bot_seeds_of(deal: DailyDeal, seed: str = "") -> list[str]:
    """Each seat's bot seed, drawn from the deal's seed (or ``seed``, its practice one) and
    the seat: the same bots for everyone, and nothing of the seed itself (SHA-256 does not run
    backwards)."""
    seed = seed or deal.seed
    return [
        hashlib.sha256(f"{seed}:bot:{seat}".encode()).hexdigest()[:32]
        for seat in range(deal.seat_count)
    ]


def daily_match_finished(finished: MatchFinished) -> None:
    """A match ended (in its transaction, the table row locked): if its table is a daily
    attempt's, or a visitor's try, score it."""
    # Only a daily table keeps its seed past its match's end (``_attempt_table``): no
    # read for any other.
    if finished.table.reveal_after is not None:
        daily_attempt_score(
            table=finished.table,
            match=finished.match,
            new_moves=finished.new_moves,
            now=finished.at,
        )


def daily_attempt_score(
    *, table: Table, match: Match, new_moves: list[Move], now: datetime
) -> bool:
    """The match of a daily attempt's table has ended (``MatchFinished``, in its transaction,
    the table row locked): score the attempt. A visitor's try keeps its
    result for their own pages, ranked nowhere. Returns whether the table was one of either."""
    attempt = Attempt.objects.filter(table=table).first()
    if attempt is None:
        return _visitor_try_result_kept(table=table, match=match, new_moves=new_moves)
    score, details, moves = _result_of(attempt.game, table=table, match=match, new_moves=new_moves)
    started = table.started_at or attempt.started_at
    attempt.finished = True
    attempt.score = score
    attempt.details = details
    attempt.moves = moves
    attempt.seconds = max(0, int((now - started).total_seconds()))
    attempt.save(update_fields=["finished", "score", "details", "moves", "seconds"])
    DailyDeal.objects.filter(pk=attempt.deal_id).update(
        finished_attempts=F("finished_attempts") + 1
    )
    _score_counted(attempt.deal_id, score)
    # The open boards show it within a second (games.live.pages pushes at most once a second).
    publish(PageChanged(BOARD_PAGE, attempt.game))
    return True


def _result_of(
    game: str, *, table: Table, match: Match, new_moves: list[Move]
) -> tuple[int, dict[str, Any], int]:
    """The person's score, its details and their moves, as the game's plan scores them."""
    game_moves = Move.objects.filter(table=table, seat=MEMBER_SEAT).count()
    moves = game_moves + sum(move.seat == MEMBER_SEAT for move in new_moves)
    score, details = PLANS[game].scorer(match.result(), match.view(None), moves)
    return score, details, moves


def _visitor_try_result_kept(*, table: Table, match: Match, new_moves: list[Move]) -> bool:
    tried = VisitorTry.objects.filter(table=table).first()
    if tried is None:
        return False
    _score, tried.details, _moves = _result_of(
        tried.game, table=table, match=match, new_moves=new_moves
    )
    tried.save(update_fields=["details"])
    return True


def _score_counted(deal_id: int, score: int) -> None:
    """One more attempt with ``score`` on the deal; the first of a score makes its row (another
    transaction making it meanwhile: the savepoint's conflict, then an increment)."""
    counts = ScoreCount.objects.filter(deal_id=deal_id, score=score)
    if counts.update(attempts=F("attempts") + 1):
        return
    try:
        with transaction.atomic():
            ScoreCount.objects.create(deal_id=deal_id, score=score, attempts=1)
    except IntegrityError:
        counts.update(attempts=F("attempts") + 1)


# -- rotation ------------------------------------------------------------------------------------


def _playing_members_told(old: DailyDeal) -> None:
    """Members in the middle of the replaced deal play on: a notice tells them why their
    board is now the earlier one, and so does their table, at once."""
    link = reverse("daily_game", args=[old.game])
    playing = Attempt.objects.filter(deal=old, finished=False).values_list("member_id", "table_id")
    for member_id, table_id in playing.order_by("table_id"):
        notice_send(
            member_id=member_id, kind=ROTATED_NOTICE, params={"day": old.day.isoformat()}, link=link
        )
        table_services.table_member_tell(
            table_id=table_id, user_id=member_id, kind=ToldKind.DAILY_ROTATED
        )


@dataclass(frozen=True)
class Rotation:
    deal: DailyDeal
    replaced: DailyDeal | None


@transaction.atomic
def daily_deal_rotate(
    *,
    actor: User | None,
    game: str,
    day: date,
    reason: str,
    seed: str = "",
    bot_level: str = "",
    now: datetime | None = None,
) -> Rotation:
    """Staff replace the deal of ``game`` on ``day`` (today or later) with a new one: a fresh
    seed, or ``seed`` when given. The old deal keeps its attempts, ranked apart; members who
    had not begun get the new one. A day with no deal yet just gets this one. Locks the day's
    current deal; writes the audit log in the same transaction. Refusals change nothing."""
    now = now or timezone.now()
    if actor is None or not getattr(actor, "is_staff", False):
        raise DailyRefusal("not_staff")
    if game not in PLANS:
        raise DailyRefusal("no_such_game")
    reason = reason.strip()
    if not reason:
        raise DailyRefusal("reason_needed")
    if len(reason) > REASON_LENGTH:
        raise DailyRefusal("reason_too_long")
    if day_is_over(day, now):
        raise DailyRefusal("day_over")
    if seed and not CHOSEN_SEED.fullmatch(seed):
        raise DailyRefusal("bad_seed")
    if bot_level and bot_level not in DAILY_BOT_LEVELS:
        raise DailyRefusal("bad_bot_level")
    old = (
        DailyDeal.objects.select_for_update()
        .filter(game=game, day=day, replaced_at__isnull=True)
        .first()
    )
    if old is not None:
        if seed and seed == old.seed:
            raise DailyRefusal("same_seed")
        old.replaced_at = now
        old.save(update_fields=["replaced_at"])
    deal = _deal_insert(game, day, seed=seed or None, bot_level=bot_level or None)
    if deal is None:  # only a concurrent insert on a day that had none: the lock held no row
        raise DailyRefusal("rotated_meanwhile")
    if old is not None:
        old.replaced_by = deal
        old.save(update_fields=["replaced_by"])
        _playing_members_told(old)
    audit_record(
        actor=actor,
        act=ROTATE_ACT if old is not None else SET_ACT,
        target=Target(TARGET_KIND, deal.pk, f"{game} {day.isoformat()}"),
        reason=reason,
        # The commitments, never the seeds: the log is read before the day is over.
        details={
            "game": game,
            "day": day.isoformat(),
            "replaced": old.pk if old is not None else None,
            "replaced_commitment": old.seed_commitment if old is not None else None,
            "commitment": deal.seed_commitment,
            "seed_chosen": bool(seed),
            "bot_levels": deal.bot_levels,
        },
    )
    publish(
        DailyDealRotated(
            game=game,
            day=day.isoformat(),
            deal_id=deal.pk,
            replaced_id=old.pk if old is not None else None,
        )
    )
    return Rotation(deal=deal, replaced=old)
