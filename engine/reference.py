"""ReferenceState: the base of the games' slow, readable pure-Python twins.

A reference implements the same rules as a compiled game so the differential test
can compare them step by step. This base gives the parts of the API that do not
depend on the rules, as engine/state.pyx gives them to compiled games, so that a
reference file holds its game's rules and little else.
"""

from __future__ import annotations

import copy
import json

from engine.errors import IllegalActionError, StateFormatError, illegal_action_message
from engine.glue import ModuleGlue
from engine.validate import is_int

CHANCE = -1
TERMINAL = -2


class ReferenceState(ModuleGlue):
    """Subclasses write current_player, legal_actions (the outcomes at a chance node),
    chance_outcomes, _apply (unchecked), position and from_position, and the rest of
    the game-specific API (returns, scores, heuristic, hash), and name their game's
    modules for the glue (engine/glue.py).

    As on State, `observation(seat)` is what the seat knows of the position now,
    without the history of moves that led here: not the seat's whole information
    state where the order of past moves matters (a bridge that needs one, such as
    the OpenSpiel bridge, keeps the history itself)."""

    game_name = "state"
    num_players = 2

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_setup(self) -> bool:
        return False

    def apply(self, action: int) -> None:
        """Apply a legal action or chance outcome; anything else raises
        IllegalActionError and changes nothing."""
        if not is_int(action):
            raise IllegalActionError(f"an action is an integer, not {action!r}")
        if self.is_terminal():
            raise IllegalActionError("the game is over: no action is legal")
        if action not in self.legal_actions():
            raise IllegalActionError(illegal_action_message(self, action))
        self._apply(action)

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    def clone(self):
        return copy.deepcopy(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_json(cls, text: str):
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise StateFormatError(f"not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def new_initial(cls, num_players: int, variant: str):
        """The start of a game, as the compiled State.new_initial."""
        raise NotImplementedError

    def position(self):
        """The whole state in its codec's plain-Python form (game-specific)."""
        raise NotImplementedError

    @classmethod
    def from_position(cls, position):
        """The state holding `position`, already checked (game-specific)."""
        raise NotImplementedError

    def trajectory(self, seat: int):
        return None
