"""The server-wide queue of searches (`cadenza serve --max-searches`): at most that
many run in the pool at once, the rest wait in order, and each waiting room can be
told how many are ahead of it.

A running search reports its progress (search/progress.py) through one
multiprocessing queue that a reader thread hands to the event loop, so the loop
never waits on a search. A cancelled search (the room's people left, or resigned)
has its answer dropped and is asked to stop: each slot of the cap has a shared mark
holding the id of the job allowed to run in it, and a job whose mark changed stops
at its searcher's next checkpoint (search/stopping.py). Its slot is free again
only once its process is done with it, so the cap counts what really runs.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import threading
from collections import deque
from typing import Callable, Optional

from cli.serve.ai import AiPool

NO_JOB = -1


class Searches:
    def __init__(self, workers: int, limit: Optional[int] = None):
        self.limit = workers if limit is None else limit
        context = multiprocessing.get_context("spawn")
        self.progress = context.Queue()
        self.marks = context.Array("q", [NO_JOB] * self.limit, lock=False)
        self.pool = AiPool(workers, self.progress, self.marks)
        self.free = list(range(self.limit))
        self.waiting: deque = deque()  # (owner, future for a slot)
        self.listeners: dict[int, Callable[[dict], None]] = {}
        self.ids = itertools.count(1)
        self.on_queue: Callable[[list[str]], None] = lambda owners: None
        self.loop: Optional[asyncio.AbstractEventLoop] = None
        self.reader: Optional[threading.Thread] = None

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.reader = threading.Thread(target=self._read, name="cadenza-progress", daemon=True)
        self.reader.start()
        self.pool.warm()

    def shutdown(self) -> None:
        self.progress.put(None)
        self.pool.shutdown()

    def queued(self) -> list[str]:
        """The owners of the waiting searches, first in line first."""
        return [owner for owner, _ in self.waiting]

    async def run(self, owner: str, job, *args, on_progress: Optional[Callable] = None):
        """`job(*args, ticket=...)` in the pool once a slot is free; its answer. A
        cancelled caller leaves the queue, or stops its running search."""
        slot = await self._slot(owner)
        job_id = next(self.ids)
        self.marks[slot] = job_id
        if on_progress is not None:
            self.listeners[job_id] = on_progress
        future = self.pool.executor.submit(job, *args, ticket=(slot, job_id))
        future.add_done_callback(
            lambda _: self.loop.call_soon_threadsafe(self._release, slot, job_id)
        )
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            self.marks[slot] = NO_JOB  # asks the search to stop; its answer is dropped
            raise
        finally:
            self.listeners.pop(job_id, None)

    async def _slot(self, owner: str) -> int:
        if self.free and not self.waiting:
            return self.free.pop()
        waiter = self.loop.create_future()
        entry = (owner, waiter)
        self.waiting.append(entry)
        self.on_queue(self.queued())
        try:
            return await waiter
        except asyncio.CancelledError:
            if entry in self.waiting:
                self.waiting.remove(entry)
                self.on_queue(self.queued())
            elif waiter.done() and not waiter.cancelled():
                self._give(waiter.result())  # handed a slot just as it was cancelled
            raise

    def _release(self, slot: int, job_id: int) -> None:
        if self.marks[slot] in (job_id, NO_JOB):
            self.marks[slot] = NO_JOB
        self._give(slot)

    def _give(self, slot: int) -> None:
        while self.waiting:
            _, waiter = self.waiting.popleft()
            if not waiter.done():
                waiter.set_result(slot)
                self.on_queue(self.queued())
                return
        self.free.append(slot)
        self.on_queue(self.queued())

    def _read(self) -> None:
        while True:
            item = self.progress.get()
            if item is None:
                return
            self.loop.call_soon_threadsafe(self._report, *item)

    def _report(self, job_id: int, report: dict) -> None:
        listener = self.listeners.get(job_id)
        if listener is not None:
            listener(report)
