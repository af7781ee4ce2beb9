"""Random playouts per second: the compiled engine against each game's pure-Python
reference, on the same game from the same start (the setup's deal included).

Run with `python -m pytest bench -q --benchmark-only`; each game is one benchmark
group, and the ratio is in extra_info and in the table printed at the end.
"""
from __future__ import annotations

import time

import pytest

from engine.game import sample_chance
from engine.playout import random_playouts
from engine.rng import Rng
from plugins.manager import default_registry

GAMES = sorted(name for name, spec in default_registry().games.items() if spec.reference)
ROUND_SECONDS = 0.25  # each timed round runs about this long


def reference_playouts(reference, state_dict, rng: Rng, count: int) -> int:
    """`count` random playouts through the reference's Python API, written as a
    front-end would: ask for the moves, pick one, apply it. Returns total steps."""
    steps = 0
    for _ in range(count):
        state = reference.from_dict(state_dict)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
    return steps


def batch_for(run) -> int:
    """How many playouts make a round of about ROUND_SECONDS."""
    count = 1
    while True:
        start = time.perf_counter()
        run(count)
        elapsed = time.perf_counter() - start
        if elapsed > ROUND_SECONDS / 10 or count >= 10**7:
            return max(1, int(count * ROUND_SECONDS / max(elapsed, 1e-9)))
        count *= 10


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("implementation", ["compiled", "reference"])
def test_random_playouts_per_second(benchmark, record_rate, game_name, implementation):
    spec = default_registry().game(game_name)
    start = spec.new_state(seed=1, resolve_setup=False)
    rng = Rng(42)
    if implementation == "compiled":
        run = lambda count: random_playouts(start, rng, count)
    else:
        start_dict = start.to_dict()
        run = lambda count: reference_playouts(spec.reference, start_dict, rng, count)
    count = batch_for(run)
    benchmark.group = f"playouts {game_name}"
    benchmark.extra_info["playouts_per_round"] = count
    benchmark.pedantic(run, args=(count,), rounds=5, warmup_rounds=1, iterations=1)
    assert record_rate(f"playouts {game_name}", implementation, count) > 0
