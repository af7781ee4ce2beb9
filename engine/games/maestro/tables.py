"""Maestro's rule data shared by the compiled state, the pure-Python reference, the codec
and the tests: the board loaded from its data file (data/board.json) and the rules variants
(actions.py has the action space and its notation).

Nothing here decides what is legal; the rules themselves are written twice on purpose
(state.pyx and reference.py) so the differential test can compare them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources

from engine.errors import GameConfigError
from engine.games.maestro import codes
from engine.games.maestro.codes import (
    BOTTOM_DYNAMIC,
    BOTTOM_ONE,
    BOTTOM_UNLIMITED,
    DRAW_BATCH,
    DRAW_SEQUENTIAL,
)
from engine.validate import is_int

DEFAULT_BOARD = "board.json"
# Limits of the compiled state's fixed-size arrays (codes.pxd, their one home).
MAX_SEATS = codes.M_MAX_SEATS
MAX_ROWS = codes.M_MAX_ROWS
MAX_CELLS = codes.M_MAX_CELLS
MAX_ROW_LENGTH = 16  # the board file's limit on a row's instruments
MAX_INSTRUMENTS = codes.M_MAX_KINDS - 2  # + maestro + applause = the tile kinds
MAX_SLOTS = codes.M_MAX_SLOTS
MAX_DRAW = codes.M_MAX_DRAW

MAESTRO = "maestro"
APPLAUSE = "applause"
_NAME = re.compile(r"^[a-z][a-z0-9]*$")
_ROW_ID = re.compile(r"^[A-Za-z][A-Za-z0-9]*$")


class BoardDataError(ValueError):
    """A board data file that does not describe a playable board."""


@dataclass(frozen=True)
class Board:
    """One board and its tiles, as the data file gives them.

    Instrument kinds are numbered in order of first appearance on the board; kind
    `maestro_kind` (= number of instruments) is the maestro and `applause_kind` the
    applause. Cells are numbered row by row, left to right.
    """

    name: str
    row_ids: tuple[str, ...]
    row_names: tuple[str, ...]
    row_instruments: tuple[tuple[str, ...], ...]
    instruments: tuple[str, ...]
    maestros: int
    applause: int
    slots: int
    top_slots: int
    max_draw: int
    points_place: int
    points_one_turn: int
    critic_income: int

    @cached_property
    def num_rows(self) -> int:
        return len(self.row_ids)

    @cached_property
    def row_lengths(self) -> tuple[int, ...]:
        return tuple(len(r) for r in self.row_instruments)

    @cached_property
    def row_starts(self) -> tuple[int, ...]:
        starts, at = [], 0
        for length in self.row_lengths:
            starts.append(at)
            at += length
        return tuple(starts)

    @cached_property
    def num_cells(self) -> int:
        return sum(self.row_lengths)

    @cached_property
    def maestro_kind(self) -> int:
        return len(self.instruments)

    @cached_property
    def applause_kind(self) -> int:
        return len(self.instruments) + 1

    @cached_property
    def tile_names(self) -> tuple[str, ...]:
        """Names of every tile kind, by kind number (instruments, maestro, applause)."""
        return self.instruments + (MAESTRO, APPLAUSE)

    @cached_property
    def cell_kinds(self) -> tuple[int, ...]:
        """The instrument kind printed on each cell."""
        return tuple(self.instruments.index(i) for row in self.row_instruments for i in row)

    @cached_property
    def row_kinds(self) -> tuple[tuple[int, ...], ...]:
        """The instrument kinds printed on each row, left to right."""
        return tuple(tuple(self.instruments.index(i) for i in row) for row in self.row_instruments)

    @cached_property
    def cell_rows(self) -> tuple[int, ...]:
        return tuple(r for r, length in enumerate(self.row_lengths) for _ in range(length))

    @cached_property
    def totals(self) -> tuple[int, ...]:
        """How many tiles of each kind the game has: one musician per board space of
        its instrument [derived, spec 2.3], the maestros, the applause."""
        counts = [0] * len(self.instruments)
        for kind in self.cell_kinds:
            counts[kind] += 1
        return tuple(counts) + (self.maestros, self.applause)


def _positive(data: dict, key: str, lo: int, hi: int) -> int:
    value = data.get(key)
    if not is_int(value) or not lo <= value <= hi:
        raise BoardDataError(f"{key} must be an integer in {lo}..{hi}, got {value!r}")
    return value


def parse_board(name: str, data) -> Board:
    """A Board from the data file's JSON; BoardDataError names what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise BoardDataError(f"{name}: a board is an object with a list of rows")
    rows = data["rows"]
    if not 1 <= len(rows) <= MAX_ROWS:
        raise BoardDataError(f"{name}: a board has 1..{MAX_ROWS} rows, got {len(rows)}")
    ids, names, instr_rows, instruments = [], [], [], []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise BoardDataError(f"{name}: row {i} is not an object")
        row_id, instr = row.get("id"), row.get("instr")
        # Unique in any letter case: the notation reads them case-insensitively.
        if (
            not isinstance(row_id, str)
            or not _ROW_ID.match(row_id)
            or row_id.lower() in (known.lower() for known in ids)
        ):
            raise BoardDataError(
                f"{name}: row {i} needs a unique id of letters and digits, got {row_id!r}"
            )
        if not isinstance(instr, list) or not 1 <= len(instr) <= MAX_ROW_LENGTH:
            raise BoardDataError(f"{name}: row {row_id} needs 1..{MAX_ROW_LENGTH} instruments")
        for item in instr:
            if not isinstance(item, str) or not _NAME.match(item) or item in (MAESTRO, APPLAUSE):
                raise BoardDataError(f"{name}: row {row_id} has a bad instrument name {item!r}")
            if item not in instruments:
                instruments.append(item)
        ids.append(row_id)
        names.append(str(row.get("name", row_id)))
        instr_rows.append(tuple(instr))
    if sum(len(r) for r in instr_rows) > MAX_CELLS:
        raise BoardDataError(f"{name}: a board has at most {MAX_CELLS} spaces")
    if len(instruments) > MAX_INSTRUMENTS:
        raise BoardDataError(f"{name}: a board has at most {MAX_INSTRUMENTS} instruments")
    slots = _positive(data, "agency_spaces", 1, MAX_SLOTS)
    board = Board(
        name=name,
        row_ids=tuple(ids),
        row_names=tuple(names),
        row_instruments=tuple(instr_rows),
        instruments=tuple(instruments),
        maestros=_positive(data, "maestros", MAX_SEATS, 100),
        applause=_positive(data, "applause", 1, 100),
        slots=slots,
        top_slots=_positive(data, "top_spaces", 0, slots),
        max_draw=_positive(data, "max_draw", 1, MAX_DRAW),
        points_place=_positive(data, "points_per_musician", 0, 1000),
        points_one_turn=_positive(data, "points_per_musician_one_turn", 0, 1000),
        critic_income=_positive(data, "critic_income", 0, 1000),
    )
    if max(board.totals) > 127 or sum(board.totals) > 32000:
        raise BoardDataError(f"{name}: too many tiles of one kind")
    return board


