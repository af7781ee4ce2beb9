# Maestro (Hoffmann, 1989) as a compiled State: the rules of the spec
# (shared/rules/maestro-1989.md) over one C struct, so that move generation,
# playouts and searches never touch a Python object. reference.py states the same
# rules in plain Python; the differential test plays both side by side.
#
# A turn is the spec's 5.1 sequence of atomic actions by the seat to move:
#   placement steps (one tile each onto the turn's one row)... then `pass`;
#   draw<k>; then k times: a chance node (tile:<name>) and, for a musician or
#   maestro, agency<n> (the space it goes on). See __init__.py for the notation.
from libc.math cimport exp, pow, sqrt
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

from engine.errors import GameConfigError
from engine.games.maestro import actions, codec, tables, weights, words
from engine.games.maestro import value as learned_value
from engine.games.maestro import render as _render
from engine.games.maestro.tables import DEFAULT_VARIANT
from engine.games.maestro.codes cimport (
    BOTTOM_DYNAMIC, BOTTOM_UNLIMITED, COUNT, DRAW, END_APPLAUSE, END_FULL, OVER,
    PASS, PLACE, SLOT,
)
from engine.hashing cimport mix64
from engine.shares cimport softmax_shares
from engine.rng cimport rng_t
from engine.state cimport State, CHANCE, TERMINAL
from engine.validate import is_int

# The heuristic's weights (weights.py), as C doubles for nogil code.
cdef double DRAWS_PER_TURN = weights.DRAWS_PER_TURN
cdef double CRITIC_HOLD_TURNS = weights.CRITIC_HOLD_TURNS
cdef double OPPORTUNITY_NOW = weights.OPPORTUNITY_NOW
cdef double OPPORTUNITY_DECAY = weights.OPPORTUNITY_DECAY
cdef double TEMPERATURE_BASE = weights.TEMPERATURE_BASE
cdef double TEMPERATURE_PER_ROOT_DRAW = weights.TEMPERATURE_PER_ROOT_DRAW
cdef double TILE_WEIGHT = weights.TILE_WEIGHT
cdef double FREE_SPACE_POINTS = weights.FREE_SPACE_POINTS


# The learned value for two seats (value.py): a net over each seat's heuristic terms,
# its weights copied here from value.current() so the leaf evaluates it without the GIL.
cdef enum:
    NF = 45                  # len(value.FEATURES)
    NG = 8                   # len(value.GLOBALS)
    NF_SPACES = 25           # where FEATURES' space-by-space pairs (held, room) begin
    NX = 2 * NF + NG + 1     # value.INPUTS
    NH = 32                  # value.HIDDEN
cdef bint VALUE_IN_USE = False
cdef double VALUE_W1T[NX * NH]  # w1 transposed: input i's weights to every unit
cdef double VALUE_B1[NH]
cdef double VALUE_W2[NH]
cdef double VALUE_LIN[NX]


cdef double value_side(const double* feat, int own, double lead) noexcept nogil:
    # h(own): lin . x + w2 . tanh(w1 x + b1), x as value.net_input builds it. The
    # inputs are the outer loop and every hidden unit keeps its own sum, so the units
    # are summed side by side (the compiler vectorizes this) in the same order as
    # value.side, input by input, which a running dot product per unit would not allow.
    cdef double x[NX]
    cdef double h[NH]
    cdef double xi, out = 0.0
    cdef int i, j
    for i in range(NF):
        x[i] = feat[own * NF + i]
        x[NF + i] = feat[(1 - own) * NF + i]
    for i in range(NG):
        x[2 * NF + i] = feat[2 * NF + i]
    x[NX - 1] = lead
    for i in range(NX):
        out += VALUE_LIN[i] * x[i]
    for j in range(NH):
        h[j] = VALUE_B1[j]
    for i in range(NX):
        xi = x[i]
        for j in range(NH):
            h[j] += VALUE_W1T[i * NH + j] * xi
    for j in range(NH):
        # tanh by exp, about twice as fast as libm's tanh, equal to 1e-15
        out += VALUE_W2[j] * (1.0 - 2.0 / (exp(2.0 * h[j]) + 1.0))
    return out


cdef double value_seat0_share(const double* feat, double temperature,
                              const double* value) noexcept nogil:
    cdef double lead = (value[0] - value[1]) / temperature
    return 1.0 / (1.0 + exp(-(value_side(feat, 0, lead) - value_side(feat, 1, -lead))))


def _install_value(model):
    """Copy a checked model (value.load) into the C arrays; None: the hand-built
    heuristic at two seats too. Called by value.use (registered below), which keeps
    the reference in step."""
    global VALUE_IN_USE
    cdef int i, j
    if model is None:
        VALUE_IN_USE = False
        return
    if (len(model["lin"]) != NX or len(model["b1"]) != NH or len(model["w2"]) != NH
            or len(model["w1"]) != NH or any(len(row) != NX for row in model["w1"])):
        raise ValueError(f"the value net here has {NX} inputs and {NH} hidden units")
    for j in range(NH):
        VALUE_B1[j] = model["b1"][j]
        VALUE_W2[j] = model["w2"][j]
        for i in range(NX):
            VALUE_W1T[i * NH + j] = model["w1"][j][i]
    for i in range(NX):
        VALUE_LIN[i] = model["lin"][i]
    VALUE_IN_USE = True


learned_value.on_use(_install_value)


