# Greedy playouts (greedy.pxd).
from engine.playout cimport PlayoutPolicy, Scratch, c_position_value
from engine.rng cimport Rng, rng_below, rng_t
from engine.state cimport MAX_PLAYERS, State

# Two ratings closer than this are a tie (the heuristic's softmax is not exact).
cdef double TIE = 1e-12


cdef Greedy new_greedy(str playout, State root, double epsilon):
    if playout != "greedy":
        return None
    return Greedy(root, epsilon)


cdef class Greedy(PlayoutPolicy):
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

    cdef int c_best(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil:
        cdef int i, best = actions[0], ties = 0
        cdef double rating, top = -1.0
        cdef double values[MAX_PLAYERS]
        for i in range(n):
            state.c_copy_into(self.scratch)
            self.scratch.c_apply(actions[i])
            c_position_value(self.scratch, values)
            rating = values[player]
            if rating > top + TIE:
                best, ties, top = actions[i], 1, rating
            elif rating >= top - TIE:
                ties += 1
                if rng_below(rng, <unsigned int>ties) == 0:
                    best = actions[i]
        return best

    # ---- Python API (tests and tools) ------------------------------------------------

    def choose(self, State state not None, Rng rng not None):
        """The action the policy takes at `state`, a decision of the scratch's game."""
        self._check(state)
        player = state.c_current_player()
        if player < 0:
            raise ValueError("the state is not at a decision")
        cdef Scratch buffers = Scratch(state.num_actions)
        cdef int n = state.c_legal_actions(buffers.actions)
        return self.c_step(state, &rng.state, buffers.actions, n, player)

    def _check(self, State state):
        if (type(state) is not type(self.scratch) or state.num_players != self.scratch.num_players
                or state.variant != self.scratch.variant):
            raise ValueError("a state of another game, variant or player count than the policy's")
