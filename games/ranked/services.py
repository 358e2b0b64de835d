"""Every write to the ranked queue: joining, leaving, staying seen, the forming pass (a beat
job, ``games.tasks.ranked_queues_form``), accepting and declining a formed table.

Race-safe without a lock held over the pass: the pass claims the members of the tables it
formed in one UPDATE that takes only entries still unclaimed, and undoes everything unless it
claimed every one; so two workers forming at once, or a member leaving mid-pass, never seat a
member twice (tests/games/ranked/test_race.py, on PostgreSQL). An offer's row is locked by
whoever settles it: an accept, a decline, or the pass expiring it.
"""

import secrets
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import cache
from statistics import fmean
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.bots.models import BotAccount
from accounts.notices.reach import reach
from accounts.profiles.models import Profile
from accounts.profiles.news import RankedBotsRefusalChanged
from accounts.ratings.models import BotRating, Rating, RatingChange
from accounts.ratings.skill import RATING_TARGET
from games.engine import GAMES
from games.news import publish
from games.ranked.matching import (
    RECENT_MATCHES,
    Waiting,
    bot_level_for,
    bots_offered,
    tables_formed,
)
from games.ranked.models import ACCEPT_SECONDS, OfferOutcome, QueueEntry, QueueOffer
from games.ranked.news import FormedTable, RankedTableDealt, RankedTablesFormed
from games.sql import Rows
from games.tables.models import Seat, TableStatus
from games.tables.seeds import client_seed_is_valid
from games.tables.services import tables_deal_seated
from games.tables.services.lobby import MALFORMED_SEED, ranked_play_allowed

# A member none of whose pages has said "still here" for this long has closed them: out of
# the queue (the queue page says so every 10 seconds; issue 32: out within a minute).
SEEN_WITHIN = timedelta(seconds=45)
# The seat count a queue is joined at unless the member chooses another: rummy is most often
# played heads-up online; the others are four-seat games (Hidden Unders with two players drags
# on: the engine's notes).
RANKED_SEATS = {"rummy": 2, "courtpiece": 4, "pitch": 4, "unders": 4}
# The reason a member is pushed for when a table forms for them: its words are
# games.words.ranked's (listed in config/words.py; ``reach`` refuses a code not listed there).
TABLE_FORMED = "ranked.table_formed"
# The waits a member may choose before being offered bots (point 4), in seconds; 0 (also
# what declining bots sets for the rest of the wait): never.
BOTS_NOT_NOW = 0
BOTS_AFTER_CHOICES = (60, 120, 300, 600, BOTS_NOT_NOW)
# At most this many tables of people form in one pass, those whose members waited longest
# first: a pass's writes, and so its time and its locks, stay bounded when thousands join at
# once (under 50 ms at 10,000 waiting: bench/bench_queue.py); the passes that follow at once
# (``queues_form_while_full``) seat the rest within seconds.
TABLES_PER_PASS = 50
# A pass reads at most this many members of each queue, the longest waiting (the queue's
# order): enough for its TABLES_PER_PASS tables of the nearest ratings, so that its reads too
# stay bounded when thousands wait; the others are read as those before them are seated.
WAITING_READ = 500
# How long the beat's job keeps forming while each pass fills TABLES_PER_PASS: less than the
# beat's two seconds, so that the next job does not race it.
FORMING_SECONDS = 1.5

IN_ANOTHER_QUEUE = _("You are already waiting in another ranked queue: leave it first.")
SEATED_RANKED = _("You are seated at a ranked table: finish that match first.")
NO_SUCH_GAME = _("There is no such game.")
NO_SUCH_FORMAT = _("Choose a format from the list.")
NO_SUCH_SEATS = _("This format is not played with that many seats.")
NO_SUCH_WAIT = _("Choose a wait from the list.")
OFFER_GONE = _("That table is no longer waiting for you: it was dealt, or declined.")
OFFER_NOT_YOURS = _("That table was not formed for you.")
NO_OFFER = "no_offer"
ACCEPTED_ALREADY = _("You have accepted this table already: the others are being asked.")


class _Collision(Exception):
    """Another pass, or a member leaving, took an entry this pass meant to seat."""


