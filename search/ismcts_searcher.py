"""The `ismcts` searcher: options, budgets and the Decision around the compiled
SO-ISMCTS tree (search/ismcts.pyx), with root parallelism in threads.

The tree's summary, principal variation, settled test and turn completion are
mcts's too (search/treesummary.py, read through IsmctsEdges); merging and ranking
are shared with mcts and pimc (search/rootstats.py), as are root parallelism
(search/parallel.py) and the option checks and budget rules (search/common.py).

Options:
  c             UCB exploration constant on returns in [0, 1] (default sqrt(2), the
                UCB1 constant). OpenSpiel's ISMCTSBot takes `uct_c` on the game's own
                utility scale (Leduc: chips, a range of 26), so its equivalent is
                c times that range.
  rollout_depth -1: random playouts to the end (default); N >= 0: at most N random
                actions, then the game's heuristic scores the position.
  final         "visits" (most visited root edge, default) or "value" (best mean).
  workers       root parallelism: N threads grow independent trees with seeds
                drawn from the search's Rng, read as one tree (visits summed at
                every step of the answer: treesummary.PooledEdges).
  max_nodes     the tree stops growing there (iterations go on, playing out from
                the deepest node they reach).
  stop_early    a purely timed search answers as soon as its choice can no
                longer change (search/timing.py; default on; with workers, once
                every tree agrees).
  tree          "sequence": one tree over action sequences, chance included
                (SO-ISMCTS); "infoset": a node per information set of the seat to
                move, so an opponent's choices depend on its own cards and outcomes
                the searching seat cannot see merge (search/ismcts.pxd).
  select        "ucb": UCB1 with availability counts (default); "rm": regret
                matching mixed with `gamma` of uniform, whose visit counts follow
                the average strategy, which converges towards an equilibrium in
                two-seat zero-sum games where UCB's need not (search/ismcts.pxd).
  gamma         with select=rm: the share of uniform exploration, in (0, 1].
  rm_warmup     with select=rm: a node chooses by UCB until its edges have this
                many visits, by regret matching after (0: from the start), so a
                small search keeps UCB's quick commitment.
  playout       "random": uniformly random playouts (default); "mast": move-average
                sampling, which prefers the actions whose returns in this search
                have been best for the seat taking them (search/mast.pxd);
                "greedy": see greedy_epsilon.
  mast_epsilon  with playout=mast: the share of playout steps still chosen
                uniformly (default 0.4).
  greedy_epsilon with playout=greedy (each playout move the one the game's
                heuristic rates best one move ahead, search/greedy.pxd): the
                share of playout moves chosen uniformly (default 0.2).
  prior         a new edge starts with this many virtual visits valued by the
                game's heuristic in the position it leads to (default 0: none), so a
                small search spends its first visits where the game's judgement
                points.

Budgets: `iterations` (1000 when the budget names neither limit) and/or
`movetime_ms`. The clock is read between batches of iterations sized to about a
millisecond (search/clock.pxd), so a timed search overruns its deadline by about
that much at most; summarising the tree adds well under a millisecond. With workers, each thread
summarises its own tree before the merge.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from engine.rng import Rng
from search import clock, parallel, treesummary
from search.base import Budget, Decision, Searcher, SearchError
from search.common import (
    FINAL,
    GREEDY_EPSILON,
    MAST_EPSILON,
    MAX_NODES,
    PLAYOUT,
    ROLLOUT_DEPTH,
    STOP_EARLY,
    WORKERS,
    C,
    iteration_limit,
    sees_everything,
)
from search.ismcts import SELECTIONS, TREE_SHAPES, IsmctsSearch, node_bytes
from search.options import Option, OptionsRecord
from search.rootstats import RootStats, headline, line_finisher, to_decision
from search.timing import run_sliced, run_until_settled
from search.treesummary import Edge, SearchEdges

# Virtual visits a prior may give a new edge (its counts are C ints).
MAX_PRIOR = 2**20 - 1
# The options of ismcts, in the order `searchers` lists them.
ISMCTS_OPTIONS = OptionsRecord(
    (
        C,
        ROLLOUT_DEPTH,
        FINAL,
        WORKERS,
        MAX_NODES,
        STOP_EARLY,
        Option(
            "tree",
            "sequence",
            "sequence: one tree over action sequences; infoset: a node per information "
            "set of the seat to move",
            choices=TREE_SHAPES,
        ),
        Option(
            "select",
            "ucb",
            "ucb: UCB1 at every node; rm: regret matching, whose visits follow the "
            "average strategy (towards equilibrium in two-seat zero-sum games)",
            choices=SELECTIONS,
        ),
        Option(
            "gamma",
            0.1,
            "with select=rm: the share of uniform exploration mixed into each choice",
            0,
            1,
            open_lo=True,
        ),
        Option(
            "rm_warmup",
            0,
            "with select=rm: a node chooses by UCB until its edges have this many visits",
            0,
            2**62,
        ),
        PLAYOUT,
        MAST_EPSILON,
        Option(
            "prior",
            0,
            "virtual visits a new edge starts with, valued by the game's heuristic (0: none)",
            0,
            MAX_PRIOR,
        ),
        GREEDY_EPSILON,
    )
)


def new_search(state, seat: int, options: dict[str, Any], rng: Rng) -> IsmctsSearch:
    # A seat that sees everything needs no determinization: every iteration then
    # searches a plain copy, and SO-ISMCTS is UCT. An option not given takes its
    # default (callers that predate an option need not name it).
    options = {**ISMCTS_OPTIONS, **options}
    return IsmctsSearch(
        state,
        rng,
        seat,
        float(options["c"]),
        options["rollout_depth"],
        not sees_everything(state, seat),
        options["max_nodes"],
        options["tree"],
        options["select"],
        options["gamma"],
        options["rm_warmup"],
        options["playout"],
        float(options["mast_epsilon"]),
        options["prior"],
        float(options["greedy_epsilon"]),
    )


class IsmctsEdges(SearchEdges):
    """An IsmctsSearch through treesummary's edge interface: a node's edges in a
    position are its visited edges legal there, and `final` ranks the one followed
    (visits then value, or value then visits; the action id breaks ties)."""

    def __init__(self, search: IsmctsSearch, final: str = "visits"):
        super().__init__(search)
        self.final = final

    def edges(self, node: int, state=None) -> list[Edge]:
        legal = None if state is None else set(state.legal_actions())
        return [
            Edge(child, action, visits, mean, mean * visits)
            for child, action, visits, mean, _ in self.search.edges(node)
            if legal is None or action in legal
        ]

    def best(self, edges: list[Edge]) -> Optional[Edge]:
        if not edges:
            return None
        if self.final == "value":
            return min(edges, key=lambda e: (-e.mean, -e.visits, e.action))
        return min(edges, key=lambda e: (-e.visits, -e.mean, e.action))

    def run(self, iterations: int, deadline: Optional[float] = None) -> int:
        return self.search.run(iterations, deadline)


def summarize(search: IsmctsSearch, seat: int, final: str) -> RootStats:
    """The root of `search` as RootStats for `seat`, lines and principal variations
    ranked by `final` (treesummary.summarize)."""
    return treesummary.summarize(IsmctsEdges(search, final), seat)


def completion_pick(seat: int, options: dict[str, Any]) -> Callable[[Any, Rng], int]:
    """treesummary.completion_pick with a fresh ISMCTS tree."""
    return treesummary.completion_pick(
        lambda position, rng: IsmctsEdges(new_search(position, seat, options, rng.spawn()))
    )


class ISMCTSSearcher(Searcher):
    """Single-observer information-set MCTS over the seat's own view."""

    name = "ismcts"

    OPTIONS = ISMCTS_OPTIONS

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        if state.current_player() != seat:
            raise SearchError(f"ismcts: seat {seat} is not to move in this state")
        start = clock.now()
        iterations = iteration_limit(budget)
        seconds = 0.0 if budget.movetime_ms is None else budget.movetime_ms / 1000.0
        stops_early = bool(
            seconds and self.stop_early and budget.iterations is None and self.final == "visits"
        )
        if self.workers == 1:
            search = new_search(state, seat, self.settings, rng)
            tree = IsmctsEdges(search, self.final)
            if stops_early:
                # Purely timed: answer once the choice can no longer change (timing.py).
                run_until_settled(
                    lambda until: tree.run(iterations, until),
                    start + seconds,
                    lambda more: treesummary.line_settled(tree, seat, more),
                    lambda: headline(summarize(search, seat, self.final), self.final),
                )
            else:
                run_sliced(tree.run, iterations, start + seconds if seconds else None)
            stats = summarize(search, seat, self.final)
        else:
            stats = parallel.root_parallel(
                lambda seed: IsmctsEdges(
                    new_search(state, seat, self.settings, Rng(seed)), self.final
                ),
                seat,
                budget,
                self.workers,
                rng,
                start,
                stops_early,
                self.final,
            )
        decision = to_decision(
            stats,
            self.final,
            line_finisher(state, seat, rng.next_u64(), completion_pick(seat, self.settings)),
        )
        decision.stats.update(
            node_bytes=node_bytes(state.num_players, self.settings["select"]),
            workers=self.workers,
            ms=int((clock.now() - start) * 1000),
        )
        return decision
