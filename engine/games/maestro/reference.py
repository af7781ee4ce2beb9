"""Maestro in plain, slow Python: the readable statement of the rules that the
compiled state (state.pyx) is tested against step by step (tests/engine/games).
Section numbers refer to shared/rules/maestro-1989.md.

A turn, as atomic actions by the seat to move (spec 5.1):
1. the critic's income, automatically, when the turn begins (spec 4 A);
2. placement steps: one tile at a time onto the board, all into one row (5.2);
   `pass` ends them (a turn may place nothing);
3. if the agency is full now, the game ends (7.2); otherwise draw<k>, k = 1..3 and
   at most the free agency spaces (4 C);
4. k draws, each a chance node over the bag's tiles: an applause goes to the track
   and uses up the draw, the 14th ends the game (7.1); any other tile goes onto a
   free agency space the seat chooses (agency<n>), before the next draw (or, in the
   draw-batch variant, after all k draws);
5. play passes to the left.
"""

from __future__ import annotations

import copy
import math

from engine.errors import GameConfigError
from engine.games.maestro import actions, codec, tables, words
from engine.games.maestro import render as _render
from engine.games.maestro import value as learned_value
from engine.games.maestro.codec import COUNT, DRAW, EMPTY, OVER, PLACE, SLOT
from engine.games.maestro.weights import (
    CRITIC_HOLD_TURNS,
    DRAWS_PER_TURN,
    FREE_SPACE_POINTS,
    OPPORTUNITY_DECAY,
    OPPORTUNITY_NOW,
    TEMPERATURE_BASE,
    TEMPERATURE_PER_ROOT_DRAW,
    TILE_WEIGHT,
)
from engine.reference import CHANCE, TERMINAL, ReferenceState
from engine.validate import is_int


def tile_value(placed: float, points: int, space: int) -> float:
    """A tile placed later with probability `placed` scores `points`, else costs its
    agency space's number at the end."""
    return placed * points - (1.0 - placed) * space


def room_share(open_cells: float, in_play: int) -> float:
    """The share of `in_play` tiles of a kind that `open_cells` spaces can take."""
    return 1.0 if open_cells >= in_play else open_cells / in_play


