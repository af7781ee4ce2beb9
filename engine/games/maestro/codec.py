"""Maestro's JSON layout, shared by the compiled state and the reference: `Fields` (a
position as plain lists of tile kinds) to and from the state dict, with every check a
crafted state file needs before it reaches C arrays.

A state dict:

    {"game": "maestro", "variant": "standard", "players": 2, "to_move": 0,
     "phase": "place" | "count" | "draw" | "slot" | "over",
     "agencies": [[null | tile, ...spaces 1..10], ...one per seat],
     "board": [[null | "maestro" | the cell's instrument, ...], ...one per row],
     "applause": 3, "bag": {tile: count, ...}, "points": [15, 0], "critic": null | seat,
     "turn": {"row": null | row id, "fresh": bool, "taken": [n, ...],
              "taken_bottom": [n, ...], "draws_left": k, "drawn": [tile, ...]},
     "end": null | "applause" | "full_agency"}

`bag` is derived (all tiles minus every tile seen) and must match. `to_move` is the
seat whose turn it is, also while its draw is at a chance node and, at the end, the
seat whose turn ended the game. `points` are the points scored so far; the agency
penalty is subtracted by scores() once the game is over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.errors import StateFormatError
from engine.games.maestro import tables
from engine.games.maestro.codes import (
    COUNT,
    DRAW,
    END_APPLAUSE,
    END_FULL,
    END_NONE,
    OVER,
    PLACE,
    SLOT,
)
from engine.validate import check_int, get_int, get_str, require

# The phases and ends (their numbers' one home is codes.pxd, the compiled state's too).
PHASES = ("place", "count", "draw", "slot", "over")
ENDS = (None, "applause", "full_agency")
EMPTY = -1
# Points are multiples of 5 and far below this in any real game; the bound keeps
# crafted numbers inside a C int.
MAX_POINTS = 1_000_000


@dataclass
class Fields:
    """A position in plain Python: tile kinds are board kind numbers, EMPTY for none."""

    variant: str
    players: int
    to_move: int = 0
    phase: int = PLACE
    agencies: list = field(default_factory=list)  # [seat][slot] -> kind
    cells: list = field(
        default_factory=list
    )  # [cell] -> kind (the maestro kind, or the cell's instrument)
    applause: int = 0
    points: list = field(default_factory=list)
    critic: int = EMPTY
    turn_row: int = EMPTY
    fresh: bool = False
    taken: list = field(default_factory=list)
    taken_bottom: list = field(default_factory=list)
    draws_left: int = 0
    drawn: list = field(default_factory=list)
    end: int = END_NONE


def initial_fields(board: tables.Board, players: int, variant: str) -> Fields:
    """The setup [seed, spec 3]: a maestro on space 10 of every agency, everything
    else in the bag, nobody holding the critic, seat 0 to begin."""
    agencies = [[EMPTY] * board.slots for _ in range(players)]
    for agency in agencies:
        agency[board.slots - 1] = board.maestro_kind
    return Fields(
        variant=variant,
        players=players,
        agencies=agencies,
        cells=[EMPTY] * board.num_cells,
        points=[0] * players,
        taken=[0] * players,
        taken_bottom=[0] * players,
    )


def bag_counts(board: tables.Board, f: Fields) -> list[int]:
    """Tiles of each kind still in the bag: every tile minus those seen."""
    left = list(board.totals)
    for agency in f.agencies:
        for kind in agency:
            if kind != EMPTY:
                left[kind] -= 1
    for kind in f.cells:
        if kind != EMPTY:
            left[kind] -= 1
    for kind in f.drawn:
        left[kind] -= 1
    left[board.applause_kind] -= f.applause
    return left


def state_dict(f: Fields, board: tables.Board | None = None) -> dict:
    """The state dict of `f` on `board` (the game's own by default)."""
    board = board or tables.load_board()
    starts, lengths = board.row_starts, board.row_lengths
    # Kind -> name, with EMPTY (-1) indexing the trailing None.
    names = board.tile_names + (None,)
    return {
        "game": "maestro",
        "variant": f.variant,
        "players": f.players,
        "to_move": f.to_move,
        "phase": PHASES[f.phase],
        "agencies": [[names[k] for k in agency] for agency in f.agencies],
        "board": [
            [names[k] for k in f.cells[starts[r] : starts[r] + lengths[r]]]
            for r in range(board.num_rows)
        ],
        "applause": f.applause,
        "bag": {name: n for name, n in zip(board.tile_names, bag_counts(board, f), strict=False)},
        "points": list(f.points),
        "critic": None if f.critic == EMPTY else f.critic,
        "turn": {
            "row": None if f.turn_row == EMPTY else board.row_ids[f.turn_row],
            "fresh": bool(f.fresh),
            "taken": list(f.taken),
            "taken_bottom": list(f.taken_bottom),
            "draws_left": f.draws_left,
            "drawn": [names[k] for k in f.drawn],
        },
        "end": ENDS[f.end],
    }


# ---- parsing ------------------------------------------------------------------------


def _list(data: dict, key: str, length: int | None = None) -> list:
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, list):
        raise StateFormatError(f"{key} must be a list, got {value!r}")
    if length is not None and len(value) != length:
        raise StateFormatError(f"{key} must have {length} items, got {len(value)}")
    return value


