"""The `oos` searcher: online outcome sampling (Lisy, Lanctot and Bowling 2015), the
glue around the compiled search (search/oos.pyx).

ISMCTS searches from the seat's information set, as if the opponent's hidden cards
were dealt uniformly and its past choices said nothing; in poker that leaves it
about 0.45 chips a hand from equilibrium on Leduc however long it thinks. OOS
searches from the start of the game instead, as regret minimisation over every
seat's information sets (outcome-sampling MCCFR), with most samples steered through
what the searching seat saw: the opponent's earlier choices are then part of what it
solves, and its average strategy at the seat's information set tends to an
equilibrium's. It needs the game's history as the seat saw it (`State.trajectory`),
so it plays only games that keep one, and it is meant for two seats.

Options:
  delta     the share of iterations steered through what the seat saw (the rest
            sample the whole game, which keeps the earlier strategies honest);
            on Leduc, one search an information set, 0.2 measured 0.58 chips
            from equilibrium at 100,000 iterations where 0 measured 0.69, and
            0.83 at 10,000 for 0.5, 1.25 for 0.9 (README).
  epsilon   how much the seat whose regrets an iteration updates explores.
  play      "sample": an action drawn from the average strategy, as an
            equilibrium strategy plays (default: a poker player that always makes
            the most likely move can be read and exploited); "best": its most
            probable action.
  below     a budget of fewer iterations than this (a time limit under below/1000
            ms, at about a million iterations a second) is searched by ismcts
            instead, with `small_tree` and `small_c`: outcome sampling's average
            needs some 200,000 samples before it is closer to an equilibrium than
            ISMCTS's answer (bench/leduc_exploitability.py); 0: never.
  max_nodes the search stops adding information sets there.
  baselines each edge learns the mean of the values sampled through it, and an
            action not sampled counts at that baseline (VR-MCCFR, Schmid et al.
            2019): far less variance than plain outcome sampling (default on).

Budgets: `iterations` (1000 when the budget names neither limit) and/or
`movetime_ms`. A Decision's alternatives carry the average strategy: an action's
`visits` are its probability times the iterations run, and `stats["policy"]` has
the probabilities themselves (`stats["searched_by"]` says "oos" or "ismcts").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.game import draw_weighted
from engine.rng import Rng
from search import clock
from search.base import MAX_ITERATIONS, Budget, Decision, Searcher, SearchError
from search.common import MAX_CONSTANT, MAX_NODES, iteration_limit
from search.ismcts_searcher import TREE_SHAPES, ISMCTSSearcher
from search.oos import OosSearch
from search.options import Option, OptionsRecord
from search.rootstats import ChildStats, RootStats, line_finisher, to_decision
from search.timing import run_sliced

PLAY_RULES = ("sample", "best")
# The iterations a second that `below` assumes of a timed search.
ASSUMED_RATE = 1_000_000
# The small search that picks each later step of a turn of several steps.
COMPLETION_ITERATIONS = 200


# The options of oos, in the order `searchers` lists them.
OOS_OPTIONS = OptionsRecord(
    (
        Option(
            "delta",
            0.2,
            "the share of iterations steered through what the seat saw",
            0,
            1,
            open_hi=True,
        ),
        Option(
            "epsilon",
            0.6,
            "exploration of the seat whose regrets an iteration updates",
            0,
            1,
            open_lo=True,
        ),
        Option(
            "play",
            "sample",
            "best: the average strategy's most probable action; sample: one drawn from it",
            choices=PLAY_RULES,
        ),
        Option(
            "max_nodes",
            2_000_000,
            "the search stops adding information sets at this many",
            MAX_NODES.lo,
            MAX_NODES.hi,
        ),
        Option(
            "baselines", True, "learned baselines for the sampled values (VR-MCCFR): less variance"
        ),
        Option(
            "below",
            200_000,
            "budgets of fewer iterations (or ms x 1000) are searched by ismcts instead",
            0,
            MAX_ITERATIONS,
        ),
        Option("small_tree", "infoset", "the tree option of that ismcts", choices=TREE_SHAPES),
        Option("small_c", 0.35, "the exploration constant c of that ismcts", 0, MAX_CONSTANT),
    )
)


def new_search(state, seat: int, options: dict[str, Any], rng: Rng) -> OosSearch:
    """An OosSearch for `seat` from the start of `state`'s game towards `state`;
    SearchError when the game keeps no history."""
    target = state.trajectory(seat)
    if target is None:
        raise SearchError(
            f"oos: {state.game_name} does not keep the history of its steps "
            "(State.trajectory), so OOS cannot search it; use ismcts"
        )
    start = type(state).new_initial(state.num_players, state.variant)
    options = {**OOS_OPTIONS, **options}
    return OosSearch(
        start,
        state,
        target,
        rng,
        seat,
        float(options["delta"]),
        float(options["epsilon"]),
        options["max_nodes"],
        bool(options["baselines"]),
    )


@lru_cache(maxsize=None)
def keeps_history(game) -> bool:
    """Whether `game`'s states say how they were reached (State.trajectory)."""
    state = game.state_class.new_initial(game.players_default, game.default_variant)
    return state.trajectory(0) is not None


