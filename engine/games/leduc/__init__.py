"""Leduc poker: the smallest classic poker with private cards, played exactly as
OpenSpiel's leduc_poker (default parameters), so speed and strength comparisons with
OpenSpiel are on the same game. The rules are stated in reference.py."""

from engine.game import GameSpec
from engine.games.leduc.state import LeducState

GAME = GameSpec(
    name="leduc",
    state_class=LeducState,
    min_players=2,
    max_players=2,
    description="Leduc poker: J Q K in two suits, one private card each, a public card, "
    "two betting rounds; actions fold, call, raise",
    chance=True,
    hidden_information=True,
    board_svg="engine.games.leduc.svg:draw",
    reference="engine.games.leduc.reference:LeducReference",
)
