"""How many tiles each side of a Maestro match declares (spec 4 C: 1-3, no more than
its free agency spaces), by the free spaces it had when it declared, in the games
the match's first entrant (the hero) won and in those it lost.

A full agency ends the game at its owner's turn unless it places (spec 7.2), so how
freely a side draws while its agency fills is what this shows; replayed from the
match's records.

    python bench/training/maestro_draws.py \\
        bench/results/maestro-mcts-value3-vs-openspiel-mcts-100ms-2041
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.analysis.compare_matches import hero_records, replay_start  # noqa: E402

DRAWS = ("draw1", "draw2", "draw3")


def declared_draws(record: dict, hero: str) -> Counter:
    """(side, free spaces, declaration) -> count over the record's last game, side
    being "hero" or "opponent"."""
    played, state = replay_start(record)
    counts: Counter = Counter()
    for move in played["moves"]:
        for text in move["actions"]:
            if text in DRAWS:
                seat = move["seat"]
                free = state.to_dict()["agencies"][seat].count(None)
                side = "hero" if record["seats"][seat] == hero else "opponent"
                counts[side, free, text] += 1
            state.apply(state.str_to_action(text))
    return counts


def table(directory: Path) -> str:
    hero, records = hero_records(directory)
    by_result = {"won": Counter(), "lost": Counter()}
    games = Counter()
    for record in records.values():
        share = record["returns"][record["seats"].index(hero)]
        if share in (0.0, 1.0):  # shared wins are left out
            result = "won" if share == 1.0 else "lost"
            games[result] += 1
            by_result[result].update(declared_draws(record, hero))
    lines = [f"{directory.name}: hero {hero}, {games['won']} won, {games['lost']} lost"]
    lines.append("side      game       free  declared  draw1  draw2  draw3")
    for side in ("hero", "opponent"):
        for result in ("won", "lost"):
            counts = by_result[result]
            for free in range(9, 0, -1):
                row = [counts[side, free, d] for d in DRAWS]
                declared = sum(row)
                if declared:
                    shares = "  ".join(f"{c / declared:.2f}" for c in row)
                    game = f"hero {result}"
                    lines.append(f"{side:9} {game:9} {free:5} {declared:9}   {shares}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", nargs="+", type=Path, help="match folders (Maestro)")
    args = parser.parse_args(argv)
    for directory in args.matches:
        print(table(directory))
    return 0


if __name__ == "__main__":
    sys.exit(main())
