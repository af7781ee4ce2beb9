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


def chip(x: float, y: float, w: float, h: float, action: int, label: str, words: str) -> dict:
    """A small clickable token for `action` on a board element (a space, a card, a
    region) that holds several moves: `label` says which one, `words` in full."""
    return el(
        "g",
        el("title", text=words),
        el("rect", x=x, y=y, width=w, height=h, rx=3, class_="btn chip"),
        el("text", x=x + w / 2, y=y + h / 2 + 4, text_anchor="middle", class_="tiny", text=label),
        class_="action",
        data_action=action,
    )


def actions_in(nodes: list[dict]) -> set[int]:
    """The action ids that elements among `nodes` (and their children) stand for."""
    found: set[int] = set()
    for node in nodes:
        if "data-action" in node["attrs"]:
            found.add(int(node["attrs"]["data-action"]))
        found |= actions_in(node["children"])
    return found


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


MONO_LINE, MONO_CHAR = 18, 8.4  # the page's monospace text: line height, character width


def text_block(text: str, x: float, y: float) -> tuple[list[dict], float, float]:
    """A game's text drawing of what a seat sees, line by line in a box from (x, y):
    the parts of a board that have no drawing of their own. Returns the elements, the
    box's width and the y below it."""
    lines = text.splitlines() or ["-"]
    width = 16 + MONO_CHAR * max(len(line) for line in lines)
    height = 12 + MONO_LINE * len(lines)
    parts = [el("rect", x=x, y=y, width=width, height=height, rx=4, class_="box")]
    parts += [
        el("text", x=x + 8, y=y + MONO_LINE * (i + 1), class_="mono", text=line)
        for i, line in enumerate(lines)
    ]
    return parts, width, y + height


def grid(
    title: str, rows: list[str], columns: list[str], cells: dict, legal: dict, x: float, y: float
) -> tuple[list[dict], float, float]:
    """A table of moves: `cells` maps (row, column) indices to the (action, label)
    pairs that cell holds, each drawn as a clickable chip. Returns the elements, the
    width and the y below."""
    label_w = 16 + CHAR_WIDTH * max([len(r) for r in rows] + [len(title)])
    per_column = [
        max([len(label) for (_, c), held in cells.items() if c == k for _, label in held] + [2])
        for k in range(len(columns))
    ]
    widths = []
    for k, name in enumerate(columns):
        held = max([len(v) for (_, c), v in cells.items() if c == k] + [1])
        chip = 10 + 7 * per_column[k]
        widths.append(max(10 + CHAR_WIDTH * len(name), held * (chip + 3) + 6))
    parts = [el("text", x=x, y=y + 18, class_="label", text=title)]
    at = x + label_w
    for k, name in enumerate(columns):
        parts.append(el("text", x=at + widths[k] / 2, y=y + 18, text_anchor="middle",
                        class_="small", text=name))  # fmt: skip
        at += widths[k]
    row_y = y + 26
    for r, name in enumerate(rows):
        parts.append(el("text", x=x, y=row_y + 19, class_="value", text=name))
        at = x + label_w
        for k in range(len(columns)):
            parts.append(el("rect", x=at + 1, y=row_y, width=widths[k] - 2, height=28, rx=4,
                            class_="area"))  # fmt: skip
            chip_x = at + 4
            chip = 10 + 7 * per_column[k]
            for action, label in cells.get((r, k), ()):
                parts.append(
                    el(
                        "g",
                        el("title", text=legal[action]),
                        el("rect", x=chip_x, y=row_y + 4, width=chip, height=20, rx=3,
                           class_="btn chip"),
                        el("text", x=chip_x + chip / 2, y=row_y + 18, text_anchor="middle",
                           class_="small", text=label),
                        class_="action",
                        data_action=action,
                    )
                )  # fmt: skip
                chip_x += chip + 3
            at += widths[k]
        row_y += 32
    return parts, at - x, row_y + 4
