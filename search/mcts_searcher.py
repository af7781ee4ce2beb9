"""The `mcts` searcher: options, budgets, tree reuse between moves and root or tree
parallelism around the compiled UCT search (search/mcts.pyx).

Budgets: `iterations` (1000 when neither limit is given) and `movetime_ms`. The
clock is read between batches of iterations sized to about a millisecond, so a
timed search overruns its limit by at most ~2 ms plus the time to build the
answer (with workers, the trees are read as one once every thread has stopped).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional

from engine.rng import Rng
from engine.state import State
from search import clock, parallel, treesummary
from search.base import Budget, Decision, Searcher
from search.common import (
    FINAL,
    GREEDY_EPSILON,
    MAST_EPSILON,
    MAX_NODES,
    PARALLEL,
    PLAYOUT,
    REUSE,
    ROLLOUT_DEPTH,
    STOP_EARLY,
    WIDENING,
    WORKERS,
    C,
    iteration_limit,
)
from search.mcts import UctSearch
from search.options import OptionsRecord
from search.rootstats import RootStats, headline, line_finisher, to_decision
from search.timing import run_sliced, run_until_settled
from search.treesummary import Edge, SearchEdges

# How deep below the old root `reuse` looks for the new position: our move, a chance
# event and an opponent's move, with room for multi-action turns.
REUSE_PLIES = 6


# The options of mcts, in the order `searchers` lists them.
MCTS_OPTIONS = OptionsRecord(
    (
        C,
        ROLLOUT_DEPTH,
        FINAL,
        REUSE,
        WORKERS,
        WIDENING,
        MAX_NODES,
        STOP_EARLY,
        PLAYOUT,
        MAST_EPSILON,
        GREEDY_EPSILON,
        PARALLEL,
    )
)
# What `new_search` builds a UctSearch from, as mcts and pimc keep them (plain
# values, so they travel to worker processes).
UCT_KEYS = (
    "c",
    "rollout_depth",
    "widening",
    "max_nodes",
    "playout",
    "mast_epsilon",
    "greedy_epsilon",
)


def uct_options(options: dict[str, Any]) -> dict[str, Any]:
    """The UCT_KEYS of checked options."""
    return {key: options[key] for key in UCT_KEYS}


def new_search(state: State, rng: Rng, tree_options: dict[str, Any]) -> UctSearch:
    return UctSearch(
        state,
        rng,
        c=float(tree_options["c"]),
        rollout_depth=tree_options["rollout_depth"],
        widening=float(tree_options["widening"]),
        max_nodes=tree_options["max_nodes"],
        playout=tree_options["playout"],
        mast_epsilon=float(tree_options["mast_epsilon"]),
        greedy_epsilon=float(tree_options["greedy_epsilon"]),
    )


def run_search(
    search: UctSearch | parallel.SharedTree,
    iterations: int,
    deadline: Optional[float],
    stop_early_for: Optional[int] = None,
) -> int:
    """Run the search; at least two iterations whatever the clock says, so the root
    has a visited child to answer with. With `stop_early_for` (a seat), a timed
    search ends as soon as that seat's line is settled (search/timing.py)."""
    done = search.run(min(iterations, 2))
    if iterations <= done:
        return done
    if deadline is None or stop_early_for is None:
        return done + run_sliced(search.run, iterations - done, deadline)
    return done + run_until_settled(
        lambda until: search.run(iterations, until),
        deadline,
        lambda more: treesummary.line_settled(UctEdges(search), stop_early_for, more),
        lambda: headline(summarize(search, stop_early_for)),
    )


class UctEdges(SearchEdges):
    """A UctSearch through treesummary's edge interface, for `seat`: every child is
    an edge, and the most visited one is followed (the first in the tree's order on
    ties)."""

    def __init__(self, search: UctSearch, seat: int = 0):
        super().__init__(search)
        self.seat = seat

    def edges(self, node: int, state: Optional[State] = None) -> list[Edge]:
        # An exact tree: every child is legal in the node's position. Values are
        # read at the root only, where the summary needs them.
        tree = self.search.tree
        edges = []
        for child in tree.children(node):
            visits = tree.visits(child)
            value_sum = tree.value_sums(child)[self.seat] if node == 0 and visits else 0.0
            edges.append(Edge(child, tree.action(child), visits, 0.0, value_sum))
        return edges

    def best(self, edges: list[Edge]) -> Optional[Edge]:
        best = None
        for edge in edges:
            if edge.visits > (0 if best is None else best.visits):
                best = edge
        return best

    def run(self, iterations: int, deadline: Optional[float] = None) -> int:
        return self.search.run(iterations, deadline)


def summarize(search: UctSearch | parallel.SharedTree, seat: int) -> RootStats:
    """The root of `search` as RootStats for `seat` (treesummary.summarize)."""
    return treesummary.summarize(UctEdges(search, seat), seat)


def run_and_summarize(
    search: UctSearch | parallel.SharedTree,
    seat: int,
    iterations: int,
    deadline: Optional[float],
    stop_early_for: Optional[int] = None,
) -> RootStats:
    """run_search, then the root for `seat` with the iterations that run made."""
    done = run_search(search, iterations, deadline, stop_early_for)
    stats = summarize(search, seat)
    stats.iterations = done
    return stats


