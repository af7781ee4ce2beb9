"""The narrow exceptions the engine raises, each with a message a user can act on."""


class CadenzaError(Exception):
    """Base class of every error Cadenza reports to a user."""


class IllegalActionError(CadenzaError, ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class StateFormatError(CadenzaError, ValueError):
    """A state or observation (JSON) that does not describe a valid position."""


class GameConfigError(CadenzaError, ValueError):
    """An unknown game, variant or player count."""


def illegal_action_message(state, action: int) -> str:
    """The one line `State.apply` raises for an action id that is not legal in
    `state`: its notation and, where the game can say, the rule it breaks; never the
    internal id, except for an id outside the game's action space (it has no notation)."""
    try:
        notation = state.action_to_str(action)
    except ValueError:
        return f"illegal action {action}: no {state.game_name} action has that number"
    reason = state.illegal_reason(action)
    return f"illegal action {notation} here: {reason or 'it is not a legal move now'}"
