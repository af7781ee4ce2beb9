"""Takt Voll determinizations per second: the compiled c_determinize (what ismcts and
pimc call for every sampled world) against from_observation through Python, for the
compiled state and for the pure-Python reference, on the same mid-game position.
(Random playouts per second, compiled against reference, are in test_playout_speed.py.)

Run with `python -m pytest bench/test_taktvoll_speed.py -q --benchmark-only`.
"""

from __future__ import annotations

import pytest

from engine.game import random_action, sample_chance
from engine.games.taktvoll.reference import TaktVollReference
from engine.rng import Rng
from plugins.manager import default_registry

ROUND_SECONDS = 0.25


def mid_game(players: int):
    """A position about 40 random actions into a seeded game, a seat to move."""
    state = default_registry().game("taktvoll").new_state(players, seed=3)
    rng = Rng(3)
    for _ in range(40):
        state.apply(random_action(state, rng))
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    assert not state.is_terminal()
    return state


def batch_size(run, per_round=ROUND_SECONDS) -> int:
    import time

    count = 1
    while True:
        start = time.perf_counter()
        run(count)
        elapsed = time.perf_counter() - start
        if elapsed > per_round / 10 or count >= 10**7:
            return max(1, int(count * per_round / max(elapsed, 1e-9)))
        count *= 10


@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("path", ["compiled", "from_observation", "reference"])
def test_determinizations_per_second(benchmark, record_rate, players, path):
    state = mid_game(players)
    seat = state.current_player()
    view = state.observation(seat)
    spec = default_registry().game("taktvoll")
    rng = Rng(7)
    if path == "compiled":

        def run(count):
            for _ in range(count):
                state.determinize(seat, rng)
    elif path == "from_observation":

        def run(count):
            for _ in range(count):
                spec.from_observation(view, rng)
    else:

        def run(count):
            for _ in range(count):
                TaktVollReference.from_observation(view, rng)

    count = batch_size(run)
    benchmark.group = f"determinizations taktvoll {players}p"
    benchmark.extra_info["determinizations_per_round"] = count
    benchmark.pedantic(run, args=(count,), rounds=5, warmup_rounds=1, iterations=1)
    label = {"compiled": "compiled", "from_observation": "python view", "reference": "reference"}[
        path
    ]
    assert record_rate(f"determinizations taktvoll {players}p", label, count) > 0
