"""The `ismcts` searcher: options, budgets and the Decision around the compiled
SO-ISMCTS tree (search/ismcts.pyx), with root parallelism over processes.

The root summary, merging and ranking are shared with mcts and pimc
(search/rootstats.py), as are the worker pool (search/parallel.py), the option
checks and budget rules (search/mcts_searcher.py) and the test for a seat that
sees everything (search/pimc.py).

Options:
  c             UCB exploration constant on returns in [0, 1] (default sqrt(2), the
                UCB1 constant). OpenSpiel's ISMCTSBot takes `uct_c` on the game's own
                utility scale (Leduc: chips, a range of 26), so its equivalent is
                c times that range.
  rollout_depth -1: random playouts to the end (default); N >= 0: at most N random
                actions, then the game's heuristic scores the position.
  final         "visits" (most visited root edge, default) or "value" (best mean).
  workers       root parallelism: N processes search independent trees with seeds
                drawn from the search's Rng; their root statistics are summed.
  max_nodes     the tree stops growing there (iterations go on, playing out from
                the deepest node they reach).
  stop_early    a purely timed single-process search answers as soon as its
                choice can no longer change (search/timing.py; default on).

Budgets: `iterations` (1000 when the budget names neither limit) and/or
`movetime_ms`. The clock is read before every iteration (each takes microseconds
on the reference games), so a timed search ends within one iteration of its
deadline; summarising the tree adds well under a millisecond (measured: 20 ms
asked, 21.9 ms taken on tic-tac-toe, idle machine). With workers, collecting the
results adds a few ms, and the first parallel search of a process also waits for
the pool to start (about 250 ms; later searches reuse it).
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, Optional

from engine.rng import Rng
from search import parallel
from search.base import Budget, Decision, SearchError, Searcher
from search.common import check_tree_options, iteration_limit, sees_everything
from search.ismcts import IsmctsSearch, node_bytes
from search.rootstats import ChildStats, RootStats, headline, line_finisher, to_decision
from search import timing
from search.timing import run_sliced, run_until_settled

ISMCTS_OPTIONS: dict[str, Any] = {
    "c": math.sqrt(2.0),
    "rollout_depth": -1,
    "final": "visits",
    "workers": 1,
    "max_nodes": 5_000_000,
    "stop_early": True,
}
# Iterations of the small search that finishes a turn the main tree did not reach
# the end of (a multi-action turn whose later steps were never expanded).
COMPLETION_ITERATIONS = 200


def new_search(state, seat: int, options: dict[str, Any]) -> IsmctsSearch:
    # A seat that sees everything needs no determinization: every iteration then
    # searches a plain copy, and SO-ISMCTS is UCT.
    return IsmctsSearch(state, seat, float(options["c"]), options["rollout_depth"],
                        not sees_everything(state, seat), options["max_nodes"])


def best_edge(search: IsmctsSearch, node: int, legal: Optional[set] = None,
              final: str = "visits") -> Optional[tuple]:
    """The edge (child, action, visits, value, avail) of `node` that `final` ranks
    first among those whose action is in `legal` (all if None)."""
    edges = [e for e in search.edges(node) if legal is None or e[1] in legal]
    if not edges:
        return None
    if final == "value":
        return min(edges, key=lambda e: (-e[3], -e[2], e[1]))
    return min(edges, key=lambda e: (-e[2], -e[3], e[1]))


def principal_variation(search: IsmctsSearch) -> list[int]:
    """The actions along the most visited path from the root, every mover's and
    chance's included."""
    pv, node = [], 0
    while (edge := best_edge(search, node)) is not None:
        pv.append(edge[1])
        node = edge[0]
    return pv


def completion_pick(seat: int, options: dict[str, Any]) -> Callable[[Any, Rng], int]:
    """A small ISMCTS search's choice, for the later steps of a turn the main tree
    did not reach (rootstats.line_finisher)."""
    def pick(position, rng: Rng) -> int:
        search = new_search(position, seat, options)
        search.run(rng.spawn(), COMPLETION_ITERATIONS)
        return best_edge(search, 0)[1]
    return pick


