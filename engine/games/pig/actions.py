"""Pig's action ids and their notation, shared by the compiled state, the pure-Python
reference and the optimal solver."""

ROLL = 0
HOLD = 1
# Chance outcomes: die face f (1..6) is action FACE_BASE + f - 1, i.e. 2..7.
FACE_BASE = 2
NUM_ACTIONS = 8
FACES = 6

ACTION_NAMES = ("roll", "hold") + tuple(f"d{face}" for face in range(1, FACES + 1))


def action_name(action):
    """The notation of an action id; ValueError for an id outside 0..7."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"no pig action {action!r} (actions are 0..{NUM_ACTIONS - 1})")
    return ACTION_NAMES[action]


def action_id(text):
    """The action id written as `text` ("roll", "hold", "d1".."d6", in either case);
    ValueError otherwise."""
    try:
        return ACTION_NAMES.index(text.lower())
    except (AttributeError, ValueError):
        raise ValueError(f"a pig action is roll, hold or d1..d6, got {text!r}") from None
