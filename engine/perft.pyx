# Perft for every game: the number of action sequences of each length from a
# position, chance outcomes counted as branches like actions (unweighted). The counts
# are a signature of move generation: any change in what is legal changes them
# (`cadenza perft`, and the golden files tests/engine/games/*.perft).
from libc.stdlib cimport malloc, free

from engine.state cimport State, CHANCE, TERMINAL


cdef void _count(State state, int depth, int ply, int width, int* buf, double* probs,
                 long long* counts):
    # counts[ply] += 1 for this node's children, recursively to `depth` plies.
    cdef int player = state.c_current_player()
    cdef int* acts = buf + ply * width
    cdef int n, i
    cdef State child
    if player == TERMINAL:
        return
    if player == CHANCE:
        n = state.c_chance_outcomes(acts, probs + ply * width)
    else:
        n = state.c_legal_actions(acts)
    counts[ply] += n
    if ply + 1 == depth:
        return
    for i in range(n):
        child = state.c_clone()
        child.c_apply(acts[i])
        _count(child, depth, ply + 1, width, buf, probs, counts)


def perft(State state not None, int depth):
    """[n1, ..., n_depth]: how many action sequences of length 1..depth start at
    `state` (sequences that reach the end of the game sooner are not extended)."""
    if depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth}")
    cdef int width = max(state.num_actions, 1)
    cdef int* buf = <int*>malloc(<size_t>depth * width * sizeof(int))
    cdef double* probs = <double*>malloc(<size_t>depth * width * sizeof(double))
    cdef long long* counts = <long long*>malloc(depth * sizeof(long long))
    cdef int i
    if buf == NULL or probs == NULL or counts == NULL:
        free(buf)
        free(probs)
        free(counts)
        raise MemoryError()
    try:
        for i in range(depth):
            counts[i] = 0
        _count(state, depth, 0, width, buf, probs, counts)
        return [counts[i] for i in range(depth)]
    finally:
        free(buf)
        free(probs)
        free(counts)
