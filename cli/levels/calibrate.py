"""The ladder that calibrates a game's levels: a match between every two adjacent
levels (seats rotated, deals paired, through the match code of cli/match/), whose
paired Elo intervals add up to each level's Elo over level 1.

The gaps are independent matches, so a level's Elo over level 1 is the sum of the
gaps below it and its interval adds their half-widths in quadrature (on each side).
A gap with no interval (a clean sweep) leaves every level above it unbounded.
Each row keeps its gap's own interval too, so one gap can be played again (more
games, where 95% could not tell two levels apart) and the ladder chained afresh.
"""

from __future__ import annotations

import json
import math
from functools import partial
from pathlib import Path
from typing import Callable, Optional

from cli.levels.ladder import (
    CALIBRATION_FILE,
    MIN_LEVEL,
    calibration,
    forget_stored,
    ladder,
    level_searcher,
    outdated_by,
)
from cli.match.elo import chained
from cli.match.entrants import Entrant
from cli.match.runner import MatchConfig, run_match
from cli.match.store import CONFIG_FILE
from cli.specs import level_spec
from engine.errors import CadenzaError
from plugins.manager import default_registry


class CalibrationError(CadenzaError):
    """A ladder that could not be measured (a match game without a result)."""


def gap_match(game_name: str, lower: int, games: int, seed: int) -> MatchConfig:
    """The match of level `lower + 1` (named first, so its Elo is over `lower`)."""
    upper = lower + 1
    entrants = [
        Entrant(f"level{upper}", level_spec(upper)),
        Entrant(f"level{lower}", level_spec(lower)),
    ]
    return MatchConfig(game=game_name, entrants=entrants, games=games, seed=seed + lower)


def _finite(value) -> Optional[float]:
    return None if value is None or not math.isfinite(value) else float(value)


def gap_of(h2h: dict) -> tuple:
    """A head-to-head summary's (elo, low, high), None where it has no finite value."""
    return tuple(_finite(h2h[k]) for k in ("elo", "elo_low", "elo_high"))


def ladder_rows(game_name: str, gaps: dict[int, dict], path: Optional[Path] = None) -> list[dict]:
    """The rows of the calibration file: every level's budget, and for each level up to
    the highest measured gap, its Elo over level 1 with a 95% interval and the games
    of its match against the level below. `gaps[k]` is the head-to-head summary of
    level k+1 against level k."""
    levels = ladder(game_name, path)
    measured = [level.level for level in levels[1:] if level.level - 1 in gaps]
    totals = dict(zip(measured, chained([gap_of(gaps[n - 1]) for n in measured]), strict=True))
    rows = []
    for level in levels:
        row = {"level": level.level, "iterations": level.iterations}
        if level.random_share:
            row["random_share"] = level.random_share
        if level.level == MIN_LEVEL:
            row.update(elo=0.0, elo_low=0.0, elo_high=0.0, games=0)
        elif level.level in totals:
            figures = zip(
                ("gap", "gap_low", "gap_high", "elo", "elo_low", "elo_high"),
                gap_of(gaps[level.level - 1]) + totals[level.level],
                strict=True,
            )
            row["games"] = gaps[level.level - 1]["games"]
            row.update({key: None if value is None else round(value, 1) for key, value in figures})
        rows.append(row)
    return rows


def stored_gaps(game_name: str, entry: dict, skip: int) -> dict[int, dict]:
    """The gaps of a stored ladder, read back from its rows as head-to-head figures
    (keyed by the lower level, as calibrate's), all but the one of level `skip`."""
    gaps = {}
    for row in entry["levels"]:
        number = row["level"]
        if number == MIN_LEVEL or number == skip or "elo" not in row:
            continue
        if "gap_low" not in row:
            raise CalibrationError(
                f"{game_name}'s stored ladder keeps no interval for the gap of level "
                f"{number} over {number - 1}: calibrate the whole ladder again"
            )
        gaps[number - 1] = {
            "elo": row["gap"],
            "elo_low": row["gap_low"],
            "elo_high": row["gap_high"],
            "games": row["games"],
        }
    return gaps


