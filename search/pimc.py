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
from search.base import Budget, Decision, Searcher
from search.common import MAX_WORLDS, budget_for_forced_turn, iteration_limit, sees_everything
from search.mcts_searcher import MCTS_OPTIONS, completion_pick, search_task, uct_options
from search.options import Option
from search.rootstats import headline, line_finisher, merge, to_decision

DEFAULT_DETERMINIZATIONS = 8
# Every determinization's search gets at least this many iterations, so its root has
# visited children; small budgets use fewer determinizations.
MIN_SHARE = 2


# k, then mcts's options (and defaults) except `reuse` (a kept tree would belong to
# one sampled world) and `parallel` (each world's search is a tree of its own).
PIMC_OPTIONS = MCTS_OPTIONS.extended(
    Option(
        "k",
        DEFAULT_DETERMINIZATIONS,
        "determinizations sampled from the seat's view, one UCT search each",
        1,
        MAX_WORLDS,
    ),
    drop=("reuse", "parallel"),
)


class PimcSearcher(Searcher):
    """k determinizations, one UCT search each, root visits summed."""

    name = "pimc"
    OPTIONS = PIMC_OPTIONS

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.tree_options = uct_options(self.settings)

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
