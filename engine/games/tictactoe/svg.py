"""Tic-tac-toe on the web page (engine/svgtree.py): the 3x3 grid, row 3 on top as the
notation reads; an empty cell the seat may take is the button for its move."""

from engine.svgtree import el

CELL = 100
MARKS = ("X", "O")


def draw(observation: dict, legal: dict, context: dict) -> dict:
    last = set(context.get("last_actions", ()))
    cells = []
    for action, owner in enumerate(observation["board"]):
        row, column = divmod(action, 3)
        x, y = column * CELL, (2 - row) * CELL
        classes = "cell" + (" last" if action in last else "")
        parts = [
            el("rect", x=x + 4, y=y + 4, width=CELL - 8, height=CELL - 8, rx=8, class_=classes)
        ]
        if owner >= 0:
            parts.append(
                el(
                    "text",
                    x=x + CELL / 2,
                    y=y + CELL / 2 + 18,
                    text_anchor="middle",
                    class_=f"mark seat{owner}",
                    text=MARKS[owner],
                )
            )
        if action in legal:
            parts.insert(0, el("title", text=legal[action]))
            cells.append(el("g", *parts, class_="action", data_action=action))
        else:
            cells.append(el("g", *parts))
    return el("svg", *cells, viewBox=f"0 0 {3 * CELL} {3 * CELL}", class_="board tictactoe")
