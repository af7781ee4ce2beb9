"""Maestro in plain words for a person: an action as a board-game player would say it
(`describe`), why an action cannot be played now (`illegal_reason`), and the rules and
notation in a few lines (`RULES`, `NOTATION`). Section numbers refer to
shared/rules/maestro-1989.md. Everything is read from the state's JSON layout, so the
compiled state and the reference give the same words.

Maestro hides nothing (spec 8), so the viewer changes no text."""

from __future__ import annotations

from engine.games.maestro import actions, codec, tables
from engine.validate import is_int

RULES = """\
Fill the ten pieces (rows) of the board with musicians. Your turn:
1. Optionally place tiles into ONE row. An empty row starts with a maestro on
   any space; it then grows at either end, each tile matching its space.
   Use tiles from your agency, rivals' spaces 1-5, full agencies' spaces 6-10.
2. Draw 1-3 tiles (at most your free agency spaces); put each musician or
   maestro on a free agency space; an applause tile goes to the track.
Each tile placed scores 5; a row begun and finished in one turn, 10 a tile.
Finishing a row takes the critic: +10 at the start of each of your turns.
The game ends at the 14th applause, or when you must draw with a full agency.
Each tile left in your agency then costs its space number. Most points wins."""

NOTATION = """\
pass          stop placing for this turn (go on to the draw)
draw2         draw 2 tiles from the bag (draw1 .. draw3)
agency7       put the tile you just drew on space 7 of your agency
R3.1:p0s10    move the tile on seat 0's agency space 10 onto space 1 (from the
              left) of row 3; p = seat, s = agency space (6-10 are exclusive)
tile:violin   chance: the tile drawn (also tile:maestro, tile:applause)
Letter case does not matter: r3.1:P0S10 is R3.1:p0s10."""

# Spoken names of the data file's tile names, where they differ.
_SPOKEN = {
    "sax": "saxophone",
    "eguitar": "electric guitar",
    "bassguitar": "bass guitar",
    "doublebass": "double bass",
    "drums": "drum kit",
    "applause": "applause tile",
}


def tile_name(board: tables.Board, kind: int) -> str:
    name = board.tile_names[kind]
    return _SPOKEN.get(name, name)


def with_article(name: str) -> str:
    return ("an " if name[0] in "aeiou" else "a ") + name


def position(state) -> tuple[tables.Board, codec.Fields]:
    """The board and the position's fields, read through the state's JSON layout."""
    board = tables.load_board()
    return board, state.position()


def row_title(board: tables.Board, row: int) -> str:
    return f"row {row + 1} ({board.row_names[row]})"


def space_title(board: tables.Board, cell: int) -> str:
    """'space 2 (violin) of row 4 (Gershwin: Lullaby)'."""
    row = board.cell_rows[cell]
    index = cell - board.row_starts[row]
    instrument = tile_name(board, board.cell_kinds[cell])
    return f"space {index + 1} ({instrument}) of {row_title(board, row)}"


def owner(seat: int, mover: int) -> str:
    return "your" if seat == mover else f"seat {seat}'s"


def _kind_of(layout: actions.Layout, action: int) -> str:
    if action == actions.PASS:
        return "pass"
    if action < layout.slot_base:
        return "draw"
    if action < layout.place_base:
        return "slot"
    if action < layout.chance_base:
        return "place"
    return "tile"


def describe(state, action: int, viewer=None) -> str:
    """`action` (legal in `state`) in plain words; every seat sees the same."""
    board, f = position(state)
    layout = actions.layout_of(board)
    kind = _kind_of(layout, action)
    mover = f.to_move
    if kind == "pass":
        if mover < f.players and all(k != codec.EMPTY for k in f.agencies[mover]):
            return "stop placing: your agency is full, so the game ends (you cannot draw)"
        if f.turn_row == codec.EMPTY:
            return "place nothing this turn and go on to draw"
        return f"stop placing in {row_title(board, f.turn_row)} and go on to draw"
    if kind == "draw":
        k = action - actions.DRAW_BASE
        return f"draw {k} tile{'s' if k > 1 else ''} from the bag"
    if kind == "slot":
        space = action - layout.slot_base + 1
        tile = tile_name(board, f.drawn[0]) if f.drawn else "tile"
        if space <= board.top_slots:
            note = f"rivals may take it; it costs {space} if left there"
        else:
            note = f"exclusive; it costs {space} if left there"
        return f"put the {tile} you drew on agency space {space} ({note})"
    if kind == "place":
        cell, seat, slot = layout.unplace(action)
        tile = tile_name(board, f.agencies[seat][slot])
        return (
            f"place {owner(seat, mover)} {tile} from agency space {slot + 1} "
            f"on {space_title(board, cell)}"
        )
    drawn = action - layout.chance_base
    if drawn == board.applause_kind:
        return (
            f"seat {mover} draws an applause tile "
            f"({f.applause + 1} of {board.applause} on the track)"
        )
    return f"seat {mover} draws {with_article(tile_name(board, drawn))}"


# ---- why an action is illegal ----------------------------------------------------------