cdef inline double tile_value(double placed, int points, int space) noexcept nogil:
    # A tile that is placed later with probability `placed` scores `points`, else
    # costs its agency space's number at the end.
    return placed * points - (1.0 - placed) * space


cdef inline double room_share(double open_cells, int in_play) noexcept nogil:
    # The share of `in_play` tiles of a kind that `open_cells` spaces can take.
    return 1.0 if open_cells >= in_play else open_cells / in_play


# ---- the heuristic's terms (MaestroState.c_value_terms), each by what it measures ----
# The board's and each seat's terms, computed in this order; the expressions are the
# ones the learned value was trained on, so their arithmetic stays as it is.

ctypedef struct board_terms_t:
    int open_any[M_MAX_KINDS]        # spaces every seat may fill, by kind
    int open_unstarted[M_MAX_KINDS]  # spaces of empty rows (a maestro begins one)
    int in_play[M_MAX_KINDS]         # tiles out of the bag, in agencies or drawn
    int wanted[M_MAX_KINDS]          # kinds the ends of started rows take (feat only)
    int started, complete, open_started, bag_tiles  # (feat only)
    double applause_left, expected_draws, turns_each, maestro_share, tile_share


ctypedef struct seat_terms_t:
    bint mid_draw                    # the mover, between its draw and its last space
    int num_free
    int free_spaces[M_MAX_SLOTS]     # the seat's empty spaces (their numbers)
    int d                            # turns before the seat's next placement phase
    double spaces, horizon, maestro_chance, own_turns, p_place
    double room[M_MAX_KINDS]
    double tiles, critic, opportunity


cdef inline void board_room(const game_t* g, const board_t* b, board_terms_t* t) noexcept nogil:
    # Room: the share of the tiles of a kind out of the bag that the board can still
    # take. open_any: what every seat may fill (empty spaces of started rows; empty
    # rows for maestros); open_unstarted: the spaces of empty rows, which count for a
    # seat weighted by its maestro_chance.
    cdef int i, r, seat
    memset(t, 0, sizeof(board_terms_t))
    for i in range(b.num_cells):
        if g.cell[i] == M_EMPTY:
            if g.lo[b.cell_row[i]] < 0:
                t.open_unstarted[b.cell_kind[i]] += 1
            else:
                t.open_any[b.cell_kind[i]] += 1
    for r in range(b.num_rows):
        if g.lo[r] < 0:
            t.open_any[b.maestro] += 1
    for seat in range(g.players):
        for i in range(b.slots):
            if g.agency[seat][i] != M_EMPTY:
                t.in_play[g.agency[seat][i]] += 1
    for i in range(g.num_drawn):
        t.in_play[g.drawn[i]] += 1


cdef inline void board_rows(const game_t* g, const board_t* b, board_terms_t* t) noexcept nogil:
    # What the learned value reads of the board: the kinds the ends of started rows
    # want, the rows begun and finished, the spaces still open in begun rows, and the
    # bag's tiles that are not applause.
    cdef int r, k
    for r in range(b.num_rows):
        if g.lo[r] < 0:
            continue
        t.started += 1
        if g.hi[r] - g.lo[r] + 1 == b.row_len[r]:
            t.complete += 1
        if g.lo[r] > 0:
            t.wanted[b.cell_kind[b.row_start[r] + g.lo[r] - 1]] = 1
        if g.hi[r] + 1 < b.row_len[r]:
            t.wanted[b.cell_kind[b.row_start[r] + g.hi[r] + 1]] = 1
    for k in range(b.maestro):
        t.open_started += t.open_any[k]
    for k in range(b.maestro + 1):
        t.bag_tiles += g.bag[k]


cdef inline void bag_pace(const game_t* g, const board_t* b, board_terms_t* t) noexcept nogil:
    # How long the game has left: the draws until the last applause comes out of the
    # bag (the expected position of the last of A marked tiles among T is
    # A (T + 1) / (A + 1)), each seat's share of the turns, and the bag's shares of
    # maestros and of tiles that are not applause.
    cdef int n = g.players
    t.applause_left = b.total[b.applause] - g.applause
    t.expected_draws = t.applause_left * (g.bag_total + 1.0) / (t.applause_left + 1.0)
    t.turns_each = t.expected_draws / DRAWS_PER_TURN / n
    t.maestro_share = 0.0
    if g.bag_total > 0:
        t.maestro_share = g.bag[b.maestro] / <double>g.bag_total
    t.tile_share = 0.0
    if g.bag_total > 0:
        t.tile_share = (g.bag_total - t.applause_left) / <double>g.bag_total


cdef inline void seat_horizon(const game_t* g, const board_t* b, int seat,
                              const board_terms_t* t, seat_terms_t* s) noexcept nogil:
    # The seat's empty spaces (the mover's tiles drawn this turn claim the first
    # ones), those left once this turn's draws owed are in, and so its placement
    # phases left at most (free spaces + 1, spec 4 C and 7.2).
    cdef int i
    s.mid_draw = seat == g.to_move and (g.phase == DRAW or g.phase == SLOT)
    s.num_free = 0
    for i in range(b.slots):
        if g.agency[seat][i] == M_EMPTY:
            s.free_spaces[s.num_free] = i + 1
            s.num_free += 1
    s.spaces = s.num_free - (g.num_drawn if s.mid_draw else 0)
    s.horizon = s.spaces - (g.draws_left * t.tile_share if s.mid_draw else 0.0) + 1.0


