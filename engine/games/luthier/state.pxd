# Luthier's compiled state: one luthier_t (layout.pxd) and the State contract.
from engine.games.luthier.layout cimport luthier_t
from engine.state cimport State


cdef class LuthierState(State):
    cdef luthier_t s
