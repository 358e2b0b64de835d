"""The frames a table socket sends: one seat's view of one snapshot, never a shared one, built
by ``games.frames`` from what the snapshot says and the time it is now.

The last move's ``text`` is its public events in the reader's words (``games.frames.told``):
the page shows it as it is. The frames' shapes are ``games.frames.shapes``.
"""

import dataclasses

from django.utils import timezone

from games.frames import state as frames
from games.frames.shapes import Pause, ReplayFrame, StateFrame
from games.frames.told import told_move
from games.tables.selectors import TableSnapshot


def table_facts(snapshot: TableSnapshot, *, language: str | None = None) -> frames.TableFacts:
    """What ``snapshot`` shows everyone now, its last move in ``language`` (``None``: the
    active one, as a page's request has it)."""
    secret_until = snapshot.hands_secret_until
    return frames.TableFacts(
        table=snapshot.id,
        game=snapshot.game,
        variant=snapshot.variant,
        version=snapshot.version,
        revision=snapshot.revision,
        status=snapshot.status,
        seats=[info.to_json() for info in snapshot.seats],
        last_move=told_move(
            snapshot.last_move,
            snapshot.game,
            language=language,
            key=(snapshot.id, snapshot.revision),
        ),
        deadline=snapshot.deadline.isoformat() if snapshot.deadline else None,
        pause=_pause(snapshot),
        rematch=snapshot.rematch,
        # A daily deal's hands, before its day is over, sealed (no spoilers).
        sealed=secret_until is not None and timezone.now() < secret_until,
        told=snapshot.told,
        put_off=frozenset(snapshot.seats_put_off()),
        language=language,
    )


def state_frame(
    snapshot: TableSnapshot, seat: int | None, *, language: str | None = None
) -> StateFrame:
    """The frame of ``seat`` (``None``: a spectator); its words in ``language``."""
    return frames.state_frame(table_facts(snapshot, language=language), snapshot.match, seat)


def replay_frame(
    snapshot: TableSnapshot, steps: int, *, language: str | None = None
) -> ReplayFrame:
    """The frame of a replay's step (``snapshot``: the finished table at ``version`` the step,
    with the match as it stood after that move, and that move as its last) of ``steps``."""
    assert snapshot.match is not None
    facts = table_facts(dataclasses.replace(snapshot, status="playing"), language=language)
    return frames.replay_frame(facts, snapshot.match, steps)


def _pause(snapshot: TableSnapshot) -> Pause | None:
    """The pause between deals, while it lasts (its end is read on the row, as the jobs do)."""
    until = snapshot.paused_until
    if until is None or snapshot.status != "playing" or until <= timezone.now():
        return None
    return {"until": until.isoformat()}
