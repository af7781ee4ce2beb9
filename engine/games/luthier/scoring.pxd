# Luthier's criteria, final scoring and heuristic (scoring.pyx).
from engine.games.luthier.layout cimport luthier_t, tables_t


cdef void use_tables(const tables_t* tables) noexcept nogil
cdef int abilities(luthier_t* s, int p, int code) noexcept nogil
cdef int requirement_count(int patron) noexcept nogil
cdef int criterion(luthier_t* s, int p, int crit, int arg) noexcept nogil
cdef void final_scoring(luthier_t* s) noexcept nogil
cdef void returns_of(luthier_t* s, double* out) noexcept nogil
cdef void heuristic_of(luthier_t* s, double* out) noexcept nogil
