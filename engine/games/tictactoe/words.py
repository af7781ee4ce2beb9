"""Tic-tac-toe in words for a person: a move as the mover's instruction, why a cell
cannot take a mark, and the rules and notation in a few lines. Perfect information,
so every seat reads the same words."""

from engine.games.tictactoe.actions import action_to_str

MARK_NAMES = ("X", "O")
EMPTY = -1

RULES = """\
Two seats take turns marking an empty cell of a 3x3 grid; seat 0 plays X and moves first.
Three of your marks in a row, column or diagonal win at once.
A full grid with no line is a draw."""

NOTATION = """\
A move is the cell's name: column a, b or c, then row 1, 2 or 3 (a1 is the bottom left,
c3 the top right), e.g. b2 for the centre."""


def describe(state, action: int, viewer=None) -> str:
    """The move `action` by the seat to move (X for 0, O for 1) as an instruction."""
    return f"put an {MARK_NAMES[state.position().to_move]} on {action_to_str(action)}"


def illegal_reason(state, action: int):
    """Why the cell `action` cannot be marked now, or None."""
    if state.is_terminal():
        return "the game is over"
    board = state.position().board
    if board[action] != EMPTY:
        return f"{action_to_str(action)} already holds an {MARK_NAMES[board[action]]}"
    return None
