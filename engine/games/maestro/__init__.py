"""Maestro (Rudi Hoffmann, Hans im Glueck 1989) for 2-4 players, as specified in
shared/rules/maestro-1989.md (section numbers below refer to it).

Perfect information with chance: every tile is face up, only the bag's order is
unknown, and each draw is a chance node over the tiles still in the bag (their
counts follow from what is on the table). The board and the tile counts are data
(data/board.json); the spec's [assumed] alternatives are variants.

The action space (actions.Layout; 1,876 ids on the default board), and its notation:

    pass              end the placement phase (placing nothing is allowed)
    draw1..draw3      declare how many tiles to draw (at most the free spaces)
    agency1..agency10 put the tile just drawn on that agency space
    R4.2:p1s7         place the tile on seat 1's agency space 7 onto space 2 (from
                      the left) of row R4: one placement step; a turn's steps all go
                      into one row, each next to the tiles already there
    tile:violin       a chance outcome: the tile drawn (tile:maestro, tile:applause)

So a turn reads e.g. `R7.3:p0s10 R7.4:p0s2 pass draw2 | tile:horn | agency1 |
tile:applause`, with chance outcomes between the seat's decisions.

Engine conventions beyond the spec:
- Seat 0 begins. The spec's random start player [assumed, M15] is a random seating,
  which match play's seat rotation already provides.
- scores() are the points so far, and at the end the final points (points minus
  each agency's penalty), so a series of games adds them up (spec 7, match play).
- returns() split the win among the seats with the highest final score (M14).

Variants (each an [assumed] reading of spec section 9; combine with "+" in this
order, e.g. `bottom-one+draw-batch`):
- standard: a full opponent's bottom row (spaces 6-10) is open only while that
  agency is still full, so it gives one tile, and only as the first tile taken from
  that agency this turn: the seed's "only so long as the agency is truly full"
  (M2 "dynamic"); drawn tiles placed one at a time (M9);
- bottom-one: the spec's older M2 reading, fullness judged when the turn begins, one
  bottom-row tile from each such agency (also after top-row tiles from it);
- bottom-unlimited: fullness judged when the turn begins, any number of its tiles;
- draw-batch: all k tiles drawn first, then placed (in draw order). If the last
  applause comes out meanwhile, the tiles not yet placed cost nothing.
"""

from engine.games.maestro import value
from engine.games.maestro.state import MaestroState
from engine.games.maestro.tables import LISTED_VARIANTS, parse_variant
from engine.games.spec import game_spec

GAME = game_spec(
    name="maestro",
    state_class=MaestroState,
    min_players=2,
    max_players=4,
    description="Maestro (Hoffmann 1989): agencies, a bag, ten pieces to fill; "
    "actions pass, draw<k>, agency<n>, R<row>.<space>:p<seat>s<n>, tile:<name>",
    variants=LISTED_VARIANTS,
    variant_descriptions={
        "standard": "a full opponent's bottom row may be taken from while it is full at the take",
        "bottom-one": "an agency counts as full as the turn began; one bottom tile from each",
        "bottom-unlimited": "an agency counts as full as the turn began; any number of tiles",
        "draw-batch": "drawn tiles are all drawn before any is placed",
    },
    default_players=2,
    chance=True,
    hidden_information=False,
    variant_parser=parse_variant,
    # Measured against greedy at 250 ms a decision (60 games each, same deals):
    # mcts scored 0.87 with playouts cut after 4 actions and scored by the heuristic,
    # 0.69 with playouts to the end; expectimax 0.83 sampling 4 tiles at a draw,
    # 0.73 averaging every tile.
    searcher_options={"mcts": {"rollout_depth": 4}, "expectimax": {"samples": 4}},
    evaluation=f"learned value {value.VERSION} at two seats",
)
