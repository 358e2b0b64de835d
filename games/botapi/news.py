"""What the bot API's writes tell the account streams (``games.news``)."""

from dataclasses import dataclass

from games.news import News


@dataclass(frozen=True)
class AccountTold(News):
    """Something for the streams of account ``user_id``: ``line`` is the JSON they send
    (``{"type": "invitation", ...}``, ``{"type": "seated", "table": id}``)."""

    user_id: int
    line: dict[str, object]
