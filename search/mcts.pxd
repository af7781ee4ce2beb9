# The compiled UCT search over the State contract (see mcts.pyx for the algorithm).
from engine.rng cimport rng_t
from engine.state cimport State
from search.greedy cimport Greedy
from search.mast cimport Mast
from search.tree cimport Tree

# UCB1 over the node's children on the mean return of `seat` (the seat that moves
# at the node): an unvisited child first (in list order), else the highest
# mean + c * sqrt(ln N / n). NO_NODE if the node has no children.
cdef int c_select_child(Tree tree, int node, int seat, double c) noexcept nogil
# Adds one visit and the whole return vector `ret` to each node of the path (max^n:
# every seat's sum is kept, each mover reads its own).
cdef void c_backup(Tree tree, const int* path, int depth, const double* ret) noexcept nogil
# c_backup's two halves, which a shared tree runs apart (UctSearch.share_tree).
cdef void c_count_visits(Tree tree, const int* path, int depth) noexcept nogil
cdef void c_add_returns(Tree tree, const int* path, int depth, const double* ret) noexcept nogil


cdef class UctSearch:
    cdef readonly Tree tree              # shared with helpers after share_tree
    cdef readonly State root_state       # never modified: every iteration clones it
    cdef int num_players
    cdef double exploration              # the UCB constant c
    cdef long rollout_depth              # -1: play to the end
    cdef double widening                 # chance-node widening factor; 0: off
    # playout="mast": the table its playouts choose by (search/mast.pxd); else None.
    cdef readonly Mast mast
    cdef bint use_mast
    # playout="greedy": the policy its playouts follow (search/greedy.pxd); else None.
    cdef readonly Greedy greedy
    cdef rng_t rng
    cdef int* actions                    # scratch, num_actions entries
    cdef double* probs                   # scratch, num_actions entries
    cdef int* path                       # node ids of the current descent
    cdef int path_capacity
    cdef readonly long iterations        # iterations run so far on this tree

    # One iteration on `state`, a fresh clone of root_state: select, expand,
    # roll out, back up. Returns 0, or -1 if memory for the path ran out.
    cdef int c_iterate(self, State state) noexcept nogil
    cdef int c_chance_child(self, int node, State state) noexcept nogil
    cdef int c_expand(self, int node, State state) noexcept nogil
