"""Tic-tac-toe drawn as text, the top row first, for the compiled state and the reference."""

from engine.games.tictactoe.actions import COLUMNS

MARKS = {-1: ".", 0: "X", 1: "O"}


def render(board) -> str:
    """The nine cells (-1 empty, 0 X, 1 O; row-major from a1) as a labelled grid."""
    rows = [f"{r + 1} " + " ".join(MARKS[board[r * 3 + c]] for c in range(3)) for r in (2, 1, 0)]
    return "\n".join(rows + ["  " + " ".join(COLUMNS)])
