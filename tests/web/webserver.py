"""`cadenza serve` as a subprocess for the browser tests: this tree's code on a free
port with its own data folder, in its own process group so that a test can kill it
(and its search processes) with SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
# Screenshots go to a scratch folder, so a test run leaves the tree clean; to renew
# the ones in docs/screenshots: CADENZA_SCREENSHOTS=docs/screenshots pytest tests/web
SCREENSHOTS = Path(
    os.environ.get("CADENZA_SCREENSHOTS") or Path(tempfile.gettempdir()) / "cadenza-screenshots"
)
START_TIMEOUT = 30.0
TURN_TIMEOUT_MS = 60_000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`cadenza serve` in a subprocess of this tree's code."""

    def __init__(self, data: Path, extra_args: tuple = ()):
        self.data = data
        self.extra_args = list(extra_args)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = self.url.rstrip("/")  # what the server's own page sends as Origin
        self.proc = None

    def start(self) -> None:
        code = "import sys; from cli.main import main; sys.argv[0] = 'cadenza'; main()"
        args = [
            "serve",
            "--port",
            str(self.port),
            "--data",
            str(self.data),
            "--workers",
            "1",
            *self.extra_args,
        ]
        self.data.mkdir(parents=True, exist_ok=True)
        with open(self.data / "server.log", "ab") as out:  # a pipe nobody reads could fill
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code, *args],
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.output()}")
            try:
                httpx.get(self.url + "api/games", timeout=1.0)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def post(self, path: str, **kwargs) -> httpx.Response:
        """A POST as the server's own page sends it: from its origin (JSON bodies go
        with `json=`, which names their type)."""
        headers = {"origin": self.origin, **kwargs.pop("headers", {})}
        kwargs.setdefault("timeout", 10)
        return httpx.post(self.url + path, headers=headers, **kwargs)

    def socket(self, path: str = "ws", **kwargs):
        """A WebSocket to `path` as the server's own page opens it."""
        kwargs.setdefault("origin", self.origin)
        return connect(self.url.replace("http", "ws") + path, **kwargs)

    def output(self) -> str:
        return (self.data / "server.log").read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL the server and its search processes (its own process group)."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()

    def stored_state(self, room_id: str) -> dict:
        """The true state of a room as the store holds it (the test's referee)."""
        db = sqlite3.connect(self.data / "cadenza.sqlite3")
        try:
            (text,) = db.execute("SELECT position FROM rooms WHERE id = ?", (room_id,)).fetchone()
        finally:
            db.close()
        return json.loads(json.loads(text)["state"])
