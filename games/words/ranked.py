"""What the ranked queue says to a member it reaches (issue 32): a table formed for them, to
accept within seconds, so by Web Push alone (``games.ranked.services``)."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.catalogue import CATALOGUE_BY_SLUG

# games.ranked.services.TABLE_FORMED: the words may not import the queue (it imports tables).
TABLE_FORMED = "ranked.table_formed"


def table_formed(values: Mapping[str, Any]) -> str:
    """``Your ranked Court Piece table is ready: accept it within 20 seconds.``"""
    game = CATALOGUE_BY_SLUG.get(str(values.get("game", "")))
    seconds = int(values.get("seconds", 0))
    return ngettext(
        "Your ranked %(game)s table is ready: accept it within %(seconds)s second.",
        "Your ranked %(game)s table is ready: accept it within %(seconds)s seconds.",
        seconds,
    ) % {"game": game.name if game else "", "seconds": seconds}


NOTICES = {TABLE_FORMED: table_formed}
REASONS = {
    TABLE_FORMED: _(
        "When a ranked table forms for you (by push notification only: an e-mail would come "
        "too late to accept it)"
    ),
}
