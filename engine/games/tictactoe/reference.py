"""Tic-tac-toe in plain Python: a slow, readable twin of the compiled TicTacToeState
with the same Python API and the same JSON, for the differential test.

Cells are actions 0..8, row-major from a1 (a1 b1 c1 = 0 1 2, ..., a3 b3 c3 = 6 7 8).
Seat 0 plays X and moves first. A finished game leaves `to_move` on the seat that
made the last move, as the compiled state does.
"""

from __future__ import annotations

from engine.errors import GameConfigError
from engine.games.tictactoe import actions, codec, words
from engine.games.tictactoe import render as _render
from engine.games.tictactoe.codec import EMPTY, LINES
from engine.reference import ReferenceState

CHANCE = -1
TERMINAL = -2


class TicTacToeReference(ReferenceState):
    game_name = "tictactoe"
    actions = actions
    codec = codec
    text = _render
    words = words
    num_players = 2
    num_actions = 9
    variant = "standard"

    def __init__(self):
        self.board = [EMPTY] * 9
        self.to_move = 0

    @classmethod
    def new_initial(cls, num_players: int = 2, variant: str = "standard") -> "TicTacToeReference":
        if num_players != 2 or variant != "standard":
            raise GameConfigError("tic-tac-toe is for 2 players, variant standard")
        return cls()

    # ---- where the game stands ---------------------------------------------------

    def line_owners(self) -> set[int]:
        """The seats that have three in a row."""
        return {
            self.board[a]
            for a, b, c in LINES
            if self.board[a] != EMPTY and self.board[a] == self.board[b] == self.board[c]
        }

    def winner(self):
        """The seat with three in a row, or None."""
        owners = self.line_owners()
        return owners.pop() if owners else None

    def is_terminal(self) -> bool:
        return self.winner() is not None or EMPTY not in self.board

    def is_chance_node(self) -> bool:
        return False

    def is_setup(self) -> bool:
        return False

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_move

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [cell for cell in range(9) if self.board[cell] == EMPTY]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []  # no dice, no cards

    # ---- playing -----------------------------------------------------------------

    def _apply(self, action: int) -> None:
        self.board[action] = self.to_move
        if not self.is_terminal():
            self.to_move = 1 - self.to_move

    # ---- results -----------------------------------------------------------------

    def returns(self) -> list[float]:
        if not self.is_terminal():
            raise ValueError("returns() is defined only at a terminal state")
        winner = self.winner()
        if winner is None:
            return [0.5, 0.5]
        return [1.0 if seat == winner else 0.0 for seat in (0, 1)]

    def scores(self) -> list[int]:
        winner = self.winner()
        return [1 if seat == winner else 0 for seat in (0, 1)]

    def heuristic(self) -> list[float]:
        """Lines still open to each seat, weighted by its marks in them, as a share."""
        if self.is_terminal():
            return self.returns()
        open_lines = [1.0, 1.0]
        for line in LINES:
            marks = [self.board[cell] for cell in line]
            if 1 not in marks:
                open_lines[0] += 1 + marks.count(0)
            if 0 not in marks:
                open_lines[1] += 1 + marks.count(1)
        first = open_lines[0] / (open_lines[0] + open_lines[1])
        return [first, 1.0 - first]

    # ---- text and JSON -----------------------------------------------------------

    def position(self) -> codec.Position:
        return codec.Position(list(self.board), self.to_move)

    @classmethod
    def from_position(cls, pos: codec.Position) -> "TicTacToeReference":
        state = cls()
        state.board = list(pos.board)
        state.to_move = pos.to_move
        return state
