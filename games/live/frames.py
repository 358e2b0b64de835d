"""The frames a table socket sends: one seat's view of one snapshot, never a shared one.

    {"type": "state", "version": N, "revision": R, "status": ..., "seat": s | None,
     "view": match.view(s), "legal": [...], "deadline": iso | None, "seats": [...],
     "last_move": {...} | None}

Spectators (``seat`` None) and a member who left the match get no legal actions.
"""

from typing import Any

from games.tables.selectors import TableSnapshot


def state_frame(snapshot: TableSnapshot, seat: int | None) -> dict[str, Any]:
    match = snapshot.match
    playing = match is not None and snapshot.status == "playing"
    # A member who left the match still sees their seat, but a bot makes its moves.
    acting = seat is not None and not snapshot.seats[seat].left
    return {
        "type": "state",
        "table": snapshot.id,
        "game": snapshot.game,
        "variant": snapshot.variant,
        "version": snapshot.version,
        "revision": snapshot.revision,
        "status": snapshot.status,
        "seat": seat,
        "view": match.view(seat) if match is not None else None,
        "legal": match.legal_actions(seat) if playing and acting else [],
        "deadline": snapshot.deadline.isoformat() if snapshot.deadline and playing else None,
        "seats": [info.to_json() for info in snapshot.seats],
        "last_move": snapshot.last_move,
    }
