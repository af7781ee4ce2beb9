"""Pig in words for a person: a decision as the mover's instruction, a roll as the
event, why an action cannot be played now, and the rules and notation in a few lines.
Perfect information, so every seat reads the same words."""

from engine.games.pig.actions import FACE_BASE, HOLD, ROLL, action_to_str
from engine.games.pig.codec import parse_variant

RULES = """\
Two seats race to bank the target score (100 unless the variant says target<N>).
On your turn, roll the die as often as you like: 2 to 6 add to your turn total,
a 1 loses the turn total and ends your turn. Hold to bank the turn total and pass the turn.
Once your score plus turn total reaches the target you must hold, and that wins."""

NOTATION = """\
roll: roll the die; hold: bank the turn total and pass the turn.
d1..d6: the die shows that face (typed only at a real table)."""


def checked(action) -> int:
    """`action` if it is an id of the game; IllegalActionError otherwise."""
    action_to_str(action)
    return action


def points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def describe(state, action: int, viewer=None) -> str:
    """`action` at `state` (perfect information: every viewer reads the same)."""
    checked(action)
    turn_total = state.position().turn_total
    if action == ROLL:
        return "roll the die"
    if action == HOLD:
        if turn_total == 0:
            return "hold with nothing to bank"
        return f"hold and bank {points(turn_total)}"
    face = action - FACE_BASE + 1
    if face == 1:
        return "the die shows 1: the turn total is lost"
    return f"the die shows {face}"


def illegal_reason(state, action):
    """Why `action` cannot be played now at `state`, or None."""
    checked(action)
    if state.is_terminal():
        return "the game is over"
    pos = state.position()
    target, turn_total = parse_variant(pos.variant), pos.turn_total
    score = pos.scores[pos.to_move]
    if pos.rolling:
        return "the die is rolling: its face comes first"
    if action == ROLL and score + turn_total >= target:
        reached = f"{score} banked plus {turn_total} this turn reaches the target {target}"
        return f"{reached}: hold to win"
    if action >= FACE_BASE:
        return "the die is not rolling: roll or hold"
    return None