def queue_join(
    *, user_id: int, game: str, variant: str, seats: int, bots_after: int | None = None
) -> QueueEntry:
    """Put the member in the ranked queue of ``game``, ``variant`` and ``seats``; already in
    it, they keep their place. Refused (``ValidationError``, nothing changed): a game, format,
    seat count or wait the queue does not have, another queue, a seat at a ranked table not
    over, a play ban."""
    rules = GAMES.get(game)
    if rules is None:
        raise ValidationError({"game": NO_SUCH_GAME})
    if variant not in rules.variants:
        raise ValidationError({"variant": NO_SUCH_FORMAT})
    low, high = rules.player_range(variant)
    if isinstance(seats, bool) or not low <= seats <= high:
        raise ValidationError({"seats": NO_SUCH_SEATS})
    if bots_after is not None and bots_after not in BOTS_AFTER_CHOICES:
        raise ValidationError({"bots_after": NO_SUCH_WAIT})
    current = QueueEntry.objects.filter(user_id=user_id).first()
    if current is not None:
        if (current.game, current.variant, current.seats) != (game, variant, seats):
            raise ValidationError({"queue": IN_ANOTHER_QUEUE})
        queue_seen(user_id=user_id)
        return current
    ranked_play_allowed(user_id)
    if ranked_seat_of(user_id) is not None:
        raise ValidationError({"queue": SEATED_RANKED})
    rating = Rating.objects.filter(user_id=user_id, game=game).values_list("ordinal", flat=True)
    try:
        with transaction.atomic():
            return QueueEntry.objects.create(
                user_id=user_id,
                game=game,
                variant=variant,
                seats=seats,
                rating=rating.first() or RATING_TARGET,
                is_bot=BotAccount.objects.filter(user_id=user_id).exists(),
                refuses_bots=Profile.objects.filter(
                    user_id=user_id, ranked_bots_refused=True
                ).exists(),
                **({} if bots_after is None else {"bots_after": bots_after}),
            )
    except IntegrityError:
        # The same member joined at the same instant from another tab.
        raise ValidationError({"queue": IN_ANOTHER_QUEUE}) from None


def ranked_seat_of(user_id: int) -> int | None:
    """The ranked table the member sits at whose match is not over, if any."""
    seat = (
        Seat.objects.filter(
            user_id=user_id,
            left=False,
            table__ranked=True,
            table__status__in=(TableStatus.OPEN, TableStatus.PLAYING),
        )
        .values_list("table_id", flat=True)
        .first()
    )
    return seat


def queue_leave(*, user_id: int) -> bool:
    """Take the member out of their queue; a table formed for them and not yet dealt is
    declined (its other members go back to the front). Whether they were in one."""
    entry = QueueEntry.objects.filter(user_id=user_id).first()
    if entry is None:
        return False
    # Gone only while no table is formed for it: a pass that claimed it meanwhile keeps it (on
    # PostgreSQL the delete waits for that pass's commit, then finds the entry offered), and
    # that table is declined below. Deleting it regardless left half a table open, its other
    # members waiting to accept a table that could never be dealt.
    if QueueEntry.objects.filter(pk=entry.pk, offer=None).delete()[0]:
        return True
    offer_id = QueueEntry.objects.filter(pk=entry.pk).values_list("offer_id", flat=True).first()
    if offer_id is not None:
        try:
            offer_decline(user_id=user_id, offer_id=offer_id)
            return True
        except ValidationError:
            pass  # settled meanwhile: the entry, if still there, goes below
    return QueueEntry.objects.filter(pk=entry.pk).delete()[0] > 0


def queue_bots_refusal_follow(changed: RankedBotsRefusalChanged) -> None:
    """A member waiting in a queue changed their refusal of bots in ranked: their entry follows
    it in the same transaction (``config/subscribers.py``); the next pass forms by it."""
    QueueEntry.objects.filter(user_id=changed.member_id).update(refuses_bots=changed.refused)


def queue_seen(*, user_id: int, now: datetime | None = None) -> bool:
    """One of the member's pages says they are still there. Whether they are in a queue."""
    now = now or timezone.now()
    return QueueEntry.objects.filter(user_id=user_id).update(seen_at=now) > 0


