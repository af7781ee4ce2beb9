"""Pig's rules facts shared by the compiled state, the pure-Python reference and the
optimal solver: action ids, notation, and the "target<N>" variant names."""

ROLL = 0
HOLD = 1
# Chance outcomes: die face f (1..6) is action FACE_BASE + f - 1, i.e. 2..7.
FACE_BASE = 2
NUM_ACTIONS = 8
FACES = 6

DEFAULT_VARIANT = "target100"
MIN_TARGET = 1
MAX_TARGET = 1000

ACTION_NAMES = ("roll", "hold") + tuple(f"d{face}" for face in range(1, FACES + 1))


def parse_variant(variant):
    """The winning score of a "target<N>" variant (1 <= N <= 1000); ValueError otherwise."""
    if not isinstance(variant, str) or not variant.startswith("target"):
        raise ValueError(f"a pig variant is target<N>, e.g. {DEFAULT_VARIANT}, got {variant!r}")
    digits = variant[len("target"):]
    # Digits only and no leading zero, so each target has exactly one variant name.
    if not digits.isdigit() or not digits.isascii() or (len(digits) > 1 and digits[0] == "0"):
        raise ValueError(f"a pig variant is target<N> with N a whole number, got {variant!r}")
    target = int(digits)
    if not MIN_TARGET <= target <= MAX_TARGET:
        raise ValueError(f"the pig target must be {MIN_TARGET}..{MAX_TARGET}, got {target}")
    return target


def action_name(action):
    """The notation of an action id; ValueError for an id outside 0..7."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"no pig action {action!r} (actions are 0..{NUM_ACTIONS - 1})")
    return ACTION_NAMES[action]


def action_id(text):
    """The action id written as `text` ("roll", "hold", "d1".."d6"); ValueError otherwise."""
    try:
        return ACTION_NAMES.index(text)
    except ValueError:
        raise ValueError(f"a pig action is roll, hold or d1..d6, got {text!r}") from None


def check_fields(data):
    """The fields of a pig state dict, validated: (target, scores, turn_total, to_move,
    rolling). Raises StateFormatError for anything that is not a position of the game.

    Both the compiled state and the reference load through this one check."""
    # Imported here so the constants above stay importable without the engine package.
    from engine.errors import StateFormatError
    from engine.validate import get_int, get_int_list, get_str, require

    variant = get_str(data, "variant")
    try:
        target = parse_variant(variant)
    except ValueError as exc:
        raise StateFormatError(str(exc)) from None
    # A player rolls only below the target and a roll adds at most 6, so no score or
    # turn total can pass target + 5.
    ceiling = target + FACES - 1
    scores = get_int_list(data, "scores", 2, 0, ceiling)
    turn_total = get_int(data, "turn_total", 0, ceiling)
    to_move = get_int(data, "to_move", 0, 1)
    rolling = data.get("rolling")
    require(isinstance(rolling, bool), f"rolling must be true or false, got {rolling!r}")
    winners = [seat for seat in (0, 1) if scores[seat] >= target]
    require(len(winners) <= 1, "the game ends when the first seat reaches the target, so both cannot")
    if winners:
        require(to_move == winners[0] and turn_total == 0 and not rolling,
                "a finished game has the winner as to_move, turn_total 0 and rolling false")
    else:
        require(scores[to_move] + turn_total <= ceiling,
                f"score plus turn total can pass the target by at most {FACES - 1}")
        require(not rolling or scores[to_move] + turn_total < target,
                "a seat that has reached the target with its turn total must hold, not roll")
    return target, scores, turn_total, to_move, rolling


def hint_reason(target, scores, turn_total, seat, actions):
    """A one-line reason for a decision starting `actions`, shown beside a hint by
    `cadenza play`: what holding banks, or what rolling puts at stake; None else."""
    if not actions:
        return None
    if actions[0] == HOLD:
        if turn_total == 0:
            return "passes the turn with nothing to bank"
        banked = scores[seat] + turn_total
        if banked >= target:
            return f"banks {turn_total} to reach {banked}: the win"
        return f"banks {turn_total}: {scores[seat]} -> {banked}, {target - banked} to go"
    if actions[0] == ROLL:
        if turn_total == 0:
            return "nothing at stake yet this turn"
        return f"plays on: a 1 (one roll in {FACES}) loses the {turn_total} at stake"
    return None
