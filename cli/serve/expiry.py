"""Rooms and tables nobody has used for a while are removed, from memory and from
the store: `cadenza serve --expire` says how long (30 days unless told). One is idle
from its last change or the last time a page joined or left it; one with a page
open never expires."""

from __future__ import annotations

import asyncio
import logging
import re
import time

from engine.errors import CadenzaError

log = logging.getLogger("cadenza.serve")
DEFAULT_EXPIRE = "30d"
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
LONGEST_SWEEP = 3600.0  # seconds between two looks at the rooms, at most


def parse_duration(text: str) -> float:
    """Seconds in `text`: a number and a unit, s, m, h or d ("90m", "30d")."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd])\s*", str(text).lower())
    if found is None or float(found[1]) <= 0:
        raise ValueError(f"a duration is a number above 0 and s, m, h or d, got {text!r}")
    return float(found[1]) * UNITS[found[2]]


async def sweep(hub, tables, idle: float, now: float) -> list[str]:
    """Remove the rooms and tables idle for `idle` seconds at `now`; what went."""
    gone = []
    for kind, live, is_open, remove in (
        ("room", hub.rooms, hub.sockets.get, hub.remove),
        ("table", tables.tables, tables.open.get, tables.remove),
    ):
        for session in list(live.values()):
            if is_open(session.id) or now - session.touched < idle:
                continue
            try:
                await remove(session)
            except CadenzaError:  # the store refused (logged): it stays, tried next time
                continue
            gone.append(f"{kind} {session.id}")
    if gone:
        log.info("removed, idle: %s", ", ".join(gone))
    return gone


async def expire_idle(hub, tables, idle: float) -> None:
    """Sweep every quarter of `idle` (at most hourly) until cancelled."""
    every = min(max(idle / 4, 0.1), LONGEST_SWEEP)
    while True:
        await asyncio.sleep(every)
        await sweep(hub, tables, idle, time.time())
