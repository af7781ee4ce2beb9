"""expectimax speed: generated states per second of one fixed-depth search, with and
without alpha-beta + Star1/Star2, and the nodes the pruning saves, on tic-tac-toe
(the whole game from the empty board) and pig (mid-game, to target 20); plus the
whole searcher solving pig to 20 from the start (iterative deepening to convergence).

    python -m pytest bench/test_expectimax_speed.py -p no:cacheprovider --benchmark-only
"""

from __future__ import annotations

import pytest

from plugins.manager import default_registry
from search.base import Budget, decide
from search.expectimax import ExpectimaxCore

SAVINGS: dict[str, dict[bool, int]] = {}


def tictactoe_start():
    return default_registry().game("tictactoe").new_state(), 9


def pig_midgame():
    game = default_registry().game("pig")
    state = game.from_dict(
        {
            "game": "pig",
            "variant": "target20",
            "scores": [8, 12],
            "turn_total": 5,
            "to_move": 0,
            "rolling": False,
        }
    )
    return state, 12


POSITIONS = {"tictactoe": tictactoe_start, "pig": pig_midgame}


@pytest.mark.parametrize("pruning", [False, True], ids=["full", "pruned"])
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_fixed_depth_search(benchmark, record_rate, name, pruning):
    state, depth = POSITIONS[name]()
    seat = state.current_player()

    def run():
        # No table: the pure tree, so the node counts compare the two searches alone.
        core = ExpectimaxCore(seat, state.num_players, state.num_actions, pruning, False, 0, 0, 0.0)
        found = core.search_root(state, depth, state.legal_actions())
        return core.nodes, {a: v for a, v, _, _ in found}

    group = f"expectimax depth {depth} {name}"
    benchmark.group = group
    nodes, values = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    record_rate(group, "pruned" if pruning else "full", nodes)
    benchmark.extra_info["nodes"] = nodes
    SAVINGS.setdefault(name, {})[pruning] = nodes
    if len(SAVINGS[name]) == 2:
        saved = 1 - SAVINGS[name][True] / SAVINGS[name][False]
        benchmark.extra_info["nodes_saved_by_pruning"] = f"{saved:.1%}"
        print(
            f"\n{name} depth {depth}: {SAVINGS[name][False]} nodes full, "
            f"{SAVINGS[name][True]} pruned ({saved:.1%} saved)"
        )
        assert SAVINGS[name][True] < SAVINGS[name][False]
    assert len(values) == len(state.legal_actions())


def test_solve_pig_to_20(benchmark, record_rate):
    registry = default_registry()
    game = registry.game("pig")
    state = game.new_state(variant="target20")
    searcher = registry.searcher("expectimax").create()

    def run():
        return decide(searcher, game, state, Budget(iterations=10**9), seed=1)

    benchmark.group = "expectimax solve pig20"
    decision = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    record_rate("expectimax solve pig20", "nodes", decision.stats["nodes"])
    benchmark.extra_info["nodes"] = decision.stats["nodes"]
    benchmark.extra_info["depth"] = decision.stats["depth"]
    assert decision.stats["converged"]
