# A new game's board (board.pyx).
from engine.games.luthier.layout cimport luthier_t, tables_t


cdef void setup_board(luthier_t* s, const tables_t* tb, int n, int flags) noexcept nogil
cdef void clear_placed(luthier_t* s) noexcept nogil
