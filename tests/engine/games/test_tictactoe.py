"""Tic-tac-toe rules from concrete positions, checked on both the compiled state and
the pure-Python reference (cells a1..c3; X = seat 0 moves first)."""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalActionError, StateFormatError
from engine.games.tictactoe import GAME
from engine.games.tictactoe.reference import TicTacToeReference
from engine.games.tictactoe.state import TicTacToeState

TERMINAL = -2


@pytest.fixture(params=[TicTacToeState, TicTacToeReference], ids=["compiled", "reference"])
def impl(request):
    """The class under test: every rule must hold for both implementations."""
    return request.param


def play(impl, moves: str):
    """A new game with the space-separated moves (e.g. "b2 a1 c3") applied in order."""
    state = impl.new_initial()
    for move in moves.split():
        state.apply(state.str_to_action(move))
    return state


def board_state(impl, rows: list[str], to_move: int):
    """A position from three rows top (row 3) to bottom (row 1), "X", "O" or "."."""
    cells = {"X": 0, "O": 1, ".": -1}
    board = [cells[ch] for row in reversed(rows) for ch in row]
    return impl.from_json(json.dumps({"game": "tictactoe", "board": board, "to_move": to_move}))


# Rule: three of your marks in a row, a column or a diagonal wins at once.
X_WINS = {
    "row 1": "a1 a2 b1 b2 c1",
    "row 2": "a2 a1 b2 b1 c2",
    "row 3": "a3 a1 b3 b1 c3",
    "column a": "a1 b1 a2 b2 a3",
    "column b": "b1 a1 b2 a2 b3",
    "column c": "c1 a1 c2 a2 c3",
    "diagonal a1-c3": "a1 a2 b2 a3 c3",
    "diagonal c1-a3": "c1 a1 b2 a2 a3",
}


@pytest.mark.parametrize("moves", X_WINS.values(), ids=X_WINS.keys())
def test_three_in_a_line_wins_for_x(impl, moves):
    state = play(impl, moves)
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0]
    assert state.scores() == [1, 0]
    assert state.legal_actions() == []


def test_o_wins_with_a_column(impl):
    # X scatters, O fills column c: O (seat 1) wins on the sixth move.
    state = play(impl, "a1 c1 b3 c2 a2 c3")
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]
    assert state.scores() == [0, 1]
    # A finished game leaves to_move on the seat that moved last.
    assert state.to_dict()["to_move"] == 1


def test_full_board_without_a_line_is_a_draw(impl):
    # X O X / X O O / O X X, filled with no line: a draw, the win shared.
    state = play(impl, "b2 a1 c1 a3 a2 c2 b3 b1 c3")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]
    assert state.scores() == [0, 0]
    assert -1 not in state.to_dict()["board"]


def test_game_not_over_before_a_line_or_a_full_board(impl):
    state = play(impl, "a1 b2 c3 b1")
    assert not state.is_terminal()
    assert state.current_player() == 0
    assert state.legal_actions() == [2, 3, 5, 6, 7]
    with pytest.raises(ValueError):
        state.returns()


def test_no_move_after_the_end(impl):
    state = play(impl, X_WINS["row 1"])
    before = state.to_json()
    for cell in range(9):
        with pytest.raises(IllegalActionError):
            state.apply(cell)
    assert state.to_json() == before


def test_occupied_cell_is_illegal_and_leaves_the_state(impl):
    state = play(impl, "b2")
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(4)
    with pytest.raises(IllegalActionError):
        state.apply(9)
    assert state.to_json() == before
    assert state.current_player() == 1


def test_players_alternate(impl):
    state = impl.new_initial()
    seen = []
    for move in "a1 b1 c1 a2".split():
        seen.append(state.current_player())
        state.apply(state.str_to_action(move))
    assert seen == [0, 1, 0, 1]
    assert state.to_dict()["board"][:4] == [0, 1, 0, 1]


def test_loads_finished_games(impl):
    x_won = board_state(impl, ["...", "OO.", "XXX"], to_move=0)
    assert x_won.is_terminal()
    assert x_won.returns() == [1.0, 0.0]
    o_won = board_state(impl, ["X..", "OOO", "XX."], to_move=1)
    assert o_won.returns() == [0.0, 1.0]
    drawn = board_state(impl, ["OXX", "XOO", "XOX"], to_move=0)
    assert drawn.returns() == [0.5, 0.5]


@pytest.mark.parametrize(
    "rows,to_move,why",
    [
        (["...", "...", "OO."], 0, "O has more marks than X"),
        (["...", "X..", "XX."], 1, "X has two marks more than O"),
        (["OOO", "...", "XXX"], 0, "both seats have three in a row"),
        (["XX.", "OOO", "XX."], 0, "O has a line but X moved after it"),
        (["X..", "OOO", "XX."], 0, "O won: to_move stays on O, who moved last"),
        (["...", "O..", "X.."], 1, "equal counts: X is to move, not O"),
        (["...", "...", "X.."], 0, "X just moved: O is to move"),
        (["...", "OO.", "XXX"], 1, "X won: to_move stays on X, who moved last"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_from_json_rejects_impossible_boards(impl, rows, to_move, why):
    with pytest.raises(StateFormatError):
        board_state(impl, rows, to_move)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        json.dumps({"game": "tictactoe", "board": [-1] * 8, "to_move": 0}),
        json.dumps({"game": "tictactoe", "board": [-1] * 8 + [2], "to_move": 0}),
        json.dumps({"game": "tictactoe", "board": [-1] * 9, "to_move": 2}),
        json.dumps({"game": "tictactoe", "board": [-1] * 9}),
        json.dumps({"game": "tictactoe", "board": [True] + [-1] * 8, "to_move": 1}),
        json.dumps({"game": "chess", "board": [-1] * 9, "to_move": 0}),
        json.dumps([1, 2, 3]),
    ],
)
def test_from_json_rejects_malformed_input(impl, text):
    with pytest.raises(StateFormatError):
        impl.from_json(text)


def test_notation_names_every_cell(impl):
    state = impl.new_initial()
    names = [state.action_to_str(a) for a in range(9)]
    assert names == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    assert [state.str_to_action(n) for n in names] == list(range(9))


def test_notation_reads_cells_in_either_case(impl):
    assert impl.new_initial().str_to_action("A1") == 0


@pytest.mark.parametrize("text", ["d1", "a4", "a0", "b", "b22", "", " b2", None, 4])
def test_notation_rejects_what_is_not_a_cell(impl, text):
    with pytest.raises(IllegalActionError):
        impl.new_initial().str_to_action(text)


@pytest.mark.parametrize("action", [-1, 9, True, "a1", 1.0])
def test_notation_rejects_what_is_not_an_action(impl, action):
    with pytest.raises(IllegalActionError):
        impl.new_initial().action_to_str(action)


def test_heuristic_prefers_the_centre(impl):
    centre = play(impl, "b2").heuristic()
    edge = play(impl, "b1").heuristic()
    assert sum(centre) == pytest.approx(1.0)
    assert 0.5 < edge[0] < centre[0] < 1.0


def test_observation_is_the_whole_board(impl):
    state = play(impl, "a1 b2")
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs["seat"] == seat
        assert impl.from_observation(obs, None).to_dict() == state.to_dict()


def test_render_shows_marks_in_board_orientation(impl):
    assert play(impl, "a1 c3").render().splitlines() == ["3 . . O", "2 . . .", "1 X . .", "  a b c"]


def test_the_spec_names_its_reference():
    assert GAME.reference_class() is TicTacToeReference
    assert GAME.new_state().to_dict() == TicTacToeReference.new_initial().to_dict()
