"""Maestro's action space and its notation, shared by the compiled state, the reference
and the tests: the ids depend on the board (how many rows, spaces and agency slots).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.errors import IllegalActionError
from engine.games.maestro.codes import PASS  # its one home, codes.pxd
from engine.games.maestro.tables import MAX_SEATS, Board, load_board
from engine.validate import is_int

#   0                      pass        end the placement phase
#   1 .. max_draw          draw<k>     declare k draws
#   SLOT_BASE + s          agency<s+1> put the drawn tile on agency space s+1
#   PLACE_BASE + (cell * MAX_SEATS + seat) * slots + s
#                          R<row>.<i>:p<seat>s<s+1>
#                          move the tile on seat's space s+1 to cell i (1-based) of a row
#   CHANCE_BASE + kind     tile:<name> a tile drawn from the bag (a chance outcome)

DRAW_BASE = 0  # draw<k> is action k


@dataclass(frozen=True)
class Layout:
    """The action ids of one board."""

    slot_base: int
    place_base: int
    chance_base: int
    num_actions: int
    slots: int
    max_draw: int

    def place(self, cell: int, seat: int, slot: int) -> int:
        return self.place_base + (cell * MAX_SEATS + seat) * self.slots + slot

    def unplace(self, action: int) -> tuple[int, int, int]:
        """(cell, seat, slot) of a placement action."""
        rest = action - self.place_base
        slot = rest % self.slots
        rest //= self.slots
        return rest // MAX_SEATS, rest % MAX_SEATS, slot


@lru_cache(maxsize=None)
def layout_of(board: Board) -> Layout:
    slot_base = 1 + board.max_draw
    place_base = slot_base + board.slots
    chance_base = place_base + board.num_cells * MAX_SEATS * board.slots
    return Layout(
        slot_base,
        place_base,
        chance_base,
        chance_base + board.applause_kind + 1,
        board.slots,
        board.max_draw,
    )


def action_to_str(action, board: Board | None = None) -> str:
    """The notation of an action id on `board` (the game's own by default);
    IllegalActionError for an id outside the action space."""
    board = board or load_board()
    layout = layout_of(board)
    if not is_int(action) or not 0 <= action < layout.num_actions:
        raise IllegalActionError(
            f"no Maestro action {action!r} (actions are 0..{layout.num_actions - 1})"
        )
    if action == PASS:
        return "pass"
    if action < layout.slot_base:
        return f"draw{action - DRAW_BASE}"
    if action < layout.place_base:
        return f"agency{action - layout.slot_base + 1}"
    if action < layout.chance_base:
        cell, seat, slot = layout.unplace(action)
        row = board.cell_rows[cell]
        return f"{board.row_ids[row]}.{cell - board.row_starts[row] + 1}:p{seat}s{slot + 1}"
    return f"tile:{board.tile_names[action - layout.chance_base]}"


_PLACE_TEXT = re.compile(r"^([A-Za-z][A-Za-z0-9]*)\.([1-9][0-9]*):p([0-9])s([1-9][0-9]*)$")


def str_to_action(text, board: Board | None = None) -> int:
    """The action written as `text`, in any letter case (r4.2:P1S7 is R4.2:p1s7), on
    `board` (the game's own by default); IllegalActionError for text that names no
    action."""
    board = board or load_board()
    layout = layout_of(board)
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is written as text, got {text!r}")
    written, text = text, text.lower()
    if text == "pass":
        return PASS
    for prefix, base, count in (
        ("draw", DRAW_BASE + 1, board.max_draw),
        ("agency", layout.slot_base, board.slots),
    ):
        if text.startswith(prefix):
            digits = text[len(prefix) :]
            if (
                digits.isascii()
                and digits.isdigit()
                and digits[0] != "0"
                and 1 <= int(digits) <= count
            ):
                return base + int(digits) - 1
            raise IllegalActionError(f"{prefix} takes a number 1..{count}, got {written!r}")
    if text.startswith("tile:"):
        name = text[len("tile:") :]
        if name in board.tile_names:
            return layout.chance_base + board.tile_names.index(name)
        raise IllegalActionError(f"no tile {name!r} (tiles: {', '.join(board.tile_names)})")
    match = _PLACE_TEXT.match(text)
    if match:
        row_id, index, seat, slot = (
            match.group(1),
            int(match.group(2)),
            int(match.group(3)),
            int(match.group(4)),
        )
        rows = [r.lower() for r in board.row_ids]
        if row_id not in rows:
            raise IllegalActionError(f"no row {row_id!r} (rows: {', '.join(board.row_ids)})")
        row = rows.index(row_id)
        if not 1 <= index <= board.row_lengths[row]:
            raise IllegalActionError(
                f"row {board.row_ids[row]} has spaces 1..{board.row_lengths[row]}, got {index}"
            )
        if not seat < MAX_SEATS or not 1 <= slot <= board.slots:
            raise IllegalActionError(
                f"{written!r}: seats are p0..p{MAX_SEATS - 1}, agency spaces s1..s{board.slots}"
            )
        return layout.place(board.row_starts[row] + index - 1, seat, slot - 1)
    raise IllegalActionError(
        f"a Maestro action is pass, draw<k>, agency<n>, tile:<name> or "
        f"<row>.<space>:p<seat>s<n> (e.g. R4.2:p1s7), got {written!r}"
    )


# The size of the action space on the game's board.
NUM_ACTIONS = layout_of(load_board()).num_actions
