# Compiled random playouts and chance sampling, the building blocks of searchers.
from engine.rng cimport rng_t
from engine.state cimport State

# Samples an outcome at a chance node by its probability. `actions` and `probs` are
# scratch buffers of state.num_actions entries.
cdef int c_sample_chance(State state, rng_t* rng, int* actions, double* probs) noexcept nogil

# Plays uniformly random actions (chance by its probabilities) until the end or
# max_steps actions; returns the number of actions applied.
cdef long c_random_playout(State state, rng_t* rng, int* actions, double* probs,
                           long max_steps) noexcept nogil
