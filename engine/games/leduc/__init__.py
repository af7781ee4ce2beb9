"""Leduc poker: the smallest classic poker with private cards, played exactly as
OpenSpiel's leduc_poker (default parameters), so speed and strength comparisons with
OpenSpiel are on the same game. The rules are stated in reference.py."""

from engine.games.leduc.state import LeducState
from engine.games.spec import game_spec

GAME = game_spec(
    name="leduc",
    state_class=LeducState,
    min_players=2,
    max_players=2,
    description="Leduc poker: J Q K in two suits, one private card each, a public card, "
    "two betting rounds; actions fold, call, raise",
    variant_descriptions={"standard": "OpenSpiel's leduc_poker with its default parameters"},
    chance=True,
    hidden_information=True,
    # Measured by bench/leduc_exploitability.py (docs/strength.md): keyed by information set and
    # with less exploration, ismcts is 0.45 chips from equilibrium at 100,000
    # iterations where the sequence tree with c = sqrt(2) stays at 0.8. Regret
    # matching (select=rm), other c and belief-weighted root worlds measured no
    # better there. The default searcher here is oos (plugins/manager.py), which
    # searches budgets under 200,000 iterations with that ismcts and larger ones by
    # outcome sampling from the start of the hand (0.22 chips at 1 s a decision).
    searcher_options={"ismcts": {"tree": "infoset", "c": 0.35}},
)
