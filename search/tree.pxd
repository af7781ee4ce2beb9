# Node storage for the compiled tree searches (mcts, and whoever else reuses it).
#
# Nodes live in one growable C array (an array of structs) plus a parallel array of
# per-seat value sums, so a tree of millions of nodes is two allocations and no
# Python object. Node ids are indices into those arrays: they stay valid when the
# arrays grow (pointers do not, so code re-reads `tree.nodes + id` after any c_alloc).

from cpython.pythread cimport PyThread_type_lock, PyThread_acquire_lock
from cpython.pythread cimport PyThread_release_lock, WAIT_LOCK
from libc.stdlib cimport realloc

cdef enum:
    NO_NODE = -1
    # `player` of a node whose state has not been looked at yet.
    UNSEEN = -3


# 24 bytes. Children are a singly linked list (first_child, next_sibling); children
# created together are allocated next to each other, so walking the list walks
# memory in order, and a chance node can still add one outcome at a time.
ctypedef struct node_t:
    int first_child      # NO_NODE until the node has children
    int next_sibling     # NO_NODE at the end of the parent's list
    int action           # the action (or chance outcome) leading here; -1 at the root
    int visits
    float prob           # the outcome's probability under a chance node, else 1
    short num_children
    signed char player   # the seat to move here, CHANCE, TERMINAL or UNSEEN
    unsigned char flags  # unused for now; keeps the struct at 24 bytes


# Writes `node` at path[depth], doubling the array (and *capacity) when it is full:
# 0, or -1 when memory runs out. The descent path of mcts and ismcts.
cdef inline int path_push(int** path, int* capacity, int depth, int node) noexcept nogil:
    cdef int* grown
    if depth == capacity[0]:
        grown = <int*>realloc(path[0], 2 * capacity[0] * sizeof(int))
        if grown == NULL:
            return -1
        path[0] = grown
        capacity[0] *= 2
    path[0][depth] = node
    return 0


cdef class Tree:
    cdef node_t* nodes
    # values[id * num_players + seat]: the sum of that seat's returns backed up
    # through the node; the mean is values / visits.
    cdef double* values
    cdef readonly int num_players
    cdef readonly int count        # nodes in use
    cdef int capacity              # nodes allocated
    cdef readonly int max_nodes    # c_alloc refuses to grow past this
    # Held around every read and change of the arrays while several threads grow the
    # tree together (tree parallelism: a c_alloc may move them); NULL while one
    # thread owns the tree, which then never locks.
    cdef PyThread_type_lock lock

    # The id of the first of `n` fresh, consecutive nodes (no visits, no children,
    # unlinked, action -1, prob 1, player UNSEEN), or NO_NODE when the tree is full
    # or memory runs out.
    cdef int c_alloc(self, int n) noexcept nogil
    # Grows the arrays to hold at least `needed` nodes: 0, or -1 out of memory.
    cdef int _grow(self, int needed) noexcept nogil
    cdef int _subtree_size(self, int node)
    # A new tree holding a copy of the subtree under `node`, which becomes its root.
    cdef Tree c_subtree(self, int node)


# The tree's lock, for a tree that threads share; nothing for one that a thread owns.
cdef inline void tree_lock(Tree tree) noexcept nogil:
    if tree.lock != NULL:
        PyThread_acquire_lock(tree.lock, WAIT_LOCK)


cdef inline void tree_unlock(Tree tree) noexcept nogil:
    if tree.lock != NULL:
        PyThread_release_lock(tree.lock)
