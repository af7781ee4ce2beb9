"""The one hint search of `cadenza serve`, for a room's seat (hub.py) and for a
table (tables.py) alike: the mover's best HINT_TOP decisions, searched in the
server's queue from a position the seat may know, each given as its session asks
(its action ids, notation or words), and dropped if the session moved on
meanwhile."""

from __future__ import annotations

from typing import Callable

from cli.serve.ai import hints_job
from cli.serve.errors import RoomError

HINT_TOP = 3


async def hints_message(
    searches,
    owner: str,
    session,
    game_name: str,
    position: str,
    spec: str,
    seed: int,
    start,
    fields: dict[str, Callable],
) -> dict:
    """The `hints` message of `session`: the search of `position` (JSON) at the seat
    spec `spec`; each hint lists `fields[key](state, action)` under `key` for each
    of its actions, played on from `start`."""
    version = session.version
    found = await searches.run(owner, hints_job, game_name, position, spec, seed, HINT_TOP)
    if session.version != version:
        raise RoomError("the game moved on while the hint was searched")
    hints = []
    for actions, value, reason in found:
        scratch = start.clone()
        hint = {key: [] for key in fields}
        for action in actions:
            for key, field in fields.items():
                hint[key].append(field(scratch, action))
            scratch.apply(action)
        hints.append({**hint, "value": value, "reason": reason})
    return {"type": "hints", "version": version, "hints": hints}
