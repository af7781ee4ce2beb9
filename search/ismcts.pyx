# ISMCTS in compiled code (see ismcts.pxd for the two tree shapes and the layout).
#
# Each iteration: determinize the root for the searching seat (c_determinize, or a
# world of set_worlds drawn by weight), descend along edges legal in that world (UCB1
# with availability counts in place of the parent's visits, or regret matching with
# select="rm"; chance outcomes sampled by probability), add one new edge (and, in
# the "infoset" shape, the node it leads to), finish with a random playout (or a
# depth-limited one scored by the heuristic), and back up the per-seat return
# vector (and with rm the regrets); an edge is ranked by the share of the seat that
# took it, so any number of players works.
from cpython.object cimport PyObject
from libc.math cimport INFINITY, log, sqrt
from libc.limits cimport INT_MAX
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memset

from engine.hashing cimport mix64
from engine.playout cimport c_position_value, c_sample_index, playout_steps
from engine.rng cimport Rng, rng_below, rng_t, rng_uniform
from engine.state cimport CHANCE, MAX_PLAYERS, State, TERMINAL
from search.clock cimport c_now, next_batch, MAX_BATCH
from search.keyindex cimport KeyIndex
from search.greedy cimport new_greedy
from search.mast cimport new_mast
from search.playouts cimport c_play_out
from search.tree cimport NO_NODE, Tree, node_t, path_push


# The tree shapes (ismcts.pxd), by the name the `tree` option gives them.
TREE_SHAPES = ("sequence", "infoset")
# The selection rules (ismcts.pxd), by the name the `select` option gives them.
SELECTIONS = ("ucb", "rm")
# Spreads the mover's seat over a key, so two seats' keys of one state differ.
cdef uint64_t SEAT_SALT = 0x9E3779B97F4A7C15ULL


def node_bytes(int num_players, str select="ucb"):
    """Memory one tree node takes with this many seats: the shared node record,
    one value sum a seat, the availability count and the successor, and with rm
    the regret and the stamp (with the "infoset" shape's index at most twice that
    many slots, not counted)."""
    cdef long extra = sizeof(double) + sizeof(int64_t) if select == "rm" else 0
    return sizeof(node_t) + num_players * sizeof(double) + 2 * sizeof(int) + extra


cdef inline bint c_grow(void** array, size_t size) noexcept nogil:
    # *array reallocated to `size` bytes; False, *array as it was, when memory runs out.
    cdef void* grown = realloc(array[0], size)
    if grown == NULL:
        return False
    array[0] = grown
    return True


