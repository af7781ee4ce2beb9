# The compiled core of online outcome sampling (OOS: Lisy, Lanctot and Bowling 2015),
# search/oos_searcher.py is the glue.
#
# Outcome-sampling MCCFR from the start of the game, with each iteration's sample
# "targeted", with probability `delta`, at the searching seat's information set:
# the steps the seat saw on the way there are forced, those it did not are drawn
# among the outcomes that can still lead there. Every node is an information set of
# its mover (its infoset key), with one regret and one average-strategy sum per
# legal action; importance weights divide by the probability of the sample under
# the mix of targeted and untargeted sampling, so the average strategy converges
# towards an equilibrium in two-seat zero-sum games, whatever was seen.
from libc.stdint cimport uint64_t

from engine.rng cimport Rng, rng_t
from engine.state cimport State
from search.keyindex cimport KeyIndex


# One step of an iteration's sample, for the backward pass.
ctypedef struct oos_step:
    int node            # the mover's information set, or -1 at a chance step
    int player          # the mover, or CHANCE
    int chosen          # the sampled action's index among the node's actions
    double prob         # chance: the outcome's probability; player: sigma(chosen)
    double own_reach    # the mover's own reach probability before the step
    double others_reach  # everyone's but the updated seat's, chance included
    double sample_prob  # the probability that the sample reached this step
    int sigma           # where the node's strategy this iteration starts in `sigmas`


cdef class OosSearch:
    cdef readonly State start            # the game's first state, never modified
    cdef Rng rng
    cdef readonly int seat
    cdef int num_players
    cdef int num_actions
    cdef double delta                    # the share of targeted iterations
    cdef double epsilon                  # the updated seat's exploration
    # The target: the steps from `start` to the root as the seat saw them
    # (target_seen 0: an outcome it did not see, whose action is -1).
    cdef int* target_actions
    cdef char* target_seen
    cdef int target_len
    # Information sets: node -> its first edge and edge count; edges: action id,
    # cumulative regret, cumulative average-strategy weight. The root's edges also
    # keep how often a sample took them and the seat's summed return.
    cdef KeyIndex index
    cdef int* node_first
    cdef int* node_count
    cdef int node_capacity
    cdef readonly int num_nodes
    cdef readonly int max_nodes
    cdef int* edge_action
    cdef double* regret
    cdef double* avg
    cdef double* baseline                # per edge and seat (baselines on)
    cdef bint baselines
    cdef double* values                  # scratch: an action's baselined estimate
    cdef int edge_capacity
    cdef int num_edges
    cdef readonly int root
    cdef long* root_visits
    cdef double* root_value
    # Targeted sampling at an unseen step draws among the outcomes from which the
    # rest of the target can still be followed: consistent_key[pos] is the state
    # hash the mask consistent_mask[pos * num_actions ...] was worked out for.
    cdef uint64_t* consistent_key
    cdef char* consistent_mask
    # Scratch: legal actions or outcomes, their probabilities, the untargeted and
    # targeted sampling distributions, the strategies of the steps, and the steps.
    cdef int* actions
    cdef double* probs
    cdef double* untargeted
    cdef double* targeted
    cdef double* sigmas
    cdef int sigmas_capacity
    cdef oos_step* steps
    cdef int steps_capacity
    cdef readonly long iterations
    cdef readonly double seconds

    cdef uint64_t c_key(self, State state, int player) noexcept nogil
    # The information set of `player` in `state`, made with its legal actions if
    # new; -1 when the search is full (the step then plays its uniform strategy and
    # learns nothing).
    cdef int c_node(self, State state, int player) noexcept nogil
    # Regret matching at `node` into sigmas[at ...]; its edge count.
    cdef int c_strategy(self, int node, int at) noexcept nogil
    # Whether the target from position `pos` can still be followed from `state`.
    cdef bint c_reachable(self, State state, int pos)
    # The mask of outcomes (indices into `acts`, n of them) at unseen target step
    # `pos` of `state` that keep the target reachable.
    cdef char* c_consistent(self, State state, int pos, const int* acts, int n)
    # One iteration updating `update`'s regrets: 0, or -1 out of memory.
    cdef int c_iterate(self, int update, rng_t* rng)
    cdef int c_grow_steps(self, int depth, int sigma_end) noexcept nogil
    # The backward pass of one iteration, plain or with baselines.
    cdef void c_backup(self, int depth, int update, double u, double total) noexcept nogil
    cdef void c_backup_baselined(self, int depth, int update, double u,
                                 double total) noexcept nogil
    cdef void c_add_average(self, oos_step* step) noexcept nogil
