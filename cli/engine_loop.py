"""The I/O loop of `cadenza engine`: bytes in, protocol lines out.

It reads raw bytes a line at a time with a length limit, so that a front-end (or
garbage on the pipe) can neither exhaust memory nor crash the engine: an overlong line
and a line that is not UTF-8 each get one `error` answer. Every output line is
flushed at once, because the front-end waits for it. `quit` and end of input both
end the loop with exit code 0.
"""
from __future__ import annotations

from typing import BinaryIO, Iterator, Optional, Union

from cli.protocol import EngineSession

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


def answer(session: EngineSession, line: Union[bytes, LineTooLong], max_bytes: int) -> list[str]:
    """The output lines for one input line."""
    if line is TOO_LONG:
        return [f"error line too long (max {max_bytes} bytes)"]
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return ["error input is not valid UTF-8"]
    return session.handle(text)


def run(stdin: BinaryIO, stdout: BinaryIO, session: Optional[EngineSession] = None,
        max_bytes: int = MAX_LINE_BYTES) -> int:
    """Serve the protocol until `quit` or end of input; the exit code (always 0)."""
    session = session or EngineSession()

    def write(text: str) -> None:
        # backslashreplace: a lone surrogate from a JSON escape in an error message
        # must not stop the engine from answering.
        stdout.write(text.encode("utf-8", "backslashreplace") + b"\n")
        stdout.flush()

    session.emit = write  # progress lines of a long search go out as they come
    try:
        for line in read_lines(stdin, max_bytes):
            for text in answer(session, line, max_bytes):
                write(text)
            if session.finished:
                break
    except BrokenPipeError:  # the front-end went away: nobody is left to answer
        pass
    return 0
