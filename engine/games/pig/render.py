"""Pig's text for a person: the drawing of a position and the reason beside a hint."""

from engine.games.pig.actions import FACES, HOLD, ROLL

NO_WINNER = -1


def render(target, banked, turn_total, to_move, rolling, winner) -> str:
    """The position in two lines: the banked scores, then whose turn and what is at stake."""
    head = f"pig to {target}: seat 0 has {banked[0]}, seat 1 has {banked[1]}"
    if winner != NO_WINNER:
        return f"{head}\nseat {winner} wins"
    doing = "rolling the die" if rolling else "to roll or hold"
    return f"{head}\nseat {to_move} {doing}, turn total {turn_total}"


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
