"""A search process's tie to the server: it ends when the server does, however the
server ends. A server killed with SIGKILL cannot stop its pool, so each pool process
watches for itself: once its parent is gone (it is handed to another parent), it
exits, and with the last of them goes multiprocessing's resource tracker, which
lives while any process holds its pipe."""

from __future__ import annotations

import os
import threading
import time

# How often a pool process looks for its server (seconds).
CHECK_EVERY = 0.2


def hold(server_pid: int) -> None:
    """End this process once `server_pid` is no longer its parent (a daemon thread
    watches, between the searches' own steps)."""

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(CHECK_EVERY)
        os._exit(0)  # nothing to finish: the searches' answers have nobody to go to

    threading.Thread(target=watch, name="cadenza-lifeline", daemon=True).start()
