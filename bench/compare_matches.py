"""Which of two searchers is stronger, from their matches against the same opponent
on the same deals: the difference of their mean returns, paired game by game, with
its 95% interval.

Two `cadenza match` runs with the same --seed, --games and opponent deal the same
game to both heroes at every index, with the seats in the same order, so the
difference can be taken game by game: the luck of the deal then cancels, and the
interval is narrower than that of two separate scores. Where the two runs did not
deal alike, the difference of the two means is given with an unpaired interval.

    python bench/compare_matches.py bench/results/maestro-mcts-vs-greedy \\
        bench/results/maestro-expectimax-vs-greedy
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cli.match.elo import mean_interval  # noqa: E402
from cli.match.entrants import parse_entrant  # noqa: E402
from cli.match.store import GamesFile, match_identity  # noqa: E402
from engine.errors import CadenzaError  # noqa: E402


def hero_returns(directory: Path) -> tuple[str, dict[int, tuple[int, float]]]:
    """The first entrant's name, and by game index: (the game's seed, that entrant's
    return in it)."""
    match = match_identity(directory)
    hero = parse_entrant(match["entrants"][0]).name
    games = {}
    for index, record in GamesFile(directory).load(repair=False).items():
        if record.get("returns") is None:  # a game that failed: no result
            continue
        games[index] = (record["seed"], record["returns"][record["seats"].index(hero)])
    return hero, games


def compare(first: Path, second: Path) -> str:
    name_a, games_a = hero_returns(first)
    name_b, games_b = hero_returns(second)
    common = sorted(set(games_a) & set(games_b))
    paired = bool(common) and all(games_a[i][0] == games_b[i][0] for i in common)
    if paired:
        mean, half = mean_interval(games_a[i][1] - games_b[i][1] for i in common)
        how = f"paired over the {len(common)} games both played on the same deals"
    else:
        mean_a, half_a = mean_interval(r for _, r in games_a.values())
        mean_b, half_b = mean_interval(r for _, r in games_b.values())
        mean, half = mean_a - mean_b, math.hypot(half_a, half_b)
        how = f"unpaired ({len(games_a)} and {len(games_b)} games; the deals differ)"
    low, high = mean - half, mean + half
    verdict = (
        f"{name_a} is stronger"
        if low > 0
        else f"{name_b} is stronger"
        if high < 0
        else "no difference shown at 95%"
    )
    return (
        f"{name_a} minus {name_b}: {mean:+.3f} [{low:+.3f}, {high:+.3f}] in mean return, "
        f"{how}: {verdict}"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path, help="a match folder (its first entrant is the hero)")
    parser.add_argument("second", type=Path, help="the other hero's match folder")
    args = parser.parse_args(argv)
    try:
        print(compare(args.first, args.second))
    except CadenzaError as exc:  # not a match folder, or a malformed entrant in it
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
