# Pig's action ids, the one home of these numbers: the compiled state cimports them,
# and codes.pyx (cpdef) exposes them to Python, where actions.py reads them.
cpdef enum:
    ROLL = 0
    HOLD = 1
    FACE_BASE = 2       # die face f (1..6) is action FACE_BASE + f - 1, i.e. 2..7
    NUM_ACTIONS = 8
    FACES = 6
