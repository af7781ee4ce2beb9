# The compiled core of the expectimax searcher: one depth-limited search over the
# State contract, with a transposition table, alpha-beta at decision nodes and
# Star1/Star2 pruning at chance nodes (declared here, defined in expectimax.pyx).
from libc.stdint cimport uint64_t

from engine.state cimport State


# One transposition-table slot. `depth` is the remaining depth the value was searched
# to, or COMPLETE_DEPTH when no horizon leaf was below it (valid at any depth).
cdef struct TTEntry:
    uint64_t key
    double value        # scalar mode: the root seat's value (or a bound of it)
    int depth
    int best            # best action found, -1 if none
    signed char flag    # 0 empty, else EXACT, LOWER or UPPER


# A chance node's scratch at one ply: its outcomes, their probabilities, each child's
# bounds and flags, and the first move Star2 probed below it with that move's value.
cdef struct PlyScratch:
    int* acts
    double* probs
    double* lo
    double* hi
    double* pval
    int* pact
    int* flags


cdef class ExpectimaxCore:
    cdef readonly int me               # the root seat: values are its share of the win
    cdef readonly int num_players
    cdef int num_actions
    cdef readonly bint pruning
    cdef readonly bint vector_mode     # max^n over return vectors (3+ seats, not paranoid)
    cdef readonly int samples          # sample chance nodes with more outcomes than this
    cdef uint64_t salt                 # seeds chance sampling, per search
    cdef readonly long long nodes      # states generated (clone + apply) so far
    cdef long long node_limit          # 0: none
    cdef double deadline               # on the searches' clock (clock.pxd); 0: none
    cdef object stop_check             # a callable: True once told to stop; or None
    cdef bint may_abort                # the first iteration always finishes
    cdef readonly bint aborted
    cdef bint last_complete            # the last returned value had no horizon below it
    cdef int _best_action              # the best move of the last decision node searched

    cdef TTEntry* tt
    cdef double* tt_vec                # num_players values per slot, max^n mode only
    cdef uint64_t tt_mask              # slots - 1; no table when tt is NULL

    # Per-ply scratch buffers, `num_actions` entries a ply.
    cdef int plies
    cdef int* acts
    cdef int* probe_act
    cdef int* flags
    cdef double* probs
    cdef double* lo
    cdef double* hi
    cdef double* probe_val
    cdef double* vec                   # MAX_PLAYERS values a ply (max^n)

    cdef void _free_buffers(self)
    cdef int _ensure_plies(self, int plies) except -1
    cdef State _child(self, State s, int action)
    cdef bint _out_of_budget(self)
    cdef TTEntry* _probe(self, uint64_t key)
    cdef void _store(self, uint64_t key, int depth, bint complete, double value,
                     double alpha, double beta, int best)
    cdef int _outcomes(self, State s, uint64_t key, int r, int* acts, double* probs)
    cdef int _first_move(self, State s, int* buf) except -2
    cdef double ab(self, State s, int r, int ply, double alpha, double beta,
                   int hint_action, double hint_value, bint hint_complete) except? -1.0
    cdef double _after(self, State s, int action, int r, int ply, double alpha,
                       double beta) except? -1.0
    cdef double _decision(self, State s, int player, uint64_t key, int tt_move, int r,
                          int ply, double alpha, double beta, int hint_action,
                          double hint_value, bint hint_complete) except? -1.0
    cdef PlyScratch _scratch(self, int ply) noexcept nogil
    cdef double _chance(self, State s, uint64_t key, int r, int ply,
                        double alpha, double beta) except? -1.0
    cdef double _expectation(self, list children, int m, int r, int ply, double alpha,
                             double beta, bint complete) except? -1.0
    cdef double _star1(self, list children, int m, int r, int ply, double alpha, double beta,
                       double sum_lo, double sum_hi, bint complete) except? -1.0
    cdef double _bound_result(self, double value, int* flags, int start, int m, int which,
                              bint complete)
    cdef int _maxn_child(self, State s, int action, int r, int ply, double* sub) except -1
    cdef int maxn(self, State s, int r, int ply, double* out) except -1
