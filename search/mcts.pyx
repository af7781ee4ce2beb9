"""UCT (Kocsis and Szepesvari 2006) over the State contract, compiled.

One iteration clones the root state and replays the tree's actions on it (no state
is stored in a node), then:

- selection: at a decision node, UCB1 on the mean return of the seat that moves
  there (max^n: every node backs up the whole per-seat return vector, so 3+ players
  work unchanged); a child never visited is taken first, in an order shuffled when
  the node's children were created, so no action id is favoured;
- chance nodes are explicit: the descent samples an outcome by its probability and
  follows (or creates) that outcome's child. Sampling rather than enumerating keeps
  an iteration's cost independent of the outcome count, and the child's statistics
  stay those of one concrete outcome, so the tree below it is exact. A chance node
  with many outcomes would spread its visits so thin that nothing below it grows
  deep; so it is progressively widened: it holds at most ceil(widening * sqrt(N))
  distinct outcomes after N visits, and a sample that would add one more beyond
  that is redrawn among the outcomes it already holds (by their probabilities).
  With widening=2 a die (6 outcomes) is complete after 9 visits, a 50-card draw
  after 625; widening=0 turns it off (every sampled outcome gets its child);
- expansion: a leaf is expanded the second time the descent reaches it (all its
  legal actions at once, one consecutive block of nodes), so leaves visited once
  cost one node;
- evaluation: a uniformly random playout (chance by its probabilities) to the end,
  or cut after `rollout_depth` actions and scored with the game's heuristic;
- backup: visits and per-seat return sums along the descent path.

Selection, expansion, playout and backup run without the GIL. Cloning the root
needs it (a clone is a Python object), so clones are made in batches with the GIL
and the batch's iterations then run with it released. With a deadline the batch is
sized to take about a millisecond and the clock is read between batches: a search
ends at most one batch after its deadline (~1-2 ms; a single iteration when one
iteration alone takes longer than that).
"""
from cpython.object cimport PyObject
from libc.math cimport ceil, log, sqrt
from libc.stdlib cimport malloc, free

from engine.rng cimport Rng, rng_below, rng_uniform
from engine.state cimport State, CHANCE, TERMINAL, MAX_PLAYERS
from engine.playout cimport c_position_value, c_sample_index, playout_steps
from search.greedy cimport new_greedy
from search.mast cimport new_mast
from search.playouts cimport c_play_out
from search.clock cimport c_now, next_batch, MAX_BATCH
from search.tree cimport Tree, node_t, NO_NODE, UNSEEN, path_push, tree_lock, tree_unlock


cdef int c_select_child(Tree tree, int node, int seat, double c) noexcept nogil:
    cdef node_t* nodes = tree.nodes
    cdef double* values = tree.values
    cdef int P = tree.num_players
    cdef double log_n = log(<double>nodes[node].visits)
    cdef double score, best_score = -1.0
    cdef int child = nodes[node].first_child, best = NO_NODE, visits
    while child != NO_NODE:
        visits = nodes[child].visits
        if visits == 0:
            return child
        score = values[<long>child * P + seat] / visits + c * sqrt(log_n / visits)
        if score > best_score:
            best_score = score
            best = child
        child = nodes[child].next_sibling
    return best


cdef void c_backup(Tree tree, const int* path, int depth, const double* ret) noexcept nogil:
    c_count_visits(tree, path, depth)
    c_add_returns(tree, path, depth, ret)


cdef void c_count_visits(Tree tree, const int* path, int depth) noexcept nogil:
    cdef int i
    for i in range(depth):
        tree.nodes[path[i]].visits += 1


cdef void c_add_returns(Tree tree, const int* path, int depth, const double* ret) noexcept nogil:
    cdef double* values = tree.values
    cdef int P = tree.num_players
    cdef int i, s
    for i in range(depth):
        for s in range(P):
            values[<long>path[i] * P + s] += ret[s]


