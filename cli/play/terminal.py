"""Reading the person's lines: prompt_toolkit with completion in a terminal, plain
line input when stdin or stdout is not one (pipes, scripts, tests).

A reader's `read(prompt)` returns the line typed, or None at the end of input;
`discard_typeahead()` throws away what was typed while the AI thought (it was
meant for a position that has changed) and says whether there was any.
Completion asks a callback for the words that may come next, given the words
already on the line.
"""

from __future__ import annotations

import select
import sys
from typing import Callable, Optional

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input.typeahead import clear_typeahead, get_typeahead

# Words before the cursor -> the words that may come next.
Candidates = Callable[[list[str]], list[str]]
# Commands whose argument is a file name: completed as paths.
FILE_COMMANDS = ("save", "load")


class WordCompleter(Completer):
    """Completes the word under the cursor from `candidates(words before it)`, and
    file names after save/load."""

    def __init__(self, candidates: Candidates):
        self.candidates = candidates
        self.paths = PathCompleter(expanduser=True)

    def get_completions(self, document, complete_event):
        before = document.text_before_cursor
        words = before.split()
        partial = "" if not words or before[-1:].isspace() else words.pop()
        if words and words[0] in FILE_COMMANDS:
            yield from self.paths.get_completions(Document(partial, len(partial)), complete_event)
            return
        for word in self.candidates(words):
            if word.startswith(partial):
                yield Completion(word, start_position=-len(partial))


def flush_tty_input(stream) -> bool:
    """Discard the input waiting on `stream` when it is a terminal; whether any was."""
    try:
        if not stream.isatty():
            return False
        import termios

        waiting = bool(select.select([stream], [], [], 0)[0])
        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
        return waiting
    except (OSError, ValueError, ImportError):  # no termios (Windows) or a closed stream
        return False


class PlainReader:
    """Lines from a stream, the prompt written first (so a transcript reads well)."""

    def __init__(self, source=None, sink=None):
        self.source = source or sys.stdin
        self.sink = sink or sys.stdout

    def read(self, prompt: str) -> Optional[str]:
        self.sink.write(prompt)
        self.sink.flush()
        try:
            line = self.source.readline()
        except KeyboardInterrupt:  # Ctrl-C drops the line, as at a terminal
            self.sink.write("\n")
            return ""
        if not line:
            self.sink.write("\n")
            return None
        if not self.source.isatty():
            self.sink.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")

    def discard_typeahead(self) -> bool:
        return flush_tty_input(self.source)


class TerminalReader:
    """prompt_toolkit input: line editing, history, Tab completion."""

    def __init__(self, candidates: Candidates):
        self.session = PromptSession(
            history=InMemoryHistory(),
            completer=WordCompleter(candidates),
            complete_while_typing=False,
        )

    def read(self, prompt: str) -> Optional[str]:
        while True:
            try:
                return self.session.prompt(prompt)
            except KeyboardInterrupt:  # Ctrl-C clears the line, as in a shell
                continue
            except EOFError:
                return None

    def discard_typeahead(self) -> bool:
        # prompt_toolkit keeps keys read past the last line for the next prompt.
        kept = bool(get_typeahead(self.session.input))  # reads and empties it
        clear_typeahead(self.session.input)
        return flush_tty_input(sys.stdin) or kept


def make_reader(candidates: Candidates):
    """A TerminalReader when talking to a terminal, else a PlainReader."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return TerminalReader(candidates)
    return PlainReader()
