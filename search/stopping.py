"""A request to stop a running search early: the engine's `stop`.

Whoever may send a stop sets a request (anything with `is_set()`, such as a
threading.Event) around the search with `stoppable(request)`; a searcher looks at
`requested()` at its checkpoints and, once it is set, answers with what it has.
While a stop may come (`may_come()`), searchers cut their work into slices of at
most SLICE seconds, so that one is seen soon and the thread that reads the stop gets
the interpreter between slices. With no request set, `requested()` is one
context-variable read and every search runs exactly as it would without this module.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator, Optional, Protocol


class Request(Protocol):
    def is_set(self) -> bool: ...


# Longest stretch of work between two looks at the request (seconds): with the time
# to build the answer, a stopped search answers well within 50 ms.
SLICE = 0.01
# The movetime of a search that runs until it is stopped (`go infinite`): about eleven
# days, long enough to mean "no limit" while every timed code path stays as it is.
UNTIL_STOPPED_MS = 1_000_000_000

_request: ContextVar[Optional[Request]] = ContextVar("cadenza_search_stop", default=None)


def may_come() -> bool:
    """Whether a stop may come for the search running in this context."""
    return _request.get() is not None


def requested() -> bool:
    """Whether the search running in this context has been told to stop."""
    request = _request.get()
    return request is not None and request.is_set()


def checker():
    """`requested` if a stop may come, else None: for compiled cores that call it at
    their own checkpoints and must not pay for it otherwise."""
    return requested if may_come() else None


@contextmanager
def stoppable(request: Request) -> Iterator[None]:
    """Searches run inside this block stop early once `request.is_set()`."""
    token = _request.set(request)
    try:
        yield
    finally:
        _request.reset(token)
