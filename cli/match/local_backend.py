"""Running the games of a match in local worker processes: the default backend,
with nothing to start or install."""

from __future__ import annotations

import queue
import threading
from typing import Callable, Iterable, Iterator

from cli.match.referee import GameJob, Referee


class LocalBackend:
    """`workers` referees, each with its own worker process, fed from one queue by a
    thread apiece (the threads only wait on pipes: the games run in the workers)."""

    def __init__(self, workers: int, registry_factory: Callable):
        self.workers = workers
        self.registry_factory = registry_factory

    def run(self, jobs: Iterable[GameJob]) -> Iterator[dict]:
        pending: queue.Queue = queue.Queue()
        for job in jobs:
            pending.put(job)
        results: queue.Queue = queue.Queue()
        stop = threading.Event()
        count = max(1, min(self.workers, pending.qsize()))
        threads = [
            threading.Thread(
                target=self._work,
                args=(pending, results, stop),
                name=f"cadenza-referee-{i}",
                daemon=True,
            )
            for i in range(count)
        ]
        for thread in threads:
            thread.start()
        finished = 0
        try:
            while finished < count:
                item = results.get()
                if item is None:
                    finished += 1
                elif isinstance(item, BaseException):
                    raise item
                else:
                    yield item
        finally:
            stop.set()
            for thread in threads:
                thread.join()

    def _work(self, pending: queue.Queue, results: queue.Queue, stop: threading.Event) -> None:
        referee = Referee(self.registry_factory, stop)
        try:
            while not stop.is_set():
                try:
                    job = pending.get_nowait()
                except queue.Empty:
                    break
                record = referee.play(job)
                if record is not None:
                    results.put(record)
        except BaseException as exc:  # a bug in the referee: report it, not hang the match
            results.put(exc)
        finally:
            if stop.is_set():
                referee.kill()
            else:
                referee.close()
            results.put(None)
