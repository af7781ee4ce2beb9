"""Reading the person's lines: prompt_toolkit with completion in a terminal, plain
line input when stdin or stdout is not one (pipes, scripts, tests).

A reader's `read(prompt)` returns the line typed, or None at the end of input.
Completion asks a callback for the words that may come next, given the words
already on the line.
"""

from __future__ import annotations

import sys
from typing import Callable, Optional

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

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


class PlainReader:
    """Lines from a stream, the prompt written first (so a transcript reads well)."""

    def __init__(self, source=None, sink=None):
        self.source = source or sys.stdin
        self.sink = sink or sys.stdout

    def read(self, prompt: str) -> Optional[str]:
        self.sink.write(prompt)
        self.sink.flush()
        line = self.source.readline()
        if not line:
            self.sink.write("\n")
            return None
        if not self.source.isatty():
            self.sink.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")


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


def make_reader(candidates: Candidates):
    """A TerminalReader when talking to a terminal, else a PlainReader."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return TerminalReader(candidates)
    return PlainReader()
