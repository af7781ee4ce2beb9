"""Reading the fields of a `cadenza play` save file, each checked, so that a damaged
or hand-edited file is refused with one line naming the field (StateFormatError)."""

from __future__ import annotations

from typing import Any

from cli.specs import SeatSpec, parse_seat_spec
from engine.errors import CadenzaError, StateFormatError
from engine.rng import Rng
from engine.validate import get_int, is_int


def need(data: dict, key: str, kind: type | tuple, what: str = "") -> Any:
    """data[key], which must be of `kind`."""
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    value = data[key]
    if isinstance(value, bool) and kind in (int, (int,)):
        raise StateFormatError(f"{key} must be {what or 'an integer'}, got {value!r}")
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise StateFormatError(f"{key} must be {what or 'a ' + names}, got {value!r}")
    return value


def rng_field(data: dict, key: str) -> Rng:
    """An Rng restored from the four integers getstate() gave."""
    value = need(data, key, list, "a list of four 64-bit integers")
    rng = Rng(0)
    if len(value) != 4 or not all(is_int(v) and 0 <= v < 2**64 for v in value):
        raise StateFormatError(f"{key} must be a list of four 64-bit integers, got {value!r}")
    try:
        rng.setstate(value)
    except ValueError as exc:
        raise StateFormatError(f"{key}: {exc}") from None
    return rng


def spec_field(text: Any, key: str, registry) -> SeatSpec:
    """A searcher spec as str(SeatSpec) wrote it, checked against the registry."""
    if not isinstance(text, str):
        raise StateFormatError(
            f"{key} must be a searcher spec such as mcts:iterations=500, got {text!r}"
        )
    try:
        return parse_seat_spec(text, registry)
    except CadenzaError as exc:
        raise StateFormatError(f"{key}: {exc}") from None


def log_field(data: dict) -> list[str]:
    log = need(data, "log", list)
    if not all(isinstance(line, str) for line in log):
        raise StateFormatError("log must be a list of strings")
    return list(log)


def log_length(entry: dict, log: list[str]) -> int:
    """An undo entry's log length, which cannot exceed the log it rolls back."""
    return get_int(entry, "log_len", 0, len(log))


def header_fields(data: dict, registry):
    """(game spec, players, variant, seat) of a save, checked against the game."""
    game = registry.game(need(data, "game", str))
    players = need(data, "players", int)
    variant = need(data, "variant", str)
    players, variant = game.check_config(players, variant)
    seat = get_int(data, "seat", 0, players - 1)
    return game, players, variant, seat


def state_field(game, value: Any, key: str, players: int, variant: str):
    """A whole state of `game` (its to_dict), of this player count and variant."""
    state = game.from_dict(value)
    if state.num_players != players or state.variant != variant:
        raise StateFormatError(
            f"{key} is a {state.num_players}-player {state.variant} game, "
            f"not {players}-player {variant}"
        )
    return state
