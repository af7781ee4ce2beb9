"""mcts against the exact optimal policy of pig: how close does a fixed iteration
budget come to perfect play? (A script, not part of CI.)

    python bench/pig_mcts_vs_optimal.py --games 1000 --iterations 5000 --target 20

Seats alternate game by game (pig favours the first player), the dice come from one
seeded generator, and mcts decides through search.base.decide like any front-end.
Prints mcts's score (win share) with its 95% Wilson interval. No policy can expect
more than 50% against the optimal one; the goal for mcts is 45% or more.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

from engine.game import sample_chance
from engine.games.pig import GAME
from engine.games.pig.optimal import solve
from engine.rng import Rng
from search.base import Budget, decide
from search.mcts_searcher import MctsSearcher


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (wins may be fractional)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return centre - half, centre + half


def play(searcher, policy, mcts_seat: int, target: int, budget: Budget, rng: Rng) -> float:
    """One game; mcts's return (1 win, 0 loss)."""
    state = GAME.new_state(variant=f"target{target}")
    while not state.is_terminal():
        seat = state.current_player()
        if seat < 0:
            state.apply(sample_chance(state, rng))
        elif seat == mcts_seat:
            for action in decide(searcher, GAME, state, budget, seed=rng.next_u64()).actions:
                state.apply(action)
        else:
            state.apply(policy.action_for(state))
    return state.returns()[mcts_seat]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--target", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--c", type=float, default=math.sqrt(2.0))
    parser.add_argument("--widening", type=float, default=2.0)
    args = parser.parse_args(argv)

    policy = solve(args.target)
    searcher = MctsSearcher(c=args.c, widening=args.widening)
    budget = Budget(iterations=args.iterations)
    rng = Rng(args.seed)
    score, by_seat = 0.0, [0.0, 0.0]
    started = time.perf_counter()
    for game in range(args.games):
        seat = game % 2
        result = play(searcher, policy, seat, args.target, budget, rng)
        score += result
        by_seat[seat] += result
        if (game + 1) % 100 == 0:
            low, high = wilson_interval(score, game + 1)
            print(
                f"{game + 1} games: mcts {score / (game + 1):.3f} [{low:.3f}, {high:.3f}] "
                f"({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    games = args.games
    low, high = wilson_interval(score, games)
    print(
        f"pig target {args.target}, mcts {args.iterations} iterations/decision "
        f"(c={args.c:.3f}, widening={args.widening}) vs optimal, "
        f"{games} games, seats alternated"
    )
    print(
        f"mcts score {score / games:.3f}, 95% Wilson interval [{low:.3f}, {high:.3f}]; "
        f"as first player {by_seat[0] / math.ceil(games / 2):.3f}, "
        f"as second {by_seat[1] / max(1, games // 2):.3f}; "
        f"optimal's first-player win probability {policy.win_probability(0, 0, 0):.3f}"
    )
    print(f"goal >= 0.45: {'met' if score / games >= 0.45 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
