"""How much time `stop_early` saves: the mean wall time of a decision at a movetime,
on positions reached by random play, for each seed game's default searcher. A
search under a movetime stops once no amount of the time left could change its
choice (search/timing.py); this measures how soon that is. (A script, not CI.)

    python bench/stop_early_time.py --movetime 1000 --positions 12

For each game it prints the mean and median milliseconds a decision took, how many
of the positions stopped before 90% of the movetime, and how many were forced
(a single legal line). Run it on an otherwise idle machine: the rate a search
reaches decides when it can stop.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from cli.perft import PerftError, perft_position
from engine.errors import CadenzaError
from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide

GAMES = {"maestro": 2, "taktvoll": 3, "luthier": 3, "renaissance": 2}


def random_positions(game, players: int, count: int, seed: int) -> list:
    """`count` decision positions, each a random number of random steps into its own
    seeded game (so early, middle and late positions all appear), reached as
    `cadenza perft` reaches its positions."""
    rng = Rng(seed)
    positions = []
    while len(positions) < count:
        try:
            state = perft_position(game, players, None, rng.randint(2**31), rng.randint(400))
        except PerftError:  # the game ended first
            continue
        while state.is_chance_node():
            state.apply(sample_chance(state, rng))
        if not state.is_terminal():
            positions.append(state)
    return positions


def measure(name: str, players: int, movetime: int, count: int, seed: int) -> dict:
    registry = default_registry()
    game = registry.game(name)
    searcher_name = registry.default_searcher(game)
    options = dict(game.searcher_options.get(searcher_name, {}))
    searcher = registry.searcher(searcher_name).create(**options)
    times, early, forced = [], 0, 0
    for i, state in enumerate(random_positions(game, players, count, seed)):
        start = time.perf_counter()
        decide(searcher, game, state, Budget(movetime_ms=movetime), seed=seed + i)
        ms = (time.perf_counter() - start) * 1000
        times.append(ms)
        early += ms < 0.9 * movetime
        forced += len(state.legal_actions()) == 1
    return {
        "game": name,
        "searcher": searcher_name,
        "mean": statistics.mean(times),
        "median": statistics.median(times),
        "early": early,
        "forced": forced,
        "n": count,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--movetime", type=int, default=1000, help="ms a decision (1000)")
    parser.add_argument("--positions", type=int, default=12, help="positions a game (12)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted(GAMES),
        help="only these games (repeatable; default all four seed games)",
    )
    args = parser.parse_args(argv)
    try:
        for name in args.game or sorted(GAMES):
            r = measure(name, GAMES[name], args.movetime, args.positions, args.seed)
            print(
                f"{r['game']} ({r['searcher']}, {GAMES[name]} seats): mean {r['mean']:.0f} ms, "
                f"median {r['median']:.0f} ms at movetime {args.movetime}; "
                f"{r['early']}/{r['n']} stopped early, {r['forced']} forced"
            )
    except CadenzaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
