"""A game's GameSpec with the facts its folder's layout already gives.

Every game folder holds the same files (README.md here): state.pyx's `<Name>State`,
its reference twin `<Name>Reference` in reference.py, the web board's `draw` in
svg.py and the rules and notation legend in words.py. So only the facts that differ
from game to game are written in its __init__.py.
"""

from __future__ import annotations

import importlib

from engine.game import GameSpec


def game_spec(name: str, state_class: type, **facts) -> GameSpec:
    """The GameSpec of the game whose compiled state is `state_class`; `facts` are the
    other GameSpec fields."""
    package = state_class.__module__.rpartition(".")[0]
    words = importlib.import_module(f"{package}.words")
    reference = state_class.__name__.removesuffix("State") + "Reference"
    return GameSpec(
        name=name,
        state_class=state_class,
        board_svg=f"{package}.svg:draw",
        reference=f"{package}.reference:{reference}",
        rules=words.RULES,
        notation=words.NOTATION,
        **facts,
    )
