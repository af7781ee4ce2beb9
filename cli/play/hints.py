"""Hints for the person: the best few decisions for their seat, in plain words, with
the chance to win the searcher gives each (ranked by it) and, where one can be
given, a one-line reason.

The search goes through search.base.decide, which rebuilds the position from the
seat's observation, so a hint never uses what the seat cannot see. Reasons come
from the State's `hint_reason(seat, actions)`, which a game may override (called on
a world sampled from the seat's observation), else from what the decision leads to
when every such world agrees (it ends the game with a win, a loss or a draw).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from cli.notation import check_turn, format_number
from cli.play.seatview import agreed, game_scores, sample_worlds
from cli.play.thinking import run_stoppable
from cli.ranking import ranked_alternatives
from engine.rng import Rng
from search.base import decide

DEFAULT_TOP = 3


@dataclass
class Hint:
    rank: int
    texts: list[str]  # the decision in notation: the seat's actions up to chance or turn end
    words: list[str]  # the same actions in plain words, as the seat sees them
    value: float  # the searcher's estimate of the seat's share of the win, in [0, 1]
    visits: int
    reason: Optional[str]


def win_chance(value: float) -> str:
    """A hint's value as the person reads it: the chance to win (a draw counts half)."""
    return f"{round(100 * value)}% to win"


class Hints(list):
    """Hints best first; `stopped` tells that a Ctrl-C cut their search short."""

    stopped = False


def find_hints(
    game, state, searcher, budget, seed: int, top: int = DEFAULT_TOP, name: str = "searcher"
) -> Hints:
    """The `top` best decisions for the seat to move in `state`, best value first."""
    seat = state.current_player()
    position = state.clone()
    decision, stopped = run_stoppable(lambda: decide(searcher, game, position, budget, seed))
    worlds = sample_worlds(game, state, seat, Rng(seed))
    hints = Hints()
    hints.stopped = stopped
    chosen = ranked_by_value(ranked_alternatives(decision)[:top])
    for rank, alt in enumerate(chosen, start=1):
        texts = check_turn(state, alt.actions, f"searcher {name}")
        hints.append(
            Hint(
                rank,
                texts,
                described(state, list(alt.actions), seat),
                float(alt.value),
                int(alt.visits),
                move_reason(worlds, seat, list(alt.actions)),
            )
        )
    return hints


def ranked_by_value(alternatives: list) -> list:
    """The searcher's most-visited alternatives reordered by the value shown, best
    first (more visits first among equal values). Only the most-visited are taken,
    since a little-explored move's value is noise, however high."""
    return sorted(alternatives, key=lambda alt: (-float(alt.value), -int(alt.visits)))


def described(state, actions: list[int], seat: int) -> list[str]:
    """Each action of a decision in plain words, as `seat` sees it, on a copy."""
    scratch = state.clone()
    words = []
    for action in actions:
        words.append(str(scratch.describe(action, seat)))
        scratch.apply(action)
    return words


def move_reason(worlds: list, seat: int, actions: list[int]) -> Optional[str]:
    """A one-line reason for playing `actions`, judged only on `worlds` (states
    consistent with the seat's observation), or None."""
    text = worlds[0].hint_reason(seat, actions)
    if text:
        return " ".join(str(text).split())
    return ending_reason(worlds, seat, actions)


def ending_reason(worlds: list, seat: int, actions: list[int]) -> Optional[str]:
    """What the actions lead to when they end the game with the same result for the
    seat in every world ('wins the game', 'loses the game', or its score); else None."""
    shares, scores = [], []
    for world in worlds:
        after = world.clone()
        try:
            for action in actions:
                after.apply(action)
        except ValueError:  # not legal in this world: the worlds do not agree
            return None
        if not after.is_terminal():
            return None
        shares.append(after.returns())
        scores.append(game_scores(after))
    returns = agreed(shares)
    if returns is None:
        return None
    share = returns[seat]
    if share >= 1.0:
        return "wins the game"
    if share <= 0.0:
        return "loses the game"
    if len(set(returns)) == 1:
        return "ends the game in a draw"
    score = agreed(scores)
    if score is not None:
        return f"ends the game with your score at {format_number(score[seat])}"
    return f"ends the game with your share of the win at {format_number(share, 2)}"
