# Pig's compiled state: declared here so other compiled modules can cimport it.
from engine.state cimport State


cdef class PigState(State):
    cdef int target          # the winning score (the variant's N)
    cdef int banked[2]       # banked points per seat (the scores)
    cdef int turn_total      # points at risk in the current turn
    cdef int to_move         # the seat whose turn it is (the winner once the game is over)
    cdef bint rolling        # a roll was called: the die is to be thrown (a chance node)
    cdef int winner          # -1 while the game runs, else the seat that reached the target
