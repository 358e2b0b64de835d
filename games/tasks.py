from celery import shared_task

from games.presence import announcement_send


@shared_task
def presence_announce(text: str, user_id: int | None = None) -> None:
    """Deliver ``text`` to a member's open sockets (or to everyone) from a worker process."""
    announcement_send(text=text, user_id=user_id)
