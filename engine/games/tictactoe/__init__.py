"""Tic-tac-toe: the solved reference game (a draw with perfect play)."""

from engine.games.spec import game_spec
from engine.games.tictactoe.state import TicTacToeState

GAME = game_spec(
    name="tictactoe",
    state_class=TicTacToeState,
    min_players=2,
    max_players=2,
    description="tic-tac-toe on a 3x3 board; cells a1..c3",
    variant_descriptions={"standard": "the usual game: three in a row wins"},
)
