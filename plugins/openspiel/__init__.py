"""The OpenSpiel bridge (the optional extra `pip install 'cadenza[openspiel]'`).

game.py registers any Cadenza game as an OpenSpiel Python game; bots.py wraps
OpenSpiel's MCTS and ISMCTS bots as the searchers `openspiel-mcts` and
`openspiel-ismcts`, registered here only when pyspiel imports (without it, asking for
them names the extra: plugins/manager.py).
"""

from plugins.hookspecs import hookimpl


def openspiel_installed() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


@hookimpl
def cadenza_register_searchers(register):
    if not openspiel_installed():
        return
    from plugins.openspiel.bots import searcher_specs

    for spec in searcher_specs():
        register(spec)
