# Move-average sampling playouts (see mast.pxd).
from libc.stdlib cimport calloc, free, malloc, realloc

from engine.playout cimport PlayoutPolicy
from engine.rng cimport Rng, rng_below, rng_t
from engine.state cimport MAX_PLAYERS, State

# The playout policies of the searchers that take a `playout` option: uniformly
# random, move-average sampling (this module), or greedy on the game's heuristic
# (search/greedy.pxd).
PLAYOUTS = ("random", "mast", "greedy")


cdef Mast new_mast(str playout, State root, double epsilon):
    if playout not in PLAYOUTS:
        raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, got {playout!r}")
    if playout != "mast":
        return None
    return Mast(root.num_players, root.num_actions, epsilon)


cdef class Mast(PlayoutPolicy):
    """A MAST table for one search: `num_players` seats of `num_actions` action ids."""

    def __cinit__(self, int num_players, int num_actions, double epsilon):
        if not 1 <= num_players <= MAX_PLAYERS:
            raise ValueError(f"1..{MAX_PLAYERS} seats, got {num_players}")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be in [0, 1], got {epsilon!r}")
        self.num_players = num_players
        self.num_actions = max(num_actions, 1)
        self.epsilon = epsilon
        cdef long cells = <long>num_players * self.num_actions
        self.sums = <double*>calloc(cells, sizeof(double))
        self.counts = <int*>calloc(cells, sizeof(int))
        self.trail_capacity = 256
        self.trail_len = 0
        self.trail = <int*>malloc(self.trail_capacity * sizeof(int))
        self.failed = 0
        if self.sums == NULL or self.counts == NULL or self.trail == NULL:
            raise MemoryError("cannot allocate the MAST table")

    def __dealloc__(self):
        free(self.sums)
        free(self.counts)
        free(self.trail)

    cdef void c_note(self, int seat, int action) noexcept nogil:
        cdef int* grown
        if self.trail_len == self.trail_capacity:
            grown = <int*>realloc(self.trail, 2 * self.trail_capacity * sizeof(int))
            if grown == NULL:
                self.failed = 1
                return
            self.trail = grown
            self.trail_capacity *= 2
        self.trail[self.trail_len] = seat * self.num_actions + action
        self.trail_len += 1

    cdef int c_step(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil:
        cdef int action = PlayoutPolicy.c_step(self, state, rng, actions, n, player)
        self.c_note(player, action)
        return action

    cdef int c_best(self, State state, rng_t* rng, const int* actions, int n,
                    int player) noexcept nogil:
        cdef int row = player * self.num_actions, i, cell, best = actions[0], ties = 0
        cdef double mean, best_mean = -1.0
        for i in range(n):
            cell = row + actions[i]
            # Returns are in [0, 1]: an action never taken ranks above all.
            mean = 2.0 if self.counts[cell] == 0 else self.sums[cell] / self.counts[cell]
            if mean > best_mean:
                best, ties, best_mean = actions[i], 1, mean
            elif mean == best_mean:
                ties += 1
                if rng_below(rng, <unsigned int>ties) == 0:
                    best = actions[i]
        return best

    cdef void c_update(self, const double* rets) noexcept nogil:
        cdef long i
        cdef int cell
        for i in range(self.trail_len):
            cell = self.trail[i]
            self.sums[cell] += rets[cell // self.num_actions]
            self.counts[cell] += 1
        self.trail_len = 0

    # ---- Python API (tests and tools) ------------------------------------------------

    def _check_entry(self, int seat, int action):
        if not 0 <= seat < self.num_players or not 0 <= action < self.num_actions:
            raise IndexError(f"no entry for seat {seat}, action {action}")

    def note(self, int seat, int action):
        """Note that the current iteration took `action` as `seat`."""
        self._check_entry(seat, action)
        self.c_note(seat, action)
        if self.failed:
            raise MemoryError("the MAST trail ran out of memory")

    def _check(self, State state):
        if state.num_players != self.num_players or state.num_actions > self.num_actions:
            raise ValueError("a state of another game than the table's")

    def playout(self, State state not None, Rng rng not None, long max_steps=100_000_000):
        """Play `state` on in place by the table; the number of actions."""
        steps = PlayoutPolicy.playout(self, state, rng, max_steps)
        if self.failed:
            raise MemoryError("the MAST trail ran out of memory")
        return steps

    def update(self, returns):
        """End the iteration with this return vector (one value a seat)."""
        if len(returns) != self.num_players:
            raise ValueError(f"{self.num_players} returns needed, got {len(returns)}")
        cdef double rets[MAX_PLAYERS]
        for i, value in enumerate(returns):
            rets[i] = value
        self.c_update(rets)

    def mean(self, int seat, int action):
        """The mean return `seat` got after taking `action` (None: never taken)."""
        self._check_entry(seat, action)
        cdef int cell = seat * self.num_actions + action
        return None if self.counts[cell] == 0 else self.sums[cell] / self.counts[cell]

    def count(self, int seat, int action):
        """How often `seat` took `action` in the iterations so far."""
        self._check_entry(seat, action)
        return self.counts[seat * self.num_actions + action]