class MaestroReference(ReferenceState):
    """A Maestro position with the same API as the compiled MaestroState."""

    game_name = "maestro"
    actions = actions
    codec = codec
    text = _render
    words = words

    def __init__(self, board: tables.Board, fields: codec.Fields):
        self.board = board
        self.layout = actions.layout_of(board)
        self.rules = tables.parse_variant(fields.variant)
        self.f = fields

    @classmethod
    def new_initial(cls, num_players=2, variant=tables.DEFAULT_VARIANT):
        if not is_int(num_players) or not 2 <= num_players <= tables.MAX_SEATS:
            raise GameConfigError(f"maestro is played by 2-4 players, got {num_players!r}")
        tables.variant_config(variant)
        board = tables.load_board()
        return cls(board, codec.initial_fields(board, num_players, variant))

    @property
    def num_players(self) -> int:
        return self.f.players

    @property
    def num_actions(self) -> int:
        return self.layout.num_actions

    @property
    def variant(self) -> str:
        return self.f.variant

    # ---- the board ----------------------------------------------------------------

    def row_cells(self, row: int) -> range:
        start = self.board.row_starts[row]
        return range(start, start + self.board.row_lengths[row])

    def occupied(self, row: int) -> list[int]:
        """The row's occupied cells, left to right (always an unbroken run)."""
        return [c for c in self.row_cells(row) if self.f.cells[c] != EMPTY]

    def is_complete(self, row: int) -> bool:
        return len(self.occupied(row)) == self.board.row_lengths[row]

    def bag(self) -> list[int]:
        return codec.bag_counts(self.board, self.f)

    def free_spaces(self, seat: int) -> list[int]:
        """The seat's empty agency spaces, as slot indices (space number - 1)."""
        return [s for s, kind in enumerate(self.f.agencies[seat]) if kind == EMPTY]

    # ---- whose turn -----------------------------------------------------------------

    def current_player(self) -> int:
        if self.f.phase == OVER:
            return TERMINAL
        if self.f.phase == DRAW:
            return CHANCE
        return self.f.to_move

    # ---- what may be done -----------------------------------------------------------

    def bottom_open(self, seat: int) -> bool:
        """May the seat to move take from `seat`'s bottom row (spaces 6-10) now? Those
        contracts are exclusive, except while the agency is full (5.2, M2)."""
        f = self.f
        free_now = len(self.free_spaces(seat))
        if self.rules.full_bottom == tables.BOTTOM_DYNAMIC:
            return free_now == 0
        # Only the mover's takes changed the agency this turn.
        full_at_turn_start = free_now == f.taken[seat]
        if self.rules.full_bottom == tables.BOTTOM_UNLIMITED:
            return full_at_turn_start
        return full_at_turn_start and f.taken_bottom[seat] == 0

    def sources(self) -> list[tuple[int, int, int]]:
        """(seat, slot, kind) of every tile the seat to move may place now: anything
        in its own agency, others' top rows, and full agencies' bottom rows (5.2)."""
        found = []
        for seat, agency in enumerate(self.f.agencies):
            if seat == self.f.to_move:
                usable = range(self.board.slots)
            elif self.bottom_open(seat):
                usable = range(self.board.slots)
            else:
                usable = range(self.board.top_slots)
            found += [(seat, slot, agency[slot]) for slot in usable if agency[slot] != EMPTY]
        return found

    def placements(self) -> list[int]:
        """Every placement step open now, as action ids."""
        f, board = self.f, self.board
        rows = [f.turn_row] if f.turn_row != EMPTY else range(board.num_rows)
        sources = self.sources()
        found = []
        for row in rows:
            taken_cells = self.occupied(row)
            if not taken_cells:
                # The first tile of an empty row is a maestro, on any space.
                targets = [(cell, board.maestro_kind) for cell in self.row_cells(row)]
            else:
                # Further tiles extend the unbroken line, matching the instrument.
                ends = [taken_cells[0] - 1, taken_cells[-1] + 1]
                targets = [
                    (cell, board.cell_kinds[cell]) for cell in ends if cell in self.row_cells(row)
                ]
            for cell, needed in targets:
                for seat, slot, kind in sources:
                    if kind == needed:
                        found.append(self.layout.place(cell, seat, slot))
        return sorted(found)

    def legal_actions(self) -> list[int]:
        f = self.f
        if f.phase == OVER:
            return []
        if f.phase == DRAW:
            return [a for a, _ in self.chance_outcomes()]
        if f.phase == COUNT:
            most = min(self.board.max_draw, len(self.free_spaces(f.to_move)))
            return [actions.DRAW_BASE + k for k in range(1, most + 1)]
        if f.phase == SLOT:
            return [self.layout.slot_base + s for s in self.free_spaces(f.to_move)]
        return [actions.PASS] + self.placements()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.f.phase != DRAW:
            return []
        bag = self.bag()
        total = sum(bag)
        return [
            (self.layout.chance_base + kind, count / total)
            for kind, count in enumerate(bag)
            if count > 0
        ]

    # ---- playing ----------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        f, layout = self.f, self.layout
        if f.phase == DRAW:
            self._draw(action - layout.chance_base)
        elif action == actions.PASS:
            self._end_placement()
        elif action < layout.slot_base:
            f.draws_left = action - actions.DRAW_BASE
            f.phase = DRAW
        elif action < layout.place_base:
            f.agencies[f.to_move][action - layout.slot_base] = f.drawn.pop(0)
            self._next_draw()
        else:
            self._place(*layout.unplace(action))

    def _place(self, cell: int, seat: int, slot: int) -> None:
        f, board = self.f, self.board
        mover = f.to_move
        row = board.cell_rows[cell]
        row_was_empty = not self.occupied(row)
        f.cells[cell] = f.agencies[seat][slot]
        f.agencies[seat][slot] = EMPTY
        if seat != mover:
            f.taken[seat] += 1
            if slot >= board.top_slots:
                f.taken_bottom[seat] += 1
        if row_was_empty:
            f.fresh = True  # begun this turn
        f.turn_row = row
        f.points[mover] += board.points_place  # 5.3
        if self.is_complete(row):
            f.critic = mover
            if f.fresh:  # begun and finished in one turn: 10 a tile
                f.points[mover] += (board.points_one_turn - board.points_place) * board.row_lengths[
                    row
                ]

    def _end_placement(self) -> None:
        f = self.f
        f.turn_row = EMPTY
        f.fresh = False
        f.taken = [0] * f.players
        f.taken_bottom = [0] * f.players
        if not self.free_spaces(f.to_move):
            f.phase, f.end = OVER, codec.END_FULL  # 7.2
        else:
            f.phase = COUNT

    def _draw(self, kind: int) -> None:
        f, board = self.f, self.board
        f.draws_left -= 1
        if kind == board.applause_kind:
            f.applause += 1
            if f.applause == board.applause:  # 7.1
                f.phase, f.end, f.draws_left = OVER, codec.END_APPLAUSE, 0
                return
            self._next_draw()
            return
        f.drawn.append(kind)
        batch = self.rules.draw_mode == tables.DRAW_BATCH
        f.phase = DRAW if batch and f.draws_left > 0 else SLOT

    def _next_draw(self) -> None:
        """After an applause or a tile put on its space: place, draw, or end the turn."""
        f = self.f
        batch = self.rules.draw_mode == tables.DRAW_BATCH
        if f.drawn and (f.draws_left == 0 or not batch):
            f.phase = SLOT
        elif f.draws_left > 0:
            f.phase = DRAW
        else:
            f.to_move = (f.to_move + 1) % f.players
            f.phase = PLACE
            if f.critic == f.to_move:  # 4 A
                f.points[f.to_move] += self.board.critic_income

    def clone(self) -> "MaestroReference":
        f = self.f
        copy = codec.Fields(
            variant=f.variant,
            players=f.players,
            to_move=f.to_move,
            phase=f.phase,
            agencies=[list(a) for a in f.agencies],
            cells=list(f.cells),
            applause=f.applause,
            points=list(f.points),
            critic=f.critic,
            turn_row=f.turn_row,
            fresh=f.fresh,
            taken=list(f.taken),
            taken_bottom=list(f.taken_bottom),
            draws_left=f.draws_left,
            drawn=list(f.drawn),
            end=f.end,
        )
        return MaestroReference(self.board, copy)

    # ---- results ----------------------------------------------------------------------

    def penalty(self, seat: int) -> int:
        """What the seat's agency costs at the end: the numbers of its filled spaces."""
        return sum(slot + 1 for slot, kind in enumerate(self.f.agencies[seat]) if kind != EMPTY)

    def scores(self) -> list[int]:
        if self.f.phase == OVER:
            return [self.f.points[s] - self.penalty(s) for s in range(self.f.players)]
        return list(self.f.points)

    def returns(self) -> list[float]:
        if self.f.phase != OVER:
            raise ValueError("returns() is defined only at a terminal state")
        scores = self.scores()
        best = max(scores)
        winners = scores.count(best)
        return [1.0 / winners if s == best else 0.0 for s in scores]

    # ---- the heuristic (the same computation as state.pyx's c_heuristic) ---------------

    def _row_gain(self, row: int, avail: list[int], mid_turn: bool) -> int:
        """Points `avail` (tiles by kind) could score in `row` in one placement, the
        critic counted at one income: the best maestro space for an empty row, the
        longest growth (left end first, then right) for a started one."""
        board, f = self.board, self.f
        kinds = board.row_kinds[row]
        length = len(kinds)
        start = board.row_starts[row]
        placed = [i for i in range(length) if f.cells[start + i] != EMPTY]
        if placed:
            lo, hi = placed[0], placed[-1]
            if hi - lo + 1 == length:
                return 0
            grown = self._grow(kinds, avail[:], lo, hi)
            gain = board.points_place * grown
            if grown == length - (hi - lo + 1):
                gain += board.critic_income
                if mid_turn and f.fresh:
                    gain += (board.points_one_turn - board.points_place) * length
            return gain
        if avail[board.maestro_kind] == 0:
            return 0
        best = 0
        for m in range(length):
            count = 1 + self._grow(kinds, avail[:], m, m)
            if count == length:
                gain = board.points_one_turn * length + board.critic_income
            else:
                gain = board.points_place * count
            best = max(best, gain)
        return best

    @staticmethod
    def _grow(kinds, left: list[int], lo: int, hi: int) -> int:
        """How many tiles of `left` extend the run [lo, hi] of a row printed with
        `kinds`: leftwards first, then rightwards (uses up `left`)."""
        count = 0
        i = lo - 1
        while i >= 0 and left[kinds[i]] > 0:
            left[kinds[i]] -= 1
            count += 1
            i -= 1
        i = hi + 1
        while i < len(kinds) and left[kinds[i]] > 0:
            left[kinds[i]] -= 1
            count += 1
            i += 1
        return count

    def reaches_maestro(self, seat: int) -> bool:
        """Has `seat` a maestro to begin a row with: in its own agency, drawn this turn
        (the mover's), or on an opponent's top row (the sources of 5.2)?"""
        board, f = self.board, self.f
        for q, agency in enumerate(f.agencies):
            for slot, kind in enumerate(agency):
                if kind == board.maestro_kind and (q == seat or slot < board.top_slots):
                    return True
        return seat == f.to_move and board.maestro_kind in f.drawn

    def _best_gain(self, seat: int) -> int:
        board, f = self.board, self.f
        avail = [0] * (board.applause_kind + 1)
        for q, agency in enumerate(f.agencies):
            for slot, kind in enumerate(agency):
                if kind != EMPTY and (q == seat or slot < board.top_slots):
                    avail[kind] += 1
        if seat == f.to_move and f.phase == PLACE and f.turn_row != EMPTY:
            return self._row_gain(f.turn_row, avail, True)
        return max([0] + [self._row_gain(r, avail, False) for r in range(board.num_rows)])

    def heuristic(self) -> list[float]:
        """At two seats the learned value (value.py); otherwise each seat's expected
        final score, as shares of the win by a softmax whose temperature shrinks as
        the game nears its end (see state.pyx)."""
        if self.f.phase == OVER:
            return self.returns()
        terms = self.heuristic_terms()
        model = learned_value.current()
        if self.f.players == 2 and model is not None:
            x0, x1 = self.value_features(terms)
            share = learned_value.seat0_share(x0, x1, model)
            return [share, 1.0 - share]
        values = [self._expected_score(seat_terms) for seat_terms in terms["seats"]]
        temperature = self._temperature(terms)
        top = max(values)
        odds = [math.exp((v - top) / temperature) for v in values]
        total = 0.0
        for o in odds:  # summed in order, as the compiled state does
            total += o
        return [o / total for o in odds]

    @staticmethod
    def _temperature(terms: dict) -> float:
        return TEMPERATURE_BASE + TEMPERATURE_PER_ROOT_DRAW * math.sqrt(terms["expected_draws"])

    @staticmethod
    def _opportunity(seat_terms: dict) -> float:
        weight = OPPORTUNITY_NOW
        for _ in range(seat_terms["turns_to_place"]):
            weight *= OPPORTUNITY_DECAY
        return weight * seat_terms["best_gain"]

    def _expected_score(self, seat_terms: dict) -> float:
        return (
            seat_terms["points"]
            + TILE_WEIGHT * seat_terms["tiles"]
            + seat_terms["critic"]
            + self._opportunity(seat_terms)
            + FREE_SPACE_POINTS * seat_terms["free_after_draws"]
        )

    def value_features(self, terms: dict | None = None) -> list[list[float]]:
        """The learned value's inputs at two seats, [seat 0's, seat 1's], in the
        order and scale of value.FEATURES and value.GLOBALS."""
        if self.f.players != 2:
            raise GameConfigError("Maestro's learned value is for two seats")
        terms = terms or self.heuristic_terms()
        temperature = self._temperature(terms)
        values = [self._expected_score(t) for t in terms["seats"]]
        seats = []
        for t, value in zip(terms["seats"], values, strict=True):
            seats.append(
                [
                    t["points"] / 100.0,
                    TILE_WEIGHT * t["tiles"] / 100.0,
                    t["critic"] / 100.0,
                    self._opportunity(t) / 100.0,
                    value / 100.0,
                    t["free"] / 10.0,
                    (t["free_after_draws"] + 1.0) / 10.0,
                    t["dead_spaces"] / 55.0,
                    t["penalty_spaces"] / 55.0,
                    t["maestro_chance"],
                    1.0 if t["turns_to_place"] == 0 else 0.0,
                    t["own_turns"] / 10.0,
                    t["top_tiles"] / 5.0,
                    1.0 if t["critic_held"] else 0.0,
                    1.0 if t["mid_draw"] else 0.0,
                    t["draws_owed"] / 3.0,
                    t["drawn"] / 3.0,
                ]
            )
        shared = [
            terms["expected_draws"] / 68.0,
            terms["applause_left"] / 14.0,
            terms["bag"] / 68.0,
            temperature / 50.0,
        ]
        board = self.bag_and_rows()
        for seat, t in enumerate(terms["seats"]):
            seats[seat] += self._tile_features(seat, t["room"], board)
        shared += [
            (self.board.num_rows - board["started"]) / 10.0,
            board["open_started"] / 46.0,
            board["bag"][self.board.maestro_kind] / terms["bag"] if terms["bag"] else 0.0,
            board["complete"] / 10.0,
        ]
        lead = (values[0] - values[1]) / temperature
        return [
            learned_value.net_input(seats[0], seats[1], shared, lead),
            learned_value.net_input(seats[1], seats[0], shared, -lead),
        ]

    def bag_and_rows(self) -> dict:
        """What the learned value reads of the board besides the heuristic's terms:
        the kinds the ends of started rows want, the rows begun and finished, the
        empty spaces of begun rows, and the bag by kind."""
        board = self.board
        wanted, started, complete, open_started = set(), 0, 0, 0
        for row in range(board.num_rows):
            taken = self.occupied(row)
            if not taken:
                continue
            cells = self.row_cells(row)
            started += 1
            complete += len(taken) == len(cells)
            open_started += len(cells) - len(taken)
            wanted |= {board.cell_kinds[c] for c in (taken[0] - 1, taken[-1] + 1) if c in cells}
        return {
            "wanted": wanted,
            "started": started,
            "complete": complete,
            "open_started": open_started,
            "bag": self.bag(),
        }

    def _tile_features(self, seat: int, room: list[float], board_facts: dict) -> list[float]:
        """Version 2's features of the seat's agency (value.FEATURES from extend_now)."""
        board = self.board
        agency = self.f.agencies[seat]
        held = [(slot, kind) for slot, kind in enumerate(agency) if kind != EMPTY]
        extend = [slot for slot, kind in held if kind in board_facts["wanted"]]
        bag = board_facts["bag"][: board.maestro_kind + 1]
        tiles_in_bag = sum(bag)
        useful = sum(count for kind, count in enumerate(bag) if room[kind] > 0.0)
        spaces = []
        for slot in range(tables.MAX_SLOTS):
            kind = agency[slot] if slot < len(agency) else EMPTY
            spaces += [0.0, 0.0] if kind == EMPTY else [1.0, room[kind]]
        return [
            len(extend) / 5.0,
            sum(slot + 1 for slot in extend) / 55.0,
            sum(1 for _, kind in held if kind == board.maestro_kind) / 3.0,
            sum(1 for _, kind in held if 0.0 < room[kind] < 1.0) / 5.0,
            sum((1.0 - room[kind]) * (slot + 1) for slot, kind in held) / 55.0,
            useful / tiles_in_bag if tiles_in_bag > 0 else 0.0,
            sum(1 for kind in agency[: board.top_slots] if kind == EMPTY) / 5.0,
            sum(1 for kind in agency[board.top_slots :] if kind == EMPTY) / 5.0,
            *spaces,
        ]

    def heuristic_terms(self) -> dict:
        """The terms the heuristic adds up for each seat (before the opportunity weight
        and the softmax), and the draws expected before the end: what
        bench/training/maestro_fit.py regresses game results on."""
        f, board = self.f, self.board
        n = f.players
        # Room: the share of the tiles of a kind out of the bag the board can still
        # take. Empty spaces of started rows (and, for maestros, empty rows) are open
        # to every seat; the spaces of an empty row only to a seat that can begin it,
        # and only a maestro begins a row (5.2), so they count by maestro_chance.
        open_any = [0] * (board.maestro_kind + 1)
        open_unstarted = [0] * (board.maestro_kind + 1)
        for cell, kind in enumerate(f.cells):
            if kind == EMPTY:
                started = bool(self.occupied(board.cell_rows[cell]))
                counts = open_any if started else open_unstarted
                counts[board.cell_kinds[cell]] += 1
        open_any[board.maestro_kind] = sum(1 for r in range(board.num_rows) if not self.occupied(r))
        in_play = [0] * (board.maestro_kind + 1)
        for kind in [k for agency in f.agencies for k in agency] + f.drawn:
            if kind != EMPTY:
                in_play[kind] += 1
        bag = self.bag()
        bag_total = sum(bag)
        applause_left = float(board.applause - f.applause)
        expected_draws = applause_left * (bag_total + 1.0) / (applause_left + 1.0)
        turns_each = expected_draws / DRAWS_PER_TURN / n
        # Without a maestro in reach, the chance of drawing one, each draw a maestro
        # with the bag's share q: 1 - (1 - q)^draws, draws the seat's share of the
        # draws left but no more than its free spaces. The free spaces also bound the
        # seat's placement phases: it must draw every turn (4 C) and the game ends at
        # its turn with a full agency unless it places (7.2), at the cost of every
        # tile left (a full agency 55, 2.1): free spaces + 1 at most.
        maestro_share = bag[board.maestro_kind] / bag_total if bag_total > 0 else 0.0
        tile_share = (bag_total - applause_left) / float(bag_total) if bag_total > 0 else 0.0
        seats = []
        for seat in range(n):
            mid_draw = seat == f.to_move and f.phase in (DRAW, SLOT)
            free = [s + 1 for s in self.free_spaces(seat)]
            spaces = len(free) - (len(f.drawn) if mid_draw else 0)
            horizon = spaces - (f.draws_left * tile_share if mid_draw else 0.0) + 1.0
            if self.reaches_maestro(seat):
                maestro_chance = 1.0
            else:
                maestro_chance = 1.0 - (1.0 - maestro_share) ** min(expected_draws / n, spaces)
            room = [
                room_share(sure + maestro_chance * maybe, playing)
                for sure, maybe, playing in zip(open_any, open_unstarted, in_play, strict=True)
            ]
            if seat == f.to_move:
                d = 0 if f.phase == PLACE else n
            else:
                d = (seat - f.to_move + n) % n
            own_turns = min(turns_each + (1.0 if d == 0 else 0.0), horizon)
            p_place = own_turns / (own_turns + 1.0)
            tiles = 0.0
            for slot, kind in enumerate(f.agencies[seat]):
                if kind != EMPTY:
                    tiles += tile_value(p_place * room[kind], board.points_place, slot + 1)
            if mid_draw:
                for i, kind in enumerate(f.drawn):
                    tiles += tile_value(p_place * room[kind], board.points_place, free[i])
                for i in range(len(f.drawn), len(f.drawn) + f.draws_left):
                    tiles += tile_share * tile_value(p_place, board.points_place, free[i])
            critic = 0.0
            if f.critic == seat:
                critic = board.critic_income * min(turns_each, CRITIC_HOLD_TURNS)
            held = [(slot, kind) for slot, kind in enumerate(f.agencies[seat]) if kind != EMPTY]
            seats.append(
                {
                    "points": float(f.points[seat]),
                    "tiles": tiles,
                    "critic": critic,
                    "best_gain": float(self._best_gain(seat)),
                    "turns_to_place": d,
                    "free_after_draws": horizon - 1.0,
                    # What the learned value reads besides (value.FEATURES).
                    "free": len(free),
                    "dead_spaces": sum(slot + 1 for slot, kind in held if room[kind] <= 0.0),
                    "penalty_spaces": sum(slot + 1 for slot, _ in held),
                    "maestro_chance": maestro_chance,
                    "own_turns": own_turns,
                    "top_tiles": sum(1 for slot, _ in held if slot < board.top_slots),
                    "critic_held": f.critic == seat,
                    "mid_draw": mid_draw,
                    "draws_owed": f.draws_left if mid_draw else 0,
                    "drawn": len(f.drawn) if mid_draw else 0,
                    "room": room,
                }
            )
        return {
            "seats": seats,
            "expected_draws": expected_draws,
            "applause_left": applause_left,
            "bag": bag_total,
        }

    # ---- text and JSON ----------------------------------------------------------------

    def position(self) -> codec.Fields:
        return copy.deepcopy(self.f)

    @classmethod
    def from_position(cls, fields: codec.Fields) -> "MaestroReference":
        return cls(tables.load_board(), fields)

    def render(self) -> str:
        # At the end, the final points (penalties off) beside each seat.
        return _render.render(self.position(), self.scores())
