"""A search the person can stop with Ctrl-C: the AI then plays its best so far and a
hint shows what it has found, instead of the program ending.

The search runs on a worker thread inside a stop request (search/stopping.py); the
main thread waits for it, so the KeyboardInterrupt of a Ctrl-C lands there and only
sets the request. Searchers look at the request at their checkpoints and answer with
what they have. A second Ctrl-C, for a searcher that does not stop, gives up on the
search (it finishes unseen on its own copy of the position) and changes nothing.
"""

from __future__ import annotations

import threading
from typing import Callable, TypeVar

from cli.play.errors import PlayError
from search import stopping

T = TypeVar("T")

# How often the waiting thread wakes, so a Ctrl-C is seen at once on every platform.
WAIT_SLICE = 0.05


class SearchAbandoned(PlayError):
    """A second Ctrl-C: the search was left to finish unseen; nothing changed."""


def run_stoppable(work: Callable[[], T]) -> tuple[T, bool]:
    """(work(), whether a Ctrl-C stopped it early). `work` must use only copies of the
    position, since an abandoned search goes on running."""
    request = threading.Event()
    done = threading.Event()  # not Thread.join: a join cut by Ctrl-C may misreport
    box: dict = {}

    def target() -> None:
        with stopping.stoppable(request):
            try:
                box["value"] = work()
            except BaseException as exc:  # handed to the waiting thread
                box["error"] = exc
            finally:
                done.set()

    thread = threading.Thread(target=target, name="cadenza-play-search", daemon=True)
    thread.start()
    while not done.is_set():
        try:
            done.wait(WAIT_SLICE)
        except KeyboardInterrupt:
            if request.is_set():
                raise SearchAbandoned(
                    "the search did not stop: left it, nothing changed (type show to go on)"
                ) from None
            request.set()
    if "error" in box:
        raise box["error"]
    return box["value"], request.is_set()
