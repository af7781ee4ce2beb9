# The compiled core of information-set MCTS (Cowling, Powley and Whitehouse 2012),
# searched through one fresh determinization of the root per iteration, in one of two
# shapes. ismcts_searcher.py is the glue.
# - "sequence" (SO-ISMCTS): one tree over action sequences, chance outcomes included.
# - "infoset": a node per information set of the seat to move there, found by its
#   infoset key (c_infoset_key of the mover), as OpenSpiel's ISMCTS keys nodes by the
#   mover's information state. An opponent's node then depends on what the opponent
#   knows (its own cards), and outcomes the searching seat cannot see lead to the
#   same node of its own; chance has no nodes. A node's children are its edges; the
#   node an edge leads to is looked up, and `succ` remembers the last one reached.
#
# Nodes live in the shared node arena (search/tree.pxd: first_child, next_sibling,
# action, visits, the seat to move, per-seat value sums). The one statistic that
# only ISMCTS needs, how often an edge was available, is a parallel int array here.
#
# Selection at a node ("select" option): UCB1 over availability counts, or regret
# matching ("rm", as in Lisy, Kovarik, Lanctot and Bosansky 2013): an edge is sampled
# from the node's positive regrets mixed with `gamma` of uniform, and the backup adds
# to each edge legal in that visit its importance-weighted return less the one got.
# Its visit counts then follow the average strategy, which is what the root reads.
from libc.stdint cimport int64_t, uint64_t

from engine.rng cimport Rng, rng_t
from engine.state cimport State
from search.keyindex cimport KeyIndex
from search.greedy cimport Greedy
from search.mast cimport Mast
from search.tree cimport Tree


# One regret-matching choice on the descent path: the node it was made at, the
# probability the chosen edge had (0: an expansion, which updates no regret) and the
# visit's stamp (the node's edges legal in that visit carry it in `seen`).
ctypedef struct rm_step:
    int parent
    double prob
    int64_t stamp


cdef class IsmctsSearch:
    cdef readonly Tree tree
    cdef readonly State root_state       # never modified: determinized or cloned
    cdef Rng rng                         # drawn from by every iteration (shared, not copied)
    cdef Rng world_rng                   # the worlds' own stream, spawned from rng
    cdef readonly int seat               # the searching seat, to move at the root
    cdef bint determinize                # False when nothing is hidden from the seat
    cdef int num_players
    cdef int num_actions                 # entries in each scratch buffer
    cdef double exploration              # the UCB constant c
    cdef long rollout_depth              # -1: play to the end
    # playout="mast": the table its playouts choose by (search/mast.pxd); else None.
    cdef readonly Mast mast
    cdef bint use_mast
    # playout="greedy": the policy its playouts follow (search/greedy.pxd); else None.
    cdef readonly Greedy greedy
    # Virtual visits a new edge starts with, at the heuristic's value (0: none).
    cdef int prior
    cdef readonly bint keyed             # True: the "infoset" shape (see above)
    cdef readonly bint regret_matching   # True: select="rm" (see above)
    cdef double gamma                    # rm: the uniform share mixed into the choice
    # rm: UCB chooses at a node until its edges have this many visits (rm after).
    cdef long rm_warmup
    # avail[id]: iterations in which the edge into node `id` was legal at its parent
    # (the exploration term's count in place of the parent's visits).
    cdef int* avail
    cdef int avail_capacity              # entries of avail and succ
    # succ[edge]: the node the edge last led to ("infoset" shape), NO_NODE before.
    cdef int* succ
    # rm only (NULL otherwise), per edge: its cumulative regret and the stamp of the
    # last node visit it was legal in; steps[depth]: the choice made into path[depth].
    cdef double* regret
    cdef int64_t* seen
    cdef int64_t visit_stamp
    cdef rm_step* steps
    cdef int steps_capacity
    cdef bint steps_failed
    # The "infoset" shape's index from a mover's key to its node (None otherwise).
    cdef KeyIndex index
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
    # set_worlds: root worlds to draw from by weight in place of determinizations
    # (a list of States; None: determinize), and their weights, summing to 1.
    cdef list worlds
    cdef double* world_weights
    cdef readonly long iterations        # iterations run so far on this tree
    cdef readonly double seconds         # time spent in run()

    # A new child of `parent` for `action`, linked in front of its siblings, or
    # NO_NODE when the tree is full or memory runs out.
    cdef int c_add_child(self, int parent, int action) noexcept nogil
    cdef int c_find_child(self, int parent, int action) noexcept nogil
    # The node of `key` ("infoset" shape), made for `player` if new (*created set to
    # 1); NO_NODE when the tree is full or memory runs out.
    cdef int c_keyed_node(self, uint64_t key, int player, bint* created) noexcept nogil
    cdef uint64_t c_key(self, State state, int player) noexcept nogil
    cdef int c_ensure_edge_arrays(self, int node) noexcept nogil
    # The world of one iteration (made with the GIL; see run).
    cdef State c_world(self, rng_t* rng)
    # One iteration on `state`, a fresh determinization of the root that it consumes.
    # Returns 0, or -1 if memory for the path ran out.
    # One step down the tree at a decision of `player` at `node`: the edge c_select
    # chooses (NO_NODE when the tree is full), its action applied to `state`, noted
    # for MAST, and a new edge seeded by the prior.
    cdef int c_take(self, State state, int node, int player, int depth, rng_t* rng,
                    bint* expanded) noexcept nogil
    cdef int c_iterate(self, State state, rng_t* rng) noexcept nogil
    cdef int c_iterate_keyed(self, State state, rng_t* rng) noexcept nogil
    cdef void c_finish(self, State state, rng_t* rng, int depth) noexcept nogil
    # A new edge's `prior` virtual visits, scored by the heuristic of `state`, the
    # position it leads to.
    cdef void c_seed_prior(self, int edge, State state) noexcept nogil
    # UCB (or rm) over the edges of `node` legal in the current position
    # (self.actions[:n], marked in legal_mark), counting each as available once more;
    # expands one untried legal action when there is one (*expanded set to 1). The
    # edge, or NO_NODE when a new edge could not be made (its action is then in
    # *action all the same).
    # `depth` is the path index of `node`; with rm the choice is recorded as
    # steps[depth + 1] (an expansion with probability 0).
    cdef int c_select(self, int node, int player, int n, int depth, rng_t* rng,
                      bint* expanded, int* action) noexcept nogil
    # Regret matching over the `n` legal edges of `node` (each tried, each marked
    # seen with the visit's stamp); records the choice as steps[depth + 1].
    cdef int c_select_rm(self, int node, int n, int depth, rng_t* rng) noexcept nogil
    # steps[depth] := (parent, prob, the current stamp), growing the array; sets
    # steps_failed when memory runs out (the iteration then reports it).
    cdef void c_record_step(self, int depth, int parent, double prob) noexcept nogil
    # After a backup of `rets`: the regret updates of steps[1..depth].
    cdef void c_update_regrets(self, int depth, double* rets) noexcept nogil
