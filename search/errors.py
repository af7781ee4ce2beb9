"""The error of a search that cannot run: bad options, or no seat to move."""

from __future__ import annotations

from engine.errors import CadenzaError


class SearchError(CadenzaError, ValueError):
    """A search that cannot run: bad options, or no seat to move."""
