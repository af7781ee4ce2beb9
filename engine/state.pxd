# The C-level State contract that every game implements (see ../design.md).
#
# A game subclasses State and overrides the cdef primitives below; the Python API
# (legal_actions, apply, clone, ...) is written once in state.pyx on top of them.
# The primitives are nogil so playouts and tree searches run without the GIL.
from libc.stdint cimport uint64_t

from engine.rng cimport rng_t

cdef enum:
    CHANCE = -1
    TERMINAL = -2
    MAX_PLAYERS = 8


cdef class State:
    # Fixed by the game and the player count; set by the subclass's constructor.
    cdef readonly int num_players
    # Size of the game's action space: every action id, player or chance, is below it,
    # so a buffer of this many ints holds any legal_actions or chance_outcomes list.
    cdef readonly int num_actions
    # The named rules variant this state follows (a game's default variant when unnamed).
    cdef readonly str variant

    # The seat to move, CHANCE or TERMINAL.
    cdef int c_current_player(self) noexcept nogil
    # Writes the legal actions, ascending, into out; returns how many.
    cdef int c_legal_actions(self, int* out) noexcept nogil
    # At a chance node: writes outcomes (ascending) and probabilities; returns how many.
    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil
    # Applies an action known to be legal. No check: callers use apply() otherwise.
    cdef void c_apply(self, int action) noexcept nogil
    # Per-seat utility in [0, 1] at a terminal (shares of the win, summing to 1).
    cdef void c_returns(self, double* out) noexcept nogil
    # Per-seat evaluation in [0, 1] of a non-terminal state, for depth-limited search.
    cdef void c_heuristic(self, double* out) noexcept nogil
    # 64-bit hash of the whole state, for transposition tables.
    cdef uint64_t c_hash(self) noexcept nogil
    # 64-bit hash of what `seat` knows (equal for states it cannot tell apart).
    cdef uint64_t c_infoset_key(self, int seat) noexcept nogil
    # A deep, independent copy.
    cdef State c_clone(self)
    # Makes `other`, a clone of this state or of another state of the same game,
    # variant and player count, a copy of this one, without the GIL (a playout that
    # looks one move ahead tries each move on such a scratch copy). Returns False,
    # copying nothing, in a game that does not implement it (the default).
    cdef bint c_copy_into(self, State other) noexcept nogil
    # A state `seat` cannot tell from this one, whose hidden parts are resampled
    # uniformly from what the seat has not seen: from_observation(observation(seat))
    # without the round trip through Python. Searchers call it on a state that is
    # already a determinization, so it never exposes the true hidden state.
    cdef State c_determinize(self, int seat, rng_t* rng)
