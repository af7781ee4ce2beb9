"""engine/whole_view.py: in a game that hides nothing, a seat's observation is the
whole state with the seat, it loads back as that very state on both implementations,
and anything else is refused with one StateFormatError."""

from __future__ import annotations

import pytest

from engine.errors import StateFormatError
from engine.game import play_randomly
from engine.games.maestro.reference import MaestroReference
from engine.games.pig.reference import PigReference
from engine.games.tictactoe.reference import TicTacToeReference
from engine.rng import Rng
from plugins.manager import default_registry

REFERENCES = {"tictactoe": TicTacToeReference, "pig": PigReference, "maestro": MaestroReference}


def played(name: str, steps: int = 12):
    """A position a few random actions into a game, and the same on its reference."""
    state = default_registry().game(name).new_state(seed=3)
    rng = Rng(3)
    play_randomly(state, rng, steps)
    return state, REFERENCES[name].from_dict(state.to_dict())


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_the_observation_is_the_whole_state_and_loads_back(name):
    for state in played(name):
        for seat in range(state.num_players):
            observation = state.observation(seat)
            assert observation == dict(state.to_dict(), seat=seat)
            assert type(state).from_observation(observation, Rng(1)).to_dict() == state.to_dict()
        with pytest.raises(ValueError, match="seat must be"):
            state.observation(state.num_players)


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_what_is_not_an_observation_is_refused(name):
    for state in played(name):
        with pytest.raises(StateFormatError, match="observation"):
            type(state).from_observation(["not", "a", "dict"], Rng(1))