@transaction.atomic
def offer_accept(
    *, user_id: int, offer_id: int, client_seed: str = "", now: datetime | None = None
) -> int | None:
    """The member accepts the table formed for them; when every member has, the match is dealt
    (a ranked table, seats in a random order). The dealt table's id, else None. Refused
    (``ValidationError``, nothing changed): an offer gone, expired or not theirs, a second
    accept, a malformed seed from their browser (``client_seed``, mixed into the deal)."""
    if client_seed and not client_seed_is_valid(client_seed):
        raise ValidationError({"client_seed": MALFORMED_SEED})
    now = now or timezone.now()
    offer, entry = _offer_locked(user_id, offer_id, now)
    if entry.accepted:
        raise ValidationError({"offer": ACCEPTED_ALREADY})
    entry.accepted, entry.client_seed = True, client_seed
    entry.save(update_fields=["accepted", "client_seed"])
    members = list(
        QueueEntry.objects.filter(offer=offer).values_list("user_id", "accepted", "client_seed")
    )
    if not all(accepted for _user, accepted, _seed in members):
        return None
    bots = tuple(QueueEntry.objects.filter(offer=offer, is_bot=True).values_list("user", flat=True))
    # A table offered with bots: its bots take the empty seats (issue 32 point 4).
    seated: list[tuple[int | str, str]] = [(user, seed) for user, _accepted, seed in members]
    seated += [(offer.bot_level, "")] * offer.bots
    secrets.SystemRandom().shuffle(seated)
    (table_id,) = tables_deal_seated(
        creator_id=None,
        game=offer.game,
        variant=offer.variant,
        players=[[player for player, _seed in seated]],
        client_seeds=[[seed for _player, seed in seated]],
        ranked=True,
    )
    offer.table_id, offer.outcome = table_id, OfferOutcome.DEALT
    offer.save(update_fields=["table", "outcome"])
    QueueEntry.objects.filter(offer=offer).delete()
    if bots:
        publish(RankedTableDealt(table_id, bots))
    return table_id


@transaction.atomic
def offer_decline(*, user_id: int, offer_id: int, now: datetime | None = None) -> None:
    """The member declines the table formed for them: they leave the queue, and its other
    members go back to the queue at their place (the front: they joined earlier). A table
    offered with bots declined keeps them in the queue, waiting for people only."""
    offer, _entry = _offer_locked(user_id, offer_id, now or timezone.now())
    if offer.bots:
        # Bots declined, not the queue: the member waits on for people, offered bots no more
        # in this wait.
        QueueEntry.objects.filter(user_id=user_id).update(bots_after=BOTS_NOT_NOW)
    else:
        QueueEntry.objects.filter(user_id=user_id).delete()
    _offers_undone([offer.pk])


def _offer_locked(user_id: int, offer_id: int, now: datetime) -> tuple[QueueOffer, QueueEntry]:
    """The open offer ``offer_id`` made to the member, and their entry, locked. Refused: one
    gone, expired or declined; one there never was, or made to others (code ``no_offer``: the
    bot API answers it as a 404, as it answers an invitation there never was)."""
    offer = QueueOffer.objects.select_for_update().filter(pk=offer_id).first()
    if offer is None:
        raise ValidationError({"offer": ValidationError(OFFER_GONE, code=NO_OFFER)})
    if offer.outcome != OfferOutcome.OPEN or offer.expires_at <= now:
        raise ValidationError({"offer": OFFER_GONE})
    entry = QueueEntry.objects.filter(user_id=user_id, offer=offer).first()
    if entry is None:
        raise ValidationError({"offer": ValidationError(OFFER_NOT_YOURS, code=NO_OFFER)})
    return offer, entry


def _offers_undone(offer_ids: Sequence[int], *, expired: bool = False) -> None:
    """The members go back to waiting at their place; when the time to accept ran out
    (``expired``), those who had not accepted are out of the queue instead."""
    if expired:
        QueueEntry.objects.filter(offer_id__in=offer_ids, accepted=False).delete()
    QueueEntry.objects.filter(offer_id__in=offer_ids).update(offer=None, accepted=False)
    QueueOffer.objects.filter(pk__in=offer_ids).update(outcome=OfferOutcome.DECLINED)


def queues_form(now: datetime | None = None) -> int:
    """The forming pass, every two seconds (beat): tables formed and not accepted in time are
    undone, members whose pages are all closed leave, and every queue forms the tables its
    waiting members make (``games.ranked.matching``), each member offered theirs, at most
    ``TABLES_PER_PASS`` tables in all. The same number of queries however many wait, each
    reading or writing a bounded number of rows. Returns how many tables were formed (0 when
    another pass took some of the same members first: the next pass forms them)."""
    now = now or timezone.now()
    with transaction.atomic():
        expired = list(
            QueueOffer.objects.select_for_update(skip_locked=True)
            .filter(outcome=OfferOutcome.OPEN, expires_at__lte=now)
            .values_list("pk", flat=True)
        )
        if expired:
            _offers_undone(expired, expired=True)
    QueueEntry.objects.filter(offer=None, seen_at__lt=now - SEEN_WITHIN).delete()
    try:
        with transaction.atomic():
            return _form(now)
    except _Collision:
        return 0


