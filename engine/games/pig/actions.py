"""Pig's action ids and their notation, shared by the compiled state, the pure-Python
reference and the optimal solver."""

from engine.errors import IllegalActionError
from engine.games.pig.codes import FACE_BASE, FACES, HOLD, NUM_ACTIONS, ROLL
from engine.validate import is_int

# The ids' one home is codes.pxd (the compiled state's too). Chance outcomes: die face
# f (1..6) is action FACE_BASE + f - 1, i.e. 2..7.

__all__ = ["FACE_BASE", "FACES", "HOLD", "NUM_ACTIONS", "ROLL", "action_to_str", "str_to_action"]

ACTION_NAMES = ("roll", "hold") + tuple(f"d{face}" for face in range(1, FACES + 1))


def action_to_str(action) -> str:
    """The notation of an action id; IllegalActionError for an id outside 0..7."""
    if not is_int(action) or not 0 <= action < NUM_ACTIONS:
        raise IllegalActionError(f"no pig action {action!r} (actions are 0..{NUM_ACTIONS - 1})")
    return ACTION_NAMES[action]


def str_to_action(text) -> int:
    """The action id written as `text` ("roll", "hold", "d1".."d6", in either case);
    IllegalActionError otherwise."""
    try:
        return ACTION_NAMES.index(text.lower())
    except (AttributeError, ValueError):
        raise IllegalActionError(f"a pig action is roll, hold or d1..d6, got {text!r}") from None
