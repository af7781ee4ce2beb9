"""Leduc poker matches: `ismcts` against `random` and against `pimc` (a script, not
in CI). Run from the checkout:

    python bench/leduc_match.py --hands 2000 --iterations 1000 > leduc_match.txt

Hands are played in duplicate: each deal (the private cards and the public card,
from one seeded generator) is played twice with the seats swapped, so the luck of
the cards cancels out within a pair. Results are for ismcts: chips won per hand
(returns are 0.5 + chips/26) and score (the mean return, 0.5 = even), each with a
95% interval computed over the deal pairs, which are the independent samples.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from cli.match.elo import mean_interval
from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide

CHIP_SCALE = 26  # returns = 0.5 + chips / 26


def play_hand(game, searchers, deal_seed: int, search_seed: int, budget: Budget) -> list[float]:
    """Returns of one hand; searchers[seat] plays that seat. The cards come from
    Rng(deal_seed) whoever sits where."""
    cards = Rng(deal_seed)
    state = game.new_state(resolve_setup=False)
    turn = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state, cards))
            continue
        seat = state.current_player()
        decision = decide(searchers[seat], game, state, budget, seed=search_seed * 64 + turn)
        for action in decision.actions:
            state.apply(action)
        turn += 1
    return state.returns()


def match(game, hero, villain, pairs: int, budget: Budget, seed: int, label: str) -> dict:
    """`pairs` deals, each played with the hero in seat 0 and then in seat 1."""
    pair_chips, pair_scores = [], []
    start = time.perf_counter()
    for k in range(pairs):
        deal_seed = seed * 1_000_003 + k
        chips = scores = 0.0
        for hero_seat in (0, 1):
            searchers = [villain, villain]
            searchers[hero_seat] = hero
            returns = play_hand(game, searchers, deal_seed, deal_seed * 2 + hero_seat, budget)
            scores += returns[hero_seat] / 2
            chips += CHIP_SCALE * (returns[hero_seat] - 0.5) / 2
        pair_chips.append(chips)
        pair_scores.append(scores)
        if (k + 1) % 100 == 0:
            print(
                f"  {label}: {2 * (k + 1)} hands, {time.perf_counter() - start:.0f}s, "
                f"chips/hand {sum(pair_chips) / len(pair_chips):+.3f}",
                file=sys.stderr,
                flush=True,
            )
    chips_mean, chips_half = mean_interval(pair_chips)
    score_mean, score_half = mean_interval(pair_scores)
    return {
        "match": label,
        "hands": 2 * pairs,
        "chips_per_hand": chips_mean,
        "chips_95": chips_half,
        "score": score_mean,
        "score_95": score_half,
        "seconds": time.perf_counter() - start,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", type=int, default=2000, help="hands per match (even: deal pairs)"
    )
    parser.add_argument(
        "--iterations", type=int, default=1000, help="search iterations per decision"
    )
    parser.add_argument("--opponents", default="random,pimc", help="comma-separated searcher names")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    registry = default_registry()
    game = registry.game("leduc")
    hero = registry.searcher("ismcts").create()
    budget = Budget(iterations=args.iterations)
    print(
        f"leduc: ismcts vs {args.opponents}, {args.hands} hands each "
        "(seats swapped on every deal), "
        f"{args.iterations} iterations per decision, seed {args.seed}"
    )
    for name in args.opponents.split(","):
        if name not in registry.searchers:
            print(f"{name}: not registered, skipped")
            continue
        result = match(
            game,
            hero,
            registry.searcher(name).create(),
            args.hands // 2,
            budget,
            args.seed,
            f"ismcts vs {name}",
        )
        print(
            f"ismcts vs {name}: {result['hands']} hands, "
            f"chips/hand {result['chips_per_hand']:+.3f} "
            f"± {result['chips_95']:.3f}, score {result['score']:.4f} ± {result['score_95']:.4f} "
            f"({result['seconds']:.0f}s)"
        )
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
