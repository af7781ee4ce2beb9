"""Elo against thinking time: where does more time stop helping?

For each game, its default searcher (with the options the game suggests) plays a
match at every two adjacent thinking times (seats rotated, deals paired: the match
code of cli/match/), and the gaps are chained into Elo over the shortest time with
95% intervals (cli/match/elo.chained). Two seats where the game allows, otherwise
its fewest. Each match is a folder under --out, GAME/T2-vs-T1, so a stopped run goes
on from where it was with the same command (a started match keeps the number of
games it was started with, so a step can be added at the top with fewer games, and
its seed is --seed plus its lower time's place in 0.1, 0.3, 1, 3, 10, whatever
--times it runs under); the chain is written to
thinking-time.json and drawn in thinking-time.png there, and printed as the README's
table. Run from the checkout:

    python bench/thinking_time.py --game maestro --times 0.1,0.3,1 --games 40
    python bench/thinking_time.py --table          # the table and plot of what is stored
    python bench/thinking_time.py --table --readme # and the table into docs/strength.md

A timed match measures the machine as much as the searcher: run it on an otherwise
idle machine, one game at a time (--workers 1) unless cores are to spare.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.analysis.strength_table import README, rewrite_readme, stored_match  # noqa: E402
from cli.match.elo import chained, signed_elo  # noqa: E402
from cli.match.entrants import Entrant  # noqa: E402
from cli.match.store import CONFIG_FILE, GamesFile  # noqa: E402
from cli.specs import parse_seat_spec  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "thinking-time"
SEED_GAMES = ("maestro", "renaissance", "taktvoll", "luthier")
TIMES = (0.1, 0.3, 1.0, 3.0, 10.0)
CHAIN_FILE, PLOT_FILE = "thinking-time.json", "thinking-time.png"
# The table in docs/strength.md stands between these two lines.
BEGIN, END = "<!-- thinking-time -->", "<!-- /thinking-time -->"


def label(seconds: float) -> str:
    return f"{seconds:g}s"


def players_for(game) -> int:
    return 2 if game.min_players <= 2 <= game.max_players else game.min_players


def gap_config(game, searcher: str, low: float, high: float, games: int, seed: int):
    """The match of `high` seconds a decision (named first) against `low`."""
    from cli.match.runner import MatchConfig

    def entrant(seconds: float) -> Entrant:
        spec = parse_seat_spec(f"{searcher}:movetime={round(seconds * 1000)}")
        return Entrant(label(seconds), spec)

    return MatchConfig(
        game=game.name,
        entrants=[entrant(high), entrant(low)],
        games=games,
        players=players_for(game),
        seed=seed,
    )


def gap_dir(out: Path, game_name: str, low: float, high: float) -> Path:
    return out / game_name / f"{label(high)}-vs-{label(low)}"


def gap_seed(seed: int, times: tuple[float, ...], index: int) -> int:
    """The seed of the match between times[index] and the time above it: `seed` plus
    the lower time's place in TIMES (its place in `times` for another time), so a gap
    plays the same deals whichever --times it was started under, and a step added
    later at the top (--times 3,10) goes on the chain's seeds."""
    low = times[index]
    return seed + (TIMES.index(low) if low in TIMES else index)


def started_games(directory: Path) -> int | None:
    """The games a started match folder was set to play (None if not started)."""
    if not (directory / CONFIG_FILE).exists():
        return None
    return json.loads((directory / CONFIG_FILE).read_text(encoding="utf-8"))["games"]


def stored_gap(directory: Path) -> dict | None:
    """The head-to-head of a match folder from the games played so far (None if none)."""
    if not GamesFile(directory).exists():
        return None
    match, _, records, summary = stored_match(directory)
    if not records:
        return None
    h2h = summary.get("head_to_head") or {}
    return {**h2h, "games": len(records), "target": match["games"]}


def chain_rows(out: Path, game_name: str, times: tuple[float, ...]) -> list[dict]:
    """Each time's Elo over the first, as far as the adjacent matches are stored."""
    rows = [{"seconds": times[0], "elo": 0.0, "elo_low": 0.0, "elo_high": 0.0, "games": 0}]
    gaps = []
    for low, high in zip(times, times[1:], strict=False):
        h2h = stored_gap(gap_dir(out, game_name, low, high))
        if h2h is None:
            break
        gaps.append((h2h, high))
    totals = chained([(h.get("elo"), h.get("elo_low"), h.get("elo_high")) for h, _ in gaps])
    for (h2h, seconds), (elo, low, high) in zip(gaps, totals, strict=True):
        rows.append(
            {
                "seconds": seconds,
                "gap": h2h.get("elo"),
                "gap_low": h2h.get("elo_low"),
                "gap_high": h2h.get("elo_high"),
                "elo": elo,
                "elo_low": low,
                "elo_high": high,
                "games": h2h["games"],
                "target": h2h["target"],
            }
        )
    return rows