def queues_form_while_full(seconds: float = FORMING_SECONDS) -> int:
    """Forming passes one after another while each forms ``TABLES_PER_PASS`` tables (more may be
    waiting), for at most ``seconds``: the beat's job. How many tables were formed."""
    deadline = time.monotonic() + seconds
    formed = 0
    while True:
        made = queues_form()
        formed += made
        if made < TABLES_PER_PASS or time.monotonic() >= deadline:
            return formed


def _form(now: datetime) -> int:
    queues: dict[tuple[str, str, int], list[Waiting]] = {}
    moment = now.timestamp()
    for row in _waiting():
        pk, user_id, game, variant, seats, rating, joined, is_bot, refuses, bots_after = row
        queues.setdefault((game, variant, seats), []).append(
            Waiting(
                entry_id=pk,
                user_id=user_id,
                rating=rating,
                waited=moment - joined,
                is_bot=bool(is_bot),
                refuses_bots=bool(refuses),
                bots_after=bots_after,
            )
        )
    if not any(
        len(waiting) >= seats or any(each.bots_due for each in waiting)
        for (_g, _v, seats), waiting in queues.items()
    ):
        return 0
    recent = _recent_pairs()
    formed: list[tuple[tuple[str, str, int], list[Waiting]]] = []
    bot_offers: list[QueueOffer] = []
    bot_groups: list[list[Waiting]] = []
    for (game, variant, seats), waiting in queues.items():
        tables = tables_formed(waiting, seats, recent, most=TABLES_PER_PASS)
        formed += [((game, variant, seats), group) for group in tables]
        if len(tables) == TABLES_PER_PASS or len(waiting) == WAITING_READ:
            continue  # more people may be matched in the next pass: no bots offered yet
        seated = {member.entry_id for group in tables for member in group}
        for group in bots_offered([w for w in waiting if w.entry_id not in seated], seats):
            bot_groups.append(group)
            bot_offers.append(_offer(game, variant, seats, group, now))
    if len(formed) > TABLES_PER_PASS:
        formed.sort(key=lambda table: -max(member.waited for member in table[1]))
        del formed[TABLES_PER_PASS:]
    groups = [group for _queue, group in formed]
    offers = [_offer(game, variant, seats, group, now) for (game, variant, seats), group in formed]
    if not offers and not bot_offers:
        return 0
    if offers:
        _offers_insert(offers)
    if bot_offers:
        # Few (members who waited minutes): the ORM's insert; claimed with the others below.
        _bots_levels_chosen(bot_offers, bot_groups)
        QueueOffer.objects.bulk_create(bot_offers)
        offers, groups = [*offers, *bot_offers], [*groups, *bot_groups]
    claims = [
        (m.entry_id, offer.pk) for offer, group in zip(offers, groups, strict=True) for m in group
    ]
    if _claimed(claims) != len(claims):
        raise _Collision
    _members_pushed(offers, groups)
    _bots_told(offers, groups)
    return len(offers)


def _bots_told(offers: Sequence[QueueOffer], groups: Sequence[list[Waiting]]) -> None:
    """The tables formed with bot accounts among them, for their programs' streams."""
    formed = tuple(
        FormedTable(
            offer_id=offer.pk,
            game=offer.game,
            variant=offer.variant,
            seats=offer.seats,
            expires_at=offer.expires_at.isoformat(),
            bots=bots,
        )
        for offer, group in zip(offers, groups, strict=True)
        if (bots := tuple(member.user_id for member in group if member.is_bot))
    )
    if formed:
        publish(RankedTablesFormed(formed))


def _offer(
    game: str, variant: str, seats: int, group: Sequence[Waiting], now: datetime
) -> QueueOffer:
    """A table offered to ``group``, with bots in the seats they leave empty (none when the
    group fills the table)."""
    return QueueOffer(
        game=game,
        variant=variant,
        seats=seats,
        created_at=now,
        expires_at=now + timedelta(seconds=ACCEPT_SECONDS),
        waited_seconds=fmean(member.waited for member in group),
        bots=seats - len(group),
    )