cdef class IsmctsSearch:
    """One SO-ISMCTS tree for `seat` (to move in `root`), drawing from `rng` itself
    (its stream advances as the search runs), and its worlds from a stream spawned
    from `rng` when the search is made. Node 0 is the root; `edges(node)` reads the
    statistics under a node.

    `determinize=False` searches plain copies of the root: right when the seat
    can see everything (then SO-ISMCTS is UCT), and much faster."""

    def __cinit__(self, State root not None, Rng rng not None, int seat, double c,
                  long rollout_depth, bint determinize, int max_nodes=5_000_000,
                  str tree="sequence", str select="ucb", double gamma=0.1,
                  long rm_warmup=0, str playout="random", double mast_epsilon=0.4,
                  int prior=0, double greedy_epsilon=0.2):
        if root.c_current_player() != seat:
            raise ValueError(f"seat {seat} is not to move here")
        if tree not in TREE_SHAPES:
            raise ValueError(f"tree must be one of {', '.join(TREE_SHAPES)}, got {tree!r}")
        if select not in SELECTIONS:
            raise ValueError(f"select must be one of {', '.join(SELECTIONS)}, got {select!r}")
        if not 0.0 < gamma <= 1.0:
            raise ValueError(f"gamma must be in (0, 1], got {gamma!r}")
        if prior < 0:
            raise ValueError(f"prior must be >= 0, got {prior!r}")
        self.prior = prior
        self.mast = new_mast(playout, root, mast_epsilon)
        self.use_mast = self.mast is not None
        self.greedy = new_greedy(playout, root, greedy_epsilon)
        self.keyed = tree == "infoset"
        self.regret_matching = select == "rm"
        self.gamma = gamma
        self.rm_warmup = rm_warmup
        self.root_state = root.c_clone()
        self.rng = rng
        self.world_rng = rng.spawn()
        self.seat = seat
        self.determinize = determinize
        self.num_players = root.num_players
        self.exploration = c
        self.rollout_depth = rollout_depth
        self.tree = Tree(root.num_players, max_nodes)
        self.tree.nodes[0].player = seat
        cdef int n = max(root.num_actions, 1)
        self.num_actions = n
        self.avail_capacity = 1024
        self.path_capacity = 64
        self.avail = <int*>malloc(self.avail_capacity * sizeof(int))
        self.succ = <int*>malloc(self.avail_capacity * sizeof(int))
        self.path = <int*>malloc(self.path_capacity * sizeof(int))
        self.actions = <int*>malloc(n * sizeof(int))
        self.probs = <double*>malloc(n * sizeof(double))
        self.legal_mark = <int*>malloc(n * sizeof(int))
        self.tried_mark = <int*>malloc(n * sizeof(int))
        self.worlds = None
        self.world_weights = NULL
        self.regret = NULL
        self.seen = NULL
        self.steps = NULL
        self.steps_capacity = 0
        self.steps_failed = 0
        self.visit_stamp = 0
        if self.regret_matching:
            self.regret = <double*>malloc(self.avail_capacity * sizeof(double))
            self.seen = <int64_t*>malloc(self.avail_capacity * sizeof(int64_t))
            self.steps_capacity = self.path_capacity
            self.steps = <rm_step*>malloc(self.steps_capacity * sizeof(rm_step))
            if self.regret == NULL or self.seen == NULL or self.steps == NULL:
                raise MemoryError("cannot allocate the ISMCTS search")
        if (self.avail == NULL or self.succ == NULL or self.path == NULL or self.actions == NULL
                or self.probs == NULL or self.legal_mark == NULL or self.tried_mark == NULL):
            raise MemoryError("cannot allocate the ISMCTS search")
        for i in range(n):
            self.legal_mark[i] = 0
            self.tried_mark[i] = 0
        self.stamp = 0
        self.avail[0] = 0
        self.succ[0] = NO_NODE
        if self.regret_matching:
            self.regret[0] = 0.0
            self.seen[0] = -1
        self.index = None
        if self.keyed:
            self.index = KeyIndex()
            if self.index.c_insert(self.c_key(root, seat), 0) < 0:
                raise MemoryError("cannot allocate the ISMCTS index")
        self.iterations = 0
        self.seconds = 0.0

    def __dealloc__(self):
        free(self.avail)
        free(self.succ)
        free(self.world_weights)
        free(self.regret)
        free(self.seen)
        free(self.steps)
        free(self.path)
        free(self.actions)
        free(self.probs)
        free(self.legal_mark)
        free(self.tried_mark)

    # ---- the tree in C ---------------------------------------------------------------

    cdef int c_ensure_edge_arrays(self, int node) noexcept nogil:
        # avail and succ hold an entry for `node`, and succ[node] is NO_NODE: 0, or -1
        # when memory runs out (both arrays keep their old size then).
        cdef int capacity = self.avail_capacity
        if node >= capacity:
            while capacity <= node:
                capacity *= 2
            if not (c_grow(<void**>&self.avail, capacity * sizeof(int))
                    and c_grow(<void**>&self.succ, capacity * sizeof(int))):
                return -1
            if self.regret_matching and not (
                    c_grow(<void**>&self.regret, capacity * sizeof(double))
                    and c_grow(<void**>&self.seen, capacity * sizeof(int64_t))):
                return -1
            self.avail_capacity = capacity
        self.succ[node] = NO_NODE
        if self.regret_matching:
            self.regret[node] = 0.0
            self.seen[node] = -1
        return 0

    cdef int c_add_child(self, int parent, int action) noexcept nogil:
        cdef int child
        child = self.tree.c_alloc(1)
        if child == NO_NODE:
            return NO_NODE
        if self.c_ensure_edge_arrays(child) < 0:
            self.tree.count -= 1  # give the node back: it is not linked yet
            return NO_NODE
        self.avail[child] = 1  # available in the iteration that creates it
        cdef node_t* nodes = self.tree.nodes
        nodes[child].action = action
        nodes[child].next_sibling = nodes[parent].first_child
        nodes[parent].first_child = child
        nodes[parent].num_children += 1
        return child

    cdef int c_find_child(self, int parent, int action) noexcept nogil:
        cdef int child = self.tree.nodes[parent].first_child
        while child != NO_NODE and self.tree.nodes[child].action != action:
            child = self.tree.nodes[child].next_sibling
        return child

    cdef uint64_t c_key(self, State state, int player) noexcept nogil:
        return mix64(state.c_infoset_key(player) ^ (<uint64_t>(player + 1) * SEAT_SALT))

    cdef int c_keyed_node(self, uint64_t key, int player, bint* created) noexcept nogil:
        cdef int node = self.index.c_find(key)
        created[0] = 0
        if node >= 0:
            return node
        node = self.tree.c_alloc(1)
        if node == NO_NODE:
            return NO_NODE
        if self.c_ensure_edge_arrays(node) < 0:
            self.tree.count -= 1
            return NO_NODE
        self.avail[node] = 0  # a node is never an edge: its count is unused
        if self.index.c_insert(key, node) < 0:
            self.tree.count -= 1
            return NO_NODE
        self.tree.nodes[node].player = player
        created[0] = 1
        return node

    cdef int c_select(self, int node, int player, int n, int depth, rng_t* rng,
                      bint* expanded, int* action) noexcept nogil:
        cdef int child, best, i, k, n_tried
        cdef long total = 0
        cdef int P = self.num_players
        cdef double score, best_score, c = self.exploration
        cdef node_t* ch
        if self.stamp == INT_MAX:
            # Billions of node visits: start the marks afresh rather than wrap.
            memset(self.legal_mark, 0, self.num_actions * sizeof(int))
            memset(self.tried_mark, 0, self.num_actions * sizeof(int))
            self.stamp = 0
        self.stamp += 1
        self.visit_stamp += 1
        for i in range(n):
            self.legal_mark[self.actions[i]] = self.stamp
        # UCB over the edges legal in this determinization, each counted as
        # available once more; the mover's mean return is the exploitation term.
        best = NO_NODE
        best_score = -INFINITY
        n_tried = 0
        child = self.tree.nodes[node].first_child
        while child != NO_NODE:
            ch = &self.tree.nodes[child]
            if self.legal_mark[ch.action] == self.stamp:
                self.tried_mark[ch.action] = self.stamp
                n_tried += 1
                self.avail[child] += 1
                if self.regret_matching:
                    self.seen[child] = self.visit_stamp
                    total += ch.visits
                score = (self.tree.values[<long>child * P + player] / ch.visits
                         + c * sqrt(log(<double>self.avail[child]) / ch.visits))
                if score > best_score:
                    best_score = score
                    best = child
            child = ch.next_sibling
        if n_tried < n:
            # Expand one untried legal action, chosen uniformly.
            k = <int>rng_below(rng, <unsigned int>(n - n_tried))
            action[0] = -1
            for i in range(n):
                if self.tried_mark[self.actions[i]] != self.stamp:
                    if k == 0:
                        action[0] = self.actions[i]
                        break
                    k -= 1
            expanded[0] = 1
            if self.regret_matching:
                self.c_record_step(depth + 1, node, 0.0)
            return self.c_add_child(node, action[0])
        expanded[0] = 0
        if self.regret_matching:
            if total >= self.rm_warmup:
                best = self.c_select_rm(node, n, depth, rng)
            else:
                self.c_record_step(depth + 1, node, 0.0)  # UCB's choice: no regret
        action[0] = self.tree.nodes[best].action
        return best

    cdef int c_select_rm(self, int node, int n, int depth, rng_t* rng) noexcept nogil:
        # sigma = (1 - gamma) * (positive regrets, normalised; uniform if none) +
        # gamma * uniform, over the edges legal in this visit (seen == visit_stamp).
        cdef int child, chosen = NO_NODE
        cdef double positive = 0.0, share, mix = self.gamma / n, x, p = 0.0
        child = self.tree.nodes[node].first_child
        while child != NO_NODE:
            if self.seen[child] == self.visit_stamp and self.regret[child] > 0.0:
                positive += self.regret[child]
            child = self.tree.nodes[child].next_sibling
        x = rng_uniform(rng)
        child = self.tree.nodes[node].first_child
        while child != NO_NODE:
            if self.seen[child] == self.visit_stamp:
                if positive > 0.0:
                    share = (self.regret[child] / positive if self.regret[child] > 0.0
                             else 0.0)
                else:
                    share = 1.0 / n
                p = (1.0 - self.gamma) * share + mix
                chosen = child
                if x < p:
                    break
                x -= p
            child = self.tree.nodes[child].next_sibling
        # (Rounding can leave x just above the last share: the last legal edge then.)
        self.c_record_step(depth + 1, node, p)
        return chosen

    cdef void c_record_step(self, int depth, int parent, double prob) noexcept nogil:
        cdef int capacity = self.steps_capacity
        cdef rm_step* grown
        if depth >= capacity:
            while capacity <= depth:
                capacity *= 2
            grown = <rm_step*>realloc(self.steps, capacity * sizeof(rm_step))
            if grown == NULL:
                self.steps_failed = 1
                return
            self.steps = grown
            self.steps_capacity = capacity
        self.steps[depth].parent = parent
        self.steps[depth].prob = prob
        self.steps[depth].stamp = self.visit_stamp

    cdef void c_update_regrets(self, int depth, double* rets) noexcept nogil:
        # Each edge legal in the visit gains an estimate of what it returns less the
        # return got. The estimate is the edge's mean so far (a baseline, as in
        # variance-reduced MCCFR), and for the chosen edge that plus the sampled
        # return's surprise over its probability: unbiased whatever the baseline,
        # and far less noisy than the plain importance weight on returns near 0.5.
        cdef int i, child, chosen, player, P = self.num_players
        cdef double u, mean
        cdef rm_step* step
        cdef node_t* ch
        for i in range(1, depth + 1):
            step = &self.steps[i]
            if step.prob <= 0.0:
                continue
            chosen = self.path[i]
            player = self.tree.nodes[step.parent].player
            u = rets[player]
            child = self.tree.nodes[step.parent].first_child
            while child != NO_NODE:
                ch = &self.tree.nodes[child]
                if self.seen[child] == step.stamp:
                    if child == chosen:
                        # Its mean before this iteration's return was backed up.
                        mean = (u if ch.visits <= 1 else
                                (self.tree.values[<long>child * P + player] - u)
                                / (ch.visits - 1))
                        self.regret[child] += mean + (u - mean) / step.prob - u
                    elif ch.visits > 0:
                        mean = self.tree.values[<long>child * P + player] / ch.visits
                        self.regret[child] += mean - u
                child = ch.next_sibling

    cdef int c_take(self, State state, int node, int player, int depth, rng_t* rng,
                    bint* expanded) noexcept nogil:
        cdef int action
        cdef int n = state.c_legal_actions(self.actions)
        cdef int edge = self.c_select(node, player, n, depth, rng, expanded, &action)
        if self.use_mast:
            self.mast.c_note(player, action)
        state.c_apply(action)
        if expanded[0] and edge != NO_NODE and self.prior > 0:
            self.c_seed_prior(edge, state)
        return edge

    cdef int c_iterate(self, State state, rng_t* rng) noexcept nogil:
        cdef int node = 0, child, depth = 0, player, n, i, action
        cdef bint expanded
        self.path[0] = 0
        while True:
            player = state.c_current_player()
            self.tree.nodes[node].player = player
            if player == TERMINAL:
                break
            if player == CHANCE:
                # Chance is an edge like any other, its outcome drawn by probability.
                n = state.c_chance_outcomes(self.actions, self.probs)
                i = c_sample_index(self.probs, n, rng_uniform(rng))
                action = self.actions[i]
                state.c_apply(action)
                child = self.c_find_child(node, action)
                if child == NO_NODE:
                    child = self.c_add_child(node, action)
                    if child != NO_NODE:
                        self.tree.nodes[child].prob = <float>self.probs[i]
                        depth += 1
                        if self.regret_matching:
                            self.c_record_step(depth, node, 0.0)
                        if path_push(&self.path, &self.path_capacity, depth, child) < 0:
                            return -1
                    break
                depth += 1
                if self.regret_matching:
                    self.c_record_step(depth, node, 0.0)
                if path_push(&self.path, &self.path_capacity, depth, child) < 0:
                    return -1
                node = child
                continue
            child = self.c_take(state, node, player, depth, rng, &expanded)
            if child != NO_NODE:   # a full tree still plays out from here
                depth += 1
                if path_push(&self.path, &self.path_capacity, depth, child) < 0:
                    return -1
            if expanded or child == NO_NODE:
                break
            node = child
        self.c_finish(state, rng, depth)
        return 0

    cdef int c_iterate_keyed(self, State state, rng_t* rng) noexcept nogil:
        cdef int node = 0, edge, depth = 0, player, n, i
        cdef bint expanded, created
        self.path[0] = 0
        while True:
            player = state.c_current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                # No nodes for chance: the next mover's key says what it saw of it.
                n = state.c_chance_outcomes(self.actions, self.probs)
                i = c_sample_index(self.probs, n, rng_uniform(rng))
                state.c_apply(self.actions[i])
                continue
            if depth > 0:
                node = self.c_keyed_node(self.c_key(state, player), player, &created)
                if node == NO_NODE:
                    break   # a full tree still plays out from here
                self.succ[self.path[depth]] = node
                if created:
                    break
            edge = self.c_take(state, node, player, depth, rng, &expanded)
            if edge == NO_NODE:
                break
            depth += 1
            if path_push(&self.path, &self.path_capacity, depth, edge) < 0:
                return -1
        self.c_finish(state, rng, depth)
        return 0

    cdef void c_seed_prior(self, int edge, State state) noexcept nogil:
        # `prior` virtual visits at the heuristic's value of the position the new edge
        # leads to (in this world), so that a small search first spends its visits
        # on the edges the game's own judgement likes; playouts then outweigh them.
        cdef double rets[MAX_PLAYERS]
        cdef double* value = &self.tree.values[<long>edge * self.num_players]
        cdef node_t* ch = &self.tree.nodes[edge]
        cdef int k
        c_position_value(state, rets)
        ch.visits += self.prior
        for k in range(self.num_players):
            value[k] += self.prior * rets[k]

    cdef void c_finish(self, State state, rng_t* rng, int depth) noexcept nogil:
        # The playout, and the backup of its return vector along path[0..depth].
        cdef int P = self.num_players, i, k, node
        cdef double rets[MAX_PLAYERS]
        cdef double* value
        cdef node_t* ch
        c_play_out(self.mast, self.greedy, state, rng, self.actions, self.probs,
                   playout_steps(self.rollout_depth))
        c_position_value(state, rets)
        if self.use_mast:
            self.mast.c_update(rets)
        for i in range(depth + 1):
            node = self.path[i]
            ch = &self.tree.nodes[node]
            ch.visits += 1
            value = &self.tree.values[<long>node * P]
            for k in range(P):
                value[k] += rets[k]
        if self.regret_matching:
            self.c_update_regrets(depth, rets)

    # ---- Python API ------------------------------------------------------------------

    cdef State c_world(self, rng_t* rng):
        # The next iteration's world (drawn from `rng`, the world stream): one of
        # set_worlds', a determinization, or the root itself when nothing is hidden.
        if self.worlds is not None:
            return (<State>self.worlds[c_sample_index(
                self.world_weights, len(self.worlds), rng_uniform(rng))]).c_clone()
        if self.determinize:
            return self.root_state.c_determinize(self.seat, rng)
        return self.root_state.c_clone()

    def run(self, long iterations, deadline=None):
        """Run up to `iterations` more iterations, stopping early once the clock
        (search/clock.pxd) passes `deadline` if it is not None (read between batches
        of iterations, never before the first). Returns the number run."""
        cdef double start = c_now(), started
        cdef bint timed = deadline is not None
        cdef double until = deadline if timed else 0.0
        cdef long done = 0, size, k
        cdef long batch = 1 if timed else MAX_BATCH  # grows while batches are short
        cdef int status = 0
        cdef list worlds
        cdef PyObject* ptrs[MAX_BATCH]
        cdef rng_t* rng = &self.rng.state
        cdef rng_t* world_rng = &self.world_rng.state
        while done < iterations:
            if timed and done > 0 and c_now() >= until:
                break
            # The worlds are Python objects, made with the GIL, a batch at a time; the
            # iterations run without, so searches in other threads go on meanwhile.
            # Worlds draw from a stream of their own, so where a batch ends (which
            # the clock decides) changes no draw.
            size = min(batch, iterations - done)
            worlds = [self.c_world(world_rng) for _ in range(size)]
            for k in range(size):
                ptrs[k] = <PyObject*>worlds[k]
            started = c_now()
            with nogil:
                for k in range(size):
                    status = (self.c_iterate_keyed(<State>ptrs[k], rng) if self.keyed
                              else self.c_iterate(<State>ptrs[k], rng))
                    if status < 0:
                        break
                    done += 1
            if status < 0:
                raise MemoryError(f"the ISMCTS path ran out of memory at {self.tree.count} nodes")
            if self.steps_failed:
                raise MemoryError("the ISMCTS regret steps ran out of memory")
            if self.use_mast and self.mast.failed:
                raise MemoryError("the MAST trail ran out of memory")
            if timed:
                batch = next_batch(batch, c_now() - started)
        self.iterations += done
        self.seconds += c_now() - start
        return done

    def set_worlds(self, worlds, weights):
        """Draw each iteration's root world from `worlds` (States the searching seat
        cannot tell from the root: to move there, the same infoset key) with
        probability proportional to `weights`, in place of the seat's uniform
        determinizations: belief-weighted sampling, with the beliefs the caller's."""
        worlds = list(worlds)
        weights = [float(w) for w in weights]
        if not worlds or len(worlds) != len(weights):
            raise ValueError("set_worlds needs one weight for each of at least one world")
        if min(weights) < 0 or not sum(weights) > 0:
            raise ValueError("world weights must be >= 0 with a positive sum")
        cdef uint64_t key = self.root_state.c_infoset_key(self.seat)
        cdef State world
        for world in worlds:
            if world.c_current_player() != self.seat or world.c_infoset_key(self.seat) != key:
                raise ValueError("a world the searching seat can tell from the root")
        cdef double total = sum(weights)
        cdef double* grown = <double*>realloc(self.world_weights, len(worlds) * sizeof(double))
        if grown == NULL:
            raise MemoryError("cannot allocate the world weights")
        self.world_weights = grown
        for i, w in enumerate(weights):
            self.world_weights[i] = w / total
        self.worlds = [world.c_clone() for world in worlds]

    @property
    def bytes_per_node(self):
        """Memory a node takes (see node_bytes)."""
        return node_bytes(self.num_players)

    @property
    def size(self):
        """Nodes in the tree, root included."""
        return self.tree.count

    def edges(self, int node=0):
        """(child, action, visits, mean return of the seat to move at `node`,
        availability) for each visited edge of `node`, in the tree's list order. In
        the "infoset" shape the child is the node the edge last led to (NO_NODE if
        none yet), whose own edges follow from there."""
        if node == NO_NODE:
            return []   # an edge of the "infoset" shape that led nowhere yet
        if not 0 <= node < self.tree.count:
            raise IndexError(f"no node {node} in a tree of {self.tree.count}")
        cdef int player = self.tree.nodes[node].player
        cdef int child = self.tree.nodes[node].first_child
        cdef node_t* ch
        out = []
        while child != NO_NODE:
            ch = &self.tree.nodes[child]
            if ch.visits > 0:
                mean = (self.tree.values[<long>child * self.num_players + player] / ch.visits
                        if 0 <= player < self.num_players else float("nan"))
                out.append((self.succ[child] if self.keyed else child, ch.action,
                            ch.visits, mean, self.avail[child]))
            child = ch.next_sibling
        return out
