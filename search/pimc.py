"""The `pimc` searcher: perfect-information Monte Carlo (determinized MCTS).

It samples k full states the mover cannot tell from the position (the State's
`determinize`, from the state it is given, which `search.base.decide` already
rebuilt from the mover's observation), runs the compiled UCT search on each with
an equal share of the budget, and sums the root visits per first action (values
are averaged, weighted by visits) to choose. It is fast and often strong, but it
assumes the hidden cards will be revealed, so it cannot plan to hide or to learn
information (strategy fusion; Frank and Basin 1998).

When the mover's infoset key is the state's own hash, the mover sees everything
(perfect information): one search with the whole budget is run, so pimc then
answers exactly as mcts does with the same seed.

Budgets: an iteration budget is split evenly among the determinizations; a time
limit is split likewise, each search ending at its share of the deadline (the
overrun margin is mcts's: about one batch of iterations, ~2 ms). With workers,
the determinizations are searched in that many threads (search/parallel.py), each
getting k/workers of the time. With `stop_early` (the default), a timed search of a
forced turn (one legal action at every step) takes a fiftieth of its time; unlike
mcts and ismcts it does not stop otherwise, since one world's settled choice says
little about the sum over worlds.
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.state import State
from search import clock, parallel, progress
from search.base import Budget, Decision, Searcher, SearchError, option_defaults
from search.common import (
    TREE_OPTION_HELP,
    budget_for_forced_turn,
    check_playout_options,
    check_tree_options,
    iteration_limit,
    option_help,
    sees_everything,
)
from search.mcts_searcher import MCTS_OPTIONS, completion_pick, search_task, uct_options
from search.rootstats import headline, line_finisher, merge, to_decision

DEFAULT_DETERMINIZATIONS = 8
# Every determinization's search gets at least this many iterations, so its root has
# visited children; small budgets use fewer determinizations.
MIN_SHARE = 2


class PimcSearcher(Searcher):
    """k determinizations, one UCT search each, root visits summed."""

    name = "pimc"

    # k, then mcts's options (and defaults) except `reuse`: a kept tree would belong
    # to one sampled world.
    @staticmethod
    def check_options(**options) -> None:
        """SearchError naming the first bad option (SearcherSpec.checked_options)."""
        k = options["k"]
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise SearchError(f"k (determinizations) must be a positive integer, got {k!r}")
        check_tree_options(options)
        check_playout_options(options)

    def __init__(
        self,
        k: int = DEFAULT_DETERMINIZATIONS,
        c: float = MCTS_OPTIONS["c"],
        rollout_depth: int = MCTS_OPTIONS["rollout_depth"],
        final: str = MCTS_OPTIONS["final"],
        workers: int = MCTS_OPTIONS["workers"],
        widening: float = MCTS_OPTIONS["widening"],
        max_nodes: int = MCTS_OPTIONS["max_nodes"],
        stop_early: bool = MCTS_OPTIONS["stop_early"],
        playout: str = MCTS_OPTIONS["playout"],
        mast_epsilon: float = MCTS_OPTIONS["mast_epsilon"],
        greedy_epsilon: float = MCTS_OPTIONS["greedy_epsilon"],
    ):
        self.tree_options = uct_options(
            c, rollout_depth, widening, max_nodes, playout, mast_epsilon, greedy_epsilon
        )
        self.check_options(k=k, final=final, workers=workers, **self.tree_options)
        self.k = k
        self.final = final
        self.workers = workers
        self.stop_early = bool(stop_early)

    def choose(self, state: State, seat: int, budget: Budget, rng: Rng) -> Decision:
        start = clock.now()
        if self.stop_early:
            budget = budget_for_forced_turn(state, seat, budget)
        iterations = iteration_limit(budget)
        if sees_everything(state, seat):
            worlds = [state]
        else:
            count = max(1, min(self.k, iterations // MIN_SHARE))
            worlds = [state.determinize(seat, rng) for _ in range(count)]
        shares = parallel.shares(budget, iterations, len(worlds))
        rounds = -(-len(worlds) // self.workers)  # searches each thread runs in turn
        movetime = parallel.movetime_each(budget, start, rounds)
        calls = [
            (world, seat, self.tree_options, share, movetime, rng.next_u64())
            for world, share in zip(worlds, shares, strict=False)
        ]

        def tell(parts: list) -> None:  # progress, after each world searched
            if progress.due():
                progress.report(
                    **headline(merge(parts), self.final),
                    determinizations=f"{len(parts)}/{len(calls)}",
                )

        stats = merge(parallel.run_tasks(search_task, calls, self.workers, tell))
        decision = to_decision(
            stats,
            self.final,
            line_finisher(worlds[0], seat, rng.next_u64(), completion_pick(self.tree_options)),
        )
        decision.stats["determinizations"] = len(worlds)
        decision.stats["ms"] = int((clock.now() - start) * 1000)
        return decision


# The options `cadenza searchers` lists, with their defaults (from __init__).
PIMC_OPTIONS: dict[str, Any] = option_defaults(PimcSearcher)
PIMC_OPTION_HELP = option_help(
    PIMC_OPTIONS,
    {"k": "determinizations sampled from the seat's view, one UCT search each", **TREE_OPTION_HELP},
)
