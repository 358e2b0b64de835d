from games.presence import BROADCAST_GROUP, user_group
from games.sockets import GuardedJsonConsumer


class PresenceConsumer(GuardedJsonConsumer):
    """A member's line to the site: a heartbeat, and announcements sent to them or to everyone.

    Members only: a visitor's handshake is refused (HTTP 403), because everything this socket
    carries is addressed to a person.
    """

    presence_groups: tuple[str, ...] = ()

    async def connect(self):
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close()
            return
        self.presence_groups = (user_group(user.pk), BROADCAST_GROUP)
        for group in self.presence_groups:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        for group in self.presence_groups:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def client_ping(self, message):
        await self.send_json({"type": "pong"})

    async def presence_announce(self, event):
        await self.send_json({"type": "announce", "text": event["text"]})
