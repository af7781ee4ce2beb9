# A random game tree as a compiled State, for testing searchers exactly.
#
# Every node is a function of its path: a node's key is a hash of its parent's key
# and the action taken, and the key decides what the node is (seat 0 or 1 to move,
# or chance), how many actions or outcomes it has, the chance probabilities, and its
# value (the returns at the last ply, the heuristic above it). Values are multiples
# of 1/8, so that ties and values landing exactly on a search window's edge are
# common: that is where a wrong pruning bound shows. A Python brute force over the
# same Python API gives the exact expectiminimax value to compare with.
from libc.stdint cimport uint64_t

from engine.validate import is_int
from engine.errors import IllegalActionError
from engine.hashing cimport mix64
from engine.state cimport CHANCE, State, TERMINAL

cdef int MAX_BRANCH = 4
cdef int GRID = 8


cdef class RandomTreeState(State):
    cdef uint64_t seed
    cdef uint64_t key
    cdef int ply
    cdef int depth

    game_name = "randomtree"

    def __init__(self, uint64_t seed, int depth):
        if depth < 0:
            raise ValueError(f"depth must be >= 0, got {depth}")
        self.num_players = 2
        self.num_actions = MAX_BRANCH
        self.variant = "standard"
        self.seed = seed
        self.key = mix64(seed + 1)
        self.ply = 0
        self.depth = depth

    cdef inline uint64_t _draw(self, uint64_t salt) noexcept nogil:
        return mix64(self.key ^ mix64(self.seed + salt))

    cdef int c_current_player(self) noexcept nogil:
        if self.ply >= self.depth:
            return TERMINAL
        cdef int kind = <int>(self._draw(1) % 3)
        return CHANCE if kind == 2 else kind

    cdef inline int _width(self) noexcept nogil:
        # Decision nodes have 1..MAX_BRANCH actions, chance nodes 2..MAX_BRANCH outcomes.
        if self.c_current_player() == CHANCE:
            return 2 + <int>(self._draw(2) % (MAX_BRANCH - 1))
        return 1 + <int>(self._draw(2) % MAX_BRANCH)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef int n, i
        if self.c_current_player() < 0:
            return 0
        n = self._width()
        for i in range(n):
            out[i] = i
        return n

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        cdef int n, i
        cdef double total = 0.0
        if self.c_current_player() != CHANCE:
            return 0
        n = self._width()
        for i in range(n):
            actions[i] = i
            probs[i] = <double>(1 + self._draw(10 + i) % 4)
            total += probs[i]
        for i in range(n):
            probs[i] /= total
        return n

    cdef void c_apply(self, int action) noexcept nogil:
        self.key = mix64(self.key * 0x9E3779B97F4A7C15ULL + <uint64_t>(action + 1))
        self.ply += 1

    cdef void c_returns(self, double* out) noexcept nogil:
        out[0] = <double>(self._draw(3) % (GRID + 1)) / GRID
        out[1] = 1.0 - out[0]

    cdef void c_heuristic(self, double* out) noexcept nogil:
        self.c_returns(out)

    cdef uint64_t c_hash(self) noexcept nogil:
        return mix64(self.key ^ <uint64_t>self.ply)

    cdef State c_clone(self):
        cdef RandomTreeState copy = RandomTreeState.__new__(RandomTreeState)
        copy.num_players = 2
        copy.num_actions = MAX_BRANCH
        copy.variant = self.variant
        copy.seed = self.seed
        copy.key = self.key
        copy.ply = self.ply
        copy.depth = self.depth
        return copy

    def scores(self):
        return [0, 0]

    def to_dict(self):
        return {"game": self.game_name, "seed": self.seed, "key": self.key,
                "ply": self.ply, "depth": self.depth}

    def action_to_str(self, action):
        if not is_int(action) or not 0 <= action < MAX_BRANCH:
            raise IllegalActionError(f"no randomtree action {action!r}")
        return str(action)
