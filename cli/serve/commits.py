"""The one path by which a room or a table changes (cli/serve/hub.py, tables.py): the
change is made on a draft, a copy of the live session; the draft is written to the
store; only once that has committed does the draft's content become the live one.
A change the store refuses leaves the session as it was, in memory and on disk, and
the person reads SAVE_FAILED.

A session is anything with `id`, `version`, `draft()` (a copy that can change
without touching the original) and `adopt(draft)` (take over a draft's content, so
that every holder of the session sees it). One session's changes land one at a
time, each on the version the one before left.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable, Optional

from cli.serve.errors import RoomError
from engine.errors import CadenzaError

log = logging.getLogger("cadenza.serve")
SAVE_FAILED = "the game could not be saved, try again"
# A change that must land (the AI's move, chance, a graph point) is written again
# this often (seconds) while the store refuses it.
RETRY_EVERY = 2.0


class NotSaved(RoomError):
    """The store refused the change: nothing changed."""

    def __init__(self):
        super().__init__(SAVE_FAILED)


class MovedOn(RoomError):
    """Another change landed first: this one, made for the version before, is dropped."""

    def __init__(self):
        super().__init__("the game has moved on: try again")


class Commits:
    def __init__(self):
        self.locks: dict[str, list] = {}  # session id -> [its lock, changes using it]

    async def land(
        self,
        live,
        change: Callable,
        write: Callable[[object], Awaitable],
        since: Optional[int] = None,
    ):
        """`change(draft)`'s answer, once `write(draft)` has committed and the live
        session has the draft's content. A RoomError from `change`, MovedOn (the live
        version is not `since` any more) or NotSaved: nothing changed.

        A caller cancelled meanwhile (the room's search dropped) does not stop the
        write: whatever the store commits, memory has too."""
        task = asyncio.ensure_future(self._land(live, change, write, since))
        task.add_done_callback(_seen)
        return await asyncio.shield(task)

    async def land_in_time(self, live, change, write, since: Optional[int] = None, refused=None):
        """land, written again every RETRY_EVERY seconds while the store refuses it;
        `refused()` is called after the first refusal."""
        while True:
            try:
                return await self.land(live, change, write, since)
            except NotSaved:
                if refused is not None:
                    await refused()
                    refused = None
                await asyncio.sleep(RETRY_EVERY)

    async def _land(self, live, change, write, since):
        entry = self.locks.setdefault(live.id, [asyncio.Lock(), 0])
        entry[1] += 1
        try:
            async with entry[0]:
                if since is not None and live.version != since:
                    raise MovedOn()
                draft = live.draft()
                answer = change(draft)
                await saved(write(draft), live.id)
                live.adopt(draft)
                return answer
        finally:
            entry[1] -= 1
            if not entry[1]:
                del self.locks[live.id]  # nobody waits: a new lock next time


async def saved(write: Awaitable, what: str):
    """Await a write of the store (its answer); NotSaved, the reason logged, if the
    store fails (a CadenzaError is the request's own fault, and passes as it is)."""
    try:
        return await write
    except CadenzaError:
        raise
    except Exception:
        log.exception("%s: the store refused a change", what)
        raise NotSaved() from None


def _seen(task: asyncio.Task) -> None:
    """A change whose caller was cancelled: its failure was logged, not lost."""
    if not task.cancelled():
        task.exception()
