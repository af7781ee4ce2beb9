"""The errors of `cadenza serve` that a person reads as one line, with nothing
changed: each is answered by the app's exception handlers (app.py) over HTTP and by
the socket loop (sockets.py) over a WebSocket."""

from __future__ import annotations

from engine.errors import CadenzaError


class BadRequest(ValueError):
    """A malformed request; nothing changed."""


class Stale(BadRequest):
    """A message about a position the page no longer shows: after the error it gets
    `current`, the position as it stands."""

    def __init__(self, message: str, current: dict):
        super().__init__(message)
        self.current = current


class RoomError(CadenzaError, ValueError):
    """A request a room or table refuses; the message says why, and nothing changed."""
