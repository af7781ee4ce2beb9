# to_json's text written straight from the struct (cold: state.pyx keeps the rules).
# to_json is called for every state a test or a front-end looks at; json.dumps of the
# 2,000-number dict took 0.6 ms. The struct is written here in the same text json.dumps
# gives (sorted keys, no spaces); a test compares the two on many states.
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from engine.games.luthier import codec as _codec
from engine.games.luthier import tables as _tables
from engine.games.luthier.layout cimport LP, luthier_t, player_t, v_t


cdef struct jfield_t:
    int offset           # in 16-bit words from the struct's (or a seat's) start
    int ndim
    int dims[3]

cdef enum:
    MAX_JFIELDS = 96
    JSON_CAP = 65536

cdef jfield_t GAME_J[MAX_JFIELDS]
cdef jfield_t PLAYER_J[MAX_JFIELDS]
cdef int N_PLAYER_J = 0
cdef int PLAYERS_AT = 0          # word offset of players[0]
cdef int PLAYER_WORDS = 0
# (key text, kind, field index): kind 0 field, 1 game, 2 variant, 3 players, 4 rules version
cdef list TOP_KEYS = []
cdef list PLAYER_KEYS = []       # key texts, in PLAYER_J order
cdef bint PLAN_READY = False


cdef void _plan_json():
    """Word offsets of every field, walking the struct in declaration order (codec's
    field order, with the internal flags after num_players)."""
    global N_PLAYER_J, PLAYERS_AT, PLAYER_WORDS, PLAN_READY
    if PLAN_READY:
        return
    t = _tables.load_tables()
    game = [(name, shape) for name, shape, *_ in _codec.game_fields(t)]
    game.insert(1, ("flags", ()))
    players = [(name, shape) for name, shape, *_ in _codec.player_fields(t)]
    cdef int at = 0, i, k, words
    offsets = {}
    for name, shape in game:
        offsets[name] = (at, shape)
        words = 1
        for k in shape:
            words *= k
        at += words
    PLAYERS_AT = at
    at = 0
    for i, (name, shape) in enumerate(players):
        PLAYER_J[i].offset = at
        PLAYER_J[i].ndim = len(shape)
        words = 1
        for k in range(len(shape)):
            PLAYER_J[i].dims[k] = shape[k]
            words *= shape[k]
        at += words
    PLAYER_WORDS = at
    if at * 2 != sizeof(player_t) or (PLAYERS_AT + LP * at) * 2 != sizeof(luthier_t):
        raise RuntimeError("luthier: the struct and codec's field list disagree")
    order = sorted(players, key=lambda item: item[0])
    PLAYER_KEYS.clear()
    index = {name: i for i, (name, _) in enumerate(players)}
    sorted_player = [index[name] for name, _ in order]
    for name, _ in order:
        PLAYER_KEYS.append(f'"{name}":'.encode())
    # PLAYER_J in key order
    tmp = [(PLAYER_J[j].offset, PLAYER_J[j].ndim, [PLAYER_J[j].dims[k] for k in range(3)])
           for j in sorted_player]
    for i, (offset, ndim, dims) in enumerate(tmp):
        PLAYER_J[i].offset = offset
        PLAYER_J[i].ndim = ndim
        for k in range(3):
            PLAYER_J[i].dims[k] = dims[k]
    N_PLAYER_J = len(players)
    keys = [(name, 0) for name, _ in game if name != "flags"] + [
        ("game", 1), ("variant", 2), ("players", 3), (_codec.RULES_KEY, 4)]
    TOP_KEYS.clear()
    for i, (name, kind) in enumerate(sorted(keys)):
        if kind == 0:
            offset, shape = offsets[name]
            GAME_J[i].offset = offset
            GAME_J[i].ndim = len(shape)
            for k in range(len(shape)):
                GAME_J[i].dims[k] = shape[k]
        TOP_KEYS.append((f'"{name}":'.encode(), kind, i))
    PLAN_READY = True


cdef inline int put_text(char* buf, int pos, const char* text, int n) noexcept nogil:
    memcpy(buf + pos, text, n)
    return pos + n


cdef inline int put_int(char* buf, int pos, int v) noexcept nogil:
    cdef char digits[8]
    cdef int n = 0
    if v < 0:
        buf[pos] = 45      # '-'
        pos += 1
        v = -v
    while True:
        digits[n] = 48 + v % 10
        n += 1
        v //= 10
        if v == 0:
            break
    while n:
        n -= 1
        buf[pos] = digits[n]
        pos += 1
    return pos


cdef inline int put_byte(char* buf, int pos, char c) noexcept nogil:
    buf[pos] = c
    return pos + 1


cdef int put_array(char* buf, int pos, const v_t* words, const int* dims, int ndim) noexcept nogil:
    cdef int i, stride = 1, k
    if ndim == 0:
        return put_int(buf, pos, words[0])
    for k in range(1, ndim):
        stride *= dims[k]
    pos = put_byte(buf, pos, 91)          # '['
    for i in range(dims[0]):
        if i:
            pos = put_byte(buf, pos, 44)  # ','
        pos = put_array(buf, pos, words + i * stride, dims + 1, ndim - 1)
    return put_byte(buf, pos, 93)         # ']'


cdef int put_seats(char* buf, int pos, const v_t* words):
    # The "players" list: one object a seat, its fields in PLAYER_KEYS order.
    cdef const v_t* seat
    cdef int p, i
    cdef bytes key
    pos = put_byte(buf, pos, 91)
    for p in range(LP):
        if p:
            pos = put_byte(buf, pos, 44)
        seat = words + PLAYERS_AT + p * PLAYER_WORDS
        pos = put_byte(buf, pos, 123)
        for i in range(N_PLAYER_J):
            if i:
                pos = put_byte(buf, pos, 44)
            key = PLAYER_KEYS[i]
            pos = put_text(buf, pos, key, len(key))
            pos = put_array(buf, pos, seat + PLAYER_J[i].offset, PLAYER_J[i].dims,
                            PLAYER_J[i].ndim)
        pos = put_byte(buf, pos, 125)
    return put_byte(buf, pos, 93)


cdef str struct_json(luthier_t* s, str variant):
    _plan_json()
    cdef char* buf = <char*>malloc(JSON_CAP)
    cdef const v_t* words = <const v_t*>s
    cdef int pos = 0, j, i
    cdef bytes key, text
    if buf == NULL:
        raise MemoryError()
    try:
        pos = put_byte(buf, pos, 123)     # '{'
        for j, (key, kind, i) in enumerate(TOP_KEYS):
            if j:
                pos = put_byte(buf, pos, 44)
            pos = put_text(buf, pos, key, len(key))
            if kind == 0:
                pos = put_array(buf, pos, words + GAME_J[i].offset, GAME_J[i].dims, GAME_J[i].ndim)
            elif kind == 1:
                pos = put_text(buf, pos, b'"luthier"', 9)
            elif kind == 2:
                text = f'"{variant}"'.encode()
                pos = put_text(buf, pos, text, len(text))
            elif kind == 4:
                text = str(_codec.RULES_VERSION).encode()
                pos = put_text(buf, pos, text, len(text))
            else:
                pos = put_seats(buf, pos, words)
        pos = put_byte(buf, pos, 125)     # '}'
        return buf[:pos].decode("ascii")
    finally:
        free(buf)
