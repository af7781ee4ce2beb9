"""The weights of Maestro's hand-built heuristic, read by both implementations
(state.pyx's c_value_terms and reference.py's heuristic_terms), so the two compute
the same numbers. Three and four seats play with it; two seats with the learned
value (value.py), which reads its terms, these weights included.

They are engine choices, not rules. The temperature was fitted on greedy self-play
(400 two-seat games): the heuristic's value difference predicts the final margin
with a slope near 1, and the margin's spread around it falls from ~130 points at
the start to ~30 near the end; the opportunity weights were compared in greedy
duels of 600 games (0.6 and 0.9 beat 0.4 and 0.8 for the decay).
"""

# Tiles a turn draws on average (applause included): turns left = draws left / this.
DRAWS_PER_TURN = 2.5
# Own turns the critic is expected to pay for before another row takes it.
CRITIC_HOLD_TURNS = 1.5
# Share of its best placement the seat to move is credited with during its placement
# phase, and the factor for each turn until a seat's next placement phase.
OPPORTUNITY_NOW = 0.9
OPPORTUNITY_DECAY = 0.6
# The softmax temperature: TEMPERATURE_BASE + TEMPERATURE_PER_ROOT_DRAW * sqrt(draws
# left), in points of lead worth a factor e in the odds.
TEMPERATURE_BASE = 8.0
TEMPERATURE_PER_ROOT_DRAW = 6.0
# The weight of the agency's tiles (their points to come against their penalty), and
# the points each agency space still free once this turn's draws are in is worth.
# Fitted to 3,000 self-play games (bench/training/maestro_fit.py) they come out near 1.6 and 7
# (with the weights above at 1.2, 0.83, 5.8 and 9.6): the results are predicted
# better, but that searcher, and one with only 3 points a free space, drew fewer tiles,
# lost fewer games by a full agency and more by the applause, and beat OpenSpiel's MCTS
# no more often (bench/results/maestro-mcts-fitted-*, -free3-* at 080b28c): kept neutral.
# Points for only the last two free spaces lost more games by a full agency, not fewer
# (-lastfree-*, whose weights.patch adds the cap).
TILE_WEIGHT = 1.0
FREE_SPACE_POINTS = 0.0
