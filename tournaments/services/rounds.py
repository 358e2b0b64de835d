"""Starting a tournament and playing it round by round.

- ``tournament_start``: at ``starts_at`` (read from the row: a job that runs twice or late acts
  once), entrants not checked in are withdrawn; below the minimum it is cancelled and everyone
  told; else round 1 is seated. Check-in is the test of being there [decided]: whether a
  member has a socket open is too unreliable across processes to withdraw anyone on (README,
  "Presence": gaps of up to 208 ms at each page change, and none at all on pages without one).
- ``tournament_cancelled``: by the start, or by the organiser at any time; a running one's
  tables in play end as a moderator ends a table, in the same transaction.
- Seating (``round_seat``): tables of at most ``per_table``, sizes differing by at most one,
  dealt in one bulk write through ``games.tables.services.tables_deal_seated``. Duplicate
  deals (the organiser's choice, issue 31): the round's tables share one server seed, and
  the rummy option ``duplicate`` deals every deal from the seed and its number alone, so the
  tables of one size play the very same deals in the same order (tables of 5 and of 6 each
  their own: the seed is mixed with one empty seed per seat, games.tables.seeds); a late
  entrant's table, dealt afresh for one more, joins the next size's. The seed stays held
  until the round is over (or the tournament cancelled): a finished table's seed, replay or
  shown hands would give away the cards the others still play. Tie-break deals are
  ordinary deals. By rating, the
  players go round the tables in a snake (1 2 3 3 2 1 ...), so every table gets a mix; at
  random, shuffled first. Bye rule [decided]: a table of one can only arise with two to a
  table and an odd number left; then the first in the seating order (the best rated, or the
  first drawn) who has not had a bye yet in this tournament sits out the round and goes
  through (issue 31: the top seed was given one every round); only once everyone left has had
  one does the first in the order get a second.
- An entrant the organiser removed stays removed: never marked out, never placed, never seated
  again (issue 31: the round's end overwrote "removed" with "out" and gave them a place).
- ``tournament_round_check``: reads each finished table's result into the round: rank by the
  format's own ranking (a player who left the match ranks below everyone who did not), the top
  K qualify (K is at most one fewer than the table's size); a tie across the qualifying line
  starts a tie-break deal (a one-deal Points table) among the tied players only, repeated while
  they still tie. When every table is settled the round ends: the next seats the qualifiers
  afresh, the final when they fit one table; after the final, the standings.
"""

import math
import secrets
from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.moderation.audit import Target, audit_record
from accounts.notices.inbox import notices_send
from accounts.ratings.models import Rating
from games.engine.rummy.formats import competition_ranks
from games.news import publish
from games.sql import Rows, execute_together
from games.tables.models import MatchResult, Seat, TableStatus
from games.tables.seeds import server_seed_new
from games.tables.services import tables_cancelled, tables_deal_seated, tables_seed_release
from tournaments.models import (
    Entry,
    EntryStatus,
    Format,
    Round,
    RoundSeat,
    RoundTable,
    Seating,
    Tournament,
    TournamentStatus,
)
from tournaments.news import TournamentRoundOver
from tournaments.services.entering import check_in_opens_at
from tournaments.services.locked import tournament_link, tournament_locked
from tournaments.words import TOO_FEW

VARIANTS: dict[str, str] = {
    Format.POOL101: "pool101",
    Format.POOL201: "pool201",
    Format.DEALS: "deals2",
}
TIEBREAK_VARIANT = "points"
DONE = (TableStatus.FINISHED, TableStatus.ABANDONED)
# A round's rows are updated in plain SQL (games.sql): Django's ``bulk_update`` took 1.1 s of
# Python for a round of 1,000 players (issue 31: a transition under 2 s).
ROUND_TABLES, ROUND_SEATS, ENTRIES = Rows(RoundTable), Rows(RoundSeat), Rows(Entry)


