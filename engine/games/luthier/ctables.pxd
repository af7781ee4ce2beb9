# The card tables in C (ctables.pyx).
from engine.games.luthier.layout cimport tables_t


cdef int fill_tables(tables_t* tb) except -1
