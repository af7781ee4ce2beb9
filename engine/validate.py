"""Field checks for from_dict/from_observation: every game validates its JSON with
these, so a crafted state file gets a clear error instead of reaching C arrays."""

from __future__ import annotations

from typing import Any

from engine.errors import StateFormatError


def get_int(data: dict, key: str, lo: int, hi: int) -> int:
    """data[key] as an int in [lo, hi]."""
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    return check_int(data[key], key, lo, hi)


def is_int(value: Any) -> bool:
    """An int that is not a bool (in Python, True is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    """Whether `value` is an int (not a bool) or a float."""
    return is_int(value) or isinstance(value, float)


def check_int(value: Any, what: str, lo: int, hi: int) -> int:
    if not is_int(value):
        raise StateFormatError(f"{what} must be an integer, got {value!r}")
    if not lo <= value <= hi:
        raise StateFormatError(f"{what} must be in {lo}..{hi}, got {value}")
    return value


def get_int_list(data: dict, key: str, length: int | None, lo: int, hi: int) -> list[int]:
    """data[key] as a list of ints in [lo, hi], of exactly `length` items if given."""
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, list):
        raise StateFormatError(f"{key} must be a list, got {value!r}")
    if length is not None and len(value) != length:
        raise StateFormatError(f"{key} must have {length} items, got {len(value)}")
    return [check_int(v, f"{key}[{i}]", lo, hi) for i, v in enumerate(value)]


def get_str(data: dict, key: str, choices: tuple[str, ...] | None = None) -> str:
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, str):
        raise StateFormatError(f"{key} must be a string, got {value!r}")
    if choices is not None and value not in choices:
        raise StateFormatError(f"{key} must be one of {', '.join(choices)}, got {value!r}")
    return value


def require_state_of(data: Any, game: str) -> None:
    """`data` is a JSON object naming `game`: the first check of every from_dict."""
    if not isinstance(data, dict):
        raise StateFormatError("a state is a JSON object")
    if data.get("game") != game:
        raise StateFormatError(f'a {game} state needs "game": "{game}", got {data.get("game")!r}')


def require_observation_of(observation: Any, game: str) -> None:
    """`observation` is a JSON object naming `game`: the first check of every
    from_observation."""
    if not isinstance(observation, dict) or observation.get("game") != game:
        raise StateFormatError(f"not an observation of {game}")


def require(condition: bool, message: str) -> None:
    """A consistency check between fields."""
    if not condition:
        raise StateFormatError(message)
