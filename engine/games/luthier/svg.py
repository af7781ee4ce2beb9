"""Luthier on the web page (engine/svgtree.py): the action spaces as a table, one
line a worker, where each chip places that worker on that space (the number is how
many apprentices go with it) and the last line's chips activate a space; every other
move (take a card, pay, buy, load, rough...) is a drawn button; below, the seat's
drawing of the table (render.render_observation). Drawn from the seat's observation
only."""

from __future__ import annotations

from engine.games.luthier import tables as T
from engine.games.luthier.actions import BASE
from engine.games.luthier.render import render_observation
from engine.svgtree import button_rows, el, grid, short, text_block

WIDTH = 900
SPACES = ("salon", "guild", "performance", "repair", "balcony", "roughing", "finishing")


def draw(observation: dict, legal: dict, context: dict) -> dict:
    seat = observation["seat"]
    place_end = BASE["PLACE"] + 5 * T.NUM_LOCATIONS * 4
    activate_end = BASE["ACTIVATE"] + T.NUM_LOCATIONS
    workers: dict[int, str] = {}
    cells: dict[tuple[int, int], list] = {}
    rest = []
    for action in sorted(legal):
        if BASE["PLACE"] <= action < place_end:
            rest_id = action - BASE["PLACE"]
            chip, location = divmod(rest_id // 4, T.NUM_LOCATIONS)
            apprentices = rest_id % 4
            workers.setdefault(chip, _worker(legal[action]))
            cells.setdefault((chip, location), []).append(
                (action, f"+{apprentices}" if apprentices else "go")
            )
        elif BASE["ACTIVATE"] <= action < activate_end:
            cells.setdefault((-1, action - BASE["ACTIVATE"]), []).append((action, "activate"))
        else:
            rest.append((action, short(legal[action], 72), legal[action]))
    parts, y = button_rows(rest, 0, 6, WIDTH)
    grid_w = 0.0
    if cells:
        order = sorted(workers) + ([-1] if any(r == -1 for r, _ in cells) else [])
        names = [workers[c] if c >= 0 else "activate a space" for c in order]
        placed = {(order.index(r), c): held for (r, c), held in cells.items()}
        table, grid_w, y = grid("action spaces", names, list(SPACES), placed, legal, 0, y + 4)
        parts += table
    to_move = seat if legal else -1
    drawing, width, y = text_block(render_observation(observation, to_move), 0, y + 8)
    parts += drawing

    return el(
        "svg",
        *parts,
        viewBox=f"0 0 {max(WIDTH, width, grid_w):.0f} {y + 4:.0f}",
        class_="board luthier",
    )


def _worker(words: str) -> str:
    """'worker #1' out of 'place worker #1 face down on the salon'."""
    text = words.removeprefix("place ").split(" on ")[0]
    return short(text.replace(" face down", "").replace(" face up", ""), 22)