cdef inline void seat_room(const game_t* g, const board_t* b, bint reaches_maestro,
                           const board_terms_t* t, seat_terms_t* s) noexcept nogil:
    # The room for each kind as this seat sees it: an empty row counts as far as the
    # seat can get a maestro, which with none in reach it draws with chance
    # 1 - (1 - q)^draws, q the bag's share of maestros, drawing its share of the draws
    # left (draws / n) but no more than its free spaces.
    cdef int k, n = g.players
    if reaches_maestro:
        s.maestro_chance = 1.0
    else:
        s.maestro_chance = 1.0 - pow(1.0 - t.maestro_share,
                                     min(t.expected_draws / n, s.spaces))
    for k in range(b.maestro + 1):
        s.room[k] = room_share(t.open_any[k] + s.maestro_chance * t.open_unstarted[k],
                               t.in_play[k])


cdef inline void seat_turns(const game_t* g, int seat, const board_terms_t* t,
                            seat_terms_t* s) noexcept nogil:
    # The seat's expected placement phases left, bounded by its horizon, and the
    # chance that a tile of its agency is placed before the game ends.
    cdef int n = g.players
    if seat == g.to_move:
        s.d = 0 if g.phase == PLACE else n
    else:
        s.d = (seat - g.to_move + n) % n
    s.own_turns = min(t.turns_each + (1.0 if s.d == 0 else 0.0), s.horizon)
    s.p_place = s.own_turns / (s.own_turns + 1.0)


cdef inline double seat_tiles(const game_t* g, const board_t* b, int seat,
                              const board_terms_t* t, const seat_terms_t* s) noexcept nogil:
    # Every agency tile as the points it may still score against the penalty it
    # risks (tile_value); tiles drawn this turn, and draws to come, go to the
    # cheapest spaces.
    cdef double tiles = 0.0
    cdef int i, k, _, next_free
    for i in range(b.slots):
        k = g.agency[seat][i]
        if k != M_EMPTY:
            tiles += tile_value(s.p_place * s.room[k], b.points_place, i + 1)
    if s.mid_draw:
        next_free = 0
        for i in range(g.num_drawn):
            tiles += tile_value(s.p_place * s.room[g.drawn[i]], b.points_place,
                                s.free_spaces[next_free])
            next_free += 1
        for _ in range(g.draws_left):
            tiles += t.tile_share * tile_value(s.p_place, b.points_place,
                                               s.free_spaces[next_free])
            next_free += 1
    return tiles


cdef inline double critic_term(const game_t* g, const board_t* b, int seat,
                               const board_terms_t* t) noexcept nogil:
    # The critic's income to come for its holder (scaled by 100, as the net reads it).
    if g.critic != seat:
        return 0.0
    return b.critic_income * (t.turns_each if t.turns_each < CRITIC_HOLD_TURNS
                              else CRITIC_HOLD_TURNS) / 100.0


cdef inline double opportunity_weight(int d) noexcept nogil:
    # The best placement open to a seat, discounted by how soon its phase comes.
    cdef double weight = OPPORTUNITY_NOW
    cdef int _
    for _ in range(d):
        weight *= OPPORTUNITY_DECAY
    return weight


cdef inline double seat_value(const game_t* g, int seat, const seat_terms_t* s) noexcept nogil:
    # The seat's expected final score: the terms summed, each space left once this
    # turn's draws are in (horizon - 1) worth FREE_SPACE_POINTS.
    cdef double value = g.points[seat] + TILE_WEIGHT * s.tiles
    value += 100.0 * s.critic
    value += 100.0 * s.opportunity
    value += FREE_SPACE_POINTS * (s.horizon - 1.0)
    return value


cdef inline void agency_features(const game_t* g, const board_t* b, int seat,
                                 const board_terms_t* t, const seat_terms_t* s,
                                 double* f) noexcept nogil:
    # The seat's agency as the net reads it: space by space whether it holds a tile
    # and that tile's room (from NF_SPACES on), and counts of what its tiles risk.
    cdef double dead = 0.0, penalty = 0.0, top = 0.0, risk = 0.0
    cdef int extend = 0, extend_spaces = 0, maestros = 0, contested = 0
    cdef int free_top = 0, free_bottom = 0, useful = 0, i, k
    for i in range(M_MAX_SLOTS):
        f[NF_SPACES + 2 * i] = 0.0
        f[NF_SPACES + 2 * i + 1] = 0.0
    for i in range(b.slots):
        k = g.agency[seat][i]
        if k == M_EMPTY:
            if i < b.top_slots:
                free_top += 1
            else:
                free_bottom += 1
            continue
        penalty += i + 1
        if s.room[k] <= 0.0:
            dead += i + 1
        if i < b.top_slots:
            top += 1.0
        if t.wanted[k]:
            extend += 1
            extend_spaces += i + 1
        if k == b.maestro:
            maestros += 1
        if 0.0 < s.room[k] < 1.0:
            contested += 1
        risk += (1.0 - s.room[k]) * (i + 1)
        f[NF_SPACES + 2 * i] = 1.0
        f[NF_SPACES + 2 * i + 1] = s.room[k]
    for k in range(b.maestro + 1):
        if s.room[k] > 0.0:
            useful += g.bag[k]
    f[7] = dead / 55.0
    f[8] = penalty / 55.0
    f[12] = top / 5.0
    f[17] = extend / 5.0
    f[18] = extend_spaces / 55.0
    f[19] = maestros / 3.0
    f[20] = contested / 5.0
    f[21] = risk / 55.0
    f[22] = useful / <double>t.bag_tiles if t.bag_tiles > 0 else 0.0
    f[23] = free_top / 5.0
    f[24] = free_bottom / 5.0


