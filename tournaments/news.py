"""What a tournament's writes tell after their commit (``games.news``; who hears it:
``config/subscribers.py``)."""

from dataclasses import dataclass

from games.news import News


@dataclass(frozen=True)
class TournamentRoundOver(News):
    """Round ``round`` of ``tournament_id`` ended: every table settled, its players told
    whether they go on; ``final``: it was the final, and the standings are recorded. The next
    round (unless the tournament is paused) was seated in the same transaction."""

    tournament_id: int
    round: int
    final: bool
