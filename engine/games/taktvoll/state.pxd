# Takt Voll's compiled state: declared here so other compiled modules can cimport it.
from libc.stdint cimport uint64_t

from engine.state cimport MAX_PLAYERS, State

cdef enum:
    MAX_KINDS = 80      # room for the card catalogue (tables.py checks it fits)
    ROW_SLOTS = 4       # rows on the table (one a clef)
    ROW_CAP = 96        # cards a row can hold (clef, signature, notes, rests, bar lines)
    MAX_DECK = 128      # cards in the whole deck


# Everything a position is, as plain C data: a clone is one struct copy.
ctypedef struct table_t:
    unsigned char hand[MAX_PLAYERS][MAX_KINDS]   # counts per kind
    int hand_size[MAX_PLAYERS]
    unsigned char deck[MAX_KINDS]                # counts per kind (order is chance's)
    int deck_size
    unsigned char row_cards[ROW_SLOTS][ROW_CAP]  # codes kind * 2 + turned
    int row_len[ROW_SLOTS]
    int num_rows
    int capacity[ROW_SLOTS]      # the row's bar length in sixteenths, 0 before a signature
    int fill[ROW_SLOTS]          # sixteenths in the open bar
    int count[ROW_SLOTS]         # note and rest cards in the open bar
    int last_pitch[ROW_SLOTS]    # sounding staff position of the last pitched note
    int points[MAX_PLAYERS]
    int bar_lines_played[MAX_PLAYERS]
    int phase
    int turn                     # -1 during the setup
    int drawn                    # the kind just drawn (after-draw phase), else -1
    int bonus_row                # the row just filled (bonus phase), else -1
    int passes
    int dealt                    # cards dealt so far in the setup
    # Incrementally updated hashes: hands and deck (Zobrist over counts), rows
    # (a rolling hash of the cards in order).
    uint64_t hand_key[MAX_PLAYERS]
    uint64_t deck_key
    uint64_t row_key[ROW_SLOTS]


# The rule switches of a variant, as ints the move generator reads.
ctypedef struct switches_t:
    int bar_lines_each
    int deal_total               # cards dealt in the setup
    int stepwise
    int max_step
    int interval_bonus
    unsigned int bonus_mask      # bit d set: an interval of d staff steps earns a point
    int bar_score                # 0 cards, 1 beats, 2 sixteenths
    int turning                  # rotatable cards may be turned round
    int random_first


cdef class TaktVollState(State):
    cdef table_t t
    cdef switches_t sw
    cdef object rules            # the variant's Rules (Python), for the JSON forms

    # Cards moving between hands, deck and table, keeping the hash keys up to date.
    cdef void c_give(self, int seat, int kind) noexcept nogil
    cdef void c_take(self, int seat, int kind) noexcept nogil
    cdef void c_off_deck(self, int kind) noexcept nogil
    cdef void c_append(self, int row, int code) noexcept nogil
    # The rules.
    cdef int c_bar_points(self, int count, int capacity) noexcept nogil
    cdef bint c_can_play(self, int kind, int row, int turned) noexcept nogil
    cdef int c_plays_of(self, int kind, int* out, int n) noexcept nogil
    cdef void c_play(self, int kind, int row, int turned) noexcept nogil
    cdef void c_end_turn(self) noexcept nogil
    cdef int c_final_score(self, int seat) noexcept nogil
    # Hashes: the part every seat sees, and a full recomputation after a load.
    cdef uint64_t c_public_key(self) noexcept nogil
    cdef void c_rehash(self) noexcept nogil
