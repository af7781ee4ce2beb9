"""Maestro's learned value for two seats: what the net reads and its weights.

The hand-built heuristic (state.pyx c_heuristic) sums each seat's terms into an
expected final score and turns the two scores into shares by a softmax. The learned
value reads the same terms and, since version 2, the seat's agency space by space
with each tile's room on the board and a few facts of the board (FEATURES, per seat,
then GLOBALS and the heuristic's lead), and gives seat 0 the share
sigmoid(h(seat 0) - h(seat 1)), where h(seat) = lin . x + w2 . tanh(w1 x + b1) and x
is the seat's own features, the other seat's, the globals and the lead as seen from
that seat. So the two shares always sum to one, and the net with w2 = 0 and
lin = lead / 2 is the heuristic.

The weights (data/value.json) were fitted to the results of self-play games by
bench/training/maestro_value.py; the file says which. Both implementations read them from
here: the compiled state copies them into C arrays, the reference computes the same
numbers in plain Python. Three and four seats keep the hand-built heuristic.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from engine.errors import GameConfigError

# Each seat's features, in the order of state.pyx c_value_terms (scaled there).
FEATURES = (
    "points",  # points so far / 100
    "tiles",  # the agency tiles' term / 100
    "critic",  # the critic's income to come / 100
    "opportunity",  # the discounted best placement / 100
    "value",  # the heuristic's expected final score / 100
    "free",  # free agency spaces / 10
    "horizon",  # placement phases left at most / 10
    "dead",  # the spaces of agency tiles the board has no room for / 55
    "penalty",  # the spaces of all agency tiles / 55
    "maestro_chance",  # the chance of a maestro to begin a row with
    "placing_now",  # 1 if the seat's placement phase is now
    "own_turns",  # the seat's turns expected / 10
    "top_tiles",  # tiles on spaces 1-5, open to the other seat / 5
    "critic_held",  # 1 if the seat holds the critic
    "mid_draw",  # 1 if the seat is drawing now
    "draws_owed",  # draws declared and not yet made / 3
    "drawn",  # drawn tiles waiting for a space / 3
    # Since version 2 (3 is the first shipped with them): what the tiles held can do.
    "extend_now",  # tiles of a kind an end of a started row wants / 5
    "extend_spaces",  # their spaces / 55
    "maestros",  # maestros held / 3
    "contested",  # tiles of a kind the board has room for only some of / 5
    "risk",  # the spaces of all tiles, each by its kind's lack of room / 55
    "useful_draw",  # the share of the bag's tiles (applause aside) with room
    "free_top",  # free spaces 1-5 / 5
    "free_bottom",  # free spaces 6-10 / 5
    # Space by space: 1 if a tile is on it, and its kind's room (0 if none).
    *(f"{name}{space}" for space in range(1, 11) for name in ("held", "room")),
)
GLOBALS = (
    "expected_draws",  # draws until the last applause / 68
    "applause_left",  # / 14
    "bag",  # tiles in the bag / 68
    "temperature",  # the heuristic's softmax temperature / 50
    "unstarted_rows",  # / 10
    "open_started",  # empty spaces of started rows / 46
    "maestro_share",  # the bag's share of maestros
    "complete_rows",  # / 10
)
INPUTS = 2 * len(FEATURES) + len(GLOBALS) + 1  # + the lead over the temperature
HIDDEN = 32

WEIGHTS_FILE = Path(__file__).with_name("data") / "value.json"


def net_input(
    own: list[float], other: list[float], shared: list[float], lead: float
) -> list[float]:
    """The net's input for one seat: its features, the other's, the globals and its
    lead (its heuristic value minus the other's, over the temperature)."""
    return [*own, *other, *shared, lead]


def load(path: Path = WEIGHTS_FILE) -> dict:
    """The weights at `path` and their version, checked against the shapes the net
    has."""
    try:
        data = json.loads(Path(path).read_text())
        model = {key: data[key] for key in ("version", "w1", "b1", "w2", "lin")}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise GameConfigError(f"cannot read Maestro's value weights {path}: {exc!r}") from None
    shapes = {
        "w1": (HIDDEN, INPUTS),
        "b1": (HIDDEN,),
        "w2": (HIDDEN,),
        "lin": (INPUTS,),
    }
    for key, shape in shapes.items():
        found = _shape(model[key])
        if found != shape:
            raise GameConfigError(f"Maestro's value weights {path}: {key} is {found}, not {shape}")
    return model


def _shape(value) -> tuple:
    if isinstance(value, list) and value and isinstance(value[0], list):
        return (len(value), len(value[0])) if all(len(r) == len(value[0]) for r in value) else ()
    return (len(value),) if isinstance(value, list) else ()


_current: dict | None = load()
# The shipped weights' version: stored ladders of levels record it (GameSpec.evaluation).
VERSION: int = _current["version"]


def current() -> dict | None:
    """The weights in use, or None where the hand-built heuristic is used at two
    seats too."""
    return _current


# Whoever keeps its own copy of the weights (the compiled state's C arrays) registers
# how to replace it, so this module never imports the state that imports it.
_installers: list = []


def on_use(install) -> None:
    """Call install(model) with the weights in use now and on every use()."""
    _installers.append(install)
    install(_current)


def use(model: dict | None) -> None:
    """Play with these weights (None: the hand-built heuristic), in the compiled
    state and the reference alike; for experiments and tests."""
    global _current
    for install in _installers:
        install(model)
    _current = model


def side(x: list[float], model: dict) -> float:
    """h(seat) for the seat whose input is x, summed in the compiled state's order
    (which takes tanh as 1 - 2 / (exp(2h) + 1), faster there and equal to 1e-15)."""
    out = 0.0
    for weight, value in zip(model["lin"], x, strict=True):
        out += weight * value
    for j in range(HIDDEN):
        h = model["b1"][j]
        for weight, value in zip(model["w1"][j], x, strict=True):
            h += weight * value
        out += model["w2"][j] * math.tanh(h)
    return out


def seat0_share(x0: list[float], x1: list[float], model: dict) -> float:
    """Seat 0's share of the win."""
    return 1.0 / (1.0 + math.exp(-(side(x0, model) - side(x1, model))))
