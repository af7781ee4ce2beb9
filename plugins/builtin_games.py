"""Built-in games, registered through the same hook as any third-party plugin."""

from engine.games import leduc, luthier, maestro, pig, renaissance, taktvoll, tictactoe
from plugins.hookspecs import hookimpl


@hookimpl
def cadenza_register_games(register):
    register(tictactoe.GAME)
    register(leduc.GAME)
    register(pig.GAME)
    register(renaissance.GAME)
    register(taktvoll.GAME)
    register(maestro.GAME)
    register(luthier.GAME)
