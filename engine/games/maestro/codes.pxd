# Maestro's named numbers, their one home: the compiled state cimports them, and
# codes.pyx (cpdef) exposes them to Python, where actions.py, codec.py and tables.py
# read them.
cpdef enum:
    M_MAX_SEATS = 4          # the compiled state's fixed-size arrays (tables.MAX_*)
    M_MAX_ROWS = 16
    M_MAX_CELLS = 64
    M_MAX_SLOTS = 10
    M_MAX_DRAW = 5
    M_MAX_KINDS = 31         # instruments + maestro + applause
    M_EMPTY = -1
    PASS = 0                 # actions.PASS: end the placement phase
    PLACE = 0                # codec's phases, game_t.phase
    COUNT = 1
    DRAW = 2
    SLOT = 3
    OVER = 4
    END_NONE = 0             # codec's ends, game_t.end
    END_APPLAUSE = 1
    END_FULL = 2
    BOTTOM_ONE = 0           # tables' variants of taking from a full bottom row
    BOTTOM_UNLIMITED = 1
    BOTTOM_DYNAMIC = 2
    DRAW_SEQUENTIAL = 0      # tables' variants of placing drawn tiles
    DRAW_BATCH = 1