def completion_pick(tree_options: dict[str, Any]) -> Callable[[State, Rng], int]:
    """treesummary.completion_pick with a fresh UCT tree."""
    return treesummary.completion_pick(
        lambda position, rng: UctEdges(new_search(position, rng.spawn(), tree_options))
    )


def search_task(
    state: State,
    seat: int,
    tree_options: dict[str, Any],
    iterations: int,
    movetime_ms: Optional[float],
    seed: int,
    stop_early: bool = False,
) -> RootStats:
    """One independent search seeded by `seed`, as pimc runs it for one
    determinization (or mcts itself with one worker); `stop_early` as in
    run_search."""
    deadline = None if movetime_ms is None else clock.now() + movetime_ms / 1000.0
    search = new_search(state, Rng(seed).spawn(), tree_options)
    return run_and_summarize(search, seat, iterations, deadline, seat if stop_early else None)


class MctsSearcher(Searcher):
    """UCT with explicit chance nodes and max^n backup (see search/mcts.pyx).

    reuse: keep the tree between calls and continue from the new position's node
    when it is found within a few plies of the old root (off by default: with it,
    an answer also depends on the searches before it).
    workers: that many threads (search/parallel.py), each with its share of an
    iteration budget, each until the time limit. Tree reuse applies to one worker
    only. parallel: "root" (default) grows independent trees and reads them as
    one (treesummary.PooledEdges); "tree" grows one tree together, with a virtual
    loss (an iteration budget then no longer fixes the answer, the threads'
    interleaving does).
    stop_early: a purely timed search answers as soon as its choice can no
    longer change (search/timing.py; with workers, once every tree agrees).
    playout: "random" (default); "mast", move-average sampling (search/mast.pxd),
    with `mast_epsilon` of its steps uniform; or "greedy", one move ahead on the
    game's heuristic (search/greedy.pxd), with `greedy_epsilon` of its decisions
    uniform.
    """

    name = "mcts"
    OPTIONS = MCTS_OPTIONS

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.tree_options = uct_options(self.settings)
        self._kept: Optional[UctSearch] = None

    def choose(self, state: State, seat: int, budget: Budget, rng: Rng) -> Decision:
        start = clock.now()
        iterations = iteration_limit(budget)
        if self.workers > 1 and self.parallel == "tree":
            stats = self._choose_shared(state, seat, budget, iterations, rng, start)
        elif self.workers > 1:
            stats = self._choose_parallel(state, seat, budget, rng, start)
        elif not self.reuse:
            stats = search_task(
                state,
                seat,
                self.tree_options,
                iterations,
                budget.movetime_ms,
                rng.next_u64(),
                self._stops_early(budget),
            )
        else:
            # Seeded as search_task is, so reuse changes nothing on a first move.
            search_rng = Rng(rng.next_u64())
            search, reused = self._search_for(state, search_rng)
            stats = run_and_summarize(
                search, seat, iterations, budget.deadline(start), self._stop_early_for(budget, seat)
            )
            stats.reused = reused
        decision = to_decision(
            stats,
            self.final,
            line_finisher(state, seat, rng.next_u64(), completion_pick(self.tree_options)),
        )
        decision.stats["ms"] = int((clock.now() - start) * 1000)
        return decision

    def _stops_early(self, budget: Budget) -> bool:
        # Only a purely timed search: an iteration budget stays reproducible, and the
        # settled test knows the most-visited choice only.
        return self.stop_early and budget.iterations is None and self.final == "visits"

    def _stop_early_for(self, budget: Budget, seat: int) -> Optional[int]:
        # run_search's stop_early_for.
        return seat if self._stops_early(budget) else None

    def _search_for(self, state: State, rng: Rng) -> tuple[UctSearch, int]:
        # The kept tree re-rooted at `state` if it holds it, else a new tree.
        kept = self._kept
        if self.reuse and kept is not None and type(kept.root_state) is type(state):
            node = kept.find(state, REUSE_PLIES)
            if node >= 0:
                reused = kept.reroot(node, state)
                kept.reseed(rng.spawn())
                return kept, reused
        search = new_search(state, rng.spawn(), self.tree_options)
        self._kept = search
        return search, 0

    def _choose_parallel(
        self, state: State, seat: int, budget: Budget, rng: Rng, start: float
    ) -> RootStats:
        # Each tree seeded as search_task seeds its own.
        return parallel.root_parallel(
            lambda seed: UctEdges(new_search(state, Rng(seed).spawn(), self.tree_options), seat),
            seat,
            budget,
            self.workers,
            rng,
            start,
            self._stops_early(budget),
        )

    def _choose_shared(
        self, state: State, seat: int, budget: Budget, iterations: int, rng: Rng, start: float
    ) -> RootStats:
        # One tree, its first search seeded as search_task seeds its own.
        searches = [
            new_search(state, Rng(rng.next_u64()).spawn(), self.tree_options)
            for _ in range(self.workers)
        ]
        for helper in searches[1:]:
            searches[0].share_tree(helper)
        with ThreadPoolExecutor(max_workers=self.workers) as executor:
            return run_and_summarize(
                parallel.SharedTree(searches, executor),
                seat,
                iterations,
                budget.deadline(start),
                self._stop_early_for(budget, seat),
            )
