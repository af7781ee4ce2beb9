"""Pig's text for a person: the drawing of a position and the reason beside a hint."""

from engine.games.pig.actions import FACES, HOLD, ROLL
from engine.games.pig.codec import Position, parse_state, parse_variant


def render(pos: Position) -> str:
    """The position in two lines: the banked scores, then whose turn and what is at stake."""
    banked, target = pos.scores, parse_variant(pos.variant)
    head = f"pig to {target}: seat 0 has {banked[0]}, seat 1 has {banked[1]}"
    if banked[pos.to_move] >= target:
        return f"{head}\nseat {pos.to_move} wins"
    doing = "rolling the die" if pos.rolling else "to roll or hold"
    return f"{head}\nseat {pos.to_move} {doing}, turn total {pos.turn_total}"


def render_observation(observation: dict) -> str:
    """A seat sees the whole position."""
    return render(parse_state(observation))


def hint_reason(state, seat: int, actions: list):
    """A one-line reason for a decision starting `actions`, shown beside a hint by
    `cadenza play`: what holding banks, or what rolling puts at stake; None else."""
    if not actions:
        return None
    pos = state.position()
    target, scores, turn_total = parse_variant(pos.variant), pos.scores, pos.turn_total
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
