"""A `go` or `hint` run on a worker thread, so that the engine loop reads on while it
searches (protocol.md, "Extension: searching until told to stop").

The worker runs the whole command through `EngineSession.handle`, so its answer and
its errors are exactly those of protocol v1; the session hands the search a stop
request (search/stopping.py) that `stop` sets. A `go infinite` holds its answer until
the stop; any other search writes it as soon as it has it.
"""

from __future__ import annotations

import threading
from typing import Callable, Optional

from cli.protocol import INFINITE, EngineSession

SEARCH_COMMANDS = ("go", "hint")


def is_search(text: str) -> bool:
    """Whether a command line is a `go` or `hint`."""
    words = text.split()
    return bool(words) and words[0] in SEARCH_COMMANDS


class SearchControl:
    """What a running search shares with the loop: the stop request, and whether the
    search itself began (its options were good) or the command ended without one."""

    def __init__(self):
        self.stop = threading.Event()
        self.searching = False
        self._settled = threading.Event()

    def began(self) -> None:
        """Called by the session just before the search runs."""
        self.searching = True
        self._settled.set()

    def ended(self) -> None:
        self._settled.set()

    def wait_settled(self) -> None:
        self._settled.wait()


class BackgroundSearch:
    """One go/hint on its worker thread, writing its own answer lines."""

    def __init__(self, session: EngineSession, text: str, write: Callable[[str], None]):
        self.session = session
        self.text = text
        self.write = write
        self.infinite = INFINITE in text.split()[1:]
        self.control = SearchControl()
        self._thread = threading.Thread(target=self._run, name="cadenza-search", daemon=True)

    def start(self) -> Optional["BackgroundSearch"]:
        """Start the command; self while its search runs, None if it was answered at
        once (an error in its options): what follows it is then an ordinary command."""
        self.session.search_control = self.control
        self._thread.start()
        self.control.wait_settled()
        if not self.control.searching:
            self._thread.join()
            return None
        return self

    def _run(self) -> None:
        try:
            lines = self.session.handle(self.text)
        finally:
            self.session.search_control = None
            self.control.ended()
        if self.infinite and lines[-1] == "ok":
            self.control.stop.wait()  # go infinite answers after stop, however soon it is done
        for line in lines:
            self.write(line)

    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """End the search now; returns once its answer is written."""
        self.control.stop.set()
        self._thread.join()

    def wait(self) -> None:
        """Let the search end by its own budget; returns once its answer is written."""
        self._thread.join()
