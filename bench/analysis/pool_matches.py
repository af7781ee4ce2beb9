"""One head-to-head from several runs of the same two entrants on different deals
(`cadenza match` runs that differ only in --seed): their games pooled with each
run's blocks kept whole, so that the score, its interval and the paired Elo are
those of one longer match.

    python bench/analysis/pool_matches.py \\
        bench/results/maestro-mcts-value3-vs-openspiel-mcts-100ms-2041 \\
        bench/results/maestro-mcts-value3-vs-openspiel-mcts-100ms-2042
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli.match.elo import signed_elo  # noqa: E402
from cli.match.entrants import parse_entrant  # noqa: E402
from cli.match.ratings import summarize  # noqa: E402
from cli.match.store import GamesFile, match_identity  # noqa: E402
from engine.errors import CadenzaError  # noqa: E402


class PoolError(Exception):
    """Runs that cannot be read as one match."""


def pooled(folders: list[Path]) -> dict:
    """The head-to-head summary (cli.match.ratings) of the runs' games together."""
    entrants = None
    records: list[dict] = []
    for folder in folders:
        these = match_identity(folder)["entrants"]
        if entrants is None:
            entrants = these
            names = [parse_entrant(text).name for text in entrants]
            if len(names) != 2:
                raise PoolError(f"a head-to-head needs two entrants, the runs have {len(names)}")
        elif these != entrants:
            raise PoolError(f"{folder} has other entrants: {', '.join(these)}")
        # Renumbered past the runs before, so that no two runs share a block.
        index_base = max((r["index"] for r in records), default=-1) + 1
        block_base = max((r["block"] for r in records), default=-1) + 1
        for record in GamesFile(folder).load(repair=False).values():
            records.append(
                {
                    **record,
                    "index": index_base + record["index"],
                    "block": block_base + record["block"],
                }
            )
    if not records:
        raise PoolError("the runs hold no games")
    block_size = max(Counter(r["block"] for r in records).values())
    return summarize(records, names, block_size)["head_to_head"]


def describe(h2h: dict, runs: int) -> str:
    elo = signed_elo(h2h["elo"])
    low, high = signed_elo(h2h["elo_low"]), signed_elo(h2h["elo_high"])
    return (
        f"{h2h['entrant']} vs {h2h['opponent']}, {h2h['games']} games from {runs} "
        f"run{'' if runs == 1 else 's'}: "
        f"score {h2h['score']:.3f} [{h2h['score_low']:.3f}, {h2h['score_high']:.3f}], "
        f"Elo {elo} [{low}, {high}] from {h2h['samples']} blocks"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, help="match folders (cadenza match --out)")
    args = parser.parse_args(argv)
    try:
        print(describe(pooled(args.folders), len(args.folders)))
    except (PoolError, CadenzaError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
