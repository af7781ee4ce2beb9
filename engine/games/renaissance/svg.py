"""Maestro Renaissance on the web page (engine/svgtree.py): a table of the cards the
seat may play against the Action spaces (and the Gossip slot), each chip playing that
card there; every other move (set aside, spend, move an Artwork, pay, build...) is a
drawn button; below, the seat's drawing of the table (render.render). Drawn from the
seat's observation only."""

from __future__ import annotations

from engine.games.renaissance.actions import ACTION_NAMES, ASIDE, PLAY
from engine.games.renaissance.render import render
from engine.svgtree import button_rows, el, grid, short, text_block

WIDTH = 900
SECTIONS = {"A": "Master", "B": "Assistant"}
COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}


def draw(observation: dict, legal: dict, context: dict) -> dict:
    cards: list[str] = []
    spaces: list[str] = []
    plays: dict[tuple[str, str], list] = {}
    rest = []
    for action in sorted(legal):
        if PLAY <= action < ASIDE:
            card, space = ACTION_NAMES[action].split("@")
            cards += [card] if card not in cards else []
            spaces += [space] if space not in spaces else []
            plays.setdefault((card, space), []).append((action, "play"))
        else:
            rest.append((action, short(legal[action], 72), legal[action]))
    parts, y = button_rows(rest, 0, 6, WIDTH)
    grid_w = 0.0
    if plays:
        cells = {(cards.index(c), spaces.index(s)): held for (c, s), held in plays.items()}
        rows = [SECTIONS.get(c[0], c[0]) + " " + c[1:] for c in cards]
        table, grid_w, y = grid(
            "play a card", rows, [_space(s) for s in spaces], cells, legal, 0, y + 4
        )
        parts += table
    drawing, width, y = text_block(render(observation), 0, y + 8)
    parts += drawing
    view = f"0 0 {max(WIDTH, width, grid_w):.0f} {y + 4:.0f}"
    return el("svg", *parts, viewBox=view, class_="board renaissance")


def _space(name: str) -> str:
    """'moveR' -> 'Move red', 'gossip' -> 'Gossip'."""
    if name[-1] in COLOURS and name[:-1].isalpha() and name[:-1].islower():
        return f"{name[:-1].capitalize()} {COLOURS[name[-1]]}"
    return name.capitalize()
