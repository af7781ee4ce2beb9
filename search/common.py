"""Pieces shared by the tree searchers (mcts, pimc, ismcts, expectimax): the options
they share, the iteration limit a budget implies, and what a seat can see."""

from __future__ import annotations

import math
from typing import Any

from search.base import MAX_ITERATIONS, Budget
from search.mast import PLAYOUTS
from search.options import Option
from search.rootstats import FINAL_CRITERIA

DEFAULT_ITERATIONS = 1000
# The most threads a search spreads over, and the most worlds (determinizations) it
# samples: each holds a tree or a state, so the memory stays bounded.
MAX_WORKERS = 256
MAX_WORLDS = 10_000
# The largest exploration constant or widening a search takes (far past any use).
MAX_CONSTANT = 1e6
# A playout's step limit (rollout_depth), as a C long holds it.
MAX_ROLLOUT_DEPTH = 1 << 62
PARALLEL_MODES = ("root", "tree")

# The options the tree searchers share (mcts, pimc, ismcts), each declared once;
# a searcher's record (search/options.py) lists the ones it has, in its order.
C = Option(
    "c",
    math.sqrt(2.0),
    "UCT exploration constant: higher tries more of the less visited moves",
    0.0,
    MAX_CONSTANT,
)
ROLLOUT_DEPTH = Option(
    "rollout_depth",
    -1,
    "-1 plays each playout to the end; N cuts it after N actions (heuristic)",
    -1,
    MAX_ROLLOUT_DEPTH,
)
FINAL = Option(
    "final",
    "visits",
    "how the answer is chosen at the root: visits (most visited) or value (best mean)",
    choices=FINAL_CRITERIA,
)
REUSE = Option("reuse", False, "keep the tree between moves and go on from the new position's node")
WORKERS = Option(
    "workers",
    1,
    "independent searches in that many threads (cores), their statistics summed",
    1,
    MAX_WORKERS,
)
PARALLEL = Option(
    "parallel",
    "root",
    "with workers: root (independent trees, read as one: visits summed at every "
    "step of the answer) or "
    "tree (the threads grow one shared tree, with a virtual loss)",
    choices=PARALLEL_MODES,
)
WIDENING = Option(
    "widening",
    2.0,
    "chance nodes hold at most ceil(widening * sqrt(visits)) outcomes; 0: all",
    0.0,
    MAX_CONSTANT,
)
MAX_NODES = Option(
    "max_nodes", 5_000_000, "the tree stops growing at this many nodes", 16, 2**31 - 1
)
STOP_EARLY = Option(
    "stop_early", True, "a purely timed search answers once its choice can no longer change"
)
PLAYOUT = Option(
    "playout",
    "random",
    "random: uniform playouts; mast: playouts prefer the actions that have "
    "returned most in this search (move-average sampling); greedy: each playout move is "
    "the one the game's heuristic rates best one move ahead",
    choices=PLAYOUTS,
)
MAST_EPSILON = Option(
    "mast_epsilon", 0.4, "with playout=mast: the share of playout steps chosen uniformly", 0, 1
)
GREEDY_EPSILON = Option(
    "greedy_epsilon", 0.2, "with playout=greedy: the share of playout moves chosen uniformly", 0, 1
)


# A timed search without an iteration limit runs until its deadline.
UNLIMITED = MAX_ITERATIONS


def check_workers(workers: int) -> None:
    """SearchError unless `workers` is a thread count a search may use."""
    WORKERS.check(workers)


def iteration_limit(budget: Budget) -> int:
    """The iterations a budget allows: its own count, else unlimited under a time
    limit, else the default."""
    if budget.iterations is not None:
        return budget.iterations
    return DEFAULT_ITERATIONS if budget.movetime_ms is None else UNLIMITED


def sees_everything(state, seat: int) -> bool:
    """True when `seat` knows the whole state: its infoset key is the state's hash."""
    return state.infoset_key(seat) == state.hash()


def has_hidden_information(state) -> bool:
    """True if some seat knows less than the whole state: only then are
    determinizations worth sampling."""
    return not all(sees_everything(state, seat) for seat in range(state.num_players))


def forced_steps(state, seat: int) -> tuple[list[int], Any]:
    """The seat's first steps from `state` while each has one legal action, and the
    position after them (a copy): where the seat's first real choice is, or where
    its turn ends."""
    steps, scratch = [], state.clone()
    while scratch.current_player() == seat:
        legal = scratch.legal_actions()
        if len(legal) != 1:
            break
        steps.append(legal[0])
        scratch.apply(legal[0])
    return steps, scratch


def is_forced(state, seat: int) -> bool:
    """True when every step of the seat's turn from `state` has one legal action:
    nothing to decide, whatever a search would find."""
    return forced_steps(state, seat)[1].current_player() != seat


# A timed search of a forced turn gets this fraction of its time (pimc, expectimax).
FORCED_SHARE = 50


def budget_for_forced_turn(state, seat: int, budget: Budget) -> Budget:
    """A fiftieth of a purely timed budget when the seat's turn is forced (a short
    search, for the value it reports), else `budget` itself."""
    if budget.iterations is None and budget.movetime_ms is not None and is_forced(state, seat):
        return Budget(movetime_ms=max(1, budget.movetime_ms // FORCED_SHARE))
    return budget
