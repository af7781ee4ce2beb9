"""Progress of a running search, for whoever listens (the engine's `info` lines).

A searcher calls `due()` at its natural checkpoints (a slice of a timed tree
search, a determinization pimc has searched, a depth expectimax has completed) and,
when it is due, `report(...)` with what it knows so far. With nobody listening,
`due()` is one context-variable read, so searchers need not care whether anyone is.
A listener is set around a search with `listening(callback, every)` and hears at
most one report per `every` seconds; its first report comes after `every` seconds,
so a short search reports nothing.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Callable, Iterator, Optional

from search import clock


class _Listener:
    __slots__ = ("callback", "every", "start", "next_at")

    def __init__(self, callback: Callable[[dict[str, Any]], None], every: float):
        self.callback = callback
        self.every = every
        self.start = clock.now()
        self.next_at = self.start + every


_listener: ContextVar[Optional[_Listener]] = ContextVar("cadenza_search_progress", default=None)


def due() -> bool:
    """Whether a listener wants a report now."""
    listener = _listener.get()
    return listener is not None and clock.now() >= listener.next_at


def has_listener() -> bool:
    """Whether anyone listens to the search running in this context."""
    return _listener.get() is not None


def report(**fields: Any) -> None:
    """Hand `fields` (iterations, nodes, value, pv, depth, ...) to the listener, with
    `ms` since the search began added; nothing if nobody listens."""
    listener = _listener.get()
    if listener is None:
        return
    now = clock.now()
    listener.next_at = now + listener.every
    listener.callback({**fields, "ms": int((now - listener.start) * 1000)})


@contextmanager
def listening(callback: Callable[[dict[str, Any]], None], every: float) -> Iterator[None]:
    """Searches run inside this block report to `callback`, at most once per `every`
    seconds."""
    token = _listener.set(_Listener(callback, every))
    try:
        yield
    finally:
        _listener.reset(token)
