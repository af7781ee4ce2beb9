"""The ladder that calibrates a game's levels: a match between every two adjacent
levels (seats rotated, deals paired, through the match code of cli/match/), whose
paired Elo intervals add up to each level's Elo over level 1.

The gaps are independent matches, so a level's Elo over level 1 is the sum of the
gaps below it and its interval adds their half-widths in quadrature (on each side).
A gap with no interval (a clean sweep) leaves every level above it unbounded.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Callable, Optional

from cli.levels.ladder import CALIBRATION_FILE, MIN_LEVEL, forget_stored, ladder
from cli.match.entrants import Entrant
from cli.match.runner import MatchConfig, run_match
from cli.specs import parse_seat_spec
from engine.errors import CadenzaError


class CalibrationError(CadenzaError):
    """A ladder that could not be measured (a match game without a result)."""


def gap_match(game_name: str, lower: int, games: int, seed: int) -> MatchConfig:
    """The match of level `lower + 1` (named first, so its Elo is over `lower`)."""
    upper = lower + 1
    entrants = [
        Entrant(f"level{upper}", parse_seat_spec(f"level:{upper}")),
        Entrant(f"level{lower}", parse_seat_spec(f"level:{lower}")),
    ]
    return MatchConfig(game=game_name, entrants=entrants, games=games, seed=seed + lower)


def _finite(value) -> Optional[float]:
    return None if value is None or not math.isfinite(value) else float(value)


def ladder_rows(game_name: str, gaps: dict[int, dict], path: Optional[Path] = None) -> list[dict]:
    """The rows of the calibration file: every level's budget, and for each level up to
    the highest measured gap, its Elo over level 1 with a 95% interval and the games
    of its match against the level below. `gaps[k]` is the head-to-head summary of
    level k+1 against level k."""
    rows, elo, below, above = [], 0.0, 0.0, 0.0
    for level in ladder(game_name, path):
        row = {"level": level.level, "iterations": level.iterations}
        if level.random_share:
            row["random_share"] = level.random_share
        if level.level == MIN_LEVEL:
            row.update(elo=0.0, elo_low=0.0, elo_high=0.0, games=0)
        elif level.level - 1 in gaps:
            h2h = gaps[level.level - 1]
            gap, low, high = (_finite(h2h[k]) for k in ("elo", "elo_low", "elo_high"))
            # None (unbounded) stays None for every level above.
            elo = None if elo is None or gap is None else elo + gap
            below = None if below is None or low is None else math.hypot(below, gap - low)
            above = None if above is None or high is None else math.hypot(above, high - gap)
            row.update(games=h2h["games"], gap=None if gap is None else round(gap, 1))
            row["elo"] = None if elo is None else round(elo, 1)
            row["elo_low"] = None if elo is None or below is None else round(elo - below, 1)
            row["elo_high"] = None if elo is None or above is None else round(elo + above, 1)
        rows.append(row)
    return rows


def calibrate(
    game_name: str,
    games: int,
    backend,
    out: Path,
    seed: int,
    top: int,
    command: str,
    path: Optional[Path] = None,
    console=None,
    note: Callable[[str], None] = lambda text: None,
) -> dict:
    """Play the ladder from level 1 up to `top`, write the game's entry of the
    calibration file (the others are kept) and return it."""
    gaps = {}
    for lower in range(MIN_LEVEL, top):
        note(f"level {lower + 1} against level {lower}: {games} games")
        outcome = run_match(
            gap_match(game_name, lower, games, seed),
            Path(out) / f"level{lower + 1}-vs-level{lower}",
            backend,
            console=console,
        )
        if outcome.summary["errors"]:
            raise CalibrationError(
                f"{outcome.summary['errors']} game(s) of level {lower + 1} against level "
                f"{lower} ended without a result (see {outcome.directory}/games.jsonl): "
                f"nothing was stored"
            )
        gaps[lower] = outcome.summary["head_to_head"]
    entry = {
        "command": command,
        "games_per_gap": games,
        "levels": ladder_rows(game_name, gaps, path),
    }
    write_entry(game_name, entry, path or CALIBRATION_FILE)
    return entry


def write_entry(game_name: str, entry: dict, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[game_name] = entry
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    forget_stored()
