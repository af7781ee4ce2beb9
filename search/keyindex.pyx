# KeyIndex (keyindex.pxd): an open-addressing hash map from 64-bit keys to ints.
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc

cdef int FIRST_CAPACITY = 1024


cdef class KeyIndex:
    """Keys to non-negative ints, for compiled searches; `find` and `insert` are the
    Python views used by tests."""

    def __cinit__(self):
        self.keys = NULL
        self.values = NULL
        self.capacity = 0
        self.count = 0
        if self.c_grow() < 0:
            raise MemoryError("cannot allocate the key index")

    def __dealloc__(self):
        free(self.keys)
        free(self.values)

    def find(self, uint64_t key):
        return self.c_find(key)

    def insert(self, uint64_t key, int value):
        if value < 0:
            raise ValueError(f"a value must be >= 0, got {value}")
        if self.c_find(key) >= 0:
            raise KeyError(f"key {key} is already in the index")
        if self.c_insert(key, value) < 0:
            raise MemoryError("cannot grow the key index")

    cdef int c_find(self, uint64_t key) noexcept nogil:
        cdef int mask = self.capacity - 1
        cdef int slot = <int>(key & <uint64_t>mask)
        while self.values[slot] >= 0:
            if self.keys[slot] == key:
                return self.values[slot]
            slot = (slot + 1) & mask
        return -1

    cdef int c_insert(self, uint64_t key, int value) noexcept nogil:
        if 2 * (self.count + 1) > self.capacity and self.c_grow() < 0:
            return -1
        self.c_place(key, value)
        self.count += 1
        return 0

    cdef void c_place(self, uint64_t key, int value) noexcept nogil:
        cdef int mask = self.capacity - 1
        cdef int slot = <int>(key & <uint64_t>mask)
        while self.values[slot] >= 0:
            slot = (slot + 1) & mask
        self.keys[slot] = key
        self.values[slot] = value

    cdef int c_grow(self) noexcept nogil:
        # Doubles the slots and files every entry again: 0, or -1 out of memory.
        cdef int old_capacity = self.capacity, i
        cdef uint64_t* old_keys = self.keys
        cdef int* old_values = self.values
        cdef int capacity = FIRST_CAPACITY if old_capacity == 0 else 2 * old_capacity
        cdef uint64_t* keys = <uint64_t*>malloc(capacity * sizeof(uint64_t))
        cdef int* values = <int*>malloc(capacity * sizeof(int))
        if keys == NULL or values == NULL:
            free(keys)
            free(values)
            return -1
        for i in range(capacity):
            values[i] = -1
        self.keys = keys
        self.values = values
        self.capacity = capacity
        for i in range(old_capacity):
            if old_values[i] >= 0:
                self.c_place(old_keys[i], old_values[i])
        free(old_keys)
        free(old_values)
        return 0
