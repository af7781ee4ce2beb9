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


def reference_playouts(states, rng: Rng) -> int:
    """One random playout from each of `states` (fresh reference states, parsed
    before the clock starts) through the reference's Python API, written as a
    front-end would: ask for the moves, pick one, apply it. Returns total steps."""
    steps = 0
    for state in states:
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
        # random_playouts copies the start struct for each playout (a memcpy).
        def run(count):
            return random_playouts(start, rng, count)
    else:
        # Parsing the start dict is not part of a playout: the fresh states are made
        # in the untimed setup of each round.
        start_dict = start.to_dict()

        def fresh(count):
            return [spec.reference_class().from_dict(start_dict) for _ in range(count)]

        def run(count):
            return reference_playouts(fresh(count), rng)

    count = batch_for(run)
    benchmark.group = f"playouts {game_name}"
    benchmark.extra_info["playouts_per_round"] = count
    if implementation == "compiled":
        benchmark.pedantic(run, args=(count,), rounds=5, warmup_rounds=1, iterations=1)
    else:
        benchmark.pedantic(
            reference_playouts,
            setup=lambda: ((fresh(count), rng), {}),
            rounds=5,
            warmup_rounds=1,
            iterations=1,
        )
    assert record_rate(f"playouts {game_name}", implementation, count) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_random_game_of_luthier(benchmark, record_rate, players):
    """The time of one whole random Luthier game (setup deal to final scoring) in
    the compiled engine, by seat count: the playout rate's inverse, per table size."""
    spec = default_registry().game("luthier")
    start = spec.new_state(players, seed=1, resolve_setup=False)
    rng = Rng(7)
    games = 3000
    benchmark.group = "luthier whole game"
    benchmark.pedantic(
        random_playouts, args=(start, rng, games), rounds=3, warmup_rounds=1, iterations=1
    )
    ms = benchmark.stats.stats.mean / games * 1000
    benchmark.extra_info["ms_per_game"] = round(ms, 4)
    print(f"\nluthier, {players} seats: {ms:.3f} ms a whole random game ({games} games a round)")
    assert record_rate("luthier whole game", f"{players} seats", games) > 0
