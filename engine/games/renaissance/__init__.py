"""Maestro: da Vinci vs Michelangelo (registered as "renaissance"): the two-Workshop
game around the four Main Actions (Move, Create, Influence, Study), as specified in
shared/rules/maestro-renaissance.md: the seed's rules exactly, and the spec's core
game around them, whose assumed components live in data/core.toml and whose
alternative readings are the named variants listed there.

Seat 0 runs da Vinci's Workshop, seat 1 Michelangelo's. Hidden: each Workshop's
hand, set-aside cards and face-down Gossip card, and the order of the decks (drawn
as chance events). No 1-seat mode: the spec finds no solo rules (section 5.5)."""

from engine.games.renaissance.components import COMPONENTS
from engine.games.renaissance.state import RenaissanceState
from engine.games.spec import game_spec

GAME = game_spec(
    name="renaissance",
    state_class=RenaissanceState,
    min_players=2,
    max_players=2,
    description="Maestro: da Vinci vs Michelangelo: two Workshops, four rounds of Move, "
    "Create, Influence and Study; seat 0 da Vinci, seat 1 Michelangelo",
    variants=COMPONENTS.variant_names,
    variant_descriptions={
        "standard": "only the mover claims Centerpieces after a move; the gray regions are fixed",
        "check-both": "both seats may claim Centerpieces after a move",
        "centerpiece-apart": "a Centerpiece does not count in its region's majority",
        "random-gray": "3 gray regions drawn at setup from those without Gallery or Florence",
    },
    chance=True,
    hidden_information=True,
    # Measured at 200 iterations a decision (bench/results/renaissance-ismcts-rollout4-
    # vs-ismcts-200it, at commit 080b28c): playouts cut after 4 actions and scored by
    # the heuristic took 0.855 [0.787, 0.923] of 100 games against playouts to the
    # end, deciding 5 times faster.
    searcher_options={"ismcts": {"rollout_depth": 4}},
)
