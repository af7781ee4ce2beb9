"""Maestro at two seats: the game's default searcher with the learned value
(engine/games/maestro/value.py) against the same searcher with the hand-built
heuristic, or against other weights of the same inputs (--against). A match cannot
pit them (the value is the state's, shared by every searcher in a process), so this
plays the games itself: before each decision the value of the seat to move is put in
place (value.use). Each deal is played twice,
seats swapped, and the score, its Elo and the paired interval are printed.

    python bench/training/maestro_value_duel.py --iterations 1000 --deals 500 --workers 2 \\
        --seed 7001
    python bench/training/maestro_value_duel.py --iterations 1000 --deals 300 --against old.json
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli.gameloop import play_game  # noqa: E402
from cli.match.elo import mean_interval, score_to_elo, signed_elo  # noqa: E402
from engine.errors import GameConfigError  # noqa: E402
from engine.games.maestro import value  # noqa: E402
from plugins.manager import default_registry  # noqa: E402
from search.base import Budget  # noqa: E402


def play_deal(job: tuple[int, int | None, int | None, dict | None]) -> tuple[float, float]:
    """The learned value's return on the deal `seed`, as seat 0 and as seat 1, against
    the weights `other` (value.load's model; None: the hand-built heuristic)."""
    seed, iterations, movetime, other = job
    registry = default_registry()
    game = registry.game("maestro")
    searcher = registry.searcher(registry.default_searcher(game)).create_for(game)
    budget = Budget(iterations=iterations, movetime_ms=movetime)
    learned = value.current()
    results = []
    for learned_seat in (0, 1):

        def put_value_in_place(state, _record, learned_seat=learned_seat):
            value.use(learned if state.current_player() == learned_seat else other)

        record = play_game(
            game,
            2,
            "standard",
            seed,
            [searcher, searcher],
            [budget, budget],
            on_turn=put_value_in_place,
        )
        value.use(learned)
        if record.forfeit is not None or record.error is not None:
            raise RuntimeError(f"deal {seed}: {record.error or record.forfeit.reason}")
        results.append(record.returns[learned_seat])
    return results[0], results[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, help="iterations a decision")
    parser.add_argument("--movetime", type=int, help="milliseconds a decision")
    parser.add_argument("--deals", type=int, default=200, help="deals, each played twice")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument(
        "--against", type=Path, help="weights to play against (default: the hand-built heuristic)"
    )
    args = parser.parse_args(argv)
    if (args.iterations is None) == (args.movetime is None):
        parser.error("give one budget: --iterations or --movetime")
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    if value.current() is None:
        parser.error("no learned value is in use")
    other = None
    if args.against:
        try:
            other = value.load(args.against)
        except GameConfigError as exc:
            parser.error(str(exc))
    jobs = [(args.seed + i, args.iterations, args.movetime, other) for i in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        pairs = list(pool.map(play_deal, jobs))
    games = [r for pair in pairs for r in pair]
    score = sum(games) / len(games)
    mean, half = mean_interval([(a + b) / 2 for a, b in pairs])
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.movetime} ms"
    print(
        f"learned value against {args.against or 'the hand-built heuristic'}, {budget} a decision, "
        f"{len(games)} games on {len(pairs)} deals: {score:.3f} "
        f"[{mean - half:.3f}, {mean + half:.3f}] (paired), "
        f"{signed_elo(score_to_elo(score))} Elo "
        f"[{signed_elo(score_to_elo(max(mean - half, 1e-9)))}, "
        f"{signed_elo(score_to_elo(min(mean + half, 1 - 1e-9)))}]"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
