"""Text drawings for a person fit a terminal: every line at most WIDTH columns."""

from __future__ import annotations

import textwrap

WIDTH = 80


def folded(lines: list[str], width: int = WIDTH) -> list[str]:
    """Each line folded at `width` columns between words, never cut: a continuation
    is indented four columns deeper than its line. A word longer than the width
    is broken, so no line is ever wider."""
    out = []
    for line in lines:
        indent = " " * min(len(line) - len(line.lstrip()) + 4, width // 2)
        out += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return out