def _bots_levels_chosen(offers: Sequence[QueueOffer], groups: Sequence[list[Waiting]]) -> None:
    """Each offer's bot level (``matching.bot_level_for``), from the bots' ratings in the
    offers' formats: one query."""
    formats = {(offer.game, offer.variant) for offer in offers}
    rated: dict[tuple[str, str], dict[str, float]] = {}
    query = Q()
    for game, variant in formats:
        query |= Q(game=game, variant=variant)
    for bot, game, variant, ordinal in BotRating.objects.filter(query).values_list(
        "bot", "game", "variant", "ordinal"
    ):
        rated.setdefault((game, variant), {})[bot] = ordinal
    for offer, group in zip(offers, groups, strict=True):
        offer.bot_level = bot_level_for(
            group, rated.get((offer.game, offer.variant), {}), RATING_TARGET
        )


def _members_pushed(offers: Sequence[QueueOffer], groups: Sequence[list[Waiting]]) -> None:
    """Each member offered a table is pushed (Web Push, where they allowed it; never a mail:
    one for each table formed would annoy, and come too late to accept it), after the commit:
    one ``reach`` per game, keyed by the pass's first offer of that game."""
    by_game: dict[str, tuple[int, list[int]]] = {}
    for offer, group in zip(offers, groups, strict=True):
        first, members = by_game.setdefault(offer.game, (offer.pk, []))
        members += [member.user_id for member in group]
    for game, (first, members) in by_game.items():
        reach(
            member_ids=members,
            reason=TABLE_FORMED,
            moment=f"offers:{first}",
            params={"game": game, "seconds": ACCEPT_SECONDS},
            link=reverse("ranked_queue", args=[game]),
            by=("push",),
        )


ENTRIES = Rows(
    QueueEntry,
    only=(
        *("pk", "user", "game", "variant", "seats", "rating", "joined_at"),
        *("is_bot", "refuses_bots", "bots_after"),
    ),
)
OFFERS = Rows(
    QueueOffer, only=("game", "variant", "seats", "created_at", "expires_at", "waited_seconds")
)


# When each entry joined, in seconds since 1970, computed by the database: loading 10,000
# datetimes through Django's converters cost several times the rest of the read
# (bench/bench_queue.py).
JOINED_SECONDS = {
    "postgresql": "EXTRACT(EPOCH FROM {joined})::float8",
    "sqlite": "(julianday({joined}) - 2440587.5) * 86400.0",  # stored as UTC text
}


def _waiting() -> list[Sequence[Any]]:
    """The entries not offered a table, the ``WAITING_READ`` longest waiting of each queue, as
    plain rows (id, user, game, variant, seats, rating, joined in seconds since 1970, is a bot
    account, refuses bots, bots after): the ORM's instances or its values() cost several times
    the query at 10,000 rows (bench/bench_queue.py). On PostgreSQL each queue of the catalogue
    is one walk of the ``queue_waiting_order`` index that stops at ``WAITING_READ`` rows."""
    joined = JOINED_SECONDS[connection.vendor].format(joined=ENTRIES.column("joined_at"))
    pk, user, game, variant, seats, rating, offer, order = (
        ENTRIES.column(name)
        for name in ("pk", "user", "game", "variant", "seats", "rating", "offer", "joined_at")
    )
    flags = [ENTRIES.column(name) for name in ("is_bot", "refuses_bots", "bots_after")]
    bots = ", ".join(flags)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            queues = _queues()
            cursor.execute(
                f"SELECT w.{pk}, w.{user}, q.game, q.variant, q.seats, w.{rating}, w.joined,"
                f" {', '.join(f'w.{flag}' for flag in flags)}"
                " FROM unnest(%s::text[], %s::text[], %s::int[]) AS q(game, variant, seats)"
                f" CROSS JOIN LATERAL (SELECT {pk}, {user}, {rating}, {joined} AS joined, {bots}"
                f" FROM {ENTRIES.table} WHERE {game} = q.game AND {variant} = q.variant"
                f" AND {seats} = q.seats AND {offer} IS NULL ORDER BY {order}, {pk} LIMIT %s"
                ") AS w",
                [*(_array(column) for column in zip(*queues, strict=True)), WAITING_READ],
            )
        else:
            cursor.execute(
                f"SELECT {pk}, {user}, {game}, {variant}, {seats}, {rating}, joined, {bots} FROM ("
                f" SELECT *, {joined} AS joined, ROW_NUMBER() OVER (PARTITION BY {game},"
                f" {variant}, {seats} ORDER BY {order}, {pk}) AS place"
                f" FROM {ENTRIES.table} WHERE {offer} IS NULL) AS waiting WHERE place <= %s",
                [WAITING_READ],
            )
        rows: list[Sequence[Any]] = cursor.fetchall()
    return rows


