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

# The tags and attributes the page builds (cli/serve/static/dom.js keeps the same lists).
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
