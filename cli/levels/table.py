"""`cadenza levels GAME`: a game's ladder as a table, each level's budget, its
measured Elo over level 1 with the 95% interval and its own gap over the level below
with that match's interval ("not calibrated" where the stored calibration has no
figure), and a warning where the levels now search with other options than the
ladder was played with."""

from __future__ import annotations

from typing import Optional

from cli.levels.ladder import ladder, outdated_by
from cli.match.elo import signed_elo
from plugins.manager import default_registry


def _elo(value: Optional[float]) -> str:
    return signed_elo(value, "unbounded")


def _gap(row: dict) -> str:
    """A level's Elo over the level below, with its match's 95% interval where the
    calibration keeps it."""
    if row.get("gap") is None and "gap_low" not in row:
        return ""
    gap = _elo(row.get("gap"))
    if "gap_low" not in row:
        return gap
    return f"{gap} [{_elo(row['gap_low'])}, {_elo(row['gap_high'])}]"


def level_lines(game_name: str, entry: Optional[dict], path=None) -> list[str]:
    """The table's lines: a heading, one row a level, then how it was measured."""
    measured = {row["level"]: row for row in (entry or {}).get("levels", [])}
    rows = [
        (
            "level",
            "budget",
            "Elo over level 1",
            "95% interval",
            "over level below, 95%",
            "games vs level below",
        )
    ]
    for level in ladder(game_name, path):
        row = measured.get(level.level)
        if row is None or "elo" not in row:
            rows.append((str(level.level), level.describe(), "not calibrated", "", "", ""))
            continue
        interval = f"[{_elo(row['elo_low'])}, {_elo(row['elo_high'])}]"
        games = str(row["games"]) if row["games"] else "-"
        rows.append(
            (str(level.level), level.describe(), _elo(row["elo"]), interval, _gap(row), games)
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    if entry is None:
        lines.append(f"{game_name} is not calibrated: cadenza levels {game_name} --calibrate")
        return lines
    lines.append(f"measured by: {entry['command']}")
    for row in entry.get("levels", []):
        if "command" in row:
            lines.append(
                f"level {row['level']} against {row['level'] - 1} again by: {row['command']}"
            )
    registry = default_registry()
    now = outdated_by(registry, registry.game(game_name), entry)
    if now is not None:
        lines.append(
            f"measured with {entry['searcher']}; the levels now search with {now}, so these "
            f"figures are out of date until the ladder is played again"
        )
    return lines
