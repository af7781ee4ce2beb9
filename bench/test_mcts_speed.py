"""mcts speed on its own: iterations per second of the compiled UCT loop with random
rollouts (UctSearch.run, no decision built) and of the whole searcher (through
search.base.decide), on tic-tac-toe and pig to 100, with the tree's size and
memory a node (not run in CI; OpenSpiel's side is in test_mcts_vs_openspiel.py).

    python -m pytest bench/test_mcts_speed.py -p no:cacheprovider --benchmark-only
"""

from __future__ import annotations

import pytest

from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide
from search.mcts import UctSearch

ITERATIONS = 100_000
GAMES = [("tictactoe", None), ("pig", "target100")]


@pytest.mark.parametrize("name, variant", GAMES, ids=[name for name, _ in GAMES])
def test_uct_loop(benchmark, record_rate, name, variant):
    state = default_registry().game(name).new_state(variant=variant)

    def run():
        search = UctSearch(state, Rng(1))
        search.run(ITERATIONS)
        return search

    benchmark.group = f"mcts loop {name}"
    search = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    record_rate(f"mcts loop {name}", "iterations", ITERATIONS)
    benchmark.extra_info["nodes"] = search.tree.count
    benchmark.extra_info["bytes_per_node"] = search.tree.bytes_per_node
    benchmark.extra_info["tree_mb"] = round(
        search.tree.count * search.tree.bytes_per_node / 2**20, 2
    )
    assert search.iterations == ITERATIONS


@pytest.mark.parametrize("name, variant", GAMES, ids=[name for name, _ in GAMES])
def test_searcher(benchmark, record_rate, name, variant):
    registry = default_registry()
    game = registry.game(name)
    state = game.new_state(variant=variant)
    searcher = registry.searcher("mcts").create()

    def run():
        return decide(searcher, game, state, Budget(iterations=ITERATIONS), seed=1)

    benchmark.group = f"mcts decide {name}"
    decision = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    record_rate(f"mcts decide {name}", "iterations", ITERATIONS)
    assert decision.stats["iterations"] == ITERATIONS
