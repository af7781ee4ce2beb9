# The seeded generator behind every random choice Cadenza makes (see rng.pxd).
from libc.stdint cimport uint32_t, uint64_t

from engine.validate import is_int
from engine.hashing cimport mix64


cdef inline uint64_t _splitmix64(uint64_t* x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    return mix64(x[0])


cdef void rng_seed(rng_t* r, uint64_t seed) noexcept nogil:
    # splitmix64 spreads any seed, 0 included, over the four state words.
    cdef uint64_t x = seed
    cdef int i
    for i in range(4):
        r.s[i] = _splitmix64(&x)


cdef class Rng:
    """A seeded xoshiro256** generator.

    `Rng(seed)` is reproducible across runs and platforms; `Rng()` seeds from the OS.
    """

    def __init__(self, seed=None):
        if seed is None:
            import os
            seed = int.from_bytes(os.urandom(8), "little")
        if not is_int(seed):
            raise TypeError(f"seed must be an integer, not {type(seed).__name__}")
        rng_seed(&self.state, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))

    def next_u64(self):
        """A uniform 64-bit integer."""
        return rng_next(&self.state)

    def randint(self, n):
        """A uniform integer in [0, n), for 1 <= n < 2**32."""
        if not 1 <= n < 2 ** 32:
            raise ValueError(f"randint needs 1 <= n < 2**32, got {n}")
        return rng_below(&self.state, <uint32_t>n)

    def random(self):
        """A uniform float in [0, 1)."""
        return rng_uniform(&self.state)

    def choice(self, seq):
        """A uniform element of a non-empty sequence."""
        if len(seq) == 0:
            raise ValueError("choice from an empty sequence")
        return seq[self.randint(len(seq))]

    def shuffle(self, list items):
        """Shuffle a list in place (Fisher-Yates)."""
        cdef Py_ssize_t i, j
        for i in range(len(items) - 1, 0, -1):
            j = rng_below(&self.state, <uint32_t>(i + 1))
            items[i], items[j] = items[j], items[i]

    def spawn(self):
        """A new generator seeded from this one: independent streams for workers."""
        return Rng(rng_next(&self.state))

    def getstate(self):
        return tuple(self.state.s[i] for i in range(4))

    def setstate(self, state):
        if len(state) != 4 or not any(state):
            raise ValueError("an Rng state is four integers, not all zero")
        for i in range(4):
            self.state.s[i] = <uint64_t>state[i]
