"""What Maestro's learned value costs the search: mcts iterations per second at two
seats with the learned value (engine/games/maestro/value.py) and with the hand-built
heuristic it replaces, on the same positions in one run (not run in CI).

    python -m pytest bench/test_maestro_value_speed.py -p no:cacheprovider --benchmark-only
"""

from __future__ import annotations

import pytest

from bench.parallel_speed import position
from engine.games.maestro import value
from plugins.manager import default_registry
from search.base import Budget, decide

ITERATIONS = 10_000
SEEDS = range(8)  # positions a few random steps into seeded games


@pytest.mark.parametrize("evaluation", ["learned", "hand-built"])
def test_mcts_decide(benchmark, record_rate, evaluation):
    registry = default_registry()
    game = registry.game("maestro")
    searcher = registry.searcher(registry.default_searcher(game)).create_for(game)
    states = [position(game, 2, seed) for seed in SEEDS]
    learned = value.current()

    def run():
        return [
            decide(searcher, game, state, Budget(iterations=ITERATIONS), seed=seed)
            for seed, state in zip(SEEDS, states, strict=True)
        ]

    value.use(learned if evaluation == "learned" else None)
    try:
        benchmark.group = "maestro mcts decide, two seats"
        decisions = benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    finally:
        value.use(learned)
    record_rate("maestro mcts decide, two seats", evaluation, ITERATIONS * len(states))
    assert all(d.stats["iterations"] == ITERATIONS for d in decisions)
