"""The error of the match backends, apart from them so that every backend module and
the chooser in cli/match/backends.py can import it without importing each other."""

from __future__ import annotations

from engine.errors import CadenzaError


class BackendError(CadenzaError, RuntimeError):
    """A backend that cannot run (Ray not installed, no cluster at the address)."""
