# Greedy playouts: each decision of a playout looks one move ahead and takes the legal
# action after which the game's heuristic rates the mover best (epsilon-greedy, ties at
# random), where a random playout would pick any. Playouts then look like games people
# play, which tells a small search more per iteration; each step costs one copy, one
# move and one heuristic per legal action. The copies are made into one scratch state
# (State.c_copy_into), so the playout runs without the GIL.
from engine.rng cimport rng_t
from engine.state cimport State


# The policy a search with this `playout` option plays out by: a new Greedy for
# "greedy", None for any other; ValueError for a game whose states cannot be copied
# without the GIL.
cdef Greedy new_greedy(str playout, State root, double epsilon)


cdef class Greedy:
    cdef readonly double epsilon        # the share of decisions chosen uniformly
    cdef State scratch                  # where each legal action is tried

    # The action `state`'s mover takes (`state` is at a decision; `actions` holds its
    # n legal actions): uniform with probability epsilon, else the one whose position
    # the heuristic (the returns at a terminal) rates best for the mover.
    cdef int c_choose(self, State state, rng_t* rng, const int* actions, int n) noexcept nogil
    # Plays on from `state` in place until the end or max_steps actions (chance by its
    # probabilities); returns the number of actions applied. `actions` and `probs` are
    # scratch of num_actions entries.
    cdef long c_playout(self, State state, rng_t* rng, int* actions, double* probs,
                        long max_steps) noexcept nogil
