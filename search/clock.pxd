# The one clock of the searches: seconds on the monotonic clock, which is what
# time.perf_counter() reads on Linux. Compiled code reads it with c_now(); Python
# code with search.clock.now(), so deadlines mean the same everywhere.
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec


cdef inline double c_now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


# Searches that make each iteration's state with the GIL (it is a Python object) make
# them a batch at a time and run the batch's iterations without it (mcts, ismcts):
# batches big enough to amortise the GIL round trip, which another searching thread
# may make wait, and small enough that their states stay in cache.
cdef enum:
    MAX_BATCH = 256


# The next batch's size under a deadline: doubled while a batch takes under half a
# millisecond, halved while it takes over two, so that a batch takes about one and
# a clock read between batches overruns a deadline by about that much at most.
cdef inline long next_batch(long batch, double took) noexcept nogil:
    if took < 0.0005 and batch < MAX_BATCH:
        return batch * 2
    if took > 0.002 and batch > 1:
        return batch // 2
    return batch
