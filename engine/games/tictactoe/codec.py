"""Tic-tac-toe's JSON layout (the nine cells and the seat to move) and its validation,
shared by the compiled state and the reference, with the eight lines that win."""

from typing import NamedTuple, Optional

from engine.validate import get_int, get_int_list, require

EMPTY = -1
# Cells are row-major from a1: rows, then columns, then the two diagonals.
LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)


class Position(NamedTuple):
    """A whole position: `board` holds -1 (empty), 0 (X) or 1 (O) per cell."""

    board: list
    to_move: int


def state_dict(pos: Position) -> dict:
    """A state as JSON."""
    return {"game": "tictactoe", "board": list(pos.board), "to_move": pos.to_move}


def line_owner(board) -> Optional[int]:
    """The seat with three in a row, or None."""
    for seat in (0, 1):
        if any(all(board[c] == seat for c in line) for line in LINES):
            return seat
    return None


def parse_state(data: dict) -> Position:
    """The Position of a state dict, validated. Raises StateFormatError for anything
    that is not a position of the game."""
    board = get_int_list(data, "board", 9, EMPTY, 1)
    to_move = get_int(data, "to_move", 0, 1)
    xs, os = board.count(0), board.count(1)
    require(xs - os in (0, 1), "X moves first, so X has as many marks as O, or one more")
    last_mover = 0 if xs > os else 1
    owners = [seat for seat in (0, 1) if any(all(board[c] == seat for c in ln) for ln in LINES)]
    require(len(owners) <= 1, "both seats cannot have three in a row")
    require(owners in ([], [last_mover]), "the seat with three in a row must have moved last")
    # Play does not pass the turn after the last move, so a finished game keeps
    # to_move on the seat that moved last; otherwise it is the next seat.
    if owners or EMPTY not in board:
        require(to_move == last_mover, "in a finished game to_move is the seat that moved last")
    else:
        require(
            to_move == 1 - last_mover,
            "to_move must be the seat whose turn it is (X when the counts are equal)",
        )
    return Position(board, to_move)
