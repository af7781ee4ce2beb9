"""Pig: the two-player dice race with a known optimal policy (Neller and Presser).

Matches OpenSpiel's `pig` (open_spiel/games/pig/pig.cc, default parameters) where a
speed comparison needs the same game: the same actions (roll/hold, holding at turn
total 0 allowed), six equally likely faces as an explicit chance node, a 1 losing the
turn total, a forced hold once score plus turn total reaches the target, and the
win at the target (100 by default). Differences that remain:

- OpenSpiel stops the game after `horizon` = 1000 player actions (rolls and holds)
  and then scores it 0 for everyone. Cadenza has no move counter in the state (the
  state graph has cycles; value iteration and transposition tables need the state to
  be just scores, turn total and seat), so its games end only at the target. Random
  play never gets near that horizon at target 100: in 1,000,000 uniformly random
  games (`python -m engine.games.pig.horizon 1000000 1`) none reached it; the
  longest took 264 player actions and the mean was 120.9.
- Returns are 1 for the winner and 0 for the loser (OpenSpiel: +1/-1, and 0/0 at
  the horizon); scores are the banked points.
- Chance outcome ids are 2..7 for faces 1..6 (OpenSpiel: 0..5), so that player
  actions and chance outcomes never share an id; notation "roll", "hold", "d1".."d6".
- Only two players (OpenSpiel allows 2-10) and no "piglet" or dice-size parameters;
  the target is the variant "target<N>", 1 <= N <= 1000.
"""

from engine.games.pig.codec import DEFAULT_VARIANT, parse_variant
from engine.games.pig.state import PigState
from engine.games.spec import game_spec

GAME = game_spec(
    name="pig",
    state_class=PigState,
    min_players=2,
    max_players=2,
    description="two-player pig, one die; variants target<N> (1..1000), default target100",
    variants=(DEFAULT_VARIANT, "target10", "target20", "target50"),
    variant_descriptions={
        DEFAULT_VARIANT: "bank 100 points to win (OpenSpiel's pig)",
        "target10": "bank 10 points to win: a game of a few turns",
        "target20": "bank 20 points to win: a short game",
        "target50": "bank 50 points to win: half a game",
    },
    chance=True,
    hidden_information=False,
    variant_parser=parse_variant,
)
