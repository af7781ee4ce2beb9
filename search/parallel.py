"""Parallel searches in threads: root parallelism (several independent trees of one
position, read as one through treesummary.PooledEdges), tree parallelism
(several searches growing one shared tree, SharedTree) and pimc's determinizations
spread over `workers`.

Threads, not processes: the compiled searches run their iterations without the GIL
(each makes its states a batch at a time, with it), so N threads keep N cores busy
with no pickling and no process start-up, and each thread runs in a copy of the
caller's context, so a stop request (search/stopping.py) and a progress listener
(search/progress.py) reach it. Only compiled states can be searched, so no search
holds the GIL for long.
"""

from __future__ import annotations

import contextvars
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional, Sequence

from search import clock
from search.base import Budget
from search.common import check_workers, iteration_limit
from search.rootstats import RootStats, headline
from search.timing import run_sliced, run_until_settled
from search.treesummary import PooledEdges, Several, TreeEdges, line_settled, summarize


def run_tasks(
    function: Callable[..., Any],
    calls: Sequence[tuple],
    workers: int,
    on_result: Optional[Callable[[list], None]] = None,
) -> list[Any]:
    """`function(*args)` for each args in `calls`, spread over `workers` threads; the
    results in the order of `calls` (an exception in one is raised here).
    `on_result(results so far)` is called in this thread as each result comes in, in
    order."""
    check_workers(workers)
    results: list[Any] = []

    def collect(result: Any) -> None:
        results.append(result)
        if on_result is not None:
            on_result(results)

    if workers == 1 or len(calls) <= 1:
        for args in calls:
            collect(function(*args))
        return results
    with ThreadPoolExecutor(max_workers=min(workers, len(calls))) as executor:
        # A context can be entered by one thread at a time: one copy per call.
        futures = [
            executor.submit(contextvars.copy_context().run, function, *args) for args in calls
        ]
        for future in futures:
            collect(future.result())
    return results


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
    untimed. Each search times itself, so what was spent already is deducted."""
    if budget.movetime_ms is None:
        return None
    return max(1.0, (budget.movetime_ms - (clock.now() - start) * 1000.0) / rounds)


class SharedTree(Several):
    """Tree parallelism: `searches` that grow one tree (the first one's: see
    UctSearch.share_tree), each in a thread of `executor`. It is itself a search:
    `run` runs them all, sharing out the iterations, until every one has stopped,
    so that between two calls nothing grows the tree and the caller may read it
    (timing.py's slices: the settled test, progress, a stop). With an iteration
    budget the answer depends on how the threads interleave, not on the seed only."""

    def __init__(self, searches: Sequence[Any], executor: ThreadPoolExecutor):
        super().__init__(searches)
        self.searches = self.parts
        self.executor = executor

    @property
    def tree(self):
        return self.searches[0].tree

    def run(self, iterations: int, deadline: Optional[float] = None) -> int:
        parts = split(iterations, len(self.searches))
        calls = [
            self.executor.submit(search.run, share, deadline)
            for search, share in zip(self.searches, parts, strict=True)
            if share > 0
        ]
        return sum(call.result() for call in calls)


# Iterations each tree runs before it looks at the clock, so its root has a visited
# child to answer with whatever the clock says.
FIRST_ITERATIONS = 2


def root_parallel(
    new_tree: Callable[[int], TreeEdges],
    seat: int,
    budget: Budget,
    workers: int,
    rng,
    start: float,
    stop_early: bool = False,
    final: str = "visits",
) -> RootStats:
    """Root parallelism: `workers` independent trees `new_tree(seed)` of one position,
    seeds drawn from `rng` in order, each grown in its own thread with its share of
    the budget's iterations (common.iteration_limit) until its deadline (or a stop),
    then read for `seat` as one tree (treesummary.PooledEdges: visits and returns
    summed per action at the root and at every later step of a line). With an
    iteration budget the answer depends on the seed only. The first tree reports
    progress: its value and pv, with the iterations and nodes of all trees (the best
    by `final`).

    `stop_early` (a purely timed search, most visited choice): all trees stop once
    each has settled (search/timing.py) on the same first action. Each tree judges
    only its own line, between its own slices, and a settled lead stays settled (it
    can shrink by no more than the iterations left shrink), so a tree settled
    earlier still is when the last one settles; the sum's leader is then theirs."""
    check_workers(workers)
    deadline = budget.deadline(start)
    iterations = iteration_limit(budget)
    plan = [(share, rng.next_u64()) for share in shares(budget, iterations, workers) if share > 0]
    trees = [new_tree(seed) for _, seed in plan]
    verdicts: list[Optional[int]] = [None] * len(trees)  # the first action each settled on

    def settled(index: int, more: int) -> bool:
        tree = trees[index]
        if verdicts[index] is None and line_settled(tree, seat, more):
            verdicts[index] = tree.best(tree.edges(0, tree.root_state)).action
        return None not in verdicts and len(set(verdicts)) == 1

    def status() -> dict:
        # The other trees' counters are read while they grow: a report may lag.
        report = headline(summarize(trees[0], seat), final)
        report["iterations"] = sum(tree.iterations for tree in trees)
        report["nodes"] = sum(tree.nodes for tree in trees)
        return report

    def grow(index: int) -> int:
        tree, share = trees[index], plan[index][0]
        reporter = status if index == 0 else None
        done = tree.run(min(share, FIRST_ITERATIONS))
        if stop_early and deadline is not None:
            done += run_until_settled(
                lambda until: tree.run(share, until),
                deadline,
                lambda more: settled(index, more),
                reporter,
            )
        elif done < share and not (deadline is not None and clock.now() >= deadline):
            done += run_sliced(tree.run, share - done, deadline, reporter)
        return done

    done = run_tasks(grow, [(index,) for index in range(len(trees))], workers)
    # Every thread has stopped: the trees hold still while they are read together.
    stats = summarize(PooledEdges(trees), seat)
    stats.iterations = sum(done)
    return stats