def _interval(value, low, high) -> str:
    return f"{signed_elo(value, '?')} [{signed_elo(low, '?')}, {signed_elo(high, '?')}]"


def table(chains: dict[str, list[dict]]) -> str:
    """The README's Markdown table: per game and time, the gap over the time below and
    the Elo over the shortest time, with intervals and games."""
    lines = [
        "| game | seconds a decision | Elo over the time below, 95% | Elo over the shortest, 95% "
        "| games |",
        "|---|---|---|---|---|",
    ]
    for game_name, rows in chains.items():
        for row in rows:
            gap = "" if "gap" not in row else _interval(row["gap"], row["gap_low"], row["gap_high"])
            total = _interval(row["elo"], row["elo_low"], row["elo_high"])
            games = "" if not row["games"] else f"{row['games']} of {row['target']}"
            lines.append(f"| {game_name} | {row['seconds']:g} | {gap} | {total} | {games} |")
    return "\n".join(lines)


def plot(chains: dict[str, list[dict]], path: Path) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4.5))
    FigureCanvasAgg(figure)
    ax = figure.add_subplot(1, 1, 1)
    for index, (game_name, rows) in enumerate(chains.items()):
        rows = [r for r in rows if r["elo"] is not None]
        # Each game a little to the side, so that bars at the same time stay apart.
        spread = 1.04 ** (index - (len(chains) - 1) / 2)
        xs = [r["seconds"] * spread for r in rows]
        ys = [r["elo"] for r in rows]
        # An unbounded side is drawn without a bar.
        below = [r["elo"] - (r["elo"] if r["elo_low"] is None else r["elo_low"]) for r in rows]
        above = [(r["elo"] if r["elo_high"] is None else r["elo_high"]) - r["elo"] for r in rows]
        ax.errorbar(xs, ys, yerr=[below, above], marker="o", capsize=3, label=game_name)
    ax.set_xscale("log")
    ax.set_xlabel("seconds a decision (log scale)")
    ax.set_ylabel("Elo over the shortest time (95%)")
    ax.set_title("Elo against thinking time: each game's default searcher")
    ax.grid(True, alpha=0.3)
    ax.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)


def run(game_names, times, games, seed, workers, out: Path) -> None:
    from cli.match.backends import make_backend
    from cli.match.runner import run_match
    from plugins.manager import default_registry

    registry = default_registry()
    backend = make_backend("local", workers, default_registry)
    for game_name in game_names:
        game = registry.game(game_name)
        searcher = registry.default_searcher(game)
        for index, (low, high) in enumerate(zip(times, times[1:], strict=False)):
            directory = gap_dir(out, game_name, low, high)
            # A started match goes on to its own number of games: --games is for
            # the steps not started yet.
            started = started_games(directory)
            target = games if started is None else started
            note = (
                ""
                if target == games
                else f" (started with {target}; --games {games} is kept for new steps)"
            )
            print(
                f"{game_name}: {label(high)} against {label(low)}, {target} games{note}", flush=True
            )
            config = gap_config(game, searcher, low, high, target, gap_seed(seed, times, index))
            run_match(config, directory, backend, resume=started is not None)


def write_chain(game_names, times, out: Path) -> dict[str, list[dict]]:
    chains = {name: chain_rows(out, name, times) for name in game_names}
    chains = {name: rows for name, rows in chains.items() if len(rows) > 1}
    out.mkdir(parents=True, exist_ok=True)
    (out / CHAIN_FILE).write_text(json.dumps(chains, indent=1) + "\n", encoding="utf-8")
    if chains:
        plot(chains, out / PLOT_FILE)
    return chains


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: the four seed games)")
    default_times = ",".join(f"{t:g}" for t in TIMES)
    parser.add_argument("--times", default=default_times, help="seconds, rising")
    parser.add_argument(
        "--games",
        type=int,
        default=40,
        help="games of each adjacent match not started yet (a started one keeps its own)",
    )
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--table", action="store_true", help="only print and plot what is stored")
    parser.add_argument(
        "--readme", action="store_true", help="also rewrite the table in docs/strength.md"
    )
    args = parser.parse_args(argv)
    times = tuple(float(t) for t in args.times.split(","))
    if len(times) < 2 or list(times) != sorted(set(times)) or times[0] <= 0:
        parser.error("--times needs two or more rising positive numbers of seconds")
    if args.games < 2 or args.workers < 1:
        parser.error("--games must be 2 or more and --workers 1 or more")
    game_names = args.game or list(SEED_GAMES)
    if not args.table:
        run(game_names, times, args.games, args.seed, args.workers, args.out)
    text = table(write_chain(game_names, times, args.out))
    print(text)
    if args.readme:
        rewrite_readme(text.splitlines(), README, BEGIN, END)


if __name__ == "__main__":
    main()
