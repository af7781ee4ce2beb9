# The compiled core of single-observer information-set MCTS (SO-ISMCTS, Cowling,
# Powley and Whitehouse 2012): one tree over action sequences, searched through one
# fresh determinization of the root per iteration. ismcts_searcher.py is the glue.
#
# Nodes live in the shared node arena (search/tree.pxd: first_child, next_sibling,
# action, visits, the seat to move, per-seat value sums). The one statistic that
# only ISMCTS needs, how often an edge was available, is a parallel int array here.
from engine.rng cimport Rng, rng_t
from engine.state cimport State
from search.tree cimport Tree


cdef class IsmctsSearch:
    cdef readonly Tree tree
    cdef readonly State root_state       # never modified: determinized or cloned
    cdef Rng rng                         # drawn from by every iteration (shared, not copied)
    cdef readonly int seat               # the searching seat, to move at the root
    cdef bint determinize                # False when nothing is hidden from the seat
    cdef int num_players
    cdef int num_actions                 # entries in each scratch buffer
    cdef double exploration              # the UCB constant c
    cdef long rollout_depth              # -1: play to the end
    # avail[id]: iterations in which the edge into node `id` was legal at its parent
    # (the exploration term's count in place of the parent's visits).
    cdef int* avail
    cdef int avail_capacity
    # Scratch of num_actions entries: legal actions, chance probabilities, and stamp
    # marks (an entry equal to `stamp` means "set during this node visit"), so
    # membership tests need no clearing.
    cdef int* actions
    cdef double* probs
    cdef int* legal_mark
    cdef int* tried_mark
    cdef int stamp
    cdef int* path                       # node ids of the current descent, root first
    cdef int path_capacity
    cdef readonly long iterations        # iterations run so far on this tree
    cdef readonly double seconds         # time spent in run()

    # A new child of `parent` for `action`, linked in front of its siblings, or
    # NO_NODE when the tree is full or memory runs out.
    cdef int c_add_child(self, int parent, int action) noexcept nogil
    cdef int c_find_child(self, int parent, int action) noexcept nogil
    # One iteration on `state`, a fresh determinization of the root that it consumes.
    # Returns 0, or -1 if memory for the path ran out.
    cdef int c_iterate(self, State state, rng_t* rng) noexcept nogil
