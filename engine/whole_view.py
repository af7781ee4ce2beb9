"""Observations of games that hide nothing (tic-tac-toe, pig, Maestro): a seat sees
the whole state, so its observation is the state's dict plus the seat, and the state
consistent with an observation is the one it shows. Compiled games and their
pure-Python references use the same two functions."""

from __future__ import annotations

from typing import Any, Callable

from engine.errors import StateFormatError
from engine.validate import check_int


def whole_state_observation(state, seat: int) -> dict:
    """`state.observation(seat)` of a perfect-information game."""
    state._check_seat(seat)
    observation = state.to_dict()
    observation["seat"] = seat
    return observation


def state_from_whole_observation(observation: Any, from_dict: Callable[[dict], Any]):
    """The state a perfect-information observation shows, loaded with `from_dict`. The
    seat only says whose view it is, so it may be left out (the protocol's `observe`
    then finds it); given, it must be one of the state's."""
    if not isinstance(observation, dict):
        raise StateFormatError("an observation is a JSON object")
    state = from_dict({k: v for k, v in observation.items() if k != "seat"})
    if "seat" in observation:
        check_int(observation["seat"], "seat", 0, state.num_players - 1)
    return state
