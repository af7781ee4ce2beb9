# Compiled random playouts and chance sampling, the building blocks of searchers.
from engine.rng cimport rng_t
from engine.state cimport State, TERMINAL

# The one way a search draws a chance outcome: the index that `u` (uniform in
# [0, 1)) picks from `n` probabilities, the first whose running sum exceeds it (the
# last if rounding leaves `u` beyond their total).
cdef inline int c_sample_index(const double* probs, int n, double u) noexcept nogil:
    cdef int i
    for i in range(n - 1):
        u -= probs[i]
        if u < 0.0:
            return i
    return n - 1


# "No step limit" for c_random_playout: the max_steps of a rollout_depth (-1 means
# to the end of the game).
cdef inline long playout_steps(long rollout_depth) noexcept nogil:
    return (1L << 62) if rollout_depth < 0 else rollout_depth


# Samples an outcome at a chance node by its probability (c_sample_index). `actions`
# and `probs` are scratch buffers of state.num_actions entries.
cdef int c_sample_chance(State state, rng_t* rng, int* actions, double* probs) noexcept nogil

# Plays uniformly random actions (chance by its probabilities) until the end or
# max_steps actions; returns the number of actions applied.
cdef long c_random_playout(State state, rng_t* rng, int* actions, double* probs,
                           long max_steps) noexcept nogil


# What the position a search stopped at is worth to each seat: the returns at a
# terminal, the game's heuristic before it.
cdef inline void c_position_value(State state, double* out) noexcept nogil:
    if state.c_current_player() == TERMINAL:
        state.c_returns(out)
    else:
        state.c_heuristic(out)