def line_settled(search: IsmctsSearch, seat: int, more: int, final: str) -> bool:
    """timing.line_settled over the tree's edges: `final` ranks the choice, among
    the edges legal in the determinization at hand (the root's own position)."""
    def branches(node: int, legal: list) -> tuple[list, Optional[tuple[int, int]]]:
        legal = set(legal)
        edge = best_edge(search, node, legal, final)
        return ([e[2] for e in search.edges(node) if e[1] in legal],
                None if edge is None else (edge[0], edge[1]))
    return timing.line_settled(search.root_state, seat, more, branches)


def summarize(search: IsmctsSearch, seat: int, final: str) -> RootStats:
    """The root of `search` as RootStats for `seat`; each child's line is the rest of
    the seat's turn as the tree ranks it, as far as the tree goes."""
    root = search.root_state
    stats = RootStats(iterations=search.iterations, nodes=search.size,
                      pv=principal_variation(search), pv_weight=search.iterations)
    for child, action, visits, value, _ in search.edges(0):
        line = [action]
        state = root.clone()
        state.apply(action)
        node = child
        while state.current_player() == seat:
            edge = best_edge(search, node, set(state.legal_actions()), final)
            if edge is None:
                break
            node = edge[0]
            line.append(edge[1])
            state.apply(edge[1])
        stats.children[action] = ChildStats(visits, value * visits, line, visits,
                                            state.current_player() != seat)
    return stats


def search_task(state, seat: int, options: dict[str, Any], final: str, iterations: int,
                seconds: float, seed: int) -> RootStats:
    """One independent search, as a worker process runs it."""
    rng = Rng(seed)
    search = new_search(state, seat, options)
    search.run(rng, iterations, seconds)
    return summarize(search, seat, final)


class ISMCTSSearcher(Searcher):
    """Single-observer information-set MCTS over the seat's own view."""

    name = "ismcts"

    def __init__(self, c: float = ISMCTS_OPTIONS["c"], rollout_depth: int = -1,
                 final: str = "visits", workers: int = 1,
                 max_nodes: int = ISMCTS_OPTIONS["max_nodes"], stop_early: bool = True):
        check_tree_options(c, rollout_depth, final, workers, 0.0, max_nodes)
        if not math.isfinite(c):
            raise SearchError(f"c (exploration) must be a finite number, got {c!r}")
        self.options = {"c": float(c), "rollout_depth": rollout_depth, "max_nodes": max_nodes}
        self.final = final
        self.workers = workers
        self.stop_early = bool(stop_early)
        if workers > 1:
            parallel.warm_up(workers)

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        if state.current_player() != seat:
            raise SearchError(f"ismcts: seat {seat} is not to move in this state")
        start = time.perf_counter()
        iterations = iteration_limit(budget)
        seconds = 0.0 if budget.movetime_ms is None else budget.movetime_ms / 1000.0
        if self.workers == 1:
            search = new_search(state, seat, self.options)
            if seconds and self.stop_early and budget.iterations is None and self.final == "visits":
                # Purely timed: answer once the choice can no longer change (timing.py).
                run_until_settled(
                    lambda until: search.run(rng, iterations, max(1e-6, until - time.perf_counter())),
                    start + seconds, lambda more: line_settled(search, seat, more, self.final),
                    lambda: headline(summarize(search, seat, self.final), self.final))
            else:
                run_sliced(lambda n, until: search.run(
                    rng, n, 0.0 if until is None else max(1e-6, until - time.perf_counter())),
                    iterations, start + seconds if seconds else None)
            stats = summarize(search, seat, self.final)
        else:
            stats = parallel.root_parallel(
                search_task, lambda share, movetime, seed: (
                    state, seat, self.options, self.final, share,
                    0.0 if movetime is None else movetime / 1000.0, seed),
                budget, iterations, self.workers, rng, start)
        decision = to_decision(stats, self.final,
                               line_finisher(state, seat, rng.next_u64(),
                                             completion_pick(seat, self.options)))
        decision.stats.update(node_bytes=node_bytes(state.num_players), workers=self.workers,
                              ms=int((time.perf_counter() - start) * 1000))
        return decision
