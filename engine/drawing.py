"""Text drawings for a terminal: every line of a game's drawing fits the screen width,
by wrapping at spaces (never by cutting text off)."""

from __future__ import annotations

import re

WIDTH = 80
_WORD = re.compile(r"\S+")


def fit_line(line: str, width: int = WIDTH, indent: int | None = None) -> list[str]:
    """`line` as lines of at most `width` characters, broken at spaces (the spacing
    inside each piece is kept, so columns stay aligned); continuation lines are
    indented two past the line's own indent (or by `indent`). A word longer than a
    line is split, so nothing is ever lost."""
    line = line.rstrip()
    if len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    pad = " " * min(width // 2, lead + 2 if indent is None else indent)
    out = []
    rest = line
    first = True
    while len(rest) > width:
        # The longest prefix that ends at the end of a word and fits.
        cut = 0
        for word in _WORD.finditer(rest):
            if word.end() > width:
                break
            cut = word.end()
        if cut <= len(pad if not first else ""):
            cut = width  # one word wider than the line: split it
        out.append(rest[:cut].rstrip())
        rest = pad + rest[cut:].lstrip(" ")
        first = False
    if rest.strip():
        out.append(rest)
    return out


def fit(text: str, width: int = WIDTH) -> str:
    """Every line of `text` wrapped to `width` columns (see fit_line)."""
    return "\n".join(part for line in text.split("\n") for part in fit_line(line, width))


def folded(lines: list[str], width: int = WIDTH) -> list[str]:
    """Each line wrapped as fit_line does, a continuation four columns deeper than
    its line (for drawings whose lines are already indented by level)."""
    out = []
    for line in lines:
        lead = len(line) - len(line.lstrip(" "))
        out += fit_line(line, width, indent=lead + 4) if line.strip() else [""]
    return out