def select_child(Tree tree not None, int node, int seat, double c=1.4142135623730951):
    """The child UCT descends to from `node` when `seat` moves there (tests and
    hand-built trees; the search calls the C function)."""
    tree._check(node)
    if not 0 <= seat < tree.num_players:
        raise IndexError(f"no seat {seat}")
    return c_select_child(tree, node, seat, c)


def backup(Tree tree not None, path, returns):
    """Back up one return vector along `path` (a list of node ids), as an iteration
    does."""
    cdef int depth = len(path), i
    cdef int* ids = <int*>malloc(max(depth, 1) * sizeof(int))
    cdef double ret[MAX_PLAYERS]
    if ids == NULL:
        raise MemoryError()
    try:
        if len(returns) != tree.num_players:
            raise ValueError(f"a return vector has {tree.num_players} entries")
        for i in range(depth):
            tree._check(path[i])
            ids[i] = path[i]
        for i in range(tree.num_players):
            ret[i] = returns[i]
        c_backup(tree, ids, depth, ret)
    finally:
        free(ids)


cdef class UctSearch:
    """A UCT tree over copies of `root`. `run` grows it; the tree stays inspectable
    (and reusable, see `reroot`) afterwards.

    c: the UCB exploration constant (sqrt(2) suits returns in [0, 1]).
    rollout_depth: -1 plays each playout to the end; N cuts it after N actions and
    scores the state with its heuristic (0: the heuristic at the leaf).
    widening: the chance-node widening factor described in the module docstring.
    max_nodes: the tree stops growing there (about 40 bytes a node at 2 players).
    playout: "random", "mast" (move-average sampling, search/mast.pxd) with
    `mast_epsilon` of its steps uniform, or "greedy" (one move ahead on the game's
    heuristic, search/greedy.pxd) with `greedy_epsilon` of its decisions uniform.
    """

    def __cinit__(self, State root not None, Rng rng not None, double c=1.4142135623730951,
                  long rollout_depth=-1, double widening=2.0, int max_nodes=5_000_000,
                  str playout="random", double mast_epsilon=0.4,
                  double greedy_epsilon=0.2):
        if c < 0:
            raise ValueError(f"the exploration constant c must be >= 0, got {c}")
        if rollout_depth < -1:
            raise ValueError(f"rollout_depth is -1 (to the end) or >= 0, got {rollout_depth}")
        if widening < 0:
            raise ValueError(f"widening must be >= 0 (0 turns it off), got {widening}")
        if not 1 <= root.num_players <= MAX_PLAYERS:
            raise ValueError(f"a state must have 1..{MAX_PLAYERS} players")
        self.mast = new_mast(playout, root, mast_epsilon)
        self.use_mast = self.mast is not None
        self.greedy = new_greedy(playout, root, greedy_epsilon)
        self.num_players = root.num_players
        self.exploration = c
        self.rollout_depth = rollout_depth
        self.widening = widening
        self.rng = rng.state
        self.root_state = root.c_clone()
        self.tree = Tree(self.num_players, max_nodes)
        size = max(root.num_actions, 1)
        self.actions = <int*>malloc(size * sizeof(int))
        self.probs = <double*>malloc(size * sizeof(double))
        self.path_capacity = 64
        self.path = <int*>malloc(self.path_capacity * sizeof(int))
        if self.actions == NULL or self.probs == NULL or self.path == NULL:
            raise MemoryError()
        self.iterations = 0

    def __dealloc__(self):
        free(self.actions)
        free(self.probs)
        free(self.path)

    # ---- the compiled iteration ----------------------------------------------------

    cdef int c_iterate(self, State state) noexcept nogil:
        cdef int node = 0, depth = 0, child, player
        cdef node_t* nodes
        cdef double ret[MAX_PLAYERS]
        cdef bint shared = self.tree.lock != NULL
        tree_lock(self.tree)
        while True:
            if path_push(&self.path, &self.path_capacity, depth, node) < 0:
                tree_unlock(self.tree)
                return -1
            depth += 1
            nodes = self.tree.nodes
            player = nodes[node].player
            if player == UNSEEN:
                player = state.c_current_player()
                nodes[node].player = <signed char>player
            if player == TERMINAL or nodes[node].visits == 0:
                break
            if player == CHANCE:
                child = self.c_chance_child(node, state)
            else:
                if nodes[node].first_child == NO_NODE:
                    self.c_expand(node, state)
                child = c_select_child(self.tree, node, player, self.exploration)
            if child == NO_NODE:
                break  # the tree is full: evaluate from here
            if self.use_mast and player != CHANCE:
                self.mast.c_note(player, self.tree.nodes[child].action)
            state.c_apply(self.tree.nodes[child].action)
            node = child
        if shared:
            # A virtual loss: the descent's visits count now, its returns only after
            # the playout, so meanwhile the other threads see this line as worse
            # and spread out.
            c_count_visits(self.tree, self.path, depth)
            tree_unlock(self.tree)

        if player == TERMINAL:
            state.c_returns(ret)
        else:
            if self.rollout_depth != 0:
                c_play_out(self.mast, self.greedy, state, &self.rng, self.actions,
                           self.probs, playout_steps(self.rollout_depth))
            c_position_value(state, ret)
        if self.use_mast:
            self.mast.c_update(ret)

        if shared:
            tree_lock(self.tree)
            c_add_returns(self.tree, self.path, depth, ret)
            tree_unlock(self.tree)
        else:
            c_backup(self.tree, self.path, depth, ret)
        self.iterations += 1
        return 0

    cdef int c_expand(self, int node, State state) noexcept nogil:
        # All legal actions at once, in a random order (the order unvisited children
        # are tried in). Returns the first child, or NO_NODE if the tree is full.
        cdef int n = state.c_legal_actions(self.actions)
        cdef int i, j, tmp, first
        cdef node_t* nodes
        for i in range(n - 1, 0, -1):
            j = rng_below(&self.rng, <unsigned int>(i + 1))
            tmp = self.actions[i]
            self.actions[i] = self.actions[j]
            self.actions[j] = tmp
        first = self.tree.c_alloc(n)
        if first == NO_NODE:
            return NO_NODE
        nodes = self.tree.nodes
        for i in range(n):
            nodes[first + i].action = self.actions[i]
            nodes[first + i].next_sibling = first + i + 1
        nodes[first + n - 1].next_sibling = NO_NODE
        nodes[node].first_child = first
        nodes[node].num_children = <short>min(n, 32767)
        return first

    cdef int c_chance_child(self, int node, State state) noexcept nogil:
        cdef int n = state.c_chance_outcomes(self.actions, self.probs)
        cdef int i = c_sample_index(self.probs, n, rng_uniform(&self.rng))
        cdef double total, u
        cdef int outcome, child, limit, fresh
        cdef node_t* nodes = self.tree.nodes
        outcome = self.actions[i]
        child = nodes[node].first_child
        while child != NO_NODE:
            if nodes[child].action == outcome:
                return child
            child = nodes[child].next_sibling
        if self.widening > 0.0:
            limit = <int>ceil(self.widening * sqrt(<double>nodes[node].visits))
        else:
            limit = 1 << 30
        if nodes[node].num_children < limit and nodes[node].num_children < 32767:
            fresh = self.tree.c_alloc(1)
            if fresh != NO_NODE:
                nodes = self.tree.nodes
                nodes[fresh].action = outcome
                nodes[fresh].prob = <float>self.probs[i]
                nodes[fresh].next_sibling = nodes[node].first_child
                nodes[node].first_child = fresh
                nodes[node].num_children += 1
                return fresh
        # Widened out (or full): redraw among the outcomes the node already holds.
        total = 0.0
        child = nodes[node].first_child
        while child != NO_NODE:
            total += nodes[child].prob
            child = nodes[child].next_sibling
        u = rng_uniform(&self.rng) * total
        child = nodes[node].first_child
        while child != NO_NODE:
            u -= nodes[child].prob
            if u < 0.0 or nodes[child].next_sibling == NO_NODE:
                return child
            child = nodes[child].next_sibling
        return NO_NODE

    # ---- Python driver ---------------------------------------------------------------

    def run(self, long iterations, deadline=None):
        """Run up to `iterations` more iterations, stopping early once the clock
        (search/clock.pxd) passes `deadline` if it is not None (checked between
        batches). Returns the number run."""
        cdef long done = 0, batch, size, k, ran
        cdef list pool
        cdef PyObject** ptrs = <PyObject**>malloc(MAX_BATCH * sizeof(PyObject*))
        cdef int status = 0
        cdef bint timed = deadline is not None
        cdef double until = deadline if timed else 0.0
        cdef double started
        if ptrs == NULL:
            raise MemoryError()
        batch = MAX_BATCH if not timed else 1  # grows while batches are short
        try:
            while done < iterations:
                if timed and c_now() >= until:
                    break
                size = min(batch, iterations - done)
                pool = [self.root_state.c_clone() for _ in range(size)]
                for k in range(size):
                    ptrs[k] = <PyObject*>pool[k]
                started = c_now()
                ran = 0
                with nogil:
                    for k in range(size):
                        status = self.c_iterate(<State>ptrs[k])
                        if status != 0:
                            break
                        ran += 1
                done += ran
                if status != 0:
                    raise MemoryError("out of memory for the search path")
                if self.use_mast and self.mast.failed:
                    raise MemoryError("the MAST trail ran out of memory")
                if timed:
                    batch = next_batch(batch, c_now() - started)
        finally:
            free(ptrs)
        return done

    def share_tree(self, UctSearch helper not None):
        """Let `helper` (a search of the same position and options, with a random
        stream of its own) grow this search's tree from now on, so that threads grow
        one tree together (tree parallelism, search/parallel.py). Each iteration then
        holds the tree's lock while it descends and expands and while it backs up,
        not during its playout, and counts its visits as it descends (a virtual
        loss). Read the tree, and reroot it, only while no thread runs."""
        if helper is self:
            raise ValueError("a search cannot share its tree with itself")
        if helper.num_players != self.num_players or helper.root_state != self.root_state:
            raise ValueError("a helper must search the same position")
        self.tree.share()
        helper.tree = self.tree
        helper.root_state = self.root_state

    def reseed(self, Rng rng not None):
        """Continue with the random stream of `rng` (a reused tree, a new move)."""
        self.rng = rng.state

    def find(self, State target not None, int max_plies, long max_scan=100_000):
        """The id of a node at most `max_plies` below the root whose state equals
        `target` (hash first, then the whole state), or -1. Only nodes the search
        visited are looked at, level by level, and the shallowest level holding the
        position wins; within it (transpositions: pig's turn total 4 is one roll of
        4 or two of 2) the most visited node. Gives up (-1) after looking at
        `max_scan` nodes, so a huge tree never costs more than a fresh search."""
        cdef unsigned long long key = target.c_hash()
        cdef long scanned = 0
        level = [(0, self.root_state)]
        for depth in range(max_plies + 1):
            best, best_visits = -1, -1
            below = []
            for node, state in level:
                scanned += 1
                if scanned > max_scan:
                    return -1
                if (<State>state).c_hash() == key and state == target:
                    if self.tree.visits(node) > best_visits:
                        best, best_visits = node, self.tree.visits(node)
                    continue
                if depth == max_plies:
                    continue
                for child in self.tree.children(node):
                    if self.tree.visits(child) > 0:
                        next_state = (<State>state).c_clone()
                        (<State>next_state).c_apply(self.tree.action(child))
                        below.append((child, next_state))
            if best >= 0:
                return best
            level = below
        return -1

    def reroot(self, int node, State state not None):
        """Keep only the subtree under `node`, whose position is `state`; returns the
        number of nodes kept."""
        self.tree = self.tree.c_subtree(node)
        self.root_state = state.c_clone()
        return self.tree.count
