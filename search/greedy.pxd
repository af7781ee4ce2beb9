# Greedy playouts: each decision of a playout looks one move ahead and takes the legal
# action after which the game's heuristic rates the mover best (epsilon-greedy, ties at
# random), where a random playout would pick any. Playouts then look like games people
# play, which tells a small search more per iteration; each step costs one copy, one
# move and one heuristic per legal action. The copies are made into one scratch state
# (State.c_copy_into), so the playout runs without the GIL.
from engine.playout cimport PlayoutPolicy
from engine.rng cimport rng_t
from engine.state cimport State


# The policy a search with this `playout` option plays out by: a new Greedy for
# "greedy", None for any other; ValueError for a game whose states cannot be copied
# without the GIL.
cdef Greedy new_greedy(str playout, State root, double epsilon)


# A playout policy (engine/playout.pxd): a decision is uniform with probability
# epsilon, else the action whose position the heuristic (the returns at a terminal)
# rates best for the mover.
cdef class Greedy(PlayoutPolicy):
    cdef State scratch                  # where each legal action is tried

    cdef int c_best(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil
