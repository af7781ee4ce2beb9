"""The PNG of a match: the ratings with their 95% intervals (left), and the score
over the games played (right). Drawn with matplotlib's Agg renderer through its
object API, so no display and no pyplot state are involved."""

from __future__ import annotations

from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from cli.match.elo import Moments, score_interval
from cli.match.ratings import has_result, pairwise_score, seat_shares
from cli.match.report import bound_text

# How far the arrow of a one-sided bound reaches past it (Elo), at least.
BOUND_ARROW_ELO = 200.0


def elo_mark(h2h: dict) -> dict:
    """What the ratings panel draws for two entrants: the Elo with its interval
    (x, low, high, None), or for a clean sweep the one-sided bound (x = the bound,
    an arrow towards the open side, and its label). An unknown end is drawn at x."""
    bound = h2h.get("elo_bound")
    if bound is not None:
        side, x = bound
        reach = max(BOUND_ARROW_ELO, abs(x) / 2)
        return {"x": x, "to": x + reach if side == ">" else x - reach, "label": bound_text(bound)}
    elo = h2h["elo"] if h2h["elo"] is not None else 0.0
    low = h2h["elo_low"] if h2h["elo_low"] is not None else elo
    high = h2h["elo_high"] if h2h["elo_high"] is not None else elo
    return {"x": elo, "low": low, "high": high}


def _ratings_panel(ax, summary: dict) -> None:
    if "head_to_head" in summary:
        h2h = summary["head_to_head"]
        mark = elo_mark(h2h)
        if "label" in mark:
            ax.annotate(
                "",
                xy=(mark["to"], 0),
                xytext=(mark["x"], 0),
                arrowprops={"arrowstyle": "->", "linewidth": 1.5},
            )
            ax.plot([mark["x"]], [0], "|", markersize=14, markeredgewidth=2)
            ax.annotate(mark["label"], (mark["x"], 0), xytext=(0, 10), textcoords="offset points")
            ax.set_xlim(min(0.0, mark["x"], mark["to"]) - 50, max(0.0, mark["x"], mark["to"]) + 50)
        else:
            x, low, high = mark["x"], mark["low"], mark["high"]
            ax.errorbar([x], [0], xerr=[[x - low], [high - x]], fmt="o", capsize=6)
        ax.axvline(0, color="grey", linewidth=0.8)
        ax.set_yticks([0], [f"{h2h['entrant']}\nvs {h2h['opponent']}"])
        ax.set_xlabel("Elo difference (95% interval)")
    else:
        rows = summary["openskill"][::-1]
        ys = range(len(rows))
        ax.errorbar(
            [r["mu"] for r in rows],
            list(ys),
            xerr=[[r["mu"] - r["low"] for r in rows], [r["high"] - r["mu"] for r in rows]],
            fmt="o",
            capsize=4,
        )
        ax.set_yticks(list(ys), [r["name"] for r in rows])
        ax.set_xlabel("openskill mu (95% interval)")
    ax.set_title("ratings")


def _score_panel(ax, records: list[dict], names: list[str], players: int) -> None:
    finished = [r for r in sorted(records, key=lambda r: r["index"]) if has_result(r)]
    if len(names) == 2:
        moments, xs, means, lows, highs = Moments(), [], [], [], []
        for record in finished:
            moments.add(pairwise_score(seat_shares(record), names[0], names[1]))
            xs.append(moments.n)
            means.append(moments.mean)
            # Wilson, as the report's score interval: it keeps a width at 100% too
            low, high = score_interval(moments.mean, moments.n)
            lows.append(low)
            highs.append(high)
        ax.plot(xs, means, label=f"{names[0]} vs {names[1]}")
        ax.fill_between(xs, lows, highs, alpha=0.25, label="95% interval")
        ax.axhline(0.5, color="grey", linewidth=0.8)
        ax.set_ylabel("score")
    else:
        for name in names:
            total, count, xs, ys = 0.0, 0, [], []
            for number, record in enumerate(finished, start=1):
                shares = seat_shares(record)
                if name in shares:
                    total, count = total + shares[name], count + 1
                if count:
                    xs.append(number)
                    ys.append(total / count)
            ax.plot(xs, ys, label=name)
        ax.axhline(1.0 / players, color="grey", linewidth=0.8)
        ax.set_ylabel("mean return per seat")
    ax.set_xlabel("games played")
    ax.set_title("score over games")
    ax.legend(loc="best", fontsize="small")


def plot_match(
    path: Path, summary: dict, records: list[dict], names: list[str], players: int
) -> None:
    """Write the two panels to `path` (PNG)."""
    figure = Figure(figsize=(11, max(3.5, 0.45 * len(names) + 2)), layout="constrained")
    FigureCanvasAgg(figure)
    left, right = figure.subplots(1, 2)
    _ratings_panel(left, summary)
    _score_panel(right, records, names, players)
    figure.savefig(path, dpi=100)
