# A small, fast, seeded random number generator (xoshiro256**) usable in nogil code.
#
# The generator state is a plain C struct so that compiled loops (playouts, tree
# descents) can draw numbers without touching Python objects; `Rng` wraps one for
# Python callers and for passing a generator between modules.
from libc.stdint cimport uint32_t, uint64_t

cdef struct rng_t:
    uint64_t s[4]


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t rng_next(rng_t* r) noexcept nogil:
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = _rotl(r.s[3], 45)
    return result


cdef inline uint32_t rng_below(rng_t* r, uint32_t n) noexcept nogil:
    # Lemire's nearly divisionless bounded integer on 32 bits: unbiased, and one
    # multiply in the common case. n must be at least 1.
    cdef uint64_t m = (rng_next(r) >> 32) * <uint64_t>n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>(-n)) % n
        while low < threshold:
            m = (rng_next(r) >> 32) * <uint64_t>n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline double rng_uniform(rng_t* r) noexcept nogil:
    # 53 random bits into [0, 1).
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0)


cdef void rng_seed(rng_t* r, uint64_t seed) noexcept nogil


cdef class Rng:
    cdef rng_t state
