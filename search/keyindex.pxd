# A map from 64-bit keys (already well mixed, e.g. infoset keys through mix64) to
# non-negative ints, by open addressing with linear probing, kept at most half
# full: the index from an information set to its node in the searches that key
# nodes by what the mover knows (ismcts's "infoset" shape, oos).
from libc.stdint cimport uint64_t


cdef class KeyIndex:
    cdef uint64_t* keys
    cdef int* values        # -1: an empty slot
    cdef int capacity       # a power of two
    cdef readonly int count

    # The value filed under `key`, or -1.
    cdef int c_find(self, uint64_t key) noexcept nogil
    # Files `value` (>= 0) under `key`, which is not in the map yet: 0, or -1 when
    # memory runs out (the map is then unchanged).
    cdef int c_insert(self, uint64_t key, int value) noexcept nogil
    cdef void c_place(self, uint64_t key, int value) noexcept nogil
    cdef int c_grow(self) noexcept nogil
