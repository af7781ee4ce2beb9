"""The narrow exceptions the engine raises, each with a message a user can act on."""


class CadenzaError(Exception):
    """Base class of every error Cadenza reports to a user."""


class IllegalActionError(CadenzaError, ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class StateFormatError(CadenzaError, ValueError):
    """A state or observation (JSON) that does not describe a valid position."""


class GameConfigError(CadenzaError, ValueError):
    """An unknown game, variant or player count."""
