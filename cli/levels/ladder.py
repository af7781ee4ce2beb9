"""The one home of what a level is: (game, level) -> the game's default searcher, an
iteration budget and a share of random moves; level 10 is that searcher at the
default budget of every command (cli/defaults.py), with no noise.

Levels 1..9 use iteration budgets, so a level plays the same on every machine and
is reproducible from a seed. Every game starts from DEFAULT_LADDER; a game whose
calibration (calibration.json beside this module, written by `cadenza levels GAME
--calibrate`) lists its own budgets plays those instead, so that the levels of that
game can be spaced about 100 Elo apart.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from cli.specs import MAX_LEVEL, MIN_LEVEL, OptionError, SeatSpec
from search.base import Budget

CALIBRATION_FILE = Path(__file__).with_name("calibration.json")
# The level of an AI, or of the hints, that nobody chose: the web app's default.
DEFAULT_LEVEL = 6
# The web app's strength presets before levels, each at the level of about its budget:
# a stored room, table or game file, or a request, that names one plays at that level.
LEGACY_LEVELS = {"easy": 3, "medium": 6, "strong": 10, "strongest": 10}


@dataclass(frozen=True)
class Level:
    """One level's play: `iterations` a decision (None: the default budget) and the
    share of decisions replaced by a random legal turn."""

    level: int
    iterations: Optional[int]
    random_share: float = 0.0

    @property
    def budget(self) -> Optional[Budget]:
        """The level's own budget; None at level 10, which takes the default one."""
        return None if self.iterations is None else Budget(iterations=self.iterations)

    def describe(self) -> str:
        budget = "default budget" if self.iterations is None else f"iterations={self.iterations}"
        if self.random_share:
            budget += f", {self.random_share:.0%} random moves"
        return budget


# Doubling budgets (an MCTS player gains roughly a constant Elo a doubling while the
# game is still hard for it), with random moves at the bottom, where even a few
# iterations of search already play far above a beginner.
DEFAULT_LADDER = (
    Level(1, 10, 0.5),
    Level(2, 10, 0.2),
    Level(3, 20),
    Level(4, 50),
    Level(5, 100),
    Level(6, 200),
    Level(7, 500),
    Level(8, 1000),
    Level(9, 3000),
    Level(10, None),
)


@lru_cache(maxsize=1)
def _stored(path: Path = CALIBRATION_FILE) -> dict:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def forget_stored() -> None:
    """Read the calibration file afresh next time (after writing it)."""
    _stored.cache_clear()


def calibration(game_name: str, path: Optional[Path] = None) -> Optional[dict]:
    """The stored calibration of a game, or None if it has none."""
    data = _stored() if path is None else _stored.__wrapped__(path)
    return data.get(game_name)


def ladder(game_name: str, path: Optional[Path] = None) -> list[Level]:
    """The ten levels of a game: its calibrated budgets where it has them, else the
    default ladder's."""
    levels = list(DEFAULT_LADDER)
    stored = calibration(game_name, path) or {}
    for row in stored.get("levels", []):
        number = row["level"]
        if MIN_LEVEL <= number < MAX_LEVEL:  # level 10 is always the default budget
            levels[number - 1] = Level(number, row["iterations"], row.get("random_share", 0.0))
    return levels


def level_named(name: Any) -> Optional[int]:
    """The level a strength's name gives: "1".."10", or an old preset's name
    (LEGACY_LEVELS); None for anything else."""
    if not isinstance(name, str):
        return None
    if name in LEGACY_LEVELS:
        return LEGACY_LEVELS[name]
    if name.isdigit() and MIN_LEVEL <= int(name) <= MAX_LEVEL:
        return int(name)
    return None


def level_of(game_name: str, number: int, path: Optional[Path] = None) -> Level:
    if not MIN_LEVEL <= number <= MAX_LEVEL:
        raise OptionError(f"level must be {MIN_LEVEL}..{MAX_LEVEL}, got {number}")
    return ladder(game_name, path)[number - 1]


def level_searcher(registry, game) -> str:
    """What every level of `game` searches with, as a seat spec: the game's default
    searcher and the options the game suggests for it, then the game's evaluation
    where it names one (a calibration stores it, so a ladder measured before the
    suggestion or the evaluation changed can say so)."""
    from cli.notation import format_option

    name = registry.default_searcher(game)
    options = game.searcher_options.get(name, {})
    spec = str(SeatSpec(name, options={k: format_option(v) for k, v in sorted(options.items())}))
    evaluation = getattr(game, "evaluation", "")
    return f"{spec} with the {evaluation}" if evaluation else spec


def outdated_by(registry, game, entry: dict) -> Optional[str]:
    """What the levels of `game` search with now, if the stored ladder `entry` was
    played with something else (its figures no longer measure them); else None."""
    now = level_searcher(registry, game)
    return None if entry.get("searcher", now) == now else now


def searcher_for(registry, game, number: int, path: Optional[Path] = None):
    """The searcher that plays `game` at level `number`: the game's default searcher,
    with the options the game suggests, wrapped to keep the level's budget and noise."""
    from search.noisy import NoisySearcher

    level = level_of(game.name, number, path)
    inner = registry.searcher(registry.default_searcher(game)).create_for(game)
    return NoisySearcher(inner, level.budget, level.random_share)