def illegal_reason(state, action) -> str | None:
    """One line from the rules on why `action` cannot be played now; None if it can."""
    board, f = position(state)
    layout = actions.layout_of(board)
    if not is_int(action):
        return "an action is a move of this game, written in its notation"
    if not 0 <= action < layout.num_actions:
        return "that is no Maestro action"
    if f.phase == codec.OVER:
        why = (
            f"the {board.applause}th applause came out"
            if f.end == codec.END_APPLAUSE
            else "an agency was full"
        )
        return f"the game is over ({why}): nothing more can be played (spec 7)"
    if action in state.legal_actions():
        return None
    kind = _kind_of(layout, action)
    if f.phase == codec.DRAW:
        if kind != "tile":
            return "a tile is being drawn from the bag: wait for the draw (spec 4 D)"
        return f"the bag holds no {tile_name(board, action - layout.chance_base)} now (spec 8)"
    if kind == "tile":
        return "tiles come out of the bag at random: nobody chooses one (spec 4 D)"
    if f.phase == codec.PLACE:
        if kind == "place":
            return _placement_reason(board, f, *layout.unplace(action))
        if kind == "draw":
            return (
                "you are placing tiles: stop placing first, then declare how many to draw (spec 4)"
            )
        return "no drawn tile waits for a space: you are placing tiles now (spec 4)"
    if f.phase == codec.COUNT:
        if kind == "draw":
            free = sum(1 for k in f.agencies[f.to_move] if k == codec.EMPTY)
            return (
                f"you have {free} free agency space{'s' if free != 1 else ''}, so you may "
                f"draw at most {free} (spec 4 C)"
            )
        if kind == "place":
            return "placing is over for this turn: declare how many tiles to draw (spec 4 C)"
        return "declare how many tiles to draw first (1 to 3, spec 4 C)"
    # SLOT: a drawn tile waits for a free space of the mover's agency.
    tile = tile_name(board, f.drawn[0])
    if kind == "slot":
        space = action - layout.slot_base
        held = tile_name(board, f.agencies[f.to_move][space])
        return f"agency space {space + 1} already holds {with_article(held)}: choose a free one"
    return f"put the {tile} you drew on a free agency space first (spec 4 D)"


def _bottom_reason(board: tables.Board, f: codec.Fields, seat: int) -> str | None:
    """Why the mover may not take from `seat`'s bottom row now (spec 5.2, M2), or None."""
    rules = tables.parse_variant(f.variant)
    free_now = sum(1 for k in f.agencies[seat] if k == codec.EMPTY)
    first = board.top_slots + 1
    exclusive = f"spaces {first}-{board.slots} of seat {seat}'s agency are exclusive contracts"
    if rules.full_bottom == tables.BOTTOM_DYNAMIC:
        if free_now:
            return f"{exclusive}, open only while that agency is full (spec 5.2)"
        return None
    if free_now != f.taken[seat]:
        return f"{exclusive}, open only if that agency was full when your turn began (spec 9 M2)"
    if rules.full_bottom == tables.BOTTOM_ONE and f.taken_bottom[seat]:
        return f"only one tile a turn may come from seat {seat}'s full bottom row (spec 9 M2)"
    return None


def _placement_reason(board: tables.Board, f: codec.Fields, cell: int, seat: int, slot: int):
    row = board.cell_rows[cell]
    start, length = board.row_starts[row], board.row_lengths[row]
    index = cell - start
    placed = [i for i in range(length) if f.cells[start + i] != codec.EMPTY]
    if f.turn_row != codec.EMPTY and row != f.turn_row:
        return (
            f"you are placing in {row_title(board, f.turn_row)} this turn: "
            "all of a turn's tiles go into one row (spec 5.2)"
        )
    if len(placed) == length:
        return f"{row_title(board, row)} is complete (spec 5.2)"
    if f.cells[cell] != codec.EMPTY:
        return f"{space_title(board, cell)} is taken already"
    if seat >= f.players:
        return f"there is no seat {seat} in this {f.players}-player game"
    tile = f.agencies[seat][slot]
    if tile == codec.EMPTY:
        return f"{owner(seat, f.to_move)} agency space {slot + 1} is empty"
    if seat != f.to_move and slot >= board.top_slots:
        reason = _bottom_reason(board, f, seat)
        if reason:
            return reason
    name = tile_name(board, tile)
    if not placed:
        if tile != board.maestro_kind:
            return (
                f"{row_title(board, row)} is empty: it starts with a maestro, "
                f"and that tile is {with_article(name)} (spec 5.2)"
            )
    elif tile == board.maestro_kind:
        return (
            f"{row_title(board, row)} has begun: a row takes one maestro only, "
            "as its first tile (spec 5.2)"
        )
    elif index not in (placed[0] - 1, placed[-1] + 1):
        return (
            f"space {index + 1} does not touch the tiles of {row_title(board, row)}: "
            "a row grows at either end of its unbroken line (spec 5.2)"
        )
    elif tile != board.cell_kinds[cell]:
        wanted = with_article(tile_name(board, board.cell_kinds[cell]))
        return f"{space_title(board, cell)} takes {wanted}, not {with_article(name)} (spec 5.2)"
    return "that placement is not open now (spec 5.2)"
