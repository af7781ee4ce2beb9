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

from search import clock, stopping
from search.base import Budget, SearchError
from search.rootstats import RootStats, merge

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


def run_tasks(
    function: Callable[..., Any],
    calls: Sequence[tuple],
    workers: int,
    on_result: Optional[Callable[[list], None]] = None,
) -> list[Any]:
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
        raise SearchError(
            f"a search worker process died ({exc}); try again or use workers=1"
        ) from None


def split(total: int, parts: int) -> list[int]:
    """`total` as `parts` near-equal shares, the larger ones first."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def shares(budget: Budget, iterations: int, parts: int) -> list[int]:
    """The iteration limit of each of `parts` searches sharing `budget`: an iteration
    budget is shared out; under a time limit each may run unlimited."""
    if budget.iterations is not None:
        return split(iterations, parts)
    return [iterations] * parts


def movetime_each(budget: Budget, start: float, rounds: int = 1) -> Optional[float]:
    """The movetime (ms) of each of `rounds` searches run one after another from now,
    in what is left of the budget since the clock read `start`; None if
    untimed. Each search times itself, so what this process spent is deducted."""
    if budget.movetime_ms is None:
        return None
    return max(1.0, (budget.movetime_ms - (clock.now() - start) * 1000.0) / rounds)


def check_stoppable(budget: Budget, workers: int) -> None:
    """A search until `stop` cannot be spread over processes, which never see it."""
    if workers > 1 and budget.movetime_ms == stopping.UNTIL_STOPPED_MS:
        raise SearchError(f"a search until stop runs in one process: use workers=1, not {workers}")


def root_parallel(
    task: Callable[..., RootStats],
    call: Callable[[int, Optional[float], int], tuple],
    budget: Budget,
    iterations: int,
    workers: int,
    rng,
    start: float,
) -> RootStats:
    """Root parallelism: `workers` independent searches of one position, each
    `task(*call(iterations, movetime_ms, seed))` with its share of the budget and a
    seed drawn from `rng`, their root statistics summed (rootstats.merge)."""
    check_stoppable(budget, workers)
    movetime = movetime_each(budget, start)
    calls = [
        call(share, movetime, rng.next_u64())
        for share in shares(budget, iterations, workers)
        if share > 0
    ]
    return merge(run_tasks(task, calls, workers))


@atexit.register
def _shutdown() -> None:
    for executor in _POOLS.values():
        executor.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()
