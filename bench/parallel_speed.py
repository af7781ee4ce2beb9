"""Iterations per second of one timed search with 1 worker against 2 (search/parallel.py:
root-parallel trees in threads, and for mcts also one tree that both threads grow,
parallel=tree): mcts on Maestro and ismcts on Takt Voll, side by side in one run,
with the ratio. (A script, not CI.)

    python bench/parallel_speed.py --movetime 1000 --rounds 5
    python bench/parallel_speed.py --movetime 100 --rounds 7 --suggested

The worker counts are measured in alternation, round after round, on the same
positions and seeds, so a change in the machine's load hits both alike; each
cell is the median over rounds, the ratio the median of each search's rate over
the base search's just before it. `cores` is the process's CPU time over the wall
time of the searches: 2 workers on an idle 2-core machine should keep close to 2
busy. `it/cpu` is iterations per CPU-second: the same at 1 and 2 workers when the
threads waste nothing on each other (the GIL, the caches), whatever the load.
On a shared machine `cores` falls short of the worker count and the ratio with
it, so the load average is printed before and after: rerun on a quiet machine
for the figure that counts (goal: a ratio of at least 1.8).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cli.perft import perft_position
from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide

# (game, players, searcher, position seeds): mid-game positions reached by random play.
CASES = [("maestro", 2, "mcts", (11, 12)), ("taktvoll", 3, "ismcts", (11, 12))]
ADVANCE = 12  # random steps into each seeded game


def position(spec, players: int, seed: int):
    state = perft_position(spec, players, None, seed, ADVANCE)
    rng = Rng(seed)
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    return state


def timed_search(searcher, spec, state, movetime: int, seed: int) -> tuple[int, float, float]:
    """(iterations, wall seconds, process CPU seconds) of one decision."""
    cpu, wall = time.process_time(), time.perf_counter()
    decision = decide(searcher, spec, state, Budget(movetime_ms=movetime), seed=seed)
    return (
        decision.stats["iterations"],
        time.perf_counter() - wall,
        time.process_time() - cpu,
    )


def configurations(name: str, workers: list[int]) -> dict[str, dict]:
    """{label: searcher options}: each worker count, and with more than one worker
    the shared tree too where the searcher has one (a `parallel` option)."""
    configs = {str(w): {"workers": w} for w in workers}
    if "parallel" in default_registry().searcher(name).options:
        configs.update({f"{w} tree": {"workers": w, "parallel": "tree"} for w in workers if w > 1})
    return configs


def measure(game: str, players: int, name: str, seeds, configs: dict[str, dict], args) -> dict:
    """{label: [(iterations per second, cores busy, iterations per CPU-second) per
    round and position]}."""
    registry = default_registry()
    spec = registry.game(game)
    states = [position(spec, players, seed) for seed in seeds]
    # stop_early off: every search uses its whole movetime, so rates compare.
    plugin = registry.searcher(name)
    searchers = {
        label: (
            plugin.create_for(spec, stop_early=False, **options)
            if args.suggested
            else plugin.create(stop_early=False, **options)
        )
        for label, options in configs.items()
    }
    for searcher in searchers.values():  # warm caches and allocators before anything counts
        timed_search(searcher, spec, states[0], min(args.movetime, 100), 0)
    samples: dict[str, list[tuple[float, float, float]]] = {label: [] for label in configs}
    for round_ in range(args.rounds):
        for state in states:
            for label, searcher in searchers.items():
                iterations, wall, cpu = timed_search(
                    searcher, spec, state, args.movetime, round_ + 1
                )
                samples[label].append((iterations / wall, cpu / wall, iterations / max(cpu, 1e-9)))
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--movetime", type=int, default=1000, help="ms a decision")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--workers", default="1,2", help="worker counts, the first the base")
    parser.add_argument(
        "--suggested",
        action="store_true",
        help="search with the options each game suggests (as matches do), not the defaults",
    )
    args = parser.parse_args()
    workers = [int(w) for w in args.workers.split(",")]
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    print(
        f"{'game':9} {'searcher':8} {'workers':>7} {'it/s':>9} {'cores':>6} {'it/cpu':>9}"
        f" {'ratio':>6}"
    )
    for game, players, name, seeds in CASES:
        configs = configurations(name, workers)
        samples = measure(game, players, name, seeds, configs, args)
        base = samples[str(workers[0])]
        for label, rows in samples.items():
            rate, cores, per_cpu = (statistics.median(s[i] for s in rows) for i in range(3))
            # Paired: each search against the base search of the same round and position.
            ratio = statistics.median(s[0] / b[0] for s, b in zip(rows, base, strict=True))
            print(
                f"{game:9} {name:8} {label:>7} {rate:9.0f} {cores:6.2f} {per_cpu:9.0f} {ratio:6.2f}"
            )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
