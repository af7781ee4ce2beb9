"""Observations of games that hide nothing (tic-tac-toe, pig, Maestro): a seat sees
the whole state, so its observation is the state's dict plus the seat, and the state
consistent with an observation is the one it shows. Compiled games and their
pure-Python references use the same two functions."""

from __future__ import annotations

from typing import Any, Callable

from engine.errors import StateFormatError


def whole_state_observation(state, seat: int) -> dict:
    """`state.observation(seat)` of a perfect-information game."""
    state._check_seat(seat)
    observation = state.to_dict()
    observation["seat"] = seat
    return observation


def state_from_whole_observation(observation: Any, from_dict: Callable[[dict], Any]):
    """The state a perfect-information observation shows, loaded with `from_dict`."""
    if not isinstance(observation, dict):
        raise StateFormatError("an observation is a JSON object")
    data = dict(observation)
    data.pop("seat", None)
    return from_dict(data)
