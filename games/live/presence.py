"""Channel groups of the presence socket, and the one way to put a message into them."""

from typing import Literal, TypedDict

from channels.layers import get_channel_layer

from games.live.groups import user_group
from games.live.sendloop import send_loop_run

BROADCAST_GROUP = "presence.all"


class AnnounceEvent(TypedDict):
    """What the presence sockets of a group are told to show."""

    type: Literal["presence.announce"]
    text: str


def announcement_send(*, text: str, user_id: int | None = None) -> None:
    """Send ``text`` to one member's sockets, or to everyone connected when ``user_id`` is None."""
    group = BROADCAST_GROUP if user_id is None else user_group(user_id)
    layer = get_channel_layer()
    assert layer is not None  # CHANNEL_LAYERS is always set (config/settings.py)
    event: AnnounceEvent = {"type": "presence.announce", "text": text}
    send_loop_run(layer.group_send(group, dict(event)))
