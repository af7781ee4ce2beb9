"""The board of a game as the web page draws it: the game's own drawer
(GameSpec.board_svg, see engine/svgtree.py) or, for a game without one, the seat's
text drawing of the position as that seat sees it."""

from __future__ import annotations

from typing import Callable

from cli.play.seatview import observation_text
from engine.svgtree import el

LINE_HEIGHT = 18
CHAR_WIDTH = 8.4  # of the page's monospace font at the drawing's text size


def generic(observation: dict, legal: dict[int, str], context: dict) -> dict:
    """The seat's text drawing of the position (context "text": the game's
    render_for, else its observation as `key: value` lines) in a box, line by line;
    the legal list beside the board holds the moves."""
    text = context.get("text") or observation_text(observation)
    lines = text.splitlines() or ["-"]
    width = 16 + CHAR_WIDTH * max(len(line) for line in lines)
    height = 12 + LINE_HEIGHT * len(lines)
    rows = [
        el("text", x=8, y=LINE_HEIGHT * (i + 1), class_="mono", text=line)
        for i, line in enumerate(lines)
    ]
    return el(
        "svg",
        el("rect", x=0, y=0, width=width, height=height, rx=4, class_="box"),
        *rows,
        viewBox=f"0 0 {width:.0f} {height}",
        class_="board generic",
        role="img",
    )


def drawer_for(spec) -> Callable[[dict, dict, dict], dict]:
    """The game's own drawer, or the generic one."""
    return spec.board_drawer() or generic
