"""Writing searcher answers and numbers as protocol text.

Searchers answer in action ids; front-ends read the game's notation. Decisions are
replayed on a copy of the position, so an action a searcher should not have proposed
is caught here instead of reaching the front-end.
"""

from __future__ import annotations

import math

from engine.errors import CadenzaError
from engine.validate import is_int


class SearcherAnswerError(CadenzaError, RuntimeError):
    """A searcher proposed actions that are not legal in the position."""


def check_turn(state, actions, who: str) -> list[str]:
    """The notation of `actions`, one seat's decision from `state`, after checking
    that each is legal in turn and that they all belong to the seat to move."""
    if not actions:
        raise SearcherAnswerError(f"{who} proposed no action")
    scratch = state.clone()
    seat = scratch.current_player()
    texts = []
    for i, action in enumerate(actions):
        if i and scratch.current_player() != seat:
            raise SearcherAnswerError(
                f"{who} proposed actions past the end of seat {seat}'s turn: {list(actions)}"
            )
        if not is_int(action) or action not in scratch.legal_actions():
            raise SearcherAnswerError(f"{who} proposed an illegal action {action!r}")
        texts.append(scratch.action_to_str(action))
        scratch.apply(action)
    return texts


def line_text(state, actions) -> list[str]:
    """The notation of a principal variation. It may cross chance nodes the searcher
    sampled in its own determinization; once an action does not apply to this
    position, the rest are written without replaying them."""
    scratch = state.clone()
    replaying = True
    texts = []
    for action in actions:
        try:
            texts.append(scratch.action_to_str(action))
        except Exception:  # a third-party game's notation must not sink the answer
            texts.append(str(action))
        if replaying:
            try:
                scratch.apply(action)
            except Exception:
                replaying = False
    return texts


def format_number(value, digits: int = 4) -> str:
    """A number without noise: integers as they are, floats to `digits` decimals with
    trailing zeros dropped; booleans as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value).lower()
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
        return "0" if text in ("", "-0") else text
    return str(value)


def format_option(value) -> str:
    """An option default as `setoption`/`go` would accept it back (floats exact)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return "_".join(str(value).split())
