"""Pieces shared by the tree searchers (mcts, pimc, ismcts, expectimax): option
checks, the iteration limit a budget implies, and what a seat can see."""

from __future__ import annotations

from typing import Any, Mapping

from search.base import Budget, SearchError
from search.mast import PLAYOUTS
from search.rootstats import FINAL_CRITERIA

DEFAULT_ITERATIONS = 1000
# One line on each option the tree searchers share (`cadenza searchers`); the
# defaults are in each searcher's __init__.
TREE_OPTION_HELP = {
    "c": "UCT exploration constant: higher tries more of the less visited moves",
    "rollout_depth": "-1 plays each playout to the end; N cuts it after N actions (heuristic)",
    "final": "how the answer is chosen at the root: visits (most visited) or value (best mean)",
    "reuse": "keep the tree between moves and go on from the new position's node",
    "workers": "independent searches in that many threads (cores), their statistics summed",
    "parallel": "with workers: root (independent trees, read as one: visits summed at every "
    "step of the answer) or "
    "tree (the threads grow one shared tree, with a virtual loss)",
    "widening": "chance nodes hold at most ceil(widening * sqrt(visits)) outcomes; 0: all",
    "max_nodes": "the tree stops growing at this many nodes",
    "stop_early": "a purely timed search answers once its choice can no longer change",
    "playout": "random: uniform playouts; mast: playouts prefer the actions that have "
    "returned most in this search (move-average sampling); greedy: each playout move is "
    "the one the game's heuristic rates best one move ahead",
    "mast_epsilon": "with playout=mast: the share of playout steps chosen uniformly",
    "greedy_epsilon": "with playout=greedy: the share of playout moves chosen uniformly",
}


def option_help(defaults: Mapping[str, Any], texts: Mapping[str, str]) -> dict[str, str]:
    """The help line of every option in `defaults`, in their order, from `texts`
    (KeyError for an option without one, so none can be left undescribed)."""
    return {name: texts[name] for name in defaults}


# A timed search without an iteration limit runs until its deadline.
UNLIMITED = 1 << 62


def check_tree_options(options: Mapping[str, Any]) -> None:
    """SearchError naming the first bad one of the options the tree searchers share
    (a searcher without progressive widening has no `widening`)."""
    c, rollout_depth, final = options["c"], options["rollout_depth"], options["final"]
    workers, max_nodes = options["workers"], options["max_nodes"]
    widening = options.get("widening", 0.0)
    if not isinstance(c, (int, float)) or c < 0:
        raise SearchError(f"c (exploration) must be a number >= 0, got {c!r}")
    if isinstance(rollout_depth, bool) or not isinstance(rollout_depth, int) or rollout_depth < -1:
        raise SearchError(
            f"rollout_depth must be -1 (play to the end) or >= 0, got {rollout_depth!r}"
        )
    if final not in FINAL_CRITERIA:
        raise SearchError(f"final must be one of {', '.join(FINAL_CRITERIA)}, got {final!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SearchError(f"workers must be a positive integer, got {workers!r}")
    if not isinstance(widening, (int, float)) or widening < 0:
        raise SearchError(f"widening must be a number >= 0 (0 turns it off), got {widening!r}")
    check_max_nodes(max_nodes)


def check_playout_options(options: Mapping[str, Any]) -> None:
    """SearchError for a bad `playout`, `mast_epsilon` or `greedy_epsilon` (mcts, pimc
    and ismcts)."""
    playout = options["playout"]
    if playout not in PLAYOUTS:
        raise SearchError(f"playout must be one of {', '.join(PLAYOUTS)}, got {playout!r}")
    for name in ("mast_epsilon", "greedy_epsilon"):
        epsilon = options[name]
        number = isinstance(epsilon, (int, float)) and not isinstance(epsilon, bool)
        if not number or not 0 <= epsilon <= 1:
            raise SearchError(f"{name} must be in [0, 1], got {epsilon!r}")


PARALLEL_MODES = ("root", "tree")


def check_parallel(parallel: Any) -> None:
    """SearchError unless `parallel` names a way to spread a search over workers."""
    if parallel not in PARALLEL_MODES:
        raise SearchError(f"parallel must be one of {', '.join(PARALLEL_MODES)}, got {parallel!r}")


def check_max_nodes(max_nodes: Any) -> None:
    """SearchError unless `max_nodes` is a node count a compiled search can hold."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or not 16 <= max_nodes < 2**31:
        raise SearchError(f"max_nodes must be an integer in 16..2**31-1, got {max_nodes!r}")


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
