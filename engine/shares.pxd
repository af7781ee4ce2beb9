# The heuristic's last step, shared by the games whose heuristic ends in a softmax.
from libc.math cimport exp


cdef inline void softmax_shares(double* values, int n, double temperature) noexcept nogil:
    # Each seat's estimate becomes its share of the win, exp(value / temperature)
    # normalised to sum to 1; the largest value is subtracted first so exp cannot
    # overflow (the shares are the same).
    cdef double top = values[0], total = 0.0
    cdef int i
    for i in range(1, n):
        if values[i] > top:
            top = values[i]
    for i in range(n):
        values[i] = exp((values[i] - top) / temperature)
    for i in range(n):
        total += values[i]
    for i in range(n):
        values[i] = values[i] / total