@lru_cache(maxsize=None)
def load_board(name: str = DEFAULT_BOARD) -> Board:
    """The board data file `name` shipped in data/ (cached: loaded once)."""
    try:
        text = resources.files("engine.games.maestro").joinpath("data", name).read_text("utf-8")
    except (FileNotFoundError, OSError) as exc:
        raise BoardDataError(f"no Maestro board data {name!r}: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise BoardDataError(f"{name}: not valid JSON: {exc}") from None
    return parse_board(name, data)


# ---- variants -----------------------------------------------------------------------

# Spec 9, M2: may a player take from the bottom row (spaces 6-10) of a full opponent?
# The seed allows it "only so long as the agency is truly full", i.e. at the take
# itself ("dynamic", the standard game). The spec's default judges fullness when the
# turn begins and allows one tile, also after top-row tiles were taken from that
# agency, which the seed's words rule out: it is the variant bottom-one.
# BOTTOM_ONE: full when the turn began; one tile from each such agency.
# BOTTOM_UNLIMITED ("unlimited_snapshot"): full when the turn began; any number.
# BOTTOM_DYNAMIC: full at the take itself (the standard game).
# Spec 9, M9: drawn tiles placed one at a time (DRAW_SEQUENTIAL, the default) or all
# drawn first (DRAW_BATCH). The numbers' one home is codes.pxd.

DEFAULT_VARIANT = "standard"
# Each named option changes one [assumed] default; they combine with "+", in this order.
VARIANT_OPTIONS = {
    "bottom-one": ("full_bottom", BOTTOM_ONE),
    "bottom-unlimited": ("full_bottom", BOTTOM_UNLIMITED),
    "draw-batch": ("draw_mode", DRAW_BATCH),
}
LISTED_VARIANTS = (DEFAULT_VARIANT,) + tuple(VARIANT_OPTIONS)


@dataclass(frozen=True)
class Variant:
    full_bottom: int = BOTTOM_DYNAMIC
    draw_mode: int = DRAW_SEQUENTIAL


def parse_variant(text) -> Variant:
    """The rules of a variant name: "standard", or options from VARIANT_OPTIONS joined
    by "+" in their listed order (e.g. "bottom-one+draw-batch"). ValueError else."""
    if not isinstance(text, str):
        raise ValueError(f"a variant is a name, got {text!r}")
    if text == DEFAULT_VARIANT:
        return Variant()
    parts = text.split("+")
    order = list(VARIANT_OPTIONS)
    fields: dict[str, int] = {}
    last = -1
    for part in parts:
        if part not in VARIANT_OPTIONS:
            raise ValueError(
                f"unknown option {part!r}: a Maestro variant is standard or "
                f"{' / '.join(order)}, joined by +"
            )
        if order.index(part) <= last:
            raise ValueError(f"write variant options once each, in the order {'+'.join(order)}")
        key, value = VARIANT_OPTIONS[part]
        if key in fields:
            raise ValueError(f"{part} conflicts with another {key} option")
        fields[key] = value
        last = order.index(part)
    return Variant(**fields)


def variant_config(text) -> Variant:
    """parse_variant with the error a caller of new_initial expects."""
    try:
        return parse_variant(text)
    except ValueError as exc:
        raise GameConfigError(f"maestro: bad variant {text!r}: {exc}") from None
