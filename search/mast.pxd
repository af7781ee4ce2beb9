# Move-average sampling (MAST: Finnsson and Bjornsson 2008, epsilon-greedy as in Tak,
# Winands and Bjornsson 2012): playouts that prefer the actions whose returns have been
# best so far in this search, whatever the position they were played in. The table is
# per seat and action id; every action a seat took in an iteration, in the tree or in
# the playout, adds that seat's return to its entry when the iteration ends.
from engine.playout cimport PlayoutPolicy
from engine.rng cimport rng_t
from engine.state cimport State


# The table a search with this `playout` option keeps: a new Mast for "mast", None
# for the other PLAYOUTS; ValueError for a name not among them.
cdef Mast new_mast(str playout, State root, double epsilon)


# A playout policy (engine/playout.pxd): a decision is uniform with probability
# epsilon, else the legal action of best mean for the mover (one never taken first;
# ties at random). Every decision of a playout is noted.
cdef class Mast(PlayoutPolicy):
    cdef readonly int num_players
    cdef readonly int num_actions
    cdef double* sums                   # [seat * num_actions + action]: summed returns
    cdef int* counts                    # [seat * num_actions + action]: times taken
    cdef int* trail                     # the iteration's (seat, action) entries so far
    cdef long trail_len
    cdef long trail_capacity
    cdef readonly bint failed           # the trail could not grow (memory)

    # The iteration took `action` as `seat` (a decision, not chance).
    cdef void c_note(self, int seat, int action) noexcept nogil
    cdef int c_step(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil
    cdef int c_best(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil
    # The iteration's return vector into the entry of every noted (seat, action);
    # the trail starts afresh.
    cdef void c_update(self, const double* rets) noexcept nogil
