"""Luthier's differential run in full: the compiled state and the pure-Python reference
play the same seeded random games side by side (tests/engine/games/test_differential.py's
play_both: everything observable compared at every step), over games 0..N-1, in
parallel processes. CI plays the first games; this plays all of them. Run from the
checkout:

    python bench/luthier_differential.py --games 1000 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine" / "games"))


def play_range(seeds: range) -> tuple[int, int]:
    """(games, steps) of one chunk; raises on the first difference."""
    from plugins.manager import default_registry
    from test_differential import play_both

    spec = default_registry().game("luthier")
    steps = 0
    for seed in seeds:
        steps += play_both(spec, seed)
    return len(seeds), steps


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=25)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    chunks = [
        range(s, min(s + args.chunk, args.first + args.games))
        for s in range(args.first, args.first + args.games, args.chunk)
    ]
    games = steps = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for done, walked in pool.map(play_range, chunks):
            games += done
            steps += walked
            print(
                f"{games} games agree ({steps} steps, {time.perf_counter() - start:.0f}s)",
                file=sys.stderr,
                flush=True,
            )
    print(
        f"luthier differential: games {args.first}..{args.first + args.games - 1} agree at every "
        f"step ({steps} steps compared) in {time.perf_counter() - start:.0f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
