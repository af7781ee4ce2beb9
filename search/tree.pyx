# Node storage for the compiled tree searches: see tree.pxd for the layout.
from cpython.pythread cimport PyThread_allocate_lock, PyThread_free_lock
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memset


# The arrays start small and double, so a short search costs little memory.
cdef int INITIAL_CAPACITY = 1024


cdef class Tree:
    """A growable arena of search nodes with per-seat value sums.

    Created with one root node (id 0). `max_nodes` bounds the memory: past it,
    c_alloc refuses and the search keeps using the tree it has.
    """

    def __cinit__(self, int num_players, int max_nodes=5_000_000):
        if not 1 <= num_players <= 8:
            raise ValueError(f"a tree is for 1..8 players, got {num_players}")
        if max_nodes < 1:
            raise ValueError(f"max_nodes must be at least 1, got {max_nodes}")
        self.num_players = num_players
        self.max_nodes = max_nodes
        self.capacity = min(INITIAL_CAPACITY, max_nodes)
        self.count = 0
        self.nodes = <node_t*>malloc(self.capacity * sizeof(node_t))
        self.values = <double*>malloc(self.capacity * num_players * sizeof(double))
        if self.nodes == NULL or self.values == NULL:
            raise MemoryError()
        self.c_alloc(1)

    def __dealloc__(self):
        free(self.nodes)
        free(self.values)
        if self.lock != NULL:
            PyThread_free_lock(self.lock)

    def share(self):
        """Make the tree safe for several threads to grow: from now on every search
        step that reads or changes it holds its lock (tree_lock). The Python
        inspection below does not: read the tree only while no thread grows it."""
        if self.lock == NULL:
            self.lock = PyThread_allocate_lock()
            if self.lock == NULL:
                raise MemoryError()

    @property
    def shared(self):
        """Whether threads may grow the tree together (see share)."""
        return self.lock != NULL

    cdef int _grow(self, int needed) noexcept nogil:
        # Doubles the arrays until `needed` nodes fit; 0 on success, -1 if not.
        cdef long capacity = self.capacity
        cdef node_t* nodes
        cdef double* values
        while capacity < needed:
            capacity *= 2
        if capacity > self.max_nodes:
            capacity = self.max_nodes
        nodes = <node_t*>realloc(self.nodes, capacity * sizeof(node_t))
        if nodes == NULL:
            return -1
        self.nodes = nodes
        values = <double*>realloc(self.values, capacity * self.num_players * sizeof(double))
        if values == NULL:
            return -1
        self.values = values
        self.capacity = <int>capacity
        return 0

    cdef int c_alloc(self, int n) noexcept nogil:
        cdef int first = self.count, i
        cdef node_t* node
        if n < 1 or <long>first + n > self.max_nodes:
            return NO_NODE
        if first + n > self.capacity and self._grow(first + n) != 0:
            return NO_NODE
        for i in range(first, first + n):
            node = &self.nodes[i]
            node.first_child = NO_NODE
            node.next_sibling = NO_NODE
            node.action = -1
            node.visits = 0
            node.prob = 1.0
            node.num_children = 0
            node.player = UNSEEN
            node.flags = 0
        memset(&self.values[<long>first * self.num_players], 0,
               <size_t>n * self.num_players * sizeof(double))
        self.count = first + n
        return first

    cdef Tree c_subtree(self, int node):
        # Breadth-first copy: each node's children are copied as one consecutive run,
        # so the copy keeps the "siblings are neighbours" layout and drops every node
        # outside the subtree (the old tree's memory is freed with it).
        cdef int size = self._subtree_size(node)
        cdef Tree copy = Tree(self.num_players, max(self.max_nodes, size))
        cdef int P = self.num_players
        cdef int* queue = <int*>malloc(size * sizeof(int))   # old ids, in new-id order
        cdef int head = 0, tail = 1, old, child, new_id, first_new, k
        if queue == NULL:
            raise MemoryError()
        if copy._grow(size) != 0:
            free(queue)
            raise MemoryError()
        queue[0] = node
        copy.count = 1
        while head < tail:
            old = queue[head]
            new_id = head
            copy.nodes[new_id] = self.nodes[old]
            memcpy(&copy.values[<long>new_id * P], &self.values[<long>old * P], P * sizeof(double))
            copy.nodes[new_id].next_sibling = NO_NODE
            if self.nodes[old].first_child != NO_NODE:
                first_new = tail
                child = self.nodes[old].first_child
                while child != NO_NODE:
                    queue[tail] = child
                    tail += 1
                    child = self.nodes[child].next_sibling
                copy.nodes[new_id].first_child = first_new
            head += 1
        # Siblings were queued consecutively: relink each run in the copy.
        for k in range(tail):
            old = queue[k]
            if self.nodes[old].first_child != NO_NODE:
                first_new = copy.nodes[k].first_child
                child = first_new
                while self.nodes[queue[child]].next_sibling != NO_NODE:
                    copy.nodes[child].next_sibling = child + 1
                    child += 1
        copy.nodes[0].action = -1
        copy.nodes[0].prob = 1.0
        copy.count = tail
        free(queue)
        return copy

    cdef int _subtree_size(self, int node):
        cdef int size = 0, head = 0, child
        cdef list stack = [node]
        while stack:
            head = stack.pop()
            size += 1
            child = self.nodes[head].first_child
            while child != NO_NODE:
                stack.append(child)
                child = self.nodes[child].next_sibling
        return size

    # ---- Python inspection (decisions, tests): never in the search loop ----------

    @property
    def bytes_per_node(self):
        """Memory a node takes: the struct plus one double per seat."""
        return sizeof(node_t) + self.num_players * sizeof(double)

    def _check(self, int node):
        if not 0 <= node < self.count:
            raise IndexError(f"no node {node} (the tree has {self.count})")

    def children(self, int node):
        """The ids of the node's children, in list order."""
        self._check(node)
        result = []
        cdef int child = self.nodes[node].first_child
        while child != NO_NODE:
            result.append(child)
            child = self.nodes[child].next_sibling
        return result

    def action(self, int node):
        self._check(node)
        return self.nodes[node].action

    def visits(self, int node):
        self._check(node)
        return self.nodes[node].visits

    def player(self, int node):
        """The seat to move at the node, CHANCE, TERMINAL, or None if not seen yet."""
        self._check(node)
        cdef int player = self.nodes[node].player
        return None if player == UNSEEN else player

    def prob(self, int node):
        self._check(node)
        return self.nodes[node].prob

    def value_sums(self, int node):
        """Per-seat sums of the returns backed up through the node."""
        self._check(node)
        return [self.values[<long>node * self.num_players + i] for i in range(self.num_players)]

    def mean(self, int node, int seat):
        """The seat's mean return through the node (0.5 if never visited)."""
        self._check(node)
        if not 0 <= seat < self.num_players:
            raise IndexError(f"no seat {seat}")
        if self.nodes[node].visits == 0:
            return 0.5
        return self.values[<long>node * self.num_players + seat] / self.nodes[node].visits

    def subtree(self, int node):
        """A compacted copy of the subtree under `node` (its root becomes id 0)."""
        self._check(node)
        return self.c_subtree(node)

    def add_children(self, int node, actions, probs=None):
        """Append children with these actions (tests and hand-built trees); returns
        their ids. The search itself links children in C."""
        self._check(node)
        actions = list(actions)
        if not actions:
            return []
        cdef int first = self.c_alloc(len(actions))
        if first == NO_NODE:
            raise MemoryError("the tree is full")
        cdef int i
        for i, a in enumerate(actions):
            self.nodes[first + i].action = a
            self.nodes[first + i].prob = 1.0 if probs is None else probs[i]
            self.nodes[first + i].next_sibling = first + i + 1 if i + 1 < len(actions) else NO_NODE
        # New children go in front of any the node already had.
        self.nodes[first + len(actions) - 1].next_sibling = self.nodes[node].first_child
        self.nodes[node].first_child = first
        self.nodes[node].num_children += len(actions)
        return list(range(first, first + len(actions)))
