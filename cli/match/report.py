"""The ratings table printed at the end of a match, from its summary (ratings.py)."""

from __future__ import annotations

from typing import Optional

from rich.console import Console
from rich.table import Table

from cli.match.elo import signed_elo
from cli.notation import format_number


def _elo(value: Optional[float], unbounded: str) -> str:
    return signed_elo(value, unbounded, digits=1)


def bound_text(bound: list) -> str:
    """A one-sided Elo bound (ratings.py's elo_bound) as `> +286.6 (95%)`."""
    side, value = bound
    return f"{side} {_elo(value, '')} (95%)"


def head_to_head_table(h2h: dict) -> Table:
    table = Table(title=f"{h2h['entrant']} vs {h2h['opponent']}", show_header=False)
    table.add_column("", style="bold")
    table.add_column("")
    games = h2h["games"]
    table.add_row("games", str(games))
    table.add_row(
        "score",
        f"{format_number(h2h['points'])} / {games} = {100 * h2h['score']:.1f}%"
        f"  95% [{100 * h2h['score_low']:.1f}%, {100 * h2h['score_high']:.1f}%]",
    )
    if not h2h["paired"]:
        kind = "games"
    else:
        kind = "pairs" if h2h["block_size"] == 2 else f"blocks of {h2h['block_size']} games"
    elo = _elo(h2h["elo"], "n/a")
    if h2h["samples"] < 2:
        table.add_row("Elo", f"{elo}  (an interval needs 2 {kind} or more)")
    elif h2h.get("elo_bound") is not None:
        table.add_row(
            "Elo",
            f"{bound_text(h2h['elo_bound'])}  (from the score interval; "
            f"{100 * h2h['score']:.0f}% has no finite Elo)",
        )
        table.add_row("LOS", f"{100 * h2h['los']:.1f}%")
    else:
        margin = "" if h2h["elo_margin"] is None else f" +/- {h2h['elo_margin']:.1f}"
        table.add_row(
            "Elo",
            f"{elo}{margin}  95% [{_elo(h2h['elo_low'], '-inf')}, "
            f"{_elo(h2h['elo_high'], '+inf')}] from {h2h['samples']} {kind}",
        )
        table.add_row("LOS", f"{100 * h2h['los']:.1f}%")
    single = h2h["per_game"]
    if h2h["paired"] and single["games"] >= 2 and h2h.get("elo_bound") is None:
        margin = "" if single["elo_margin"] is None else f" +/- {single['elo_margin']:.1f}"
        table.add_row(
            "Elo per game",
            f"{_elo(single['elo'], 'n/a')}{margin}  (single games, ignoring the pairing)",
        )
    if h2h["trinomial"] is not None:
        wins, draws, losses = h2h["trinomial"]
        table.add_row("W-D-L", f"{wins}-{draws}-{losses}")
    if h2h["pentanomial"] is not None:
        table.add_row(
            "pentanomial",
            "["
            + ", ".join(str(c) for c in h2h["pentanomial"])
            + "]  (pairs scoring 0, 1/2, 1, 3/2, 2)",
        )
    sprt = h2h["sprt"]
    if sprt is not None:
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted"}.get(sprt["decision"], "continuing")
        table.add_row(
            "SPRT",
            f"{sprt['test']}  LLR {sprt['llr']:.2f} "
            f"({sprt['lower']:.2f}, {sprt['upper']:.2f})  {verdict}",
        )
    return table


def standings_table(standings: list[dict]) -> Table:
    table = Table(title="entrants")
    for column in ("entrant", "games", "mean return per seat", "95% interval", "forfeits"):
        table.add_column(column, justify="left" if column == "entrant" else "right")
    for row in standings:
        if row["mean_share"] is None:
            share = interval = "-"
        else:
            share = f"{row['mean_share']:.3f}"
            interval = f"[{row['share_low']:.3f}, {row['share_high']:.3f}]"
        table.add_row(row["name"], str(row["games"]), share, interval, str(row["forfeits"]))
    return table


def openskill_table(ratings: list[dict]) -> Table:
    table = Table(title="openskill (Plackett-Luce)")
    for column in ("rank", "entrant", "mu", "sigma", "95% interval", "ordinal"):
        table.add_column(column, justify="left" if column == "entrant" else "right")
    for rank, row in enumerate(ratings, start=1):
        table.add_row(
            str(rank),
            row["name"],
            f"{row['mu']:.2f}",
            f"{row['sigma']:.2f}",
            f"[{row['low']:.2f}, {row['high']:.2f}]",
            f"{row['ordinal']:.2f}",
        )
    return table


def crosstable_table(cross: dict, names: list[str]) -> Table:
    table = Table(title="cross table (points / games against)")
    table.add_column("entrant")
    for name in names:
        table.add_column(name, justify="right")
    for a in names:
        cells = []
        for b in names:
            cell = cross[a].get(b)
            cells.append("" if cell is None else f"{format_number(cell['points'])}/{cell['games']}")
        table.add_row(a, *cells)
    return table


def print_report(console: Console, summary: dict, names: list[str]) -> None:
    if "head_to_head" in summary:
        console.print(head_to_head_table(summary["head_to_head"]))
    else:
        console.print(openskill_table(summary["openskill"]))
        console.print(crosstable_table(summary["crosstable"], names))
    console.print(standings_table(summary["standings"]))
    if summary["errors"]:
        console.print(
            f'{summary["errors"]} game(s) ended without a result (see "error" in games.jsonl)'
        )