def _check_budgets(game_name: str, path: Optional[Path]) -> None:
    if path is not None and ladder(game_name, path) != ladder(game_name):
        # A level seat (level:N) plays the budgets Cadenza ships, in every process.
        raise CalibrationError(
            f"{path} gives {game_name}'s levels other budgets than the ones its level "
            f"seats play (those of {CALIBRATION_FILE.name}, which Cadenza ships): nothing "
            f"was played"
        )


def _play_gap(game_name, lower, games, backend, out, seed, resume, console) -> dict:
    """The head-to-head summary of level `lower + 1` against `lower`, played (or, with
    `resume`, continued) in its folder under `out`."""
    folder = Path(out) / f"level{lower + 1}-vs-level{lower}"
    outcome = run_match(
        gap_match(game_name, lower, games, seed),
        folder,
        backend,
        resume=resume and (folder / CONFIG_FILE).exists(),
        console=console,
    )
    if outcome.summary["errors"]:
        raise CalibrationError(
            f"{outcome.summary['errors']} game(s) of level {lower + 1} against level "
            f"{lower} ended without a result (see {outcome.directory}/games.jsonl): "
            f"nothing was stored"
        )
    return outcome.summary["head_to_head"]


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
    resume: bool = False,
    gap: Optional[int] = None,
) -> dict:
    """Play the ladder from level 1 up to `top`, write the game's entry of the
    calibration file (the others are kept) and return it. With `resume`, a gap whose
    folder already holds its match goes on from what is stored (raising the top of a
    ladder plays only the new gaps). With `gap`, play only the match of that level
    against the one below again (replay_gap)."""
    _check_budgets(game_name, path)
    if gap is not None:
        play = partial(_play_gap, game_name, gap - 1, games, backend, out, seed, resume, console)
        return replay_gap(game_name, gap, play, command, path, note)
    gaps = {}
    for lower in range(MIN_LEVEL, top):
        note(f"level {lower + 1} against level {lower}: {games} games")
        gaps[lower] = _play_gap(game_name, lower, games, backend, out, seed, resume, console)
    registry = default_registry()
    entry = {
        "command": command,
        "searcher": level_searcher(registry, registry.game(game_name)),
        "games_per_gap": games,
        "levels": ladder_rows(game_name, gaps, path),
    }
    write_entry(game_name, entry, path or CALIBRATION_FILE)
    return entry


def replay_gap(
    game_name: str,
    upper: int,
    play: Callable[[], dict],
    command: str,
    path: Optional[Path] = None,
    note: Callable[[str], None] = lambda text: None,
) -> dict:
    """Play the match of level `upper` against the level below again (`play`, as
    calibrate plays it: its seed is the ladder's seed + upper - 1, so the ladder's own
    seed deals the stored match's games first, then more), chain the stored ladder
    afresh with it, store the entry with `command` on that level's row, and return it.
    The other gaps keep their stored figures; nothing is played or written unless they
    can."""
    entry = calibration(game_name, path)
    if entry is None:
        raise CalibrationError(f"{game_name} has no stored ladder: calibrate it first")
    registry = default_registry()
    now = outdated_by(registry, registry.game(game_name), entry)
    if now is not None:
        raise CalibrationError(
            f"{game_name}'s stored ladder was played with {entry['searcher']}, its levels "
            f"now search with {now}: calibrate the whole ladder again"
        )
    lower = upper - 1
    gaps = stored_gaps(game_name, entry, skip=upper)
    if sorted({*gaps, lower}) != list(range(MIN_LEVEL, max({*gaps, lower}) + 1)):
        raise CalibrationError(
            f"{game_name}'s stored ladder does not reach level {lower}: calibrate it "
            f"with --up-to {upper} instead"
        )
    note(f"level {upper} against level {lower} again")
    gaps[lower] = play()
    commands = {row["level"]: row["command"] for row in entry["levels"] if "command" in row}
    commands[upper] = command
    rows = ladder_rows(game_name, gaps, path)
    for row in rows:
        if row["level"] in commands:
            row["command"] = commands[row["level"]]
    entry = {**entry, "levels": rows}
    write_entry(game_name, entry, path or CALIBRATION_FILE)
    return entry


def write_entry(game_name: str, entry: dict, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[game_name] = entry
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    forget_stored()
