# Maestro's compiled state: the board tables (loaded once from the data file) and the
# position as one plain C struct, so a clone is a struct copy and the rules run nogil.
from engine.games.maestro.codes cimport (
    M_EMPTY, M_MAX_CELLS, M_MAX_DRAW, M_MAX_KINDS, M_MAX_ROWS, M_MAX_SEATS, M_MAX_SLOTS,
)
from engine.state cimport State


# The board and its tiles (see rules.Board), as C tables.
ctypedef struct board_t:
    int num_rows
    int num_cells
    int num_instruments
    int maestro              # tile kind of the maestro (= num_instruments)
    int applause             # tile kind of the applause (= num_instruments + 1)
    int row_start[M_MAX_ROWS]
    int row_len[M_MAX_ROWS]
    int cell_row[M_MAX_CELLS]
    int cell_kind[M_MAX_CELLS]
    int total[M_MAX_KINDS]   # tiles of each kind in the game
    int slots                # agency spaces (10); space s+1 costs s+1 at the end
    int top_slots            # spaces 1..top_slots are open to opponents (5)
    int max_draw             # 3
    int points_place         # 5 a musician
    int points_one_turn      # 10 a musician in a row begun and finished in one turn
    int critic_income        # 10 at the start of the holder's turn
    int slot_base            # action ids, see rules.Layout
    int place_base
    int chance_base
    int num_actions


# One position. Tile kinds are signed chars, M_EMPTY for none.
ctypedef struct game_t:
    signed char agency[M_MAX_SEATS][M_MAX_SLOTS]
    signed char cell[M_MAX_CELLS]
    signed char lo[M_MAX_ROWS]       # the row's occupied interval, -1 while empty
    signed char hi[M_MAX_ROWS]
    signed char empties[M_MAX_SEATS]  # free agency spaces (derived, kept for speed)
    short bag[M_MAX_KINDS]           # tiles of each kind in the bag (derived)
    short bag_total
    signed char applause             # applause tiles on the track
    int points[M_MAX_SEATS]
    signed char players
    signed char critic               # holder, or -1
    signed char to_move
    signed char phase                # codec.PLACE .. codec.OVER
    signed char end                  # codec.END_NONE / END_APPLAUSE / END_FULL
    signed char turn_row             # the row placed into this turn, or -1
    signed char fresh                # ... and it was empty when the turn began
    signed char taken[M_MAX_SEATS]   # tiles taken from each seat this turn
    signed char taken_bottom[M_MAX_SEATS]
    signed char draws_left           # declared draws not yet made
    signed char num_drawn            # drawn tiles waiting for an agency space
    signed char drawn[M_MAX_DRAW]
    signed char full_bottom          # rules.BOTTOM_* of the variant
    signed char batch                # rules.DRAW_BATCH variant


cdef class BoardTables:
    cdef board_t b
    cdef readonly object board       # the rules.Board it was built from


cdef class MaestroState(State):
    cdef game_t g
    cdef const board_t* b            # points into `tables`
    cdef BoardTables tables

    cdef int c_sources(self, int* seats, int* slots, int* kinds) noexcept nogil
    cdef bint c_open_to_mover(self, int seat, int slot) noexcept nogil
    cdef void c_end_turn(self) noexcept nogil
    cdef void c_after_draw(self) noexcept nogil
    cdef void c_place(self, int cell, int seat, int slot) noexcept nogil
    cdef void c_final_scores(self, int* out) noexcept nogil
    cdef int c_row_gain(self, int row, const int* avail, bint mid_turn) noexcept nogil
    cdef int c_best_gain(self, int seat) noexcept nogil
    cdef bint c_reaches_maestro(self, int seat) noexcept nogil
    cdef double c_value_terms(self, double* value, double* feat) noexcept nogil
