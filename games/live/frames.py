"""The frames a table socket sends: one seat's view of one snapshot, never a shared one, built
by ``games.frames`` from what the snapshot says and the time it is now.

The last move's ``text`` is its public events in the reader's words (``games.frames.told``):
the page shows it as it is. The frames' shapes are ``games.frames.shapes``.
"""

import dataclasses

from django.utils import timezone
from django.utils.translation import get_language

from games.frames import state as frames
from games.frames.shapes import ReplayFrame, StateFrame
from games.frames.told import told_move
from games.tables.selectors import TableSnapshot


def table_facts(snapshot: TableSnapshot, *, language: str | None = None) -> frames.TableFacts:
    """What ``snapshot`` shows everyone now, its last move in ``language`` (``None``: the
    active one, as a page's request has it).

    Each socket of a table renders the same snapshot for its own seat, so the facts are
    worked out by the first of them and kept on the snapshot (issue 34: a Pitch move's four
    frames did it four times), by language and by what depends on the time (whether the pause
    between deals still shows, whether a daily deal's hands are still sealed), which is read
    anew for each frame."""
    language = language or get_language()
    now = timezone.now()
    until = snapshot.paused_until
    paused = until is not None and snapshot.status == "playing" and now < until
    secret_until = snapshot.hands_secret_until
    # A daily deal's hands, before its day is over, sealed (no spoilers).
    sealed = secret_until is not None and now < secret_until
    key = (language, paused, sealed)
    facts: frames.TableFacts | None = snapshot.shared.get(key)
    if facts is None:
        facts = snapshot.shared[key] = frames.TableFacts(
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
            # The pause between deals, while it lasts (its end is read on the row, as the
            # jobs do).
            pause={"until": until.isoformat()} if paused and until is not None else None,
            rematch=snapshot.rematch,
            sealed=sealed,
            told=snapshot.told,
            put_off=frozenset(snapshot.seats_put_off()),
            language=language,
        )
    return facts


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