@cache
def _queues() -> list[tuple[str, str, int]]:
    """Every queue there can be: each game's formats at each seat count they are played with."""
    return [
        (game, variant, seats)
        for game, rules in GAMES.items()
        for variant in rules.variants
        for seats in range(rules.player_range(variant)[0], rules.player_range(variant)[1] + 1)
    ]


def _offers_insert(offers: Sequence[QueueOffer]) -> None:
    """Write the offers and set their ids: on PostgreSQL one INSERT from arrays, else Django's
    bulk_create."""
    if connection.vendor != "postgresql":
        QueueOffer.objects.bulk_create(offers)
        return
    first = offers[0]
    columns = ", ".join(
        OFFERS.column(name)
        for name in (
            "game",
            "variant",
            "seats",
            "waited_seconds",
            "created_at",
            "expires_at",
            "outcome",
        )
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {OFFERS.table} ({columns}) "
            "SELECT v.game, v.variant, v.seats, v.waited, %s, %s, %s "
            "FROM unnest(%s::text[], %s::text[], %s::int[], %s::float8[]) "
            "WITH ORDINALITY AS v(game, variant, seats, waited, n) "
            f"ORDER BY v.n RETURNING {OFFERS.column('pk')}",
            [
                first.created_at,
                first.expires_at,
                OfferOutcome.OPEN,
                _array([offer.game for offer in offers]),
                _array([offer.variant for offer in offers]),
                _array([offer.seats for offer in offers]),
                _array([offer.waited_seconds for offer in offers]),
            ],
        )
        for offer, (pk,) in zip(offers, cursor.fetchall(), strict=True):
            offer.pk = pk


def _array(values: Sequence[object]) -> str:
    """A PostgreSQL array literal of plain numbers or slugs: psycopg dumps a list of 10,000
    numbers element by element, several times slower than this."""
    return "{" + ",".join(str(value) for value in values) + "}"


CHANGES = Rows(RatingChange, only=("pk", "user", "game", "match_ref"))


def _claimed(claims: Sequence[tuple[int, int]]) -> int:
    """Give each entry its offer, only where it has none yet; how many were given, in one
    statement on PostgreSQL (two arrays), in chunks of a VALUES list on SQLite."""
    pk, offer = ENTRIES.column("pk"), ENTRIES.column("offer")
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                f"UPDATE {ENTRIES.table} SET {offer} = v.offer "
                "FROM unnest(%s::bigint[], %s::bigint[]) AS v(entry, offer) "
                f"WHERE {ENTRIES.table}.{pk} = v.entry AND {ENTRIES.table}.{offer} IS NULL",
                [_array([entry for entry, _o in claims]), _array([given for _e, given in claims])],
            )
            return int(cursor.rowcount)
        claimed = 0
        for start in range(0, len(claims), 10_000):
            chunk = claims[start : start + 10_000]
            values = ", ".join(["(%s, %s)"] * len(chunk))
            cursor.execute(
                f"UPDATE {ENTRIES.table} SET {offer} = v.column2 FROM (VALUES {values}) AS v "
                f"WHERE {ENTRIES.table}.{pk} = v.column1 AND {ENTRIES.table}.{offer} IS NULL",
                [value for claim in chunk for value in claim],
            )
            claimed += cursor.rowcount
        return claimed


def _recent_pairs() -> set[frozenset[int]]:
    """Pairs of waiting members and those they met in their last ``RECENT_MATCHES`` ranked
    matches of the queue's game: one statement for every queue."""
    user, game, ref = CHANGES.column("user"), CHANGES.column("game"), CHANGES.column("match_ref")
    order = CHANGES.column("pk")
    entry_user, entry_game = ENTRIES.column("user"), ENTRIES.column("game")
    sql = (
        "WITH recent AS ("
        f" SELECT c.{user} AS member, c.{game} AS game, c.{ref} AS ref,"
        f" ROW_NUMBER() OVER (PARTITION BY c.{user}, c.{game} ORDER BY c.{order} DESC) AS n"
        f" FROM {CHANGES.table} c JOIN {ENTRIES.table} q"
        f" ON q.{entry_user} = c.{user} AND q.{entry_game} = c.{game}"
        f" WHERE q.{ENTRIES.column('offer')} IS NULL)"
        f" SELECT r.member, o.{user} FROM recent r JOIN {CHANGES.table} o"
        f" ON o.{game} = r.game AND o.{ref} = r.ref AND o.{user} <> r.member"
        " WHERE r.n <= %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [RECENT_MATCHES])
        return {frozenset(pair) for pair in cursor.fetchall()}
