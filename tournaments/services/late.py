"""Late entry into round 1 (issue 19, point 2), when the organiser allows it.

The rule [decided: the issue says "while its tables are still on their first deal"]: a late
entrant sits at a table of round 1 on which no move at all has been played yet, the same rule
for Pool and Deals. Nothing has been decided at such a table, so its deal is dealt afresh for
one more player (``games.tables.services.table_seat_add``) and nobody gains or loses by it; a
Deals table then plays one deal more (one per player). The table is one of the round's
smallest with room under the tournament's table size, so sizes still differ by at most one.
No bot ever takes the seat: the member sits there, or is refused with the reason.
"""

from django.db import transaction

from accounts.notices.inbox import notices_send
from games.tables.refusals import TableRefusal
from games.tables.services import table_seat_add
from tournaments import selectors
from tournaments.models import Entry, EntryStatus, RoundSeat, TournamentStatus
from tournaments.refusals import TournamentRefusal
from tournaments.services.entering import entry_admissible
from tournaments.services.locked import tournament_locked
from tournaments.services.rounds import VARIANTS, entries_seeded, table_options

# An entry in one of these may come in late: never entered, or out before the start.
MAY_COME_LATE = (EntryStatus.WITHDRAWN, EntryStatus.NO_SHOW)


def tournament_join_late(*, tournament_id: int, user_id: int, invite: str | None = None) -> int:
    """Seat the member at a table of round 1 still on its first deal; returns its table id.
    Locks the tournament's row (two late entrants for the last place: one waits for the
    other, then reads the seat taken), then the table's. Refusals change nothing."""
    with transaction.atomic():
        tournament = tournament_locked(tournament_id)
        entry = entry_admissible(tournament, user_id=user_id, invite=invite)
        if entry is not None and entry.status not in MAY_COME_LATE:
            raise TournamentRefusal("already_in")
        if tournament.status != TournamentStatus.RUNNING or not tournament.late_entry:
            raise TournamentRefusal("no_late_entry")
        if RoundSeat.objects.filter(round__tournament=tournament).count() >= (
            tournament.max_entrants
        ):
            # Its own reason: "full" speaks of a wait list, which late entry has none of.
            raise TournamentRefusal("no_late_room")
        for round_table in selectors.late_entry_tables(tournament):
            size = round_table.table.seat_count + 1
            try:
                seat = table_seat_add(
                    table_id=round_table.table_id,
                    user_id=user_id,
                    options=table_options(
                        VARIANTS[tournament.format],
                        size,
                        duplicate=tournament.duplicate_deals,
                    ),
                )
            except TableRefusal:
                continue  # its first move was played since it was read: the next table
            if entry is None:
                entry = Entry(tournament=tournament, user_id=user_id)
            entry.status, entry.checked_in = EntryStatus.PLAYING, True
            entry.save()
            entries_seeded(tournament, [entry])
            RoundSeat.objects.create(
                round_id=round_table.round_id, entry=entry, table=round_table, seat=seat
            )
            _tell(tournament.name, round_table.table_id, user_id)
            return round_table.table_id
        raise TournamentRefusal("no_late_seat")


def _tell(name: str, table_id: int, user_id: int) -> None:
    """The late entrant where to sit; the others at the table why their cards changed."""
    link = f"/tables/{table_id}/"
    others = RoundSeat.objects.filter(table__table_id=table_id).exclude(entry__user_id=user_id)
    notices_send(
        notices=[
            (user_id, "tournament_round_seated", {"tournament": name, "round": 1}, link),
            *(
                (other, "tournament_late_entrant", {"tournament": name}, link)
                for other in others.values_list("entry__user_id", flat=True)
            ),
        ]
    )
