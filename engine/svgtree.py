"""Board drawings for the web page (cli/serve) as SVG element trees: plain dicts
{"tag", "attrs", "text", "children"} that the page builds with createElementNS and
textContent, never as markup, so no text in a drawing can become code.

A game's drawer (GameSpec.board_svg, in the game's `svg.py`) is
`draw(observation, legal, context)`: `observation` is one seat's observation, `legal`
maps each action id the seat may play now to its words (empty when it is not to
move), `context` holds "seat" and, for perfect-information games only,
"last_actions" (the ids of the last turn played). An element that stands for an
action carries its id in `data-action`; the page makes it clickable when legal.
"""

from __future__ import annotations

from typing import Any, Optional

# The tags and attributes the page builds (cli/serve/static/app.js keeps the same lists).
TAGS = ("svg", "g", "rect", "circle", "line", "text", "title", "polygon", "polyline")
ATTRS = (
    "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
    "points", "class", "data-action", "data-face", "text-anchor", "font-size", "role", "aria-label",
)  # fmt: skip


def el(tag: str, *children: dict, text: Optional[str] = None, **attrs: Any) -> dict:
    """One SVG element; attribute names are written with underscores for dashes
    (and `class_` for class)."""
    if tag not in TAGS:
        raise ValueError(f"tag {tag!r} is not drawn by the page")
    named = {}
    for key, value in attrs.items():
        name = key.rstrip("_").replace("_", "-")  # class_ -> class, data_action -> data-action
        if name not in ATTRS:
            raise ValueError(f"attribute {name!r} is not drawn by the page")
        named[name] = str(value)
    node: dict = {"tag": tag, "attrs": named, "children": list(children)}
    if text is not None:
        node["text"] = str(text)
    return node


def button(x: float, y: float, w: float, h: float, action: int, label: str, words: str) -> dict:
    """A clickable labelled box for `action`."""
    return el(
        "g",
        el("title", text=words),
        el("rect", x=x, y=y, width=w, height=h, rx=6, class_="btn"),
        el("text", x=x + w / 2, y=y + h / 2 + 5, text_anchor="middle", text=label),
        class_="action",
        data_action=action,
    )


CHAR_WIDTH = 7.6  # of the drawings' 14px sans-serif text, a little generous


def short(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def button_rows(
    actions: list[tuple[int, str, str]], x: float, y: float, width: float, h: float = 30
) -> tuple[list[dict], float]:
    """Buttons for (action, label, words) laid left to right from (x, y), wrapping at
    `width`: the moves with no natural element of their own on a board. Returns the
    elements and the y below the last row."""
    parts: list[dict] = []
    at_x, at_y = x, y
    for action, label, words in actions:
        w = min(width, 18 + CHAR_WIDTH * len(label))
        if at_x > x and at_x + w > x + width:
            at_x, at_y = x, at_y + h + 6
        parts.append(button(at_x, at_y, w, h, action, label, words))
        at_x += w + 6
    return parts, (at_y + h + 6 if actions else y)
