"""The strength matches in bench/results/ as a Markdown table, finished or not.

Each folder there is a `cadenza match` run (match.json, games.jsonl); this reads the
games played so far, so a long match that a session had to stop shows its standing,
and `cadenza match ... --resume` goes on with it. Run from the checkout:

    python bench/analysis/strength_table.py                 # every folder in bench/results
    python bench/analysis/strength_table.py DIR [DIR ...]
    python bench/analysis/strength_table.py --readme        # rewrite the table in docs/strength.md

A row gives the first entrant's mean return per seat with its 95% (Wilson) interval:
its score against the others in a two-player match, its share of the win in a game
of more seats (a fair share is 1/players); and, for two entrants, the Elo with its
95% interval from pairs of games with the seats swapped; and the folder, which tells
apart matches of the same entrants (played again, on other seeds or other code).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli.match.elo import signed_elo  # noqa: E402
from cli.match.entrants import parse_entrant  # noqa: E402
from cli.match.ratings import summarize  # noqa: E402
from cli.match.schedule import seatings  # noqa: E402
from cli.match.store import CONFIG_FILE, GamesFile, match_identity, seats_every_order  # noqa: E402
from engine.errors import CadenzaError  # noqa: E402

RESULTS = Path(__file__).resolve().parents[1] / "results"
README = RESULTS.parents[1] / "docs" / "strength.md"
# The table in docs/strength.md stands between these two lines.
BEGIN, END = "<!-- strength-table -->", "<!-- /strength-table -->"


def _elo(h2h: dict) -> str:
    if h2h is None or h2h["elo_low"] is None and h2h["elo_high"] is None:
        return "-"
    low, high = signed_elo(h2h["elo_low"], "-inf"), signed_elo(h2h["elo_high"], "+inf")
    return f"{signed_elo(h2h['elo'])} [{low}, {high}]"


def stored_match(directory: Path) -> tuple[dict, list, list[dict], dict]:
    """The match in `directory` as played so far: its match.json, its entrants, the
    games' records and their summary (cli/match/ratings.summarize)."""
    match = match_identity(directory)
    entrants = [parse_entrant(text) for text in match["entrants"]]
    names = [entrant.name for entrant in entrants]
    block = len(seatings(len(names), match["players"], seats_every_order(match)))
    records = list(GamesFile(directory).load(repair=False).values())
    return match, entrants, records, summarize(records, names, block)


def row(directory: Path) -> str:
    """One Markdown table row for the match in `directory`."""
    match, entrants, records, summary = stored_match(directory)
    first = summary["standings"][0]
    share = (
        "-"
        if first["mean_share"] is None
        else (f"{first['mean_share']:.3f} [{first['share_low']:.3f}, {first['share_high']:.3f}]")
    )
    lineup = " vs ".join(f"{entrant.name} ({entrant.spec})" for entrant in entrants)
    return (
        f"| {match['game']} | {match['players']} | {lineup} | {len(records)} / {match['games']} "
        f"| {share} | {_elo(summary.get('head_to_head'))} | `{directory.name}` |"
    )


def table(dirs: list[Path]) -> list[str]:
    lines = [
        "| game | seats | entrants | games played / planned | first entrant's mean return (95%) "
        "| Elo (95%) | folder |",
        "|---|---|---|---|---|---|---|",
    ]
    return lines + [row(directory) for directory in dirs]


def rewrite_readme(
    lines: list[str], path: Path = README, begin: str = BEGIN, end: str = END
) -> None:
    """Put `lines` in place of what stands between the `begin` and `end` lines."""
    text = path.read_text(encoding="utf-8")
    if begin not in text or end not in text:
        raise SystemExit(f"{path} has no {begin} ... {end} section")
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
    path.write_text(head + begin + "\n" + "\n".join(lines) + "\n" + end + tail, encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "dirs", nargs="*", type=Path, help="match folders (default: bench/results/*)"
    )
    parser.add_argument(
        "--readme", action="store_true", help="rewrite the table in docs/strength.md"
    )
    args = parser.parse_args(argv)
    dirs = args.dirs or sorted(p for p in RESULTS.iterdir() if (p / CONFIG_FILE).exists())
    try:
        lines = table(dirs)
    except CadenzaError as exc:  # not a match folder, or a malformed entrant in it
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.readme:
        rewrite_readme(lines)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
