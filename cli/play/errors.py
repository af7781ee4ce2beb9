"""The one error `cadenza play` shows a person for input it cannot carry out."""

from engine.errors import CadenzaError


class PlayError(CadenzaError, ValueError):
    """A typed line, command or save file that cannot be used; nothing changed."""
