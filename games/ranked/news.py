"""What the ranked queue's writes tell the rest (``games.news``): tables formed and dealt for
bot accounts, whose programs hear of them on their event streams (issue 35); people hear by
their queue page and Web Push (``reach``) instead."""

from dataclasses import dataclass

from games.news import News


@dataclass(frozen=True)
class FormedTable:
    """A table the forming pass formed (``QueueOffer`` ``offer_id``), to be accepted by its
    members before ``expires_at`` (ISO 8601); ``bots`` are the bot accounts among them."""

    offer_id: int
    game: str
    variant: str
    seats: int
    expires_at: str
    bots: tuple[int, ...]


@dataclass(frozen=True)
class RankedTablesFormed(News):
    """The tables of one forming pass that seat a bot account (only those: nobody else hears
    of a table formed through this)."""

    tables: tuple[FormedTable, ...]


@dataclass(frozen=True)
class RankedTableDealt(News):
    """Every member accepted: the match of table ``table_id`` is dealt, with bot accounts
    ``bots`` among its players."""

    table_id: int
    bots: tuple[int, ...]
