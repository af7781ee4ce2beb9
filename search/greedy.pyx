# Greedy playouts (greedy.pxd).
from libc.stdlib cimport free, malloc

from engine.playout cimport c_position_value, c_sample_chance
from engine.rng cimport Rng, rng_below, rng_t, rng_uniform
from engine.state cimport CHANCE, MAX_PLAYERS, State, TERMINAL

# Two ratings closer than this are a tie (the heuristic's softmax is not exact).
cdef double TIE = 1e-12


cdef Greedy new_greedy(str playout, State root, double epsilon):
    if playout != "greedy":
        return None
    return Greedy(root, epsilon)


cdef class Greedy:
    """Epsilon-greedy playouts on the heuristic of `root`'s game (greedy.pxd)."""

    def __cinit__(self, State root not None, double epsilon):
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be in [0, 1], got {epsilon!r}")
        self.epsilon = epsilon
        self.scratch = root.c_clone()
        if not root.c_copy_into(self.scratch):
            raise ValueError(
                f"playout=greedy needs a game whose states copy without the GIL "
                f"(State.c_copy_into); {type(root).__name__} does not"
            )

    cdef int c_choose(self, State state, rng_t* rng, const int* actions, int n) noexcept nogil:
        cdef int mover = state.c_current_player(), i, best = actions[0], ties = 0
        cdef double rating, top = -1.0
        cdef double values[MAX_PLAYERS]
        if n == 1 or rng_uniform(rng) < self.epsilon:
            return actions[rng_below(rng, <unsigned int>n)]
        for i in range(n):
            state.c_copy_into(self.scratch)
            self.scratch.c_apply(actions[i])
            c_position_value(self.scratch, values)
            rating = values[mover]
            if rating > top + TIE:
                best, ties, top = actions[i], 1, rating
            elif rating >= top - TIE:
                ties += 1
                if rng_below(rng, <unsigned int>ties) == 0:
                    best = actions[i]
        return best

    cdef long c_playout(self, State state, rng_t* rng, int* actions, double* probs,
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
                state.c_apply(self.c_choose(state, rng, actions, n))
            steps += 1
        return steps

    # ---- Python API (tests and tools) ------------------------------------------------

    def choose(self, State state not None, Rng rng not None):
        """The action the policy takes at `state`, a decision of the scratch's game."""
        self._check(state)
        player = state.c_current_player()
        if player < 0:
            raise ValueError("the state is not at a decision")
        cdef int* actions = <int*>malloc(max(state.num_actions, 1) * sizeof(int))
        cdef int n, action
        if actions == NULL:
            raise MemoryError()
        n = state.c_legal_actions(actions)
        action = self.c_choose(state, &rng.state, actions, n)
        free(actions)
        return action

    def playout(self, State state not None, Rng rng not None, long max_steps=100_000_000):
        """Play `state` on in place by the policy (c_playout); the number of actions."""
        self._check(state)
        cdef int size = max(state.num_actions, 1)
        cdef int* actions = <int*>malloc(size * sizeof(int))
        cdef double* probs = <double*>malloc(size * sizeof(double))
        cdef long steps
        if actions == NULL or probs == NULL:
            free(actions)
            free(probs)
            raise MemoryError()
        with nogil:
            steps = self.c_playout(state, &rng.state, actions, probs, max_steps)
        free(actions)
        free(probs)
        return steps

    def _check(self, State state):
        if (type(state) is not type(self.scratch) or state.num_players != self.scratch.num_players
                or state.variant != self.scratch.variant):
            raise ValueError("a state of another game, variant or player count than the policy's")
