# Playouts run entirely in compiled code: crossing into Python for every action
# would cost more than the rules themselves. One loop (c_playout) serves every
# policy; only the choice at a decision differs (PlayoutPolicy.c_step).
from libc.stdlib cimport malloc, free

from engine.rng cimport Rng, rng_t, rng_below, rng_uniform
from engine.state cimport State, CHANCE, TERMINAL


cdef int c_sample_chance(State state, rng_t* rng, int* actions, double* probs) noexcept nogil:
    cdef int n = state.c_chance_outcomes(actions, probs)
    return actions[c_sample_index(probs, n, rng_uniform(rng))]


cdef class PlayoutPolicy:
    """A playout's choice at a decision (playout.pxd): uniform with probability
    `epsilon` or where one action is legal, else the subclass's `c_best`."""

    def __cinit__(self, *args, **kwargs):
        self.epsilon = 0.0

    cdef int c_step(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil:
        if n == 1 or rng_uniform(rng) < self.epsilon:
            return actions[rng_below(rng, <unsigned int>n)]
        return self.c_best(state, rng, actions, n, player)

    cdef int c_best(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil:
        return actions[rng_below(rng, <unsigned int>n)]

    def _check(self, State state):
        """ValueError for a state the policy cannot play (a subclass's tables)."""

    def playout(self, State state not None, Rng rng not None, long max_steps=100_000_000):
        """Play `state` on in place by the policy (c_playout); the number of actions."""
        self._check(state)
        return run_playout(self, state, rng, max_steps)


cdef long c_playout(PlayoutPolicy policy, State state, rng_t* rng, int* actions,
                    double* probs, long max_steps) noexcept nogil:
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
            if policy is None:
                state.c_apply(actions[rng_below(rng, <unsigned int>n)])
            else:
                state.c_apply(policy.c_step(state, rng, actions, n, player))
        steps += 1
    return steps


cdef class Scratch:
    """Scratch buffers of `num_actions` entries (playout.pxd)."""

    def __cinit__(self, int num_actions):
        cdef int size = max(num_actions, 1)
        self.actions = <int*>malloc(size * sizeof(int))
        self.probs = <double*>malloc(size * sizeof(double))
        if self.actions == NULL or self.probs == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.actions)
        free(self.probs)


cdef long run_playout(PlayoutPolicy policy, State state, Rng rng, long max_steps) except -1:
    cdef Scratch scratch = Scratch(state.num_actions)
    cdef long steps
    with nogil:
        steps = c_playout(policy, state, &rng.state, scratch.actions, scratch.probs, max_steps)
    return steps


def random_playout(State state not None, Rng rng not None, long max_steps=100_000_000):
    """Play `state` to the end in place with uniformly random actions (chance by its
    probabilities); return the number of actions applied."""
    return run_playout(None, state, rng, max_steps)


def random_playouts(State state not None, Rng rng not None, long count):
    """Run `count` random playouts from copies of `state`; return the summed returns
    per seat. One call for many games, so benchmarks measure the engine alone."""
    cdef Scratch scratch = Scratch(state.num_actions)
    cdef double ret[8]
    cdef list totals = [0.0] * state.num_players
    cdef State game
    cdef long _
    cdef int i
    for _ in range(count):
        game = state.c_clone()
        with nogil:
            c_random_playout(game, &rng.state, scratch.actions, scratch.probs, 100_000_000)
            game.c_returns(ret)
        for i in range(state.num_players):
            totals[i] += ret[i]
    return totals
