"""Maestro on the web page (engine/svgtree.py): the ten rows of the board with their
instruments, every agency with its ten spaces, the applause track and the points.
A board space a tile may move to is the button for that move (or, where several
agency tiles could go there, holds one small chip per tile); a free agency space is
the button for putting the drawn tile there; pass and the draws are drawn buttons.
Maestro hides nothing, so the observation is the whole position."""

from __future__ import annotations

from engine.games.maestro import tables, words
from engine.games.maestro.actions import PASS, layout_of
from engine.svgtree import button_rows, el, short

WIDTH = 820
LABEL_W = 210  # the row titles left of the spaces
CELL_W, CELL_H = 84, 44
CHIP_W, CHIP_H, CHIPS_A_LINE = 25, 16, 3
SLOT_W, SLOT_H = 76, 30


def draw(observation: dict, legal: dict, context: dict) -> dict:
    board = tables.load_board()
    layout = layout_of(board)
    seat = observation["seat"]
    claimed: set[int] = set()
    targets: dict[int, list[int]] = {}  # board cell -> the placements onto it
    for action in legal:
        if layout.place_base <= action < layout.chance_base:
            targets.setdefault(layout.unplace(action)[0], []).append(action)

    bag = sum(observation["bag"].values())
    parts = [
        el(
            "text", x=0, y=18, class_="label",
            text=f"applause {observation['applause']}/{board.applause}   tiles in the bag {bag}"
            f"   phase: {_phase(observation)}",
        )
    ]  # fmt: skip
    y = 32
    for r in range(board.num_rows):
        y, drawn = _row(board, observation, r, y, targets, legal, seat)
        parts += drawn
    for cell_actions in targets.values():
        claimed.update(cell_actions)

    y += 10
    for s in range(observation["players"]):
        y, drawn = _agency(board, observation, s, y, legal, layout, seat)
        parts += drawn
        claimed.update(a for a in legal if layout.slot_base <= a < layout.place_base and s == seat)
    drawn_tiles = observation["turn"]["drawn"]
    if drawn_tiles:
        names = ", ".join(_spoken(board, t) for t in drawn_tiles)
        parts.append(el("text", x=0, y=y + 14, class_="value", text=f"drawn, to place: {names}"))
        y += 24
    rest = []
    for action in sorted(legal):
        if action in claimed:
            continue
        if action == PASS:
            label = "Pass (place no more)"
        elif action < layout.slot_base:
            label = f"Draw {action}"
        else:
            label = short(legal[action], 40)
        rest.append((action, label, legal[action]))
    buttons, y = button_rows(rest, 0, y + 4, WIDTH)
    parts += buttons
    return el("svg", *parts, viewBox=f"0 0 {WIDTH} {y + 4:.0f}", class_="board maestro")


def _phase(observation: dict) -> str:
    if observation["end"] is not None or observation["phase"] == "over":
        return "game over"
    mover = observation["to_move"]
    who = "you" if mover == observation["seat"] else f"seat {mover}"
    doing = {"place": "place tiles", "slot": "put the drawn tile", "draw": "draw"}
    return f"{who}: {doing.get(observation['phase'], observation['phase'])}"


