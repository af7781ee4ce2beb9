"""Pig's variant names and the validation of a state's JSON fields, shared by the
compiled state, the reference and the optimal solver."""

from typing import NamedTuple

from engine.errors import StateFormatError
from engine.games.pig.actions import FACES
from engine.validate import get_int, get_int_list, get_str, require

DEFAULT_VARIANT = "target100"
MIN_TARGET = 1
MAX_TARGET = 1000


def parse_variant(variant):
    """The winning score of a "target<N>" variant (1 <= N <= 1000); ValueError otherwise."""
    if not isinstance(variant, str) or not variant.startswith("target"):
        raise ValueError(f"a pig variant is target<N>, e.g. {DEFAULT_VARIANT}, got {variant!r}")
    digits = variant[len("target") :]
    # Digits only and no leading zero, so each target has exactly one variant name.
    if not digits.isdigit() or not digits.isascii() or (len(digits) > 1 and digits[0] == "0"):
        raise ValueError(f"a pig variant is target<N> with N a whole number, got {variant!r}")
    target = int(digits)
    if not MIN_TARGET <= target <= MAX_TARGET:
        raise ValueError(f"the pig target must be {MIN_TARGET}..{MAX_TARGET}, got {target}")
    return target


class Position(NamedTuple):
    """A whole position: the variant, both banked scores, the turn total at stake,
    the seat whose turn it is (the winner at the end) and whether its die is rolling."""

    variant: str
    scores: list
    turn_total: int
    to_move: int
    rolling: bool


def state_dict(pos: Position) -> dict:
    return {
        "game": "pig",
        "variant": pos.variant,
        "scores": list(pos.scores),
        "turn_total": pos.turn_total,
        "to_move": pos.to_move,
        "rolling": bool(pos.rolling),
    }


def parse_state(data: dict) -> Position:
    """The Position of a pig state dict, validated. Raises StateFormatError for
    anything that is not a position of the game.

    Both the compiled state and the reference load through this one check."""
    variant = get_str(data, "variant")
    try:
        target = parse_variant(variant)
    except ValueError as exc:
        raise StateFormatError(str(exc)) from None
    # A player rolls only below the target and a roll adds at most 6, so no score or
    # turn total can pass target + 5.
    ceiling = target + FACES - 1
    scores = get_int_list(data, "scores", 2, 0, ceiling)
    turn_total = get_int(data, "turn_total", 0, ceiling)
    to_move = get_int(data, "to_move", 0, 1)
    rolling = data.get("rolling")
    require(isinstance(rolling, bool), f"rolling must be true or false, got {rolling!r}")
    winners = [seat for seat in (0, 1) if scores[seat] >= target]
    require(
        len(winners) <= 1, "the game ends when the first seat reaches the target, so both cannot"
    )
    if winners:
        require(
            to_move == winners[0] and turn_total == 0 and not rolling,
            "a finished game has the winner as to_move, turn_total 0 and rolling false",
        )
    else:
        require(
            scores[to_move] + turn_total <= ceiling,
            f"score plus turn total can pass the target by at most {FACES - 1}",
        )
        require(
            not rolling or scores[to_move] + turn_total < target,
            "a seat that has reached the target with its turn total must hold, not roll",
        )
    return Position(variant, scores, turn_total, to_move, rolling)
