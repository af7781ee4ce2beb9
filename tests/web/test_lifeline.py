"""The server's search processes end with it, however it ends (cli/serve/lifeline.py):
killed with SIGKILL in the middle of a search, its pool process and multiprocessing's
resource tracker are gone within seconds."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from webserver import Server
from wsclient import Seat, new_room

GONE_WITHIN = 5.0  # seconds


def children(pid: int) -> dict[int, str]:
    """The processes whose parent is `pid`, with their command lines."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found[int(entry.name)] = cmdline
    return found


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie nobody reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_kill_9_of_the_server_ends_its_search_processes(tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    try:
        # The AI moves first, at level 10 (about a second): killed while it searches.
        seat = Seat(server, new_room(server, "tictactoe", seat=1, strengths={"0": "10"}))
        seat.until(lambda m: m["type"] == "progress")
        spawned = children(server.proc.pid)
        kinds = {"tracker" if "resource_tracker" in c else "pool" for c in spawned.values()}
        assert kinds == {"tracker", "pool"}, spawned
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait()
        killed = time.monotonic()
        while any(alive(pid) for pid in spawned) and time.monotonic() - killed < GONE_WITHIN:
            time.sleep(0.05)
        left = {pid: spawned[pid] for pid in spawned if alive(pid)}
        assert not left, f"still running {GONE_WITHIN} s after kill -9: {left}"
        seat.close()
    finally:
        try:
            os.killpg(server.proc.pid, signal.SIGKILL)  # whatever outlived the server
        except ProcessLookupError:
            pass