def _field(data: dict, key: str):
    if key not in data:
        raise StateFormatError(f"missing field {key!r}")
    return data[key]


def _kind(board: tables.Board, value, what: str, allowed: tuple[str, ...]) -> int:
    if value is None:
        return EMPTY
    if not isinstance(value, str) or value not in allowed:
        raise StateFormatError(f"{what} must be null or one of {', '.join(allowed)}, got {value!r}")
    return board.tile_names.index(value)


def _bool(data: dict, key: str) -> bool:
    value = data.get(key)
    require(isinstance(value, bool), f"{key} must be true or false, got {value!r}")
    return value


def parse_state(data: dict, board: tables.Board | None = None) -> Fields:
    """The Fields of a state dict on `board` (the game's own by default), checked
    field by field and for consistency. Raises StateFormatError naming the first
    problem."""
    board = board or tables.load_board()
    if not isinstance(data, dict):
        raise StateFormatError("a Maestro state is a JSON object")
    variant = get_str(data, "variant")
    try:
        rules_variant = tables.parse_variant(variant)
    except ValueError as exc:
        raise StateFormatError(str(exc)) from None
    n = get_int(data, "players", 2, tables.MAX_SEATS)
    f = Fields(variant=variant, players=n)
    f.to_move = get_int(data, "to_move", 0, n - 1)
    f.phase = PHASES.index(get_str(data, "phase", PHASES))
    tiles = board.instruments + (tables.MAESTRO,)
    agencies = _list(data, "agencies", n)
    for seat, agency in enumerate(agencies):
        if not isinstance(agency, list) or len(agency) != board.slots:
            raise StateFormatError(f"agencies[{seat}] must be a list of {board.slots} spaces")
        f.agencies.append(
            [_kind(board, v, f"agencies[{seat}][{s}]", tiles) for s, v in enumerate(agency)]
        )
    rows = _list(data, "board", board.num_rows)
    for r, row in enumerate(rows):
        instr = board.row_instruments[r]
        if not isinstance(row, list) or len(row) != len(instr):
            raise StateFormatError(
                f"board row {board.row_ids[r]} must be a list of {len(instr)} spaces"
            )
        for i, v in enumerate(row):
            f.cells.append(
                _kind(
                    board, v, f"space {i + 1} of row {board.row_ids[r]}", (instr[i], tables.MAESTRO)
                )
            )
    f.applause = get_int(data, "applause", 0, board.applause)
    f.points = [
        check_int(v, f"points[{i}]", 0, MAX_POINTS) for i, v in enumerate(_list(data, "points", n))
    ]
    critic = _field(data, "critic")
    f.critic = EMPTY if critic is None else check_int(critic, "critic", 0, n - 1)
    turn = data.get("turn")
    require(isinstance(turn, dict), "turn must be an object")
    row_id = _field(turn, "row")
    if row_id is None:
        f.turn_row = EMPTY
    else:
        require(row_id in board.row_ids, f"turn.row must be null or a row id, got {row_id!r}")
        f.turn_row = board.row_ids.index(row_id)
    f.fresh = _bool(turn, "fresh")
    f.taken = [
        check_int(v, f"turn.taken[{i}]", 0, board.slots)
        for i, v in enumerate(_list(turn, "taken", n))
    ]
    f.taken_bottom = [
        check_int(v, f"turn.taken_bottom[{i}]", 0, board.slots)
        for i, v in enumerate(_list(turn, "taken_bottom", n))
    ]
    f.draws_left = get_int(turn, "draws_left", 0, board.max_draw)
    f.drawn = [
        _kind(board, v, f"turn.drawn[{i}]", tiles) for i, v in enumerate(_list(turn, "drawn"))
    ]
    require(EMPTY not in f.drawn, "turn.drawn lists tiles, not nulls")
    require(len(f.drawn) <= board.max_draw, f"at most {board.max_draw} tiles are drawn in a turn")
    end = _field(data, "end")
    require(end in ENDS, f'end must be null, "applause" or "full_agency", got {end!r}')
    f.end = ENDS.index(end)
    _check_consistency(board, rules_variant, f)
    bag = data.get("bag")
    expected = dict(zip(board.tile_names, bag_counts(board, f), strict=False))
    require(bag == expected, f"bag must be what is not seen elsewhere: {expected}")
    return f


