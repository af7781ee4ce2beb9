"""Where the games of a match run: local worker processes (the default, nothing to
start; cli/match/local_backend.py) or Ray (cli/match/ray_backend.py). Both take
GameJobs and yield their records as games finish; closing the iterator early (an
SPRT decision, Ctrl-C) stops the games still running without recording them.
"""

from __future__ import annotations

from typing import Callable, Optional

from cli.match.errors import BackendError
from cli.match.local_backend import LocalBackend
from cli.match.ray_backend import RayBackend

BACKENDS = ("local", "ray")


def make_backend(
    name: str, workers: int, registry_factory: Callable, address: Optional[str] = None
):
    """The backend called `name` ("local" or "ray")."""
    if name == "local":
        return LocalBackend(workers, registry_factory)
    if name == "ray":
        return RayBackend(workers, registry_factory, address)
    raise BackendError(f"unknown backend {name!r} (backends: {', '.join(BACKENDS)})")
