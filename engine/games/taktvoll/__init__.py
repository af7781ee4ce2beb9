"""Takt Voll (Adlung Spiele): 3-8 players build up to four shared rows of music, bar by
bar; whoever closes a full bar with a bar line scores it; cards left in hand cost points.
Hidden hands and a hidden deck: each seat sees its own hand, the table and the counts.

Spec: shared/rules/takt-voll.md. The deck and every reading the seed leaves open are in
data/rules.toml, read by tables.py; the files are those of every game (engine/games/README.md):
the rules in state.pyx (compiled) and reference.py (plain Python, the readable statement).
"""

from engine.game import GameSpec
from engine.games.taktvoll import words
from engine.games.taktvoll.state import TaktVollState
from engine.games.taktvoll.tables import (
    LISTED_VARIANTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    parse_variant,
    variant_description,
)

GAME = GameSpec(
    name="taktvoll",
    state_class=TaktVollState,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    description="Takt Voll: fill bars of shared rows with note cards, close them with bar "
    "lines to score; hidden hands and deck. Variants may be joined with +",
    variants=LISTED_VARIANTS,
    variant_descriptions={name: variant_description(name) for name in LISTED_VARIANTS},
    chance=True,
    hidden_information=True,
    board_svg="engine.games.taktvoll.svg:draw",
    reference="engine.games.taktvoll.reference:TaktVollReference",
    variant_parser=parse_variant,
    rules=words.RULES,
    notation=words.NOTATION,
)
