"""The tournament's row locked for the current transaction, and what every write says after
its commit (``PageChanged("tournament", id)``: the page pushes at most once a second)."""

from django.db import transaction

from games.news import PageChanged, publish
from tournaments.models import Tournament
from tournaments.refusals import TournamentRefusal


def tournament_locked(tournament_id: int) -> Tournament:
    """Lock the row (call inside ``transaction.atomic``); the page will be told it changed."""
    assert transaction.get_connection().in_atomic_block
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise TournamentRefusal("no_tournament")
    publish(PageChanged("tournament", str(tournament_id)))
    return tournament


def tournament_link(tournament_id: int) -> str:
    return f"/tournaments/{tournament_id}/"
