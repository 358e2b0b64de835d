"""What a profile write tells the rest of the site (``games.news``; reactions listed in
``config/subscribers.py``)."""

from dataclasses import dataclass

from games.news import News


@dataclass(frozen=True)
class RankedBotsRefusalChanged(News):
    """``member_id`` now refuses (or no longer refuses) bots in ranked play: a ranked queue
    they wait in follows it at once (``games.ranked``)."""

    member_id: int
    refused: bool
