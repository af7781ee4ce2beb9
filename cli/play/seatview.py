"""What one seat may see of a position, and the plain text that draws it.

A perfect-information game is drawn by its own `render()`. A hidden-information game
is drawn by the state's `render_for(seat)` (a game overrides it to draw only what
that seat sees), or, where that is None, generically from `observation(seat)`: either
way the drawing uses nothing the seat cannot see. Scores of a hidden-information game are
shown only where every world consistent with the seat's observation agrees on them,
so a hidden goal or hand never leaks through a score.
"""

from __future__ import annotations

from typing import Any, Optional

from engine.rng import Rng

# Worlds sampled from an observation to learn what does not depend on the unseen.
WORLD_SAMPLES = 16


def sample_worlds(game, state, seat: int, rng: Rng, count: int = WORLD_SAMPLES) -> list:
    """States `seat` cannot tell from `state`, the unseen parts resampled (a copy of
    `state` for perfect information). `determinize` draws them from the seat's view
    alone, in compiled code where the game provides it."""
    if not game.hidden_information:
        return [state.clone()]
    return [state.determinize(seat, rng) for _ in range(count)]


def position_text(game, state, seat: int) -> str:
    """The drawing of `state` as `seat` may see it."""
    if not game.hidden_information:
        return state.render()
    text = state.render_for(seat)
    if text is not None:
        return text
    return observation_text(state.observation(seat))


def observation_text(observation: dict) -> str:
    """An observation drawn as `key: value` lines (nested objects indented), for games
    that give no drawing of their own."""
    return "\n".join(_object_lines(observation, indent=""))


def _object_lines(data: dict, indent: str) -> list[str]:
    lines = []
    for key, value in data.items():
        if key == "game" and not indent:
            continue  # the header names the game already
        if isinstance(value, dict) and value:
            lines.append(f"{indent}{key}:")
            lines.extend(_object_lines(value, indent + "  "))
        elif isinstance(value, list) and not indent:
            # A top-level list reads best without its outer brackets.
            lines.append(f"{indent}{key}: {' '.join(value_text(v) for v in value) or '-'}")
        else:
            lines.append(f"{indent}{key}: {value_text(value)}")
    return lines


def value_text(value: Any) -> str:
    """One JSON value as short text: null as `-`, lists in brackets without commas."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "[" + " ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {value_text(v)}" for k, v in value.items()) + "}"
    return str(value)


def agreed(values: list) -> Optional[Any]:
    """The value all items share, or None when they differ."""
    first = values[0]
    return first if all(v == first for v in values[1:]) else None


def game_scores(state) -> Optional[list]:
    """The game's own points, or None for a game that keeps none."""
    try:
        return list(state.scores())
    except NotImplementedError:
        return None


def seat_scores(game, state, seat: int, rng: Rng) -> Optional[list]:
    """Each seat's score as `seat` can know it (None where it depends on the unseen),
    or None when the game keeps no scores."""
    if not game.hidden_information:
        return game_scores(state)
    per_world = [game_scores(w) for w in sample_worlds(game, state, seat, rng)]
    if any(scores is None for scores in per_world):
        return None
    return [agreed([scores[i] for scores in per_world]) for i in range(state.num_players)]