cdef inline void seat_features(const game_t* g, int seat, const seat_terms_t* s,
                               double value, double* f) noexcept nogil:
    # The seat's terms and pace as the net reads them (value.FEATURES 0..16).
    f[0] = g.points[seat] / 100.0
    f[1] = TILE_WEIGHT * s.tiles / 100.0
    f[2] = s.critic
    f[3] = s.opportunity
    f[4] = value / 100.0
    f[5] = s.num_free / 10.0
    f[6] = s.horizon / 10.0
    f[9] = s.maestro_chance
    f[10] = 1.0 if s.d == 0 else 0.0
    f[11] = s.own_turns / 10.0
    f[13] = 1.0 if g.critic == seat else 0.0
    f[14] = 1.0 if s.mid_draw else 0.0
    f[15] = g.draws_left / 3.0 if s.mid_draw else 0.0
    f[16] = g.num_drawn / 3.0 if s.mid_draw else 0.0


cdef inline void global_features(const game_t* g, const board_t* b, const board_terms_t* t,
                                 double temperature, double* f) noexcept nogil:
    # What both seats' nets read of the board and the bag (value.GLOBALS).
    f[0] = t.expected_draws / 68.0
    f[1] = t.applause_left / 14.0
    f[2] = g.bag_total / 68.0
    f[3] = temperature / 50.0
    f[4] = (b.num_rows - t.started) / 10.0
    f[5] = t.open_started / 46.0
    f[6] = t.maestro_share
    f[7] = t.complete / 10.0


cdef class BoardTables:
    """A tables.Board as C tables; built once per board and shared by its states."""

    def __init__(self, board):
        cdef int i
        layout = actions.layout_of(board)
        self.board = board
        memset(&self.b, 0, sizeof(board_t))
        self.b.num_rows = board.num_rows
        self.b.num_cells = board.num_cells
        self.b.num_instruments = len(board.instruments)
        self.b.maestro = board.maestro_kind
        self.b.applause = board.applause_kind
        for i, (start, length) in enumerate(zip(board.row_starts, board.row_lengths)):
            self.b.row_start[i] = start
            self.b.row_len[i] = length
        for i, (row, kind) in enumerate(zip(board.cell_rows, board.cell_kinds)):
            self.b.cell_row[i] = row
            self.b.cell_kind[i] = kind
        for i, count in enumerate(board.totals):
            self.b.total[i] = count
        self.b.slots = board.slots
        self.b.top_slots = board.top_slots
        self.b.max_draw = board.max_draw
        self.b.points_place = board.points_place
        self.b.points_one_turn = board.points_one_turn
        self.b.critic_income = board.critic_income
        self.b.slot_base = layout.slot_base
        self.b.place_base = layout.place_base
        self.b.chance_base = layout.chance_base
        self.b.num_actions = layout.num_actions


_TABLES = {}


def tables_for(board):
    """The (cached) C tables of a board."""
    cached = _TABLES.get(board.name)
    if cached is None or cached.board is not board:
        cached = _TABLES[board.name] = BoardTables(board)
    return cached


