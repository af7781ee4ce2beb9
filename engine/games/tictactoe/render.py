"""Tic-tac-toe drawn as text, the top row first, for the compiled state and the reference."""

from engine.games.tictactoe.actions import COLUMNS
from engine.games.tictactoe.codec import Position, parse_state

MARKS = {-1: ".", 0: "X", 1: "O"}


def render(pos: Position) -> str:
    """The nine cells (-1 empty, 0 X, 1 O; row-major from a1) as a labelled grid."""
    board = pos.board
    rows = [f"{r + 1} " + " ".join(MARKS[board[r * 3 + c]] for c in range(3)) for r in (2, 1, 0)]
    return "\n".join(rows + ["  " + " ".join(COLUMNS)])


def render_observation(observation: dict) -> str:
    """A seat sees the whole board."""
    return render(parse_state(observation))


def hint_reason(state, seat: int, actions: list) -> None:
    """No reason beside a hint: the board says it all."""
    return None
