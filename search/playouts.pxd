# The playout of every tree searcher's iteration, by its `playout` option: the MAST
# table's (search/mast.pxd) when it keeps one, the greedy policy's (search/greedy.pxd)
# when it has one, else uniformly random; one loop for all (engine/playout.pxd).
# Returns the number of actions applied; `actions` and `probs` are scratch of
# num_actions entries.
from engine.playout cimport c_playout
from engine.rng cimport rng_t
from engine.state cimport State
from search.greedy cimport Greedy
from search.mast cimport Mast


cdef inline long c_play_out(Mast mast, Greedy greedy, State state, rng_t* rng, int* actions,
                            double* probs, long max_steps) noexcept nogil:
    if mast is not None:
        return c_playout(mast, state, rng, actions, probs, max_steps)
    return c_playout(greedy, state, rng, actions, probs, max_steps)