cdef class MaestroState(State):
    """A Maestro position. Build one with `new_initial` or `from_dict`."""

    game_name = "maestro"
    actions = actions
    codec = codec
    text = _render
    words = words

    @classmethod
    def new_initial(cls, num_players=2, variant=DEFAULT_VARIANT):
        if not is_int(num_players) or not 2 <= num_players <= tables.MAX_SEATS:
            raise GameConfigError(f"maestro is played by 2-4 players, got {num_players!r}")
        tables.variant_config(variant)
        return cls.from_position(
            codec.initial_fields(tables.load_board(), num_players, variant))

    @classmethod
    def from_position(cls, f):
        """A state holding the (already checked) codec.Fields `f`."""
        cdef MaestroState s = cls.__new__(cls)
        cdef int seat, i, r, k, start, length
        cdef game_t* g = &s.g
        board = tables.load_board()
        variant = tables.parse_variant(f.variant)
        s.tables = tables_for(board)
        s.b = &s.tables.b
        s.num_players = f.players
        s.num_actions = s.b.num_actions
        s.variant = f.variant
        memset(g, 0, sizeof(game_t))
        memset(g.agency, M_EMPTY, sizeof(g.agency))
        memset(g.cell, M_EMPTY, sizeof(g.cell))
        memset(g.drawn, M_EMPTY, sizeof(g.drawn))
        g.players = f.players
        for seat in range(f.players):
            for i in range(board.slots):
                g.agency[seat][i] = f.agencies[seat][i]
                g.empties[seat] += f.agencies[seat][i] == M_EMPTY
            g.points[seat] = f.points[seat]
            g.taken[seat] = f.taken[seat]
            g.taken_bottom[seat] = f.taken_bottom[seat]
        for r in range(s.b.num_rows):
            start, length = s.b.row_start[r], s.b.row_len[r]
            g.lo[r] = -1
            g.hi[r] = -1
            for i in range(length):
                g.cell[start + i] = f.cells[start + i]
                if f.cells[start + i] != M_EMPTY:
                    if g.lo[r] < 0:
                        g.lo[r] = i
                    g.hi[r] = i
        for k, count in enumerate(codec.bag_counts(board, f)):
            g.bag[k] = count
            g.bag_total += count
        g.applause = f.applause
        g.critic = f.critic
        g.to_move = f.to_move
        g.phase = f.phase
        g.end = f.end
        g.turn_row = f.turn_row
        g.fresh = f.fresh
        g.draws_left = f.draws_left
        g.num_drawn = len(f.drawn)
        for i, k in enumerate(f.drawn):
            g.drawn[i] = k
        g.full_bottom = variant.full_bottom
        g.batch = variant.draw_mode == tables.DRAW_BATCH
        return s

    def position(self):
        """The position as codec.Fields."""
        cdef game_t* g = &self.g
        cdef int seat, i
        n = g.players
        f = codec.Fields(variant=self.variant, players=n)
        f.to_move = g.to_move
        f.phase = g.phase
        f.agencies = [[g.agency[seat][i] for i in range(self.b.slots)] for seat in range(n)]
        f.cells = [g.cell[i] for i in range(self.b.num_cells)]
        f.applause = g.applause
        f.points = [g.points[seat] for seat in range(n)]
        f.critic = g.critic
        f.turn_row = g.turn_row
        f.fresh = bool(g.fresh)
        f.taken = [g.taken[seat] for seat in range(n)]
        f.taken_bottom = [g.taken_bottom[seat] for seat in range(n)]
        f.draws_left = g.draws_left
        f.drawn = [g.drawn[i] for i in range(g.num_drawn)]
        f.end = g.end
        return f

    # ---- whose turn, and what may be done ------------------------------------------

    cdef int c_current_player(self) noexcept nogil:
        if self.g.phase == OVER:
            return TERMINAL
        if self.g.phase == DRAW:
            return CHANCE
        return self.g.to_move

    cdef bint c_open_to_mover(self, int seat, int slot) noexcept nogil:
        # May the seat to move use the tile on `seat`'s space slot+1 (spec 5.2)?
        cdef const game_t* g = &self.g
        if seat == g.to_move or slot < self.b.top_slots:
            return True
        # A bottom-row tile: only from a full agency. It was full when the turn
        # began exactly when its free spaces are the tiles taken from it since.
        if g.full_bottom == BOTTOM_DYNAMIC:
            return g.empties[seat] == 0
        if g.empties[seat] != g.taken[seat]:
            return False
        return g.full_bottom == BOTTOM_UNLIMITED or g.taken_bottom[seat] == 0

    cdef int c_sources(self, int* seats, int* slots, int* kinds) noexcept nogil:
        # The tiles the seat to move may place now, ascending by (seat, space).
        cdef int n = 0, seat, slot, kind
        for seat in range(self.g.players):
            for slot in range(self.b.slots):
                kind = self.g.agency[seat][slot]
                if kind != M_EMPTY and self.c_open_to_mover(seat, slot):
                    seats[n] = seat
                    slots[n] = slot
                    kinds[n] = kind
                    n += 1
        return n

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef const game_t* g = &self.g
        cdef const board_t* b = self.b
        cdef int n = 0, i, k, r, cell, want, start, side, limit
        cdef int src_seat[M_MAX_SEATS * M_MAX_SLOTS]
        cdef int src_slot[M_MAX_SEATS * M_MAX_SLOTS]
        cdef int src_kind[M_MAX_SEATS * M_MAX_SLOTS]
        cdef int num_src
        cdef int ends[2]
        if g.phase == COUNT:
            limit = b.max_draw if b.max_draw < g.empties[g.to_move] else g.empties[g.to_move]
            for k in range(1, limit + 1):
                out[n] = k
                n += 1
            return n
        if g.phase == SLOT:
            for i in range(b.slots):
                if g.agency[g.to_move][i] == M_EMPTY:
                    out[n] = b.slot_base + i
                    n += 1
            return n
        if g.phase != PLACE:
            return 0
        out[n] = PASS
        n += 1
        num_src = self.c_sources(src_seat, src_slot, src_kind)
        for r in range(b.num_rows):
            # One row a turn (spec 5.2): once a tile is down, only that row.
            if g.turn_row >= 0 and r != g.turn_row:
                continue
            start = b.row_start[r]
            if g.lo[r] < 0:
                # An empty row begins with a maestro, on any of its spaces.
                for cell in range(start, start + b.row_len[r]):
                    for i in range(num_src):
                        if src_kind[i] == b.maestro:
                            out[n] = (b.place_base + (cell * M_MAX_SEATS + src_seat[i]) * b.slots
                                      + src_slot[i])
                            n += 1
                continue
            # A started row grows at either end, by the instrument printed there.
            ends[0] = g.lo[r] - 1
            ends[1] = g.hi[r] + 1 if g.hi[r] + 1 < b.row_len[r] else -1
            for side in range(2):
                if ends[side] < 0:
                    continue
                cell = start + ends[side]
                want = b.cell_kind[cell]
                for i in range(num_src):
                    if src_kind[i] == want:
                        out[n] = (b.place_base + (cell * M_MAX_SEATS + src_seat[i]) * b.slots
                                  + src_slot[i])
                        n += 1
        return n

    cdef int c_chance_outcomes(self, int* outcomes, double* probs) noexcept nogil:
        # Each tile in the bag is equally likely (spec 8).
        cdef int k, n = 0
        if self.g.phase != DRAW:
            return 0
        for k in range(self.b.applause + 1):
            if self.g.bag[k] > 0:
                outcomes[n] = self.b.chance_base + k
                probs[n] = self.g.bag[k] / <double>self.g.bag_total
                n += 1
        return n

    # ---- applying actions -----------------------------------------------------------

    cdef void c_apply(self, int action) noexcept nogil:
        cdef game_t* g = &self.g
        cdef const board_t* b = self.b
        cdef int rest, kind, i
        if g.phase == DRAW:
            kind = action - b.chance_base
            g.bag[kind] -= 1
            g.bag_total -= 1
            g.draws_left -= 1
            if kind == b.applause:
                # An applause uses up the draw (spec 4 D); the last one ends the game.
                g.applause += 1
                if g.applause == b.total[b.applause]:
                    g.phase = OVER
                    g.end = END_APPLAUSE
                    g.draws_left = 0
                    return
                self.c_after_draw()
                return
            g.drawn[g.num_drawn] = kind
            g.num_drawn += 1
            # Sequential draws place each tile before the next draw (spec 5.1).
            g.phase = DRAW if (g.batch and g.draws_left > 0) else SLOT
            return
        if action == PASS:
            g.turn_row = -1
            g.fresh = 0
            memset(g.taken, 0, sizeof(g.taken))
            memset(g.taken_bottom, 0, sizeof(g.taken_bottom))
            if g.empties[g.to_move] == 0:
                # Must draw, cannot: the game ends (spec 7.2).
                g.phase = OVER
                g.end = END_FULL
            else:
                g.phase = COUNT
            return
        if action < b.slot_base:
            g.draws_left = action
            g.phase = DRAW
            return
        if action < b.place_base:
            g.agency[g.to_move][action - b.slot_base] = g.drawn[0]
            g.empties[g.to_move] -= 1
            for i in range(g.num_drawn - 1):
                g.drawn[i] = g.drawn[i + 1]
            g.num_drawn -= 1
            g.drawn[g.num_drawn] = M_EMPTY
            self.c_after_draw()
            return
        rest = action - b.place_base
        self.c_place(rest // b.slots // M_MAX_SEATS, (rest // b.slots) % M_MAX_SEATS,
                     rest % b.slots)

    cdef void c_after_draw(self) noexcept nogil:
        # What follows a draw that needs no agency space, or a tile put on one.
        cdef game_t* g = &self.g
        if g.num_drawn > 0 and (g.draws_left == 0 or not g.batch):
            g.phase = SLOT
        elif g.draws_left > 0:
            g.phase = DRAW
        else:
            self.c_end_turn()

    cdef void c_end_turn(self) noexcept nogil:
        # Play passes to the left; the critic pays its holder at the start of the
        # holder's turn (spec 4 A).
        cdef game_t* g = &self.g
        g.to_move = (g.to_move + 1) % g.players
        g.phase = PLACE
        g.draws_left = 0
        if g.critic == g.to_move:
            g.points[g.to_move] += self.b.critic_income

    cdef void c_place(self, int cell, int seat, int slot) noexcept nogil:
        cdef game_t* g = &self.g
        cdef const board_t* b = self.b
        cdef int mover = g.to_move
        cdef int r = b.cell_row[cell]
        cdef int pos = cell - b.row_start[r]
        cdef int length = b.row_len[r]
        g.cell[cell] = g.agency[seat][slot]
        g.agency[seat][slot] = M_EMPTY
        g.empties[seat] += 1
        if seat != mover:
            g.taken[seat] += 1
            if slot >= b.top_slots:
                g.taken_bottom[seat] += 1
        if g.lo[r] < 0:
            g.lo[r] = pos
            g.hi[r] = pos
            g.fresh = 1          # the row was empty when this turn began
        elif pos < g.lo[r]:
            g.lo[r] = pos
        else:
            g.hi[r] = pos
        g.turn_row = r
        g.points[mover] += b.points_place
        if g.hi[r] - g.lo[r] + 1 == length:
            # A finished row takes the critic; begun and finished in one turn, every
            # tile in it scores double (spec 5.3).
            g.critic = mover
            if g.fresh:
                g.points[mover] += (b.points_one_turn - b.points_place) * length

    # ---- results ----------------------------------------------------------------------

    cdef void c_final_scores(self, int* out) noexcept nogil:
        # Points minus the space numbers of the tiles left in each agency (spec 6).
        cdef int seat, i
        for seat in range(self.g.players):
            out[seat] = self.g.points[seat]
            for i in range(self.b.slots):
                if self.g.agency[seat][i] != M_EMPTY:
                    out[seat] -= i + 1

    cdef void c_returns(self, double* out) noexcept nogil:
        # Shares of the win: the highest final score wins, ties share (spec 7).
        cdef int scores[M_MAX_SEATS]
        cdef int seat, best, winners = 0
        self.c_final_scores(scores)
        best = scores[0]
        for seat in range(self.g.players):
            if scores[seat] > best:
                best = scores[seat]
        for seat in range(self.g.players):
            winners += scores[seat] == best
        for seat in range(self.g.players):
            out[seat] = 1.0 / winners if scores[seat] == best else 0.0

    # ---- the heuristic ----------------------------------------------------------------

    cdef int c_row_gain(self, int row, const int* avail, bint mid_turn) noexcept nogil:
        # Points `avail` (tiles by kind) could score in `row` in one placement, the
        # critic counted at one income: the best maestro space for an empty row, the
        # longest growth (left end first) for a started one.
        cdef const game_t* g = &self.g
        cdef const board_t* b = self.b
        cdef int start = b.row_start[row], length = b.row_len[row]
        cdef int left[M_MAX_KINDS]
        cdef int m, i, count, gain, best = 0, grown
        if g.lo[row] < 0:
            if avail[b.maestro] == 0:
                return 0
            for m in range(length):
                memcpy(left, avail, sizeof(left))
                count = 1
                i = m - 1
                while i >= 0 and left[b.cell_kind[start + i]] > 0:
                    left[b.cell_kind[start + i]] -= 1
                    count += 1
                    i -= 1
                i = m + 1
                while i < length and left[b.cell_kind[start + i]] > 0:
                    left[b.cell_kind[start + i]] -= 1
                    count += 1
                    i += 1
                if count == length:
                    gain = b.points_one_turn * length + b.critic_income
                else:
                    gain = b.points_place * count
                if gain > best:
                    best = gain
            return best
        if g.hi[row] - g.lo[row] + 1 == length:
            return 0
        memcpy(left, avail, sizeof(left))
        grown = 0
        i = g.lo[row] - 1
        while i >= 0 and left[b.cell_kind[start + i]] > 0:
            left[b.cell_kind[start + i]] -= 1
            grown += 1
            i -= 1
        i = g.hi[row] + 1
        while i < length and left[b.cell_kind[start + i]] > 0:
            left[b.cell_kind[start + i]] -= 1
            grown += 1
            i += 1
        gain = b.points_place * grown
        if grown == length - (g.hi[row] - g.lo[row] + 1):
            gain += b.critic_income
            if mid_turn and g.fresh:
                gain += (b.points_one_turn - b.points_place) * length
        return gain

    cdef int c_best_gain(self, int seat) noexcept nogil:
        # The most `seat` could score with one placement from its own agency and the
        # others' top rows (full agencies' bottom rows are left out: rare, and
        # limited to one tile). The seat to move, once its turn's row is chosen,
        # can only add to that row.
        cdef const game_t* g = &self.g
        cdef const board_t* b = self.b
        cdef int avail[M_MAX_KINDS]
        cdef int q, i, r, gain, best = 0
        memset(avail, 0, sizeof(avail))
        for q in range(g.players):
            for i in range(b.slots):
                if g.agency[q][i] != M_EMPTY and (q == seat or i < b.top_slots):
                    avail[g.agency[q][i]] += 1
        if seat == g.to_move and g.phase == PLACE and g.turn_row >= 0:
            return self.c_row_gain(g.turn_row, avail, True)
        for r in range(b.num_rows):
            gain = self.c_row_gain(r, avail, False)
            if gain > best:
                best = gain
        return best

    cdef bint c_reaches_maestro(self, int seat) noexcept nogil:
        # Does `seat` have a maestro to start a row with: in its own agency, drawn
        # this turn (the mover's), or on an opponent's top row (spec 5.2 sources)?
        cdef const game_t* g = &self.g
        cdef int q, i
        for q in range(g.players):
            for i in range(self.b.slots):
                if g.agency[q][i] == self.b.maestro and (q == seat or i < self.b.top_slots):
                    return True
        if seat == g.to_move:
            for i in range(g.num_drawn):
                if g.drawn[i] == self.b.maestro:
                    return True
        return False

    cdef void c_heuristic(self, double* out) noexcept nogil:
        # Two seats: the learned value over the terms below (value.py); more seats,
        # or with the learned value set aside: the terms' softmax.
        cdef double value[M_MAX_SEATS]
        cdef double feat[2 * NF + NG]
        cdef double temperature
        cdef int seat, n = self.g.players
        if self.g.phase == OVER:
            self.c_returns(out)
            return
        if n == 2 and VALUE_IN_USE:
            temperature = self.c_value_terms(value, feat)
            out[0] = value_seat0_share(feat, temperature, value)
            out[1] = 1.0 - out[0]
            return
        temperature = self.c_value_terms(value, NULL)
        for seat in range(n):
            out[seat] = value[seat]
        softmax_shares(out, n, temperature)

    cdef double c_value_terms(self, double* value, double* feat) noexcept nogil:
        # Each seat's expected final score into `value`, the learned value's
        # features into `feat` unless it is NULL (value.FEATURES a seat, then
        # value.GLOBALS; two seats, the only ones the net is for), and the
        # softmax's temperature returned. The score: points so far; every agency
        # tile as the points it may still score against the penalty it risks, by the
        # seat's expected turns left and the room the board still has for its kind
        # (a tile nothing on the board can take is a sure penalty); the critic's
        # income to come; and the best placement open to the seat (rows it can
        # finish, tiles in others' top rows), discounted by how soon its placement
        # phase comes; the agency tiles' terms weighed by TILE_WEIGHT, and each space
        # still free once this turn's draws are in worth FREE_SPACE_POINTS (neutral,
        # 1 and 0: weights.py). The room is the seat's own: an empty row is begun
        # only by a maestro (spec 5.2). A seat must draw each turn (spec 4 C), and at
        # its turn with a full agency the game ends unless it places (spec 7.2),
        # every tile left costing its space (a full agency 55, spec 2.1). Maestro is
        # perfect information (spec 8): this whole state is what every seat sees.
        cdef const game_t* g = &self.g
        cdef const board_t* b = self.b
        cdef board_terms_t t
        cdef seat_terms_t s
        cdef double temperature
        cdef int seat
        board_room(g, b, &t)
        if feat != NULL:
            board_rows(g, b, &t)
        bag_pace(g, b, &t)
        for seat in range(g.players):
            seat_horizon(g, b, seat, &t, &s)
            seat_room(g, b, self.c_reaches_maestro(seat), &t, &s)
            seat_turns(g, seat, &t, &s)
            s.tiles = seat_tiles(g, b, seat, &t, &s)
            s.critic = critic_term(g, b, seat, &t)
            s.opportunity = opportunity_weight(s.d) * self.c_best_gain(seat) / 100.0
            value[seat] = seat_value(g, seat, &s)
            if feat != NULL:
                agency_features(g, b, seat, &t, &s, feat + seat * NF)
                seat_features(g, seat, &s, value[seat], feat + seat * NF)
        temperature = TEMPERATURE_BASE + TEMPERATURE_PER_ROOT_DRAW * sqrt(t.expected_draws)
        if feat != NULL:
            global_features(g, b, &t, temperature, feat + 2 * NF)  # two seats only
        return temperature

    # ---- hashing and copying ------------------------------------------------------------

    cdef uint64_t c_hash(self) noexcept nogil:
        # Every fact of the position as its own feature code (a tag in the top byte),
        # each scrambled by mix64 and XORed together: distinct positions differ in
        # at least one feature.
        cdef const game_t* g = &self.g
        cdef uint64_t h = 0
        cdef int seat, i
        for seat in range(g.players):
            for i in range(self.b.slots):
                if g.agency[seat][i] != M_EMPTY:
                    h ^= mix64((<uint64_t>1 << 56)
                               | <uint64_t>((seat * 16 + i) * 32 + g.agency[seat][i]))
            h ^= mix64((<uint64_t>2 << 56) | (<uint64_t>seat << 32) | <uint64_t>g.points[seat])
            if g.taken[seat]:
                h ^= mix64((<uint64_t>3 << 56)
                           | <uint64_t>(seat * 65536 + g.taken[seat] * 256 + g.taken_bottom[seat]))
        for i in range(self.b.num_cells):
            if g.cell[i] != M_EMPTY:
                h ^= mix64((<uint64_t>4 << 56) | <uint64_t>(i * 32 + g.cell[i]))
        for i in range(g.num_drawn):
            h ^= mix64((<uint64_t>5 << 56) | <uint64_t>(i * 32 + g.drawn[i]))
        h ^= mix64((<uint64_t>6 << 56)
                   | (<uint64_t>g.applause)
                   | (<uint64_t>(g.critic + 1) << 8)
                   | (<uint64_t>g.to_move << 16)
                   | (<uint64_t>g.phase << 20)
                   | (<uint64_t>g.end << 24)
                   | (<uint64_t>(g.turn_row + 1) << 28)
                   | (<uint64_t>g.fresh << 36)
                   | (<uint64_t>g.draws_left << 40)
                   | (<uint64_t>g.num_drawn << 44)
                   | (<uint64_t>g.full_bottom << 48)
                   | (<uint64_t>g.batch << 50)
                   | (<uint64_t>g.players << 52))
        return h

    cdef State c_clone(self):
        cdef MaestroState copy = MaestroState.__new__(MaestroState)
        copy.num_players = self.num_players
        copy.num_actions = self.num_actions
        copy.variant = self.variant
        copy.tables = self.tables
        self.c_copy_into(copy)
        return copy

    cdef bint c_copy_into(self, State other) noexcept nogil:
        (<MaestroState>other).b = self.b
        (<MaestroState>other).g = self.g
        return True

    cdef State c_determinize(self, int seat, rng_t* rng):
        # Perfect information: the bag's contents are known, its order never is
        # (draws are chance nodes), so a seat's view is the state itself.
        return self.c_clone()

    # ---- Python-level, game-specific ---------------------------------------------------

    def value_features(self):
        """The learned value's inputs at two seats, [seat 0's, seat 1's] (value.py),
        whichever value is in use."""
        cdef double values[M_MAX_SEATS]
        cdef double feat[2 * NF + NG]
        cdef double temperature
        if self.g.players != 2:
            raise GameConfigError("Maestro's learned value is for two seats")
        temperature = self.c_value_terms(values, feat)
        lead = (values[0] - values[1]) / temperature
        seats = [[feat[seat * NF + i] for i in range(NF)] for seat in range(2)]
        shared = [feat[2 * NF + i] for i in range(NG)]
        return [learned_value.net_input(seats[0], seats[1], shared, lead),
                learned_value.net_input(seats[1], seats[0], shared, -lead)]

    @property
    def board(self):
        """The tables.Board this state is played on."""
        return self.tables.board

    def scores(self):
        """Points so far; once the game is over, minus each agency's penalty (spec 6),
        i.e. the game's final points, which a series of games adds up (spec 7)."""
        cdef int out[M_MAX_SEATS]
        cdef int seat
        if self.g.phase == OVER:
            self.c_final_scores(out)
            return [out[seat] for seat in range(self.g.players)]
        return [self.g.points[seat] for seat in range(self.g.players)]

    def is_setup(self):
        # The setup deals nothing at random: each seat starts with a maestro on
        # space 10 and every draw happens during play.
        return False

    def render(self):
        # At the end, the final points (penalties off) beside each seat.
        return _render.render(self.position(), self.scores())