def _row(board, observation, r, y, targets, legal, seat):
    """Row r's title and spaces from y; (the y below it, its elements)."""
    start = board.row_starts[r]
    chips = max((len(targets.get(start + i, ())) for i in range(board.row_lengths[r])), default=0)
    lines = 0 if chips <= 1 else -(-chips // CHIPS_A_LINE)
    h = CELL_H + lines * (CHIP_H + 2)
    current = observation["turn"]["row"] == r
    parts = [
        el(
            "text", x=0, y=y + 18, class_="label" + (" mover" if current else ""),
            text=f"{r + 1}  {short(board.row_names[r], 21)}",
        ),
        el("title", text=words.row_title(board, r)),
    ]  # fmt: skip
    for i, instrument in enumerate(board.row_instruments[r]):
        cell = start + i
        x = LABEL_W + i * CELL_W
        tile = observation["board"][r][i]
        spoken = _spoken(board, instrument)
        inner = [
            el("title", text=words.space_title(board, cell)),
            el(
                "rect", x=x + 2, y=y, width=CELL_W - 4, height=h, rx=5,
                class_="space filled" if tile else "space",
            ),
            el(
                "text", x=x + CELL_W / 2, y=y + 17, text_anchor="middle",
                class_="small", text=short(spoken, 12),
            ),
        ]  # fmt: skip
        if tile:
            name = _spoken(board, tile)
            inner.append(
                el(
                    "text", x=x + CELL_W / 2, y=y + 36, text_anchor="middle",
                    class_="tile-name", text=short(name, 11),
                )
            )  # fmt: skip
        moves = sorted(targets.get(cell, ()))
        if len(moves) == 1:
            inner[0] = el("title", text=legal[moves[0]])
            parts.append(el("g", *inner, class_="action", data_action=moves[0]))
            continue
        parts.append(el("g", *inner))
        for k, action in enumerate(moves):
            cx = x + 4 + (k % CHIPS_A_LINE) * (CHIP_W + 2)
            cy = y + CELL_H - 8 + (k // CHIPS_A_LINE) * (CHIP_H + 2)
            parts.append(_chip(cx, cy, action, _source(board, action, seat), legal[action]))
    return y + h + 4, parts


def _source(board, action, seat) -> str:
    """A chip's label: the agency space the tile comes from ("s10"; "1:s3" a rival's)."""
    _, owner, slot = layout_of(board).unplace(action)
    return f"s{slot + 1}" if owner == seat else f"{owner}:s{slot + 1}"


def _chip(x, y, action, label, title) -> dict:
    return el(
        "g",
        el("title", text=title),
        el("rect", x=x, y=y, width=CHIP_W, height=CHIP_H, rx=3, class_="btn chip"),
        el("text", x=x + CHIP_W / 2, y=y + 12, text_anchor="middle", class_="tiny", text=label),
        class_="action",
        data_action=action,
    )


def _agency(board, observation, s, y, legal, layout, seat):
    """Seat s's agency (spaces 1-5 open to rivals, 6-10 its own) from y."""
    you = s == seat
    marks = [f"{observation['points'][s]} points"]
    if observation["critic"] == s:
        marks.append("critic")
    if s == observation["to_move"]:
        marks.append("to move")
    title = "your agency" if you else f"seat {s}'s agency"
    parts = [
        el("text", x=0, y=y + 16, class_="label" + (" mover" if you else ""), text=title),
        el("text", x=0, y=y + 36, class_="value", text=", ".join(marks)),
    ]
    for slot, tile in enumerate(observation["agencies"][s]):
        line, column = divmod(slot, board.top_slots)
        x = LABEL_W + column * (SLOT_W + 6) + line * 10
        sy = y + line * (SLOT_H + 4)
        name = _spoken(board, tile) if tile else ""
        inner = [
            el(
                "rect", x=x, y=sy, width=SLOT_W, height=SLOT_H, rx=4,
                class_="slot filled" if tile else "slot",
            ),
            el("text", x=x + 4, y=sy + 12, class_="tiny", text=str(slot + 1)),
            el(
                "text", x=x + SLOT_W / 2 + 4, y=sy + 20, text_anchor="middle",
                class_="small", text=short(name, 10),
            ),
        ]  # fmt: skip
        action = layout.slot_base + slot
        if you and action in legal:
            inner.insert(0, el("title", text=legal[action]))
            parts.append(el("g", *inner, class_="action", data_action=action))
        else:
            side = "open to rivals" if slot < board.top_slots else "exclusive"
            inner.insert(0, el("title", text=f"space {slot + 1} ({side}): {name or 'free'}"))
            parts.append(el("g", *inner))
    return y + 2 * (SLOT_H + 4) + 10, parts


def _spoken(board, name: str) -> str:
    return words.tile_name(board, board.tile_names.index(name))
