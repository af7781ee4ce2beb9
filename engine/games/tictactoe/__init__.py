"""Tic-tac-toe: the solved reference game (a draw with perfect play)."""

from engine.game import GameSpec
from engine.games.tictactoe.state import TicTacToeState
from engine.games.tictactoe.words import NOTATION, RULES

GAME = GameSpec(
    name="tictactoe",
    state_class=TicTacToeState,
    min_players=2,
    max_players=2,
    description="tic-tac-toe on a 3x3 board; cells a1..c3",
    variant_descriptions={"standard": "the usual game: three in a row wins"},
    board_svg="engine.games.tictactoe.svg:draw",
    reference="engine.games.tictactoe.reference:TicTacToeReference",
    rules=RULES,
    notation=NOTATION,
)