def _check_consistency(board: tables.Board, variant: tables.Variant, f: Fields) -> None:
    """The checks between fields: tiles conserved, rows unbroken with one maestro each,
    and a turn state the rules can reach."""
    left = bag_counts(board, f)
    for kind, count in enumerate(left):
        require(count >= 0, f"more {board.tile_names[kind]} tiles are out than the game has")
    complete_rows = 0
    for r, (start, length) in enumerate(zip(board.row_starts, board.row_lengths, strict=False)):
        used = [i for i in range(length) if f.cells[start + i] != EMPTY]
        if not used:
            continue
        require(
            used == list(range(used[0], used[-1] + 1)),
            f"row {board.row_ids[r]} has a gap: placed tiles form one unbroken line (spec 5.2)",
        )
        maestros = sum(1 for i in used if f.cells[start + i] == board.maestro_kind)
        require(
            maestros == 1,
            f"row {board.row_ids[r]} must hold exactly one maestro, the first tile "
            f"placed in it (spec 5.2)",
        )
        complete_rows += len(used) == length
    require(
        (f.critic != EMPTY) == (complete_rows > 0),
        "the critic belongs to whoever completed the last row, and to nobody before",
    )
    unit = math.gcd(board.points_place, board.points_one_turn, board.critic_income)
    require(
        unit == 0 or all(p % unit == 0 for p in f.points),
        f"points come in multiples of {unit} (spec 6)",
    )
    mover = f.to_move
    empties = [row.count(EMPTY) for row in f.agencies]
    require(
        f.taken[mover] == 0 and f.taken_bottom[mover] == 0,
        "the seat to move takes from others only",
    )
    for seat in range(f.players):
        require(
            f.taken_bottom[seat] <= f.taken[seat], "turn.taken_bottom counts some of turn.taken"
        )
        if f.taken_bottom[seat]:
            require(
                empties[seat] == f.taken[seat],
                f"seat {seat}'s bottom row was open only if its agency was full this turn",
            )
            if variant.full_bottom != tables.BOTTOM_UNLIMITED:
                require(
                    f.taken_bottom[seat] == 1, f"one tile at most from seat {seat}'s bottom row"
                )
    if f.phase != PLACE:
        require(
            f.turn_row == EMPTY and not f.fresh and not any(f.taken),
            "the turn's placement fields are cleared after the placement phase",
        )
    if f.turn_row == EMPTY:
        require(not f.fresh and not any(f.taken), "no row placed into this turn, so nothing taken")
    else:
        start, length = board.row_starts[f.turn_row], board.row_lengths[f.turn_row]
        in_row = sum(1 for i in range(length) if f.cells[start + i] != EMPTY)
        require(in_row > 0, "the turn's row has tiles in it")
        require(
            sum(f.taken) <= in_row, "tiles taken from others this turn went into the turn's row"
        )
    if f.phase != OVER:
        require(f.end == END_NONE, "end is set only when the game is over")
    if f.phase in (PLACE, COUNT):
        require(
            f.draws_left == 0 and not f.drawn,
            "no draw is under way before the draw count is declared",
        )
    if f.phase == COUNT:
        require(empties[mover] > 0, "a seat with a full agency cannot declare a draw (spec 4 C)")
    if f.phase == DRAW:
        require(f.draws_left > 0, "a draw is pending only with draws left")
        require(
            variant.draw_mode == tables.DRAW_BATCH or not f.drawn,
            "drawn tiles are placed before the next draw",
        )
    if f.phase == SLOT:
        require(bool(f.drawn), "a drawn tile waits for its agency space")
        require(
            variant.draw_mode == tables.DRAW_SEQUENTIAL or f.draws_left == 0,
            "in draw-batch every draw comes before the tiles are placed",
        )
        require(
            variant.draw_mode == tables.DRAW_BATCH or len(f.drawn) == 1, "one drawn tile at a time"
        )
    if f.phase in (DRAW, SLOT):
        require(
            len(f.drawn) + f.draws_left <= empties[mover],
            "the draws declared fit the free agency spaces (spec 5.1)",
        )
    if f.phase == OVER:
        require(f.end != END_NONE and f.draws_left == 0, "a finished game has an end reason")
        require(
            not f.drawn or variant.draw_mode == tables.DRAW_BATCH, "drawn tiles are placed at once"
        )
        if f.end == END_FULL:
            require(
                empties[mover] == 0 and not f.drawn,
                "the game ends for a full agency only when the seat to move has one",
            )
    require(
        (f.applause == board.applause) == (f.end == END_APPLAUSE),
        f"the {board.applause}th applause ends the game, and only it does (spec 7)",
    )
