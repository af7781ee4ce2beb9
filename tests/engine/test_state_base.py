"""engine.state: what the State base class gives every game (checked apply, returns
at terminals only, JSON errors, equality, pickling), shown on tic-tac-toe and pig."""

import copy
import pickle

import pytest

from engine.errors import IllegalActionError, StateFormatError
from engine.rng import Rng
from engine.state import CHANCE_PLAYER, TERMINAL_PLAYER, State


def play(state, *cells):
    for cell in cells:
        state.apply(cell)
    return state


def test_player_constants():
    assert (CHANCE_PLAYER, TERMINAL_PLAYER) == (-1, -2)


@pytest.mark.parametrize(
    "action, message",
    [
        (1.0, "an action is an integer"),
        ("4", "an action is an integer"),
        (True, "an action is an integer"),
        (None, "an action is an integer"),
        (9, "illegal action 9"),
        (-1, "illegal action -1"),
    ],
)
def test_apply_refuses_with_a_clear_message(tictactoe, action, message):
    state = play(tictactoe.new_state(), 4)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert state.to_json() == before


def test_an_occupied_cell_is_described_in_notation(tictactoe):
    state = play(tictactoe.new_state(), 4)
    message = r"^illegal action b2 here: b2 already holds an X$"
    with pytest.raises(IllegalActionError, match=message):
        state.apply(4)


def test_nothing_is_legal_after_the_end(tictactoe):
    state = play(tictactoe.new_state(), 0, 3, 1, 4, 2)  # X: a1 b1 c1
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert state.heuristic() == [1.0, 0.0]
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(5)


def test_returns_only_at_a_terminal(tictactoe):
    with pytest.raises(ValueError, match="only at a terminal"):
        tictactoe.new_state().returns()


def test_a_terminal_survives_the_json_round_trip(tictactoe):
    for cells in ((0, 3, 1, 4, 2), (3, 0, 4, 1, 8, 2), (0, 4, 8, 1, 7, 6, 2, 5, 3)):
        state = play(tictactoe.new_state(), *cells)
        assert state.is_terminal()
        again = tictactoe.from_json(state.to_json())
        assert again.returns() == state.returns()
        assert again.to_json() == state.to_json()


def test_chance_nodes_list_outcomes_as_legal_actions(registry):
    pig = registry.game("pig")
    state = pig.new_state()
    state.apply(pig.new_state().str_to_action("roll"))
    assert state.is_chance_node() and state.current_player() == CHANCE_PLAYER
    outcomes = state.chance_outcomes()
    assert state.legal_actions() == [a for a, _ in outcomes]
    with pytest.raises(IllegalActionError):
        state.apply(state.str_to_action("roll"))  # a player action at a chance node


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not valid JSON"),
        (None, "not valid JSON"),
        ("[1]", "a state is a JSON object"),
        ('{"game": "pig"}', 'needs "game": "tictactoe"'),
        ('{"game": "tictactoe", "board": [0], "to_move": 0}', "board must have 9 items"),
        ('{"game": "tictactoe", "board": [0,0,0,0,0,0,0,0,0], "to_move": 0}', "X moves first"),
        (
            '{"game": "tictactoe", "board": [0,0,0,1,1,1,-1,-1,-1], "to_move": 0}',
            "both seats cannot have three in a row",
        ),
    ],
)
def test_from_json_refuses_nonsense_with_state_format_error(tictactoe, text, message):
    with pytest.raises(StateFormatError, match=message):
        tictactoe.state_class.from_json(text)


def test_equality_is_by_content_and_states_are_unhashable(tictactoe):
    a, b = play(tictactoe.new_state(), 4), play(tictactoe.new_state(), 4)
    assert a == b and a is not b
    assert a != play(tictactoe.new_state(), 0)
    assert a != a.to_json()
    with pytest.raises(TypeError):
        hash(a)
    assert a.hash() == b.hash()


def test_copies_are_independent(tictactoe):
    state = play(tictactoe.new_state(), 4)
    for twin in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        twin.apply(0)
        assert state.legal_actions() == [0, 1, 2, 3, 5, 6, 7, 8]


def test_repr_shows_the_json(tictactoe):
    state = play(tictactoe.new_state(), 4)
    assert state.to_json() in repr(state) and "TicTacToeState" in repr(state)


@pytest.mark.parametrize("seat", [-1, 2, "0", None, True])
def test_seats_are_checked(tictactoe, seat):
    state = tictactoe.new_state()
    with pytest.raises(ValueError, match="seat must be 0..1"):
        state.infoset_key(seat)
    with pytest.raises(ValueError, match="seat must be 0..1"):
        state.determinize(seat, Rng(1))


def test_perfect_information_infoset_is_the_state(tictactoe):
    state = play(tictactoe.new_state(), 4, 0)
    assert state.infoset_key(0) == state.infoset_key(1) == state.hash()
    guess = state.determinize(0, Rng(3))
    assert guess == state and guess is not state


def test_the_bare_base_class_is_an_empty_terminal():
    bare = State()
    assert bare.is_terminal() and bare.legal_actions() == [] and bare.chance_outcomes() == []
    with pytest.raises(NotImplementedError):
        bare.clone()
    with pytest.raises(NotImplementedError):
        bare.to_json()