def tournament_start(
    *, tournament_id: int, now: datetime | None = None, actor: User | None = None, reason: str = ""
) -> bool:
    """Start at the scheduled time (``actor`` given: the organiser's "start now", audited by
    the caller's act). Returns whether it started or was cancelled now."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament.status != TournamentStatus.SCHEDULED:
            return False
        if actor is None and tournament.starts_at > now:
            return False
        registered = Entry.objects.filter(tournament=tournament, status=EntryStatus.REGISTERED)
        # Those not checked in are no-shows only once check-in has opened: a "start now" before
        # its window (nobody could check in yet) seats everyone registered.
        if tournament.check_in_minutes and now >= check_in_opens_at(tournament):
            absent = list(registered.filter(checked_in=False).values_list("user_id", flat=True))
            registered.filter(checked_in=False).update(status=EntryStatus.NO_SHOW)
            _tell(tournament, absent, "tournament_no_show")
        present = list(registered.filter(status=EntryStatus.REGISTERED))
        if len(present) < max(tournament.min_entrants, 2):
            tournament_cancelled(tournament, actor=None, reason="", now=now)
            return True
        tournament.status, tournament.started_at = TournamentStatus.RUNNING, now
        tournament.save(update_fields=["status", "started_at"])
        entries_seeded(tournament, present)
        Entry.objects.filter(pk__in=[entry.pk for entry in present]).update(
            status=EntryStatus.PLAYING
        )
        round_seat(tournament, 1, present)
        return True


def tournament_cancelled(
    tournament: Tournament, *, actor: User | None, reason: str, now: datetime
) -> None:
    """Cancel inside the caller's lock: the tables still in play end as a moderator's do (no
    result, no rating change, audited with the reason; ``tables_cancelled``), in this one
    transaction, and everyone entered is told (why, if the organiser said)."""
    in_play = RoundTable.objects.filter(
        round__tournament=tournament, table__status__in=(TableStatus.OPEN, TableStatus.PLAYING)
    ).values_list("table_id", flat=True)
    tables_cancelled(actor=actor, table_ids=list(in_play), reason=reason or TOO_FEW)
    if tournament.duplicate_deals:
        # Every table of it is over now: the seeds the finished ones share may be shown.
        tables_seed_release(
            table_ids=RoundTable.objects.filter(round__tournament=tournament).values_list(
                "table_id", flat=True
            )
        )
    told = list(
        Entry.objects.filter(
            tournament=tournament,
            status__in=[EntryStatus.REGISTERED, EntryStatus.WAITING, EntryStatus.PLAYING],
        ).values_list("user_id", flat=True)
    )
    tournament.status, tournament.finished_at = TournamentStatus.CANCELLED, now
    tournament.save(update_fields=["status", "finished_at"])
    _tell(tournament, told, "tournament_cancelled", reason=reason)
    if actor is None:
        audit_record(
            actor=None,
            act="tournament_cancel",
            target=_target(tournament),
            reason=TOO_FEW,
            details={"entrants": len(told)},
        )


def round_seat(tournament: Tournament, number: int, entries: Sequence[Entry]) -> Round:
    """Seat ``entries`` for round ``number`` (inside the caller's lock), in a number of queries
    that does not grow with them."""
    order = list(entries)
    if tournament.seating == Seating.RANDOM:
        secrets.SystemRandom().shuffle(order)
    else:
        order.sort(key=lambda entry: (-entry.seed, entry.pk))
    final = len(order) <= tournament.per_table
    byes = (
        [order.pop(_bye_index(tournament, order))]
        if not final and tournament.per_table == 2 and len(order) % 2
        else []
    )
    count = 1 if final else math.ceil(len(order) / tournament.per_table)
    tables: list[list[Entry]] = [[] for _ in range(count)]
    for index, entry in enumerate(order):
        lap, place = divmod(index, count)
        tables[place if lap % 2 == 0 else count - 1 - place].append(entry)
    table_ids = _deal(tournament, [[entry.user_id for entry in table] for table in tables])
    rnd = Round.objects.create(tournament=tournament, number=number, final=final)
    round_tables = RoundTable.objects.bulk_create(
        RoundTable(round=rnd, table_id=table_id, number=index + 1)
        for index, table_id in enumerate(table_ids)
    )
    RoundSeat.objects.bulk_create(
        [
            *(
                RoundSeat(round=rnd, entry=entry, table=round_table, seat=seat)
                for round_table, table in zip(round_tables, tables, strict=True)
                for seat, entry in enumerate(table)
            ),
            *(RoundSeat(round=rnd, entry=entry, qualified=True) for entry in byes),
        ]
    )
    notices_send(
        notices=[
            (
                entry.user_id,
                # The final is named so (issue 31: notices called it "Round 2").
                "tournament_final_seated" if final else "tournament_round_seated",
                {"tournament": tournament.name, "round": number},
                f"/tables/{round_table.table_id}/",
            )
            for round_table, table in zip(round_tables, tables, strict=True)
            for entry in table
        ]
        + [
            (
                entry.user_id,
                "tournament_bye",
                {"tournament": tournament.name, "round": number},
                tournament_link(tournament.pk),
            )
            for entry in byes
        ]
    )
    return rnd


def _bye_index(tournament: Tournament, order: list[Entry]) -> int:
    """Who sits out: the first in the seating order without a bye in this tournament yet."""
    had = set(
        RoundSeat.objects.filter(round__tournament=tournament, table__isnull=True).values_list(
            "entry_id", flat=True
        )
    )
    return next((index for index, entry in enumerate(order) if entry.pk not in had), 0)


def tournament_round_check(*, tournament_id: int, now: datetime | None = None) -> bool:
    """Read the finished tables of the round being played; end the round when all are
    settled, and seat the next (unless paused) or record the standings. Idempotent: a second
    call finds nothing new. Returns whether anything changed."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        if tournament.status != TournamentStatus.RUNNING:
            return False
        rnd = tournament.rounds.order_by("-number").first()
        if rnd is None:
            return False
        if rnd.finished_at is not None:
            if tournament.paused or rnd.final:
                return False
            _next_round(tournament, rnd)
            return True
        done = list(
            RoundTable.objects.filter(round=rnd, settled=False, table__status__in=DONE)
            .select_related("table", "tiebreak_of")
            .order_by("number", "pk")
        )
        if not done:
            return False
        seats = {seat.entry.user_id: seat for seat in _round_seats(rnd)}
        results = {
            result.table_id: result
            for result in MatchResult.objects.filter(table_id__in=[rt.table_id for rt in done])
        }
        table_seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(table_id__in=[rt.table_id for rt in done]):
            table_seats.setdefault(seat.table_id, []).append(seat)
        changed: list[RoundSeat] = []
        lines = []
        for round_table in done:
            round_table.settled = True
            players = sorted(table_seats[round_table.table_id], key=lambda seat: seat.number)
            ranks = _ranks(players, results.get(round_table.table_id))
            scores = _scores(results.get(round_table.table_id), len(players))
            mine = [seats[player.user_id] for player in players if player.user_id in seats]
            if round_table.tiebreak_of is None:
                for mine_seat, rank, score in zip(mine, ranks, scores, strict=False):
                    mine_seat.rank, mine_seat.score = rank, score
                lines.append(round_table)
            else:
                # The tied shared their rank: the tie-break deal orders them within it.
                base = min(mine_seat.rank or 1 for mine_seat in mine)
                for mine_seat, rank in zip(mine, ranks, strict=False):
                    mine_seat.rank = base + rank - 1
                lines.append(round_table.tiebreak_of)
            changed += mine
        execute_together(
            [
                *ROUND_TABLES.update_many(done, ["settled"]),
                *ROUND_SEATS.update_many(changed, ["rank", "score"]),
            ]
        )
        by_table: dict[int, list[RoundSeat]] = {}
        for round_seat_row in seats.values():
            if round_seat_row.table_id is not None:
                by_table.setdefault(round_seat_row.table_id, []).append(round_seat_row)
        qualified: list[RoundSeat] = []
        ties: list[tuple[RoundTable, list[RoundSeat]]] = []
        for round_table in lines:
            marked, tied = _qualifying_line(tournament, rnd, by_table[round_table.pk])
            qualified += marked
            if tied:
                ties.append((round_table, tied))
        execute_together(ROUND_SEATS.update_many(qualified, ["qualified"]))
        _tiebreaks_deal(tournament, rnd, ties)
        if _round_over(rnd):
            _round_end(tournament, rnd, now)
        return True


def _ranks(seats: list[Seat], result: MatchResult | None) -> list[int]:
    """The format's ranking of the table; a player who left ranks below all who stayed (an
    abandoned table, with no result, ranks all equal)."""
    engine = result.result["ranks"] if result is not None else [1] * len(seats)
    return competition_ranks([(seat.left, rank) for seat, rank in zip(seats, engine, strict=True)])


def _scores(result: MatchResult | None, players: int) -> list[int | None]:
    return list(result.result["scores"]) if result is not None else [None] * players


def _qualifying_line(
    tournament: Tournament, rnd: Round, seats: list[RoundSeat]
) -> tuple[list[RoundSeat], list[RoundSeat]]:
    """Who qualifies at a table (its seats ranked): the seats marked, or, when the line runs
    through a tie, none marked and those tied across it (to play a tie-break deal)."""
    if rnd.final:
        return [], []
    qualifiers = min(tournament.qualifiers, len(seats) - 1)
    ranked = sorted(seats, key=lambda seat: seat.rank or 0)
    last_in, first_out = ranked[qualifiers - 1].rank, ranked[qualifiers].rank
    if last_in == first_out:
        return [], [seat for seat in ranked if seat.rank == last_in]
    for seat in seats:
        seat.qualified = (seat.rank or 0) < (first_out or 0)
    return seats, []


def _tiebreaks_deal(
    tournament: Tournament, rnd: Round, ties: list[tuple[RoundTable, list[RoundSeat]]]
) -> None:
    """A tie-break deal for each table whose line runs through a tie, among the tied only,
    all in one deal of tables (issue 31: one deal a tie made the round check's queries grow
    with the tables)."""
    if not ties:
        return
    table_ids = _deal(
        tournament,
        [[seat.entry.user_id for seat in tied] for _table, tied in ties],
        variant=TIEBREAK_VARIANT,
    )
    number = RoundTable.objects.filter(round=rnd).count()
    RoundTable.objects.bulk_create(
        RoundTable(round=rnd, table_id=table_id, number=number + index, tiebreak_of=round_table)
        for index, (table_id, (round_table, _tied)) in enumerate(
            zip(table_ids, ties, strict=True), 1
        )
    )
    notices_send(
        notices=[
            (
                seat.entry.user_id,
                "tournament_tiebreak",
                {"tournament": tournament.name, "round": rnd.number},
                f"/tables/{table_id}/",
            )
            for table_id, (_table, tied) in zip(table_ids, ties, strict=True)
            for seat in tied
        ]
    )


def _round_over(rnd: Round) -> bool:
    unsettled = RoundTable.objects.filter(round=rnd, settled=False).exists()
    undecided = RoundSeat.objects.filter(
        round=rnd, table__isnull=False, qualified__isnull=True
    ).exists()
    return not unsettled and (rnd.final or not undecided)


def _round_end(tournament: Tournament, rnd: Round, now: datetime) -> None:
    rnd.finished_at = now
    rnd.save(update_fields=["finished_at"])
    if tournament.duplicate_deals:
        tables_seed_release(
            table_ids=RoundTable.objects.filter(round=rnd).values_list("table_id", flat=True)
        )
    publish(TournamentRoundOver(tournament.pk, rnd.number, rnd.final))
    if rnd.final:
        _standings(tournament, rnd, now)
        return
    # A removed entrant was told so when removed: neither marked out nor told again.
    playing = RoundSeat.objects.filter(round=rnd, entry__status=EntryStatus.PLAYING)
    out = list(playing.filter(qualified=False).values_list("entry__user_id", "rank"))
    Entry.objects.filter(
        round_seats__round=rnd, round_seats__qualified=False, status=EntryStatus.PLAYING
    ).update(status=EntryStatus.OUT, out_round=rnd.number)
    ins = list(playing.filter(qualified=True).values_list("entry__user_id", flat=True))
    # The next round is the final when its players fit one table (``round_seat``).
    to_final = len(ins) <= tournament.per_table
    notices_send(
        notices=[
            (
                user_id,
                "tournament_out",
                {"tournament": tournament.name, "round": rnd.number, "rank": rank},
                tournament_link(tournament.pk),
            )
            for user_id, rank in out
        ]
        + [
            (
                user_id,
                "tournament_qualified_final" if to_final else "tournament_qualified",
                {"tournament": tournament.name, "round": rnd.number + 1},
                tournament_link(tournament.pk),
            )
            for user_id in ins
        ]
    )
    if not tournament.paused:
        _next_round(tournament, rnd)


def _next_round(tournament: Tournament, rnd: Round) -> None:
    players = list(
        Entry.objects.filter(
            round_seats__round=rnd, round_seats__qualified=True, status=EntryStatus.PLAYING
        ).order_by("pk")
    )
    round_seat(tournament, rnd.number + 1, players)


def _standings(tournament: Tournament, final: Round, now: datetime) -> None:
    """Places: the final table's ranking, then everyone else by the round they went out in
    (later is better) and their rank there; ties share a place."""
    rows = list(
        RoundSeat.objects.filter(round__tournament=tournament)
        .filter(Q(round=final) | Q(qualified=False))
        .exclude(entry__status=EntryStatus.REMOVED)
        .values_list("entry_id", "round__number", "rank", "entry__user_id")
    )
    keys = [(-number, rank or 0) for _entry, number, rank, _user in rows]
    places = competition_ranks(keys)
    # One write for every place (issue 31: one update per place grew with the rounds, and so
    # with the entrants).
    placed = [
        Entry(pk=entry, place=place) for (entry, *_r), place in zip(rows, places, strict=True)
    ]
    execute_together(ENTRIES.update_many(placed, ["place"]))
    winners = [user for (_e, _n, _r, user), place in zip(rows, places, strict=True) if place == 1]
    Entry.objects.filter(round_seats__round=final, status=EntryStatus.PLAYING).update(
        status=EntryStatus.FINALIST
    )
    tournament.status, tournament.finished_at = TournamentStatus.FINISHED, now
    tournament.winner_id = winners[0] if len(winners) == 1 else None
    tournament.save(update_fields=["status", "finished_at", "winner"])
    notices_send(
        notices=[
            (
                user,
                "tournament_finished",
                {"tournament": tournament.name, "place": place},
                tournament_link(tournament.pk),
            )
            for (_e, _n, _r, user), place in zip(rows, places, strict=True)
        ]
    )


def _round_seats(rnd: Round) -> list[RoundSeat]:
    """The round's seats in table and seat order: a tie-break deal seats the tied in the order
    they sat (PostgreSQL returns rows just updated in no set order)."""
    return list(
        RoundSeat.objects.filter(round=rnd).select_related("entry").order_by("table", "seat", "pk")
    )


def _deal(
    tournament: Tournament, players: list[list[int]], *, variant: str | None = None
) -> list[int]:
    """The tables of a round (or a round check's tie-break deals): ordinary tables, every seat
    a member, no bot ever (``stand_ins`` false); Deals play as many deals as the table has
    players. A round's with duplicate deals: one seed for all of them, held."""
    duplicate = tournament.duplicate_deals and variant is None
    shared_seed = server_seed_new() if duplicate else None
    variant = variant or VARIANTS[tournament.format]
    # One bulk write for all of them, whatever their sizes (issue 31: one a size made a round
    # of tables of 5 and of 6 take more queries than one of tables of 6 alone).
    return tables_deal_seated(
        creator_id=tournament.organiser_id,
        game=tournament.game,
        variant=variant,
        players=players,
        sized_options={
            size: table_options(variant, size, duplicate=duplicate)
            for size in {len(group) for group in players}
        },
        turn_seconds=tournament.turn_seconds,
        private=tournament.private,
        shared_seed=shared_seed,
    )


def table_options(variant: str, size: int, *, duplicate: bool = False) -> dict[str, object]:
    """A tournament table's options: no stand-in bot ever; Deals play one deal per player;
    duplicate deals where the organiser chose them (the rummy option, RM-2 .. RM-4)."""
    options: dict[str, object] = {"stand_ins": False}
    if variant == "deals2":
        options["deals"] = size
    if duplicate:
        options["duplicate"] = True
    return options


def entries_seeded(tournament: Tournament, entries: list[Entry]) -> None:
    """Each entry's seed: the member's rating as the tournament starts (seating by rating)."""
    ratings = dict(
        Rating.objects.filter(
            game=tournament.game, user_id__in=[entry.user_id for entry in entries]
        ).values_list("user_id", "ordinal")
    )
    for entry in entries:
        entry.seed = ratings.get(entry.user_id, 0.0)
    execute_together(ENTRIES.update_many(entries, ["seed"]))


def _tell(tournament: Tournament, user_ids: list[int], kind: str, **params: object) -> None:
    link = tournament_link(tournament.pk)
    notices_send(
        notices=[
            (
                user_id,
                kind,
                {"tournament": tournament.name, **params},
                link,
            )
            for user_id in user_ids
        ]
    )


def _target(tournament: Tournament) -> Target:
    return Target("tournament", tournament.pk, tournament.name)
