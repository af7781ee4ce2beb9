"""Luthier strength check: one searcher (the hero) against two copies of another in
3-player games, seats rotated (a script, not in CI). Run from the checkout:

    python bench/luthier_match.py --games 30 --hero ismcts --iterations 2000
    python bench/luthier_match.py --games 300 --hero ismcts --movetime 2000

Game k uses setup seed k; the hero sits in seat k % 3. The hero's score is its mean
return (1 for a win, shares for ties; a fair share is 1/3), with a 95% normal
interval over the games. Greedy opponents play one ply on the game's heuristic.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time

from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide


def parse_options(text: str) -> dict:
    """"k=v,k=v" as a dict of strings (the searcher spec converts the types)."""
    return dict(item.split("=", 1) for item in text.split(",") if item)


def play_game(game, searchers, seed: int, budgets) -> tuple[list[float], list[int]]:
    """Returns and scores of game `seed`; searchers[seat] plays that seat."""
    state = game.new_state(len(searchers), seed=seed)
    dice = Rng(seed * 7919 + 1)
    turn = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state, dice))
            continue
        seat = state.current_player()
        decision = decide(searchers[seat], game, state, budgets[seat], seed=seed * 100_003 + turn)
        for action in decision.actions:
            state.apply(action)
        turn += 1
    return state.returns(), state.scores()


def interval(samples: list[float]) -> tuple[float, float]:
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--first", type=int, default=0, help="seed of the first game")
    parser.add_argument("--hero", default="ismcts")
    parser.add_argument("--hero-options", default="", help="k=v,... for the hero")
    parser.add_argument("--villain", default="greedy")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--movetime", type=int, default=None, help="ms per decision for the hero")
    args = parser.parse_args(argv)
    registry = default_registry()
    game = registry.game("luthier")
    hero = registry.searcher(args.hero).create(**parse_options(args.hero_options))
    villain = registry.searcher(args.villain).create()
    hero_budget = Budget(iterations=args.iterations, movetime_ms=args.movetime)
    villain_budget = Budget(iterations=1)
    results = []
    start = time.perf_counter()
    for k in range(args.first, args.first + args.games):
        seat = k % 3
        searchers = [villain] * 3
        searchers[seat] = hero
        budgets = [villain_budget] * 3
        budgets[seat] = hero_budget
        returns, scores = play_game(game, searchers, k, budgets)
        results.append(returns[seat])
        mean, half = interval(results)
        print(f"game {k}: hero seat {seat} scores {scores} return {returns[seat]:.2f}; "
              f"mean {mean:.3f} ± {half:.3f} after {len(results)} ({time.perf_counter() - start:.0f}s)",
              file=sys.stderr, flush=True)
    mean, half = interval(results)
    summary = {"hero": args.hero, "hero_options": args.hero_options, "villain": args.villain,
               "games": len(results), "iterations": args.iterations, "movetime_ms": args.movetime,
               "mean_return": mean, "interval_95": half, "wins": sum(1 for r in results if r == 1.0),
               "seconds": time.perf_counter() - start}
    print(json.dumps(summary), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
