"""A scripted front-end for the installed `cadenza engine`, and the registry's names
that the CLI tests are parametrized over."""

import queue
import re
import shutil
import subprocess
import tempfile
import threading
from typing import Optional

import pytest

from plugins.manager import default_registry
from tmux_harness import terminal  # noqa: F401  (the fixture of the tmux tests)

GAME_NAMES = sorted(default_registry().games)
SEARCHER_NAMES = sorted(default_registry().searchers)
STATUS = re.compile(r"^(ok|error \S.*)$")


class EngineProcess:
    """`cadenza engine` as a subprocess, read by a thread so that a hang becomes a
    test failure after `timeout` seconds instead of blocking the run."""

    def __init__(self, timeout: float = 30.0, argv: Optional[list[str]] = None, cwd=None):
        if argv is None:
            exe = shutil.which("cadenza")
            assert exe, "the cadenza console script is not installed"
            argv = [exe, "engine"]
        self.timeout = timeout
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, cwd=cwd, stdout=subprocess.PIPE, stderr=self.stderr
        )
        self.output: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for raw in self.proc.stdout:
            self.output.put(raw)
        self.output.put(None)

    def send_bytes(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read_line(self) -> str:
        try:
            raw = self.output.get(timeout=self.timeout)
        except queue.Empty:
            pytest.fail(f"the engine wrote nothing for {self.timeout}s")
        if raw is None:
            pytest.fail("the engine exited in the middle of an answer")
        assert raw.endswith(b"\n"), raw
        return raw[:-1].decode("utf-8")

    def read_answer(self) -> tuple[list[str], str]:
        """The data lines and the status line of one answer."""
        data = []
        while True:
            line = self.read_line()
            if STATUS.match(line):
                return data, line
            data.append(line)

    def command(self, line: str) -> tuple[list[str], str]:
        """Send one command; check that exactly one status line ends its answer (an
        `isready` sent right behind it must get exactly its own answer)."""
        self.send_bytes(line.encode("utf-8") + b"\nisready\n")
        answer = self.read_answer()
        assert self.read_answer() == (["readyok"], "ok"), f"stray output after {line!r}"
        return answer

    def ok(self, line: str) -> list[str]:
        data, status = self.command(line)
        assert status == "ok", f"{line!r} -> {status}"
        return data

    def error(self, line: str) -> str:
        data, status = self.command(line)
        assert status.startswith("error "), f"{line!r} should fail, got {data} {status}"
        assert data == [], f"{line!r} printed data before its error: {data}"
        return status

    def one(self, line: str, prefix: str) -> str:
        """The single data line of a command, without its leading word."""
        data = self.ok(line)
        assert len(data) == 1 and (data[0] == prefix or data[0].startswith(prefix + " ")), data
        return data[0][len(prefix) + 1 :]

    def close(self) -> int:
        """End of input; the exit code."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            return self.proc.wait(timeout=self.timeout)
        finally:
            self.stderr.close()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def engine_process():
    """A fresh engine; killed at the end if the test left it running."""
    started = []

    def start(**kwargs) -> EngineProcess:
        process = EngineProcess(**kwargs)
        started.append(process)
        return process

    yield start
    for process in started:
        process.kill()


@pytest.fixture(scope="module", params=GAME_NAMES)
def game_engine(request):
    """(game name, an engine process) reused by every test of a module for one game."""
    process = EngineProcess()
    yield request.param, process
    process.kill()
