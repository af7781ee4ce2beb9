# The one clock of the searches: seconds on the monotonic clock, which is what
# time.perf_counter() reads on Linux. Compiled code reads it with c_now(); Python
# code with search.clock.now(), so deadlines mean the same everywhere.
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec


cdef inline double c_now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9
