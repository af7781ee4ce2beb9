"""Expectimax's pruning against brute force on random game trees
(engine/games/randomtree): thousands of small trees mixing both seats' decisions
and chance nodes, with values on a grid of eighths, so that values equal to a
window's edge (where a wrong Star1/Star2 bound or a wrong table bound changes
the answer) are common. The brute force is plain expectiminimax over the Python
API, written here from the definition."""

from __future__ import annotations

import pytest

from engine.games.randomtree import RandomTreeState
from engine.rng import Rng
from engine.state import CHANCE_PLAYER, TERMINAL_PLAYER
from search.expectimax import ExpectimaxCore

TREES = 1500
WINDOWS_PER_TREE = 6


def brute_force(state, depth: int, me: int) -> float:
    """`me`'s expectiminimax value of `state` searched `depth` plies deep: the
    returns at a terminal, the heuristic at the horizon."""
    player = state.current_player()
    if player == TERMINAL_PLAYER:
        return state.returns()[me]
    if depth == 0:
        return state.heuristic()[me]

    def child_value(action: int) -> float:
        child = state.clone()
        child.apply(action)
        return brute_force(child, depth - 1, me)

    if player == CHANCE_PLAYER:
        return sum(p * child_value(a) for a, p in state.chance_outcomes())
    values = [child_value(a) for a in state.legal_actions()]
    return max(values) if player == me else min(values)


def windows(rng: Rng, exact: float) -> list[tuple[float, float]]:
    """The full window, then windows whose edges sit on the grid of eighths (often
    exactly on a child's value) or just around the exact value."""
    grid = [k / 8 for k in range(9)]
    found = [(-1.0, 2.0)]
    while len(found) < WINDOWS_PER_TREE:
        if rng.random() < 0.5:
            alpha, beta = sorted(rng.choice(grid) for _ in range(2))
        else:
            alpha = exact - rng.random() * 0.25
            beta = exact + rng.random() * 0.25
        if alpha < beta:
            found.append((alpha, beta))
    return found


def check_fail_soft(got: float, exact: float, alpha: float, beta: float, where) -> None:
    if got <= alpha:
        assert exact <= got + 1e-12, ("an upper bound below the value", where, got, exact)
    elif got >= beta:
        assert exact >= got - 1e-12, ("a lower bound above the value", where, got, exact)
    else:
        assert got == pytest.approx(exact, abs=1e-12), ("inside the window", where)


@pytest.mark.parametrize("tt_mb", [0.0, 1.0])
def test_pruned_search_keeps_the_fail_soft_contract_on_random_trees(tt_mb):
    # One core a tree, searched in several windows in turn, so that the table's
    # bounds from one window meet the next (the plies of a path are unique here, so
    # the table is exact). Inside a window the value is exact; outside, a bound on
    # the right side.
    rng = Rng(2026)
    cut_somewhere = 0
    for seed in range(TREES):
        depth = 2 + seed % 6
        root = RandomTreeState(seed, depth)
        me = seed % 2
        exact = brute_force(root, depth, me)
        core = ExpectimaxCore(me, 2, root.num_actions, True, False, 0, seed, tt_mb)
        for alpha, beta in windows(rng, exact):
            got = core.value(root, depth, alpha, beta)
            check_fail_soft(got, exact, alpha, beta, (seed, depth, me, alpha, beta))
            cut_somewhere += not alpha < got < beta
    # The windows must really have cut: otherwise this tests nothing of the bounds.
    assert cut_somewhere > TREES


def test_pruning_changes_no_root_value_on_random_trees():
    # search_root's value of every root action, with pruning, equals brute force.
    checked = 0
    for seed in range(TREES):
        depth = 2 + seed % 6
        root = RandomTreeState(seed, depth)
        me = root.current_player()
        if me < 0:
            continue
        core = ExpectimaxCore(me, 2, root.num_actions, True, False, 0, seed, 1.0)
        for action, value, _, complete in core.search_root(root, depth, root.legal_actions()):
            child = root.clone()
            child.apply(action)
            assert value == pytest.approx(brute_force(child, depth - 1, me), abs=1e-12), (
                seed,
                action,
            )
            assert complete
            checked += 1
    assert checked > TREES
