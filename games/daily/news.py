"""What the daily deal's writes tell after their commit (``games.news``; who hears it:
``config/subscribers.py``)."""

from dataclasses import dataclass

from games.news import News


@dataclass(frozen=True)
class DailyDealRotated(News):
    """Staff set or replaced the deal of ``game`` on ``day`` (ISO date): ``deal_id`` is the
    new deal, ``replaced_id`` the one it replaced (None: the day had none)."""

    game: str
    day: str
    deal_id: int
    replaced_id: int | None
