# Hashing helpers shared by the games' c_hash and c_infoset_key.
from libc.stdint cimport uint64_t


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    # splitmix64's finalizer: a bijection on 64-bit words that spreads every input bit,
    # so an exact encoding of a state's fields stays collision-free once mixed.
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)
