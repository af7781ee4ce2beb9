# Random playouts run entirely in compiled code: crossing into Python for every
# action would cost more than the rules themselves.
from libc.stdlib cimport malloc, free

from engine.rng cimport Rng, rng_t, rng_below, rng_uniform
from engine.state cimport State, CHANCE, TERMINAL


cdef int c_sample_chance(State state, rng_t* rng, int* actions, double* probs) noexcept nogil:
    cdef int n = state.c_chance_outcomes(actions, probs)
    return actions[c_sample_index(probs, n, rng_uniform(rng))]


cdef long c_random_playout(State state, rng_t* rng, int* actions, double* probs,
                           long max_steps) noexcept nogil:
    cdef long steps = 0
    cdef int player, n
    while steps < max_steps:
        player = state.c_current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.c_apply(c_sample_chance(state, rng, actions, probs))
        else:
            n = state.c_legal_actions(actions)
            state.c_apply(actions[rng_below(rng, <unsigned int>n)])
        steps += 1
    return steps


def random_playout(State state not None, Rng rng not None, long max_steps=100_000_000):
    """Play `state` to the end in place with uniformly random actions (chance by its
    probabilities); return the number of actions applied."""
    cdef int size = max(state.num_actions, 1)
    cdef int* actions = <int*>malloc(size * sizeof(int))
    cdef double* probs = <double*>malloc(size * sizeof(double))
    cdef long steps
    if actions == NULL or probs == NULL:
        free(actions)
        free(probs)
        raise MemoryError()
    with nogil:
        steps = c_random_playout(state, &rng.state, actions, probs, max_steps)
    free(actions)
    free(probs)
    return steps


def random_playouts(State state not None, Rng rng not None, long count):
    """Run `count` random playouts from copies of `state`; return the summed returns
    per seat. One call for many games, so benchmarks measure the engine alone."""
    cdef int size = max(state.num_actions, 1)
    cdef int* actions = <int*>malloc(size * sizeof(int))
    cdef double* probs = <double*>malloc(size * sizeof(double))
    cdef double ret[8]
    cdef list totals = [0.0] * state.num_players
    cdef State game
    cdef long _
    cdef int i
    if actions == NULL or probs == NULL:
        free(actions)
        free(probs)
        raise MemoryError()
    try:
        for _ in range(count):
            game = state.c_clone()
            with nogil:
                c_random_playout(game, &rng.state, actions, probs, 100_000_000)
                game.c_returns(ret)
            for i in range(state.num_players):
                totals[i] += ret[i]
    finally:
        free(actions)
        free(probs)
    return totals
