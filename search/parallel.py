"""Root parallelism over processes: run independent searches in worker processes
and hand back their results in submission order (merge them with rootstats.merge).

Processes, not threads, so each search has a core and its own interpreter; states
travel to the workers through pickling, which the State class routes through its
exact JSON round trip. Pools are kept per worker count for the life of the process,
so only the first parallel search pays for starting them. The "forkserver" start
method is used because the engine may run searches beside other threads, and
forking a threaded process can deadlock. As with any non-fork start method, a
program that starts a parallel search from a script must keep its top level under
`if __name__ == "__main__":` (workers import the main module).
"""
from __future__ import annotations

import atexit
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Optional, Sequence

from search.base import SearchError

_POOLS: dict[int, ProcessPoolExecutor] = {}
# Modules the fork server imports once, so each worker starts with them loaded.
_PRELOAD = ["engine.state", "search.mcts", "search.mcts_searcher"]


def pool(workers: int) -> ProcessPoolExecutor:
    """The shared pool of `workers` processes, started on first use."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SearchError(f"workers must be a positive integer, got {workers!r}")
    executor = _POOLS.get(workers)
    if executor is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_PRELOAD)
        executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        _POOLS[workers] = executor
    return executor


def warm_up(workers: int) -> None:
    """Start the pool's processes now (without waiting), so that the first timed
    search does not pay for it."""
    executor = pool(workers)
    for _ in range(workers):
        executor.submit(int, 0)


def run_tasks(function: Callable[..., Any], calls: Sequence[tuple], workers: int,
              on_result: Optional[Callable[[list], None]] = None) -> list[Any]:
    """`function(*args)` for each args in `calls`, spread over `workers` processes;
    the results in the order of `calls`. `function` must be importable by name.
    `on_result(results so far)` is called as each result comes in, in order."""
    results: list[Any] = []

    def collect(result: Any) -> None:
        results.append(result)
        if on_result is not None:
            on_result(results)

    if workers == 1 or len(calls) <= 1:
        for args in calls:
            collect(function(*args))
        return results
    try:
        futures = [pool(workers).submit(function, *args) for args in calls]
        for future in futures:
            collect(future.result())
        return results
    except BrokenProcessPool as exc:
        # A dead pool stays dead: drop it so the next search starts a fresh one.
        _POOLS.pop(workers, None)
        raise SearchError(f"a search worker process died ({exc}); try again or use workers=1") from None


def split(total: int, parts: int) -> list[int]:
    """`total` as `parts` near-equal shares, the larger ones first."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


@atexit.register
def _shutdown() -> None:
    for executor in _POOLS.values():
        executor.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()
