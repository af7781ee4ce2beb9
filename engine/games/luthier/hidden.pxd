# What a seat cannot see, in C (hidden.pyx).
from engine.games.luthier.layout cimport luthier_t, tables_t
from engine.rng cimport rng_t


cdef void determinize_into(luthier_t* s, int seat, rng_t* rng, const tables_t* tb) noexcept nogil
cdef void mask_for(luthier_t* s, int seat, const tables_t* tb) noexcept nogil
