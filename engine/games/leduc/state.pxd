# Leduc poker's compiled state: declared here so other compiled modules can cimport it.
from libc.stdint cimport uint64_t

from engine.state cimport State


cdef class LeducState(State):
    cdef signed char private_[2]     # card ids, NO_CARD until dealt; seat 0 first
    cdef signed char public_card
    cdef signed char contrib[2]      # chips each seat has put in, ante included
    cdef signed char round_          # 0 or 1
    cdef signed char to_move         # a seat, or CHANCE before each deal
    cdef signed char raises          # raises so far this round
    cdef signed char calls           # calls since the round's start or last raise
    cdef signed char folded          # the seat that folded, or -1
    cdef signed char over            # the hand has ended
    cdef signed char hist[2][4]      # bets of each round (ROUND_SLOTS entries)
    cdef signed char hist_len[2]

    # The rules' own helpers, beyond the State primitives.
    cdef int c_loser(self) noexcept nogil
    cdef void c_scores(self, int* out) noexcept nogil
    cdef uint64_t c_pack_history(self) noexcept nogil
    cdef int c_shown_card(self, int seat) noexcept nogil
    cdef int c_dealt(self) noexcept nogil
