"""The one reader of levels for rooms and tables: an AI seat's strength and a
table's hint level are both a level 1..10 (cli/levels/ladder.py), given as a number,
its text, or an old preset's name, and each is kept as the seat spec `level:N`.

A room or table stored under an old preset's name plays at the preset's level
(`legacy_level`).
"""

from __future__ import annotations

from typing import Any, Optional

from cli.defaults import DEFAULT_MOVETIME_MS
from cli.levels.ladder import DEFAULT_LEVEL, LEGACY_LEVELS, level_named
from cli.serve.errors import RoomError
from cli.specs import MAX_LEVEL, MIN_LEVEL, level_spec
from engine.validate import is_int


def read_level(value: Any, what: str) -> int:
    """The level `value` names (DEFAULT_LEVEL for None); RoomError for anything
    else, its message `what` followed by the range ("level must be")."""
    if value is None:
        return DEFAULT_LEVEL
    is_number = is_int(value)
    found = level_named(str(value) if is_number else value)
    if found is None:
        raise RoomError(f"{what} {MIN_LEVEL}..{MAX_LEVEL}, got {value!r}")
    return found


def spec_text(level: int) -> str:
    """The seat spec that plays at `level`."""
    return str(level_spec(level))


def legacy_level(name: Any) -> Optional[int]:
    """The level a stored old preset's name plays at now, or None if it is not one."""
    return LEGACY_LEVELS.get(name) if isinstance(name, str) else None


def hint_level_choices() -> list[dict]:
    """The levels a page offers for hints, each in plain words."""
    seconds = DEFAULT_MOVETIME_MS / 1000
    pace = "about a second" if seconds == 1 else f"about {seconds:g} seconds"
    notes = {
        MIN_LEVEL: "weakest",
        DEFAULT_LEVEL: "the default",
        MAX_LEVEL: f"strongest, {pace} a hint",
    }
    return [
        {"level": n, "words": f"{n} ({notes[n]})" if n in notes else str(n)}
        for n in range(MIN_LEVEL, MAX_LEVEL + 1)
    ]
