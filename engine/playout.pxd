# Compiled playouts and chance sampling, the building blocks of searchers.
from engine.rng cimport Rng, rng_t
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


# "No step limit" for c_playout: the max_steps of a rollout_depth (-1 means
# to the end of the game).
cdef inline long playout_steps(long rollout_depth) noexcept nogil:
    return (1L << 62) if rollout_depth < 0 else rollout_depth


# Samples an outcome at a chance node by its probability (c_sample_index). `actions`
# and `probs` are scratch buffers of state.num_actions entries.
cdef int c_sample_chance(State state, rng_t* rng, int* actions, double* probs) noexcept nogil


# How a playout chooses at a decision: the one step a playout varies (search/mast.pxd
# and search/greedy.pxd are policies). With probability `epsilon`, and wherever there
# is one legal action, the choice is uniform; otherwise `c_best` makes it.
cdef class PlayoutPolicy:
    cdef readonly double epsilon        # the share of decisions chosen uniformly

    # The action `player` (to move in `state`) takes among its n legal `actions`.
    cdef int c_step(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil
    # The policy's own choice (the base class's: uniform).
    cdef int c_best(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil


# The one playout loop: plays on from `state` in place until the end or max_steps
# actions, chance by its probabilities, each decision by `policy` (None: uniformly
# random); returns the number of actions applied. `actions` and `probs` are scratch
# of state.num_actions entries.
cdef long c_playout(PlayoutPolicy policy, State state, rng_t* rng, int* actions,
                    double* probs, long max_steps) noexcept nogil


# c_playout with uniformly random decisions.
cdef inline long c_random_playout(State state, rng_t* rng, int* actions, double* probs,
                                  long max_steps) noexcept nogil:
    return c_playout(None, state, rng, actions, probs, max_steps)


# Scratch buffers of a game's num_actions entries for a playout run from Python,
# freed with the object.
cdef class Scratch:
    cdef int* actions
    cdef double* probs


# Runs c_playout on `state` without the GIL, with scratch of its own.
cdef long run_playout(PlayoutPolicy policy, State state, Rng rng, long max_steps) except -1


# What the position a search stopped at is worth to each seat: the returns at a
# terminal, the game's heuristic before it.
cdef inline void c_position_value(State state, double* out) noexcept nogil:
    if state.c_current_player() == TERMINAL:
        state.c_returns(out)
    else:
        state.c_heuristic(out)
