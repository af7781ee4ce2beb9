"""Takt Voll (Adlung Spiele): 3-8 players build up to four shared rows of music, bar by
bar; whoever closes a full bar with a bar line scores it; cards left in hand cost points.
Hidden hands and a hidden deck: each seat sees its own hand, the table and the counts.

Spec: shared/rules/takt-voll.md. The deck and every reading the seed leaves open are in
data/rules.toml, read by tables.py; the files are those of every game (engine/games/README.md):
the rules in state.pyx (compiled) and reference.py (plain Python, the readable statement).
"""

from engine.games.spec import game_spec
from engine.games.taktvoll.state import TaktVollState
from engine.games.taktvoll.tables import (
    LISTED_VARIANTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    parse_variant,
    variant_description,
)

GAME = game_spec(
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
    variant_parser=parse_variant,
    # Measured (issue 25, 3 seats, 200 iterations a decision, each against two
    # openspiel-ismcts, seed 2032's deals): random playouts took 0.349 [0.316, 0.382]
    # of the table over 795 games, about a fair share. Playouts whose moves are the
    # ones the heuristic rates best one move ahead (a fifth of them random), cut after
    # 20 actions and scored by the heuristic, took 0.560 [0.528, 0.592] over 900;
    # greedy to the end 0.459 (300 games), cut at 20 with random moves 0.416 (600).
    searcher_options={"ismcts": {"playout": "greedy", "rollout_depth": 20}},
)