def plays(game) -> bool:
    """oos plays two-seat games whose states keep their history."""
    return game.max_players == 2 and keeps_history(game)


class OosSearcher(Searcher):
    """Online outcome sampling from the start of the game towards the seat's view."""

    name = "oos"

    OPTIONS = OOS_OPTIONS

    def __init__(self, **options: Any):
        super().__init__(**options)
        self.small = ISMCTSSearcher(c=self.small_c, tree=self.small_tree)

    def is_small(self, budget: Budget) -> bool:
        """Whether `budget` allows fewer than `below` iterations (ismcts's then)."""
        if budget.iterations is not None and budget.iterations < self.below:
            return True
        if budget.movetime_ms is not None:
            return budget.movetime_ms * ASSUMED_RATE / 1000 < self.below
        return iteration_limit(budget) < self.below

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        if state.current_player() != seat:
            raise SearchError(f"oos: seat {seat} is not to move in this state")
        if self.is_small(budget):
            decision = self.small.choose(state, seat, budget, rng)
            decision.stats["searched_by"] = "ismcts"
            return decision
        start = clock.now()
        search = new_search(state, seat, self.settings, rng)
        deadline = None if budget.movetime_ms is None else start + budget.movetime_ms / 1000.0
        run_sliced(search.run, iteration_limit(budget), deadline, lambda: progress_of(search))
        policy = search.root_policy()
        stats = self.root_stats(search, state, seat, policy, rng)
        decision = to_decision(
            stats,
            "visits",
            line_finisher(state, seat, rng.next_u64(), completion_pick(seat, self.settings)),
        )
        decision.stats.update(
            policy=policy,
            searched_by="oos",
            ms=int((clock.now() - start) * 1000),
            workers=1,
            node_bytes=0,
        )
        return decision

    def root_stats(self, search: OosSearch, state, seat: int, policy: dict, rng: Rng) -> RootStats:
        """The root as RootStats, visits standing for the average strategy (with
        play=sample, the drawn action first by one visit more than any other)."""
        iterations = max(search.iterations, 1)
        visits = {action: round(p * iterations) for action, p in policy.items()}
        if self.play == "sample":
            drawn = draw_weighted(sorted(policy.items()), rng)
            visits[drawn] = max(visits.values()) + 1
        stats = RootStats(iterations=search.iterations, nodes=search.num_nodes)
        for action, _, mean in search.root_edges():
            after = state.clone()
            after.apply(action)
            stats.children[action] = ChildStats(
                visits[action],
                mean * visits[action],
                [action],
                finished=after.current_player() != seat,
            )
        return stats


def progress_of(search: OosSearch) -> dict:
    """A progress report so far (search/progress.py): the size, and the most probable
    action of the average strategy with the seat's mean return through it."""
    best = most_probable(search.root_policy())
    mean = next(mean for action, _, mean in search.root_edges() if action == best)
    return {"iterations": search.iterations, "nodes": search.num_nodes, "value": mean, "pv": [best]}


def most_probable(policy: dict) -> int:
    """The action `policy` ({action: probability}) gives most weight (the lowest id
    among equals)."""
    return min(policy, key=lambda action: (-policy[action], action))


def completion_pick(seat: int, options: dict[str, Any]):
    """A later step of the seat's turn: the best action of a small OOS search."""

    def pick(position, rng: Rng) -> int:
        search = new_search(position, seat, options, rng.spawn())
        search.run(COMPLETION_ITERATIONS)
        return most_probable(search.root_policy())

    return pick
