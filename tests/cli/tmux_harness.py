"""`cadenza play` in a real terminal for tests: tmux runs this tree's cadenza in a
detached pane of a chosen size, the test types with send-keys and reads the screen
with capture-pane.

The command is this checkout's `cli.main` run by the test's own Python (not the
installed console script, which may point at another checkout), with autosaves in
the test's folder. tmux must be installed: without it the tests fail, never skip.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60.0
PROMPT = re.compile(r"^\[(\d+)\] \S+> ?(.*)$")
# Lines of history read while waiting for an answer (more only for a long answer).
RECENT_LINES = 400
CADENZA = [
    sys.executable,
    "-c",
    "import sys; from cli.main import main; sys.argv[0]='cadenza'; main()",
]


def tmux_exe() -> str:
    exe = shutil.which("tmux")
    if exe is None:
        pytest.fail(
            "tmux is not installed: these tests drive cadenza play in a real terminal "
            "(install it, e.g. apt-get install -y tmux)"
        )
    return exe


class Terminal:
    """One `cadenza play` in a detached tmux session of its own server."""

    def __init__(self, args: list[str], cwd, width: int = 200, height: int = 50):
        self.tmux = tmux_exe()
        self.width, self.height = width, height
        self.socket = f"cadenza-play-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        env = {
            "PYTHONPATH": str(ROOT),
            "CADENZA_AUTOSAVE_DIR": str(Path(cwd) / "autosave"),
            "TERM": "xterm-256color",
        }
        exports = " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items())
        # The shell line keeps the pane after cadenza exits, to read its last words.
        line = (
            f"unset COLUMNS LINES; export {exports}; {shlex.join([*CADENZA, *args])}; "
            f'echo "[exit $?]"; sleep {int(TIMEOUT)}'
        )
        self._tmux(
            "-f",
            os.devnull,
            "new-session",
            "-d",
            "-x",
            str(width),
            "-y",
            str(height),
            "-s",
            "play",
            "-c",
            str(cwd),
            line,
            ";",
            "set-option",
            "-g",
            "history-limit",
            "200000",
        )
        self.inputs = 0

    def _tmux(self, *args: str) -> str:
        run = subprocess.run(
            [self.tmux, "-L", self.socket, *args], capture_output=True, text=True, timeout=TIMEOUT
        )
        assert run.returncode == 0, f"tmux {' '.join(args)}: {run.stderr}"
        return run.stdout

    def screen(self, back: int | None = None) -> list[str]:
        """The last `back` lines written (all when None), lines the terminal wrapped
        joined again (so a line wider than the pane shows as one long line), trailing
        blanks dropped."""
        start = "-" if back is None else str(-back)
        text = self._tmux("capture-pane", "-p", "-J", "-S", start, "-t", "play")
        return [line.rstrip() for line in text.rstrip("\n").split("\n")]

    def visible(self) -> list[str]:
        """Exactly the rows on the pane now."""
        text = self._tmux("capture-pane", "-p", "-t", "play")
        return [line.rstrip() for line in text.rstrip("\n").split("\n")]

    def wait_for(self, found, what: str, back: int | None = None) -> list[str]:
        deadline = time.monotonic() + TIMEOUT
        while True:
            lines = self.screen(back)
            if found(lines):
                return lines
            if any(line.startswith("[exit ") for line in lines):
                pytest.fail(
                    f"cadenza play exited while waiting for {what}:\n" + "\n".join(lines[-40:])
                )
            if time.monotonic() > deadline:
                pytest.fail(f"no {what} after {TIMEOUT}s:\n" + "\n".join(lines[-40:]))
            time.sleep(0.02)

    def prompt_index(self, lines: list[str], number: int) -> int:
        for i in range(len(lines) - 1, -1, -1):
            match = PROMPT.match(lines[i])
            if match and int(match.group(1)) == number:
                return i
        return -1

    def start(self) -> list[str]:
        """The output before the first prompt."""
        lines = self.wait_for(lambda ls: self.prompt_index(ls, 1) >= 0, "first prompt")
        return lines[: self.prompt_index(lines, 1)]

    def send(self, text: str) -> None:
        """Type `text` and press Enter, without waiting."""
        self._tmux("send-keys", "-t", "play", "-l", text)
        self._tmux("send-keys", "-t", "play", "Enter")

    def type(self, text: str) -> list[str]:
        """Type a line and press Enter; the output lines it produced."""
        self.inputs += 1
        number = self.inputs
        self.send(text)
        return self.answer(number, text)

    def answer(self, number: int, text: str) -> list[str]:
        """The output between prompt `number` (which shows `text`) and the next."""
        # Polling reads only the end of the history, which grows with the game.
        lines = self.wait_for(
            lambda ls: self.prompt_index(ls, number + 1) >= 0,
            f"prompt [{number + 1}] after {text!r}",
            back=RECENT_LINES,
        )
        if self.prompt_index(lines, number) < 0:  # a long answer: read it all
            lines = self.screen()
        begin, end = self.prompt_index(lines, number), self.prompt_index(lines, number + 1)
        echoed = PROMPT.match(lines[begin]).group(2)
        assert echoed == text, f"the prompt line shows {echoed!r}, typed {text!r}"
        return lines[begin + 1 : end]

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "play", *keys)

    def quit(self, confirm: str | None = None) -> list[str]:
        self.inputs += 1
        self.send("quit")
        if confirm is not None:
            self.wait_for(lambda ls: ls[-1].endswith("Quit anyway? [y/N]"), "the question")
            self.send(confirm)
        return self.wait_for(lambda ls: "[exit 0]" in ls, "exit after quit")

    def close(self) -> None:
        subprocess.run([self.tmux, "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path):
    opened = []

    def open_terminal(*args: str, width: int = 200, height: int = 50) -> Terminal:
        term = Terminal(list(args), tmp_path, width, height)
        opened.append(term)
        return term

    yield open_terminal
    for term in opened:
        term.close()


# ---- reading the screen ---------------------------------------------------------------


def board(lines: list[str]) -> list[str]:
    """The last drawing of the position (the panel)."""
    ends = [i for i, line in enumerate(lines) if line.startswith("╰")]
    assert ends, "no position drawn:\n" + "\n".join(lines)
    end = ends[-1]
    begin = max(i for i in range(end + 1) if lines[i].startswith("╭"))
    return lines[begin : end + 1]


LEGAL_HEAD = re.compile(r"^Legal \((\d+); type one( or its number)?\):$")
GROUP_HEAD = re.compile(r"^  (\S*…\S*)(?:  \(.*\))?, where … is:$")


def legal_list(lines: list[str]) -> tuple[int, list[str], bool]:
    """(how many moves, the lines of the last legal list, whether it was cut short)."""
    heads = [i for i, line in enumerate(lines) if LEGAL_HEAD.match(line)]
    assert heads, "no legal list:\n" + "\n".join(lines)
    count = int(LEGAL_HEAD.match(lines[heads[-1]]).group(1))
    body = []
    for line in lines[heads[-1] + 1 :]:
        if not line.startswith("  ") or PROMPT.match(line):
            break
        body.append(line)
    cut = bool(body) and body[-1].endswith("more lines: type legal)")
    return count, body[:-1] if cut else body, cut


def parse_legal(body: list[str]) -> dict[int, str]:
    """The numbered moves of a legal list, by number (a group's parts completed)."""
    moves: dict[int, str] = {}
    pattern = None
    joined: list[str] = []
    for line in body:  # a line wrapped under itself (six spaces) belongs to the one above
        if line.startswith("      ") and joined:
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    for line in joined:
        head = GROUP_HEAD.match(line)
        if head:
            pattern = head.group(1)
            continue
        if line.startswith("     ") and pattern is not None:
            for number, part in re.findall(r"(\d+) (\S+)", line):
                moves[int(number)] = pattern.replace("…", part)
            continue
        pattern = None
        # "  1 call — call the bet" (one a line, with words) or "  1 a1  2 b1" (flowing).
        spoken = line.split(" — ", 1)[0]
        for number, text in re.findall(r"(\d+) (\S+)", spoken):
            moves[int(number)] = text
    return moves


def legal(term: Terminal, lines: list[str]) -> list[str]:
    """The legal moves (notation) of the last list, asking `legal` when it was cut."""
    count, body, cut = legal_list(lines)
    if cut:
        count, body, cut = legal_list(term.type("legal"))
    moves = parse_legal(body)
    assert sorted(moves) == list(range(1, count + 1)), (moves, body)
    return [moves[n] for n in range(1, count + 1)]


def hints(lines: list[str]) -> list[tuple[list[str], float]]:
    """(the notation, the chance to win in [0, 1]) of each hint line."""
    found = []
    entries: list[str] = []
    for line in lines:  # a long hint wraps: its later lines belong to it
        if line.startswith("hint ") or not entries or PROMPT.match(line) or line.startswith("!"):
            entries.append(line)
        else:
            entries[-1] += line
    for line in entries:
        match = re.match(r"^hint (\d+): (.+?)(?: \(.*\))?  (\d+)% to win  \[(\d+) visits\]", line)
        if match:
            assert int(match.group(1)) == len(found) + 1
            found.append((match.group(2).split(), int(match.group(3)) / 100))
    return found
