"""Pig in plain Python: a slow, readable twin of the compiled PigState with the same
Python API and the same JSON, so the differential test can play both side by side.

Rules (see state.pyx): roll (0) or hold (1); the die is a chance node with outcomes
2..7 for faces 1..6. A 1 loses the turn total and passes the turn, 2..6 add to it,
hold banks it and passes the turn; reaching the target by banking wins. A seat whose
score plus turn total has reached the target may only hold.
"""

from __future__ import annotations

from engine.errors import GameConfigError
from engine.games.pig import actions, codec, words
from engine.games.pig import render as _render
from engine.games.pig.actions import FACE_BASE, FACES, HOLD, ROLL
from engine.games.pig.codec import DEFAULT_VARIANT, parse_variant
from engine.reference import ReferenceState

CHANCE = -1
TERMINAL = -2


class PigReference(ReferenceState):
    game_name = "pig"
    actions = actions
    codec = codec
    text = _render
    words = words
    num_players = 2

    def __init__(self, variant: str = DEFAULT_VARIANT):
        try:
            self.target = parse_variant(variant)
        except ValueError as exc:
            raise GameConfigError(str(exc)) from None
        self.variant = variant
        self.banked = [0, 0]
        self.turn_total = 0
        self.to_move = 0
        self.rolling = False

    @classmethod
    def new_initial(cls, num_players: int = 2, variant: str = DEFAULT_VARIANT) -> "PigReference":
        if num_players != 2:
            raise GameConfigError(f"pig is played by 2 players, got {num_players!r}")
        return cls(variant)

    # ---- where the game stands ---------------------------------------------------

    def winner(self):
        """The seat that has banked the target, or None while the game runs."""
        for seat in (0, 1):
            if self.banked[seat] >= self.target:
                return seat
        return None

    def is_terminal(self) -> bool:
        return self.winner() is not None

    def is_chance_node(self) -> bool:
        return not self.is_terminal() and self.rolling

    def is_setup(self) -> bool:
        return False

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        if self.rolling:
            return CHANCE
        return self.to_move

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.rolling:
            return [action for action, _ in self.chance_outcomes()]
        if self.banked[self.to_move] + self.turn_total >= self.target:
            return [HOLD]  # reaching the target ends the turn: bank and win
        return [ROLL, HOLD]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return [(FACE_BASE + face - 1, 1.0 / FACES) for face in range(1, FACES + 1)]

    # ---- playing -----------------------------------------------------------------

    def _apply(self, action: int) -> None:
        if action == ROLL:
            self.rolling = True
        elif action == HOLD:
            self.banked[self.to_move] += self.turn_total
            self.turn_total = 0
            if self.banked[self.to_move] < self.target:
                self.to_move = 1 - self.to_move
        else:
            face = action - FACE_BASE + 1
            self.rolling = False
            if face == 1:
                self.turn_total = 0
                self.to_move = 1 - self.to_move
            else:
                self.turn_total += face

    # ---- results -----------------------------------------------------------------

    def returns(self) -> list[float]:
        winner = self.winner()
        if winner is None:
            raise ValueError("returns() is defined only at a terminal state")
        return [1.0 if seat == winner else 0.0 for seat in (0, 1)]

    def scores(self) -> list[int]:
        return list(self.banked)

    def heuristic(self) -> list[float]:
        if self.is_terminal():
            return self.returns()
        mover = self.to_move
        need = [float(self.target - self.banked[seat]) for seat in (0, 1)]
        need[mover] -= self.turn_total
        if need[mover] <= 0:
            return [1.0 if seat == mover else 0.0 for seat in (0, 1)]
        first = (need[1] + 1.0) / (need[0] + need[1] + 2.0)
        return [first, 1.0 - first]

    # ---- text and JSON -----------------------------------------------------------

    def position(self) -> codec.Position:
        return codec.Position(
            self.variant, list(self.banked), self.turn_total, self.to_move, self.rolling
        )

    @classmethod
    def from_position(cls, pos: codec.Position) -> "PigReference":
        state = cls(pos.variant)
        state.banked = list(pos.scores)
        state.turn_total = pos.turn_total
        state.to_move = pos.to_move
        state.rolling = pos.rolling
        return state
