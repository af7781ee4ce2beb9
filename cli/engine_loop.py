"""The I/O loop of `cadenza engine`: bytes in, protocol lines out.

It reads raw bytes a line at a time with a length limit, so that a front-end (or
garbage on the pipe) can neither exhaust memory nor crash the engine: an overlong line
and a line that is not UTF-8 each get one `error` answer. Every output line is
flushed at once, because the front-end waits for it. `quit` and end of input both
end the loop with exit code 0.

A go/hint runs on a worker thread (cli/background.py) while this loop reads on:
`stop` ends it at once; `quit` ends it as `stop` does, then answers and exits;
during a `go infinite`, `isready` gets `readyok` and any other command
`error busy: a search is running`; a timed or counted go stays one v1
command, whose followers are answered in order after it.
"""

from __future__ import annotations

import threading
from typing import BinaryIO, Iterator, Optional, Union

from cli.background import BackgroundSearch, is_search
from cli.protocol import EngineSession, is_ignored

MAX_LINE_BYTES = 1 << 20
# Reading the discarded rest of an overlong line in pieces keeps memory bounded.
_DISCARD_CHUNK = 1 << 16


class LineTooLong:
    """Stands for an input line longer than the limit (its bytes are dropped)."""


TOO_LONG = LineTooLong()


def read_lines(stream: BinaryIO, max_bytes: int) -> Iterator[Union[bytes, LineTooLong]]:
    """Each input line without its line ending, or TOO_LONG for one over `max_bytes`."""
    while True:
        chunk = stream.readline(max_bytes + 1)
        if not chunk:
            return
        if chunk.endswith(b"\n") or len(chunk) <= max_bytes:
            yield chunk.rstrip(b"\r\n")
            continue
        # Over the limit: throw away the rest of this line, up to and with its newline.
        while not chunk.endswith(b"\n"):
            chunk = stream.readline(_DISCARD_CHUNK)
            if not chunk:
                break
        yield TOO_LONG


BUSY = "error busy: a search is running"


def decode(line: Union[bytes, LineTooLong], max_bytes: int) -> tuple[Optional[str], Optional[str]]:
    """(the line's text, None), or (None, the error line) for one that is too long
    or not UTF-8."""
    if line is TOO_LONG:
        return None, f"error line too long (max {max_bytes} bytes)"
    try:
        return line.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, "error input is not valid UTF-8"


class Output:
    """The engine's stdout, shared by the loop and a search's worker thread: whole
    lines, each flushed at once. After a broken pipe (the front-end went away) it
    drops what is written and says so in `broken`."""

    def __init__(self, stream: BinaryIO):
        self.stream = stream
        self.broken = False
        self._lock = threading.Lock()

    def write(self, text: str) -> None:
        # backslashreplace: a lone surrogate from a JSON escape in an error message
        # must not stop the engine from answering.
        data = text.encode("utf-8", "backslashreplace") + b"\n"
        with self._lock:
            if self.broken:
                return
            try:
                self.stream.write(data)
                self.stream.flush()
            except BrokenPipeError:  # nobody is left to answer
                self.broken = True


def during_search(
    search: BackgroundSearch, text: Optional[str], problem: Optional[str], out: Output
) -> bool:
    """Deal with one input line while `search` runs: True if that was all the line
    needed, False if it is still to be run as a command (after the search)."""
    command = None if text is None else text.strip()
    if command == "stop":
        search.stop()
        return True
    if command == "quit":
        # As UCI engines do: the search stops and answers as for `stop`, then `quit`
        # itself is answered and the loop ends (a front-end waiting for exit).
        search.stop()
        return False
    if not search.infinite:
        # A timed or counted go is one v1 command: what was sent behind it is answered
        # in order after it.
        search.wait()
        return False
    out.write("readyok" if command == "isready" else problem or BUSY)
    return True


def run(
    stdin: BinaryIO,
    stdout: BinaryIO,
    session: Optional[EngineSession] = None,
    max_bytes: int = MAX_LINE_BYTES,
) -> int:
    """Serve the protocol until `quit` or end of input; the exit code (always 0).
    A go/hint searches on a worker thread while this one reads on."""
    session = session or EngineSession()
    out = Output(stdout)
    session.emit = out.write  # progress lines of a long search go out as they come
    search: Optional[BackgroundSearch] = None
    for line in read_lines(stdin, max_bytes):
        text, problem = decode(line, max_bytes)
        if text is not None and is_ignored(text):
            continue
        if search is not None and not search.running():
            search.wait()
            search = None
        if search is not None:
            handled = during_search(search, text, problem, out)
            if search.running():
                continue
            search = None
            if handled:
                continue
        if problem is not None:
            out.write(problem)
        elif is_search(text):
            search = BackgroundSearch(session, text, out.write).start()
        else:
            for answer in session.handle(text):
                out.write(answer)
        if session.finished or out.broken:
            break
    if search is not None:  # end of input: a search until stop stops, others finish
        search.stop() if search.infinite else search.wait()
    return 0
