# The compiled core of the expectimax searcher: one depth-limited search of a
# position, called once per iteration of the iterative deepening that
# search/expectimax_searcher.py drives.
#
# Two modes:
# - scalar (two seats, or `paranoid`): the root seat's value v in [0, 1]; it maximizes
#   and every other seat minimizes. Two-seat returns sum to 1, so this is exactly
#   expectiminimax. Alpha-beta at decision nodes, Star1 and Star2 at chance nodes
#   (Ballard 1983; Hauk, Buro and Schaeffer 2004), both relying on values lying in
#   [0, 1]. Every value returned is fail-soft: exact inside the window, otherwise a
#   bound on the far side of it.
# - max^n (3+ seats): return vectors, each seat maximizing its own entry, chance nodes
#   averaged; no pruning.
#
# A transposition table keyed by the state's c_hash stores (depth, value, bound type,
# best move). An entry is reused at any remaining depth up to the one it was searched
# to, and at every depth when no horizon leaf lay below it ("complete"): that keeps
# each iteration over a cyclic graph (pig) at about one visit per state.
from cpython.list cimport PyList_GET_ITEM
from libc.math cimport INFINITY
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free, malloc

from engine.playout cimport c_sample_index
from engine.rng cimport rng_seed, rng_t, rng_uniform
from engine.state cimport CHANCE, MAX_PLAYERS, TERMINAL, State
from search.clock cimport c_now

cdef enum:
    EMPTY = 0
    EXACT = 1
    LOWER = 2
    UPPER = 3
    COMPLETE_DEPTH = 1 << 30
    # Per-child flags at a chance node (scalar mode with pruning).
    LO_COMPLETE = 1      # the child's lower bound holds at every depth
    HI_COMPLETE = 2      # its upper bound too
    PROBED = 4           # a Star2 probe searched its first move
    PROBE_COMPLETE = 8   # ... and that result holds at every depth
    KNOWN = 16           # terminal or at the horizon: lo == hi is its value
    # How often (in generated states) the clock is read.
    CLOCK_EVERY = 255

# Values are shares of the win.
cdef double LOW = 0.0
cdef double HIGH = 1.0


cdef inline double clamp01(double x) noexcept nogil:
    # The contract asks heuristics for [0, 1]; Star1/Star2 are only sound if they are.
    return LOW if x < LOW else (HIGH if x > HIGH else x)


cdef class ExpectimaxCore:
    """One searcher's compiled state: the table, the budget, the scratch buffers.

    `search_root(root, depth, order)` runs one depth-limited search and gives every
    root action an exact value (full window at the root, so hints can rank them);
    pruning works below the root.
    """

    def __cinit__(self, int me, int num_players, int num_actions, bint pruning=True,
                  bint vector_mode=False, int samples=0, uint64_t salt=0, double tt_mb=16.0):
        cdef size_t slots = 0
        cdef double budget_bytes = tt_mb * 1048576.0
        if not 0 <= me < num_players <= MAX_PLAYERS:
            raise ValueError(f"seat {me} out of range for {num_players} players")
        if num_actions < 1:
            raise ValueError("a game needs at least one action id")
        self.me = me
        self.num_players = num_players
        self.num_actions = num_actions
        self.pruning = pruning and not vector_mode
        self.vector_mode = vector_mode
        self.samples = samples
        self.salt = salt
        self.tt = NULL
        self.tt_vec = NULL
        self.tt_mask = 0
        if tt_mb > 0:
            per_slot = sizeof(TTEntry) + (num_players * sizeof(double) if vector_mode else 0)
            slots = 1
            while slots * 2 * per_slot <= budget_bytes:
                slots *= 2
            self.tt = <TTEntry*>calloc(slots, sizeof(TTEntry))
            if self.tt == NULL:
                raise MemoryError(f"no memory for a {tt_mb} MB transposition table")
            if vector_mode:
                self.tt_vec = <double*>malloc(slots * num_players * sizeof(double))
                if self.tt_vec == NULL:
                    raise MemoryError(f"no memory for a {tt_mb} MB transposition table")
            self.tt_mask = slots - 1
        self.plies = 0
        self.acts = NULL
        self.probe_act = NULL
        self.flags = NULL
        self.probs = NULL
        self.lo = NULL
        self.hi = NULL
        self.probe_val = NULL
        self.vec = NULL

    def __dealloc__(self):
        free(self.tt)
        free(self.tt_vec)
        self._free_buffers()

    cdef void _free_buffers(self):
        free(self.acts)
        free(self.probe_act)
        free(self.flags)
        free(self.probs)
        free(self.lo)
        free(self.hi)
        free(self.probe_val)
        free(self.vec)
        self.acts = self.probe_act = self.flags = NULL
        self.probs = self.lo = self.hi = self.probe_val = self.vec = NULL
        self.plies = 0

    cdef int _ensure_plies(self, int plies) except -1:
        cdef size_t n
        if plies <= self.plies:
            return 0
        self._free_buffers()
        n = <size_t>plies * self.num_actions
        self.acts = <int*>malloc(n * sizeof(int))
        self.probe_act = <int*>malloc(n * sizeof(int))
        self.flags = <int*>malloc(n * sizeof(int))
        self.probs = <double*>malloc(n * sizeof(double))
        self.lo = <double*>malloc(n * sizeof(double))
        self.hi = <double*>malloc(n * sizeof(double))
        self.probe_val = <double*>malloc(n * sizeof(double))
        self.vec = <double*>malloc(<size_t>plies * 2 * MAX_PLAYERS * sizeof(double))
        if (self.acts == NULL or self.probe_act == NULL or self.flags == NULL
                or self.probs == NULL or self.lo == NULL or self.hi == NULL
                or self.probe_val == NULL or self.vec == NULL):
            self._free_buffers()
            raise MemoryError(f"no memory for a search {plies} plies deep")
        self.plies = plies
        return 0

    # ---- budget ------------------------------------------------------------------

    def set_budget(self, long long node_limit=0, double seconds=0.0, stop_check=None):
        """Stop after `node_limit` more generated states and/or `seconds` from now
        (0 = no limit), or once `stop_check()` is true (None = never; it is called
        as often as the clock is read); the first iteration (depth 1) always finishes."""
        self.node_limit = self.nodes + node_limit if node_limit > 0 else 0
        self.deadline = c_now() + seconds if seconds > 0 else 0.0
        self.stop_check = stop_check

    cdef bint _out_of_budget(self):
        if self.node_limit > 0 and self.nodes >= self.node_limit:
            return True
        if (self.nodes & CLOCK_EVERY) != 0:
            return False
        if self.deadline > 0 and c_now() >= self.deadline:
            return True
        # A Python call: it also lets the thread that reads a stop have the interpreter.
        return self.stop_check is not None and self.stop_check()

    cdef State _child(self, State s, int action):
        cdef State child = s.c_clone()
        child.c_apply(action)
        self.nodes += 1
        if self.may_abort and self._out_of_budget():
            self.aborted = True
        return child

    # ---- transposition table -----------------------------------------------------

    cdef TTEntry* _probe(self, uint64_t key):
        cdef TTEntry* e
        if self.tt == NULL:
            return NULL
        e = &self.tt[key & self.tt_mask]
        if e.flag != EMPTY and e.key == key:
            return e
        return NULL

    cdef void _store(self, uint64_t key, int depth, bint complete, double value,
                     double alpha, double beta, int best):
        cdef TTEntry* e
        if self.tt == NULL:
            return
        # Always replace: each iteration's entries are deeper than the last one's.
        e = &self.tt[key & self.tt_mask]
        e.key = key
        e.value = value
        e.depth = COMPLETE_DEPTH if complete else depth
        e.best = best
        # A bound at the edge of [0, 1] is the value itself.
        if not self.pruning or value <= LOW or value >= HIGH:
            e.flag = EXACT
        elif value <= alpha:
            e.flag = UPPER
        elif value >= beta:
            e.flag = LOWER
        else:
            e.flag = EXACT

    def best_move(self, State s not None):
        """The table's best action for `s`, or -1 if it has none that is legal."""
        cdef TTEntry* e = self._probe(s.c_hash())
        if e == NULL or e.best < 0:
            return -1
        return e.best if e.best in s.legal_actions() else -1

    # ---- move generation helpers -------------------------------------------------

    cdef int _outcomes(self, State s, uint64_t key, int r, int* acts, double* probs):
        # The chance node's outcomes, or, above `samples` outcomes, that many draws by
        # probability merged into (outcome, share of draws). The draws are seeded by
        # the state's hash, so a node gets the same sample wherever it is met, and a
        # search with pruning sees exactly the tree the search without it sees.
        # Returns the count, negated when sampled.
        cdef int m = s.c_chance_outcomes(acts, probs)
        cdef int i, j, _
        cdef rng_t rng
        cdef int* counts
        if self.samples <= 0 or m <= self.samples:
            return m
        counts = <int*>calloc(m, sizeof(int))
        if counts == NULL:
            return m  # exact is always correct, only slower
        rng_seed(&rng, key ^ self.salt)
        for _ in range(self.samples):
            counts[c_sample_index(probs, m, rng_uniform(&rng))] += 1
        j = 0
        for i in range(m):
            if counts[i] > 0:
                acts[j] = acts[i]
                probs[j] = counts[i] / <double>self.samples
                j += 1
        free(counts)
        return -j

    cdef int _first_move(self, State s, int* buf) except -2:
        # The action a decision node searches first: the table's best, else the lowest.
        cdef int n = s.c_legal_actions(buf)
        cdef int i
        cdef TTEntry* e
        if n == 0:
            return -1
        e = self._probe(s.c_hash())
        if e != NULL and e.best >= 0:
            for i in range(n):
                if buf[i] == e.best:
                    return e.best
        return buf[0]

    # ---- scalar search (two seats, or paranoid) ----------------------------------

    cdef double ab(self, State s, int r, int ply, double alpha, double beta,
                   int hint_action, double hint_value, bint hint_complete) except? -1.0:
        """The root seat's value of `s` searched `r` plies deep, fail-soft in
        (alpha, beta). A hint is the result of `hint_action` already searched with a
        window containing this one (a Star2 probe), so it is not searched again."""
        cdef double out[MAX_PLAYERS]
        cdef int player = s.c_current_player()
        cdef uint64_t key
        cdef TTEntry* e
        cdef int tt_move = -1
        cdef double value
        if player == TERMINAL:
            s.c_returns(out)
            self.last_complete = True
            return out[self.me]
        if r <= 0:
            s.c_heuristic(out)
            self.last_complete = False
            return clamp01(out[self.me])
        key = s.c_hash()
        e = self._probe(key)
        if e != NULL:
            tt_move = e.best
            if e.depth >= r and (e.flag == EXACT or (e.flag == LOWER and e.value >= beta)
                                 or (e.flag == UPPER and e.value <= alpha)):
                self.last_complete = e.depth == COMPLETE_DEPTH
                return e.value
        if player == CHANCE:
            value = self._chance(s, key, r, ply, alpha, beta)
            tt_move = -1
        else:
            value = self._decision(s, player, key, tt_move, r, ply, alpha, beta,
                                   hint_action, hint_value, hint_complete)
            tt_move = self._best_action
        if self.aborted:
            return value
        self._store(key, r, self.last_complete, value, alpha, beta, tt_move)
        return value

    cdef double _after(self, State s, int action, int r, int ply, double alpha,
                       double beta) except? -1.0:
        # The value of `s` after `action`, searched r plies deep in (alpha, beta); on
        # an abort (self.aborted), 0.5.
        cdef State child = self._child(s, action)
        if self.aborted:
            return 0.5
        return self.ab(child, r, ply, alpha, beta, -1, 0.0, False)

    cdef double _decision(self, State s, int player, uint64_t key, int tt_move, int r,
                          int ply, double alpha, double beta, int hint_action,
                          double hint_value, bint hint_complete) except? -1.0:
        cdef int* acts = self.acts + ply * self.num_actions
        cdef int n = s.c_legal_actions(acts)
        cdef int i, k, a, pos, best_a
        cdef int pick[2]
        cdef bint maximize = player == self.me
        cdef bint complete = True
        cdef bint c
        cdef double best = -INFINITY if maximize else INFINITY
        cdef double v
        cdef double out[MAX_PLAYERS]
        if n == 0:
            # A decision node without moves breaks the contract; score it, don't crash.
            s.c_heuristic(out)
            self.last_complete = False
            self._best_action = -1
            return clamp01(out[self.me])
        # Order: the probed move (its result is in hand), then the table's best, then
        # the rest ascending.
        pick[0] = hint_action if hint_action >= 0 else tt_move
        pick[1] = tt_move if tt_move != pick[0] else -1
        pos = 0
        for k in range(2):
            a = pick[k]
            if a < 0:
                continue
            for i in range(pos, n):
                if acts[i] == a:
                    while i > pos:
                        acts[i] = acts[i - 1]
                        i -= 1
                    acts[pos] = a
                    pos += 1
                    break
        best_a = acts[0]
        for i in range(n):
            a = acts[i]
            if i == 0 and hint_action >= 0 and a == hint_action:
                v = hint_value
                c = hint_complete
            else:
                v = self._after(s, a, r - 1, ply + 1, alpha, beta)
                if self.aborted:
                    return 0.5
                c = self.last_complete
            complete = complete and c
            if maximize:
                if v > best:
                    best = v
                    best_a = a
                if self.pruning:
                    if best > alpha:
                        alpha = best
                    if best >= beta or best >= HIGH:
                        break
            else:
                if v < best:
                    best = v
                    best_a = a
                if self.pruning:
                    if best < beta:
                        beta = best
                    if best <= alpha or best <= LOW:
                        break
        self.last_complete = complete
        self._best_action = best_a
        return best

    cdef PlyScratch _scratch(self, int ply) noexcept nogil:
        cdef int base = ply * self.num_actions
        cdef PlyScratch at
        at.acts = self.acts + base
        at.probs = self.probs + base
        at.lo = self.lo + base
        at.hi = self.hi + base
        at.pval = self.probe_val + base
        at.pact = self.probe_act + base
        at.flags = self.flags + base
        return at

    cdef double _chance(self, State s, uint64_t key, int r, int ply,
                        double alpha, double beta) except? -1.0:
        cdef int base = ply * self.num_actions
        cdef PlyScratch at = self._scratch(ply)
        cdef int m = self._outcomes(s, key, r, at.acts, at.probs)
        cdef bint complete = m > 0
        cdef int i, p, f
        cdef double w, sum_lo, sum_hi, a_i, b_i
        cdef double out[MAX_PLAYERS]
        cdef list children
        cdef State child
        if m < 0:
            m = -m  # sampled: an estimate, never complete
        children = []
        for i in range(m):
            children.append(self._child(s, at.acts[i]))
            if self.aborted:
                return 0.5

        if not self.pruning:
            return self._expectation(children, m, r, ply, alpha, beta, complete)

        # Bounds of each child: exact for terminals and horizon leaves, [0, 1] else.
        sum_lo = 0.0
        sum_hi = 0.0
        for i in range(m):
            child = <State>PyList_GET_ITEM(children, i)
            p = child.c_current_player()
            if p == TERMINAL or r - 1 <= 0:
                if p == TERMINAL:
                    child.c_returns(out)
                    at.flags[i] = KNOWN | LO_COMPLETE | HI_COMPLETE
                    at.lo[i] = out[self.me]
                else:
                    child.c_heuristic(out)
                    at.flags[i] = KNOWN
                    at.lo[i] = clamp01(out[self.me])
                at.hi[i] = at.lo[i]
            else:
                at.flags[i] = LO_COMPLETE | HI_COMPLETE
                at.lo[i] = LOW
                at.hi[i] = HIGH
            sum_lo += at.probs[i] * at.lo[i]
            sum_hi += at.probs[i] * at.hi[i]
        if sum_lo >= beta:
            return self._bound_result(sum_lo, at.flags, 0, m, LO_COMPLETE, complete)
        if sum_hi <= alpha:
            return self._bound_result(sum_hi, at.flags, 0, m, HI_COMPLETE, complete)

        # Star2: probe the first move of each decision child for a bound on the side
        # that can cut (a lower bound from the root seat's nodes, an upper bound from
        # the others'). Only worth it when the window is narrower than [0, 1].
        if r >= 2 and (alpha >= LOW or beta <= HIGH):
            for i in range(m):
                if at.flags[i] & KNOWN:
                    continue
                child = <State>PyList_GET_ITEM(children, i)
                p = child.c_current_player()
                if p == CHANCE:
                    continue
                a_i = (alpha - (sum_hi - at.probs[i] * at.hi[i])) / at.probs[i]
                b_i = (beta - (sum_lo - at.probs[i] * at.lo[i])) / at.probs[i]
                f = self._first_move(child, self.acts + base + self.num_actions)
                if f < 0:
                    continue
                w = self._after(child, f, r - 2, ply + 2, a_i, b_i)
                if self.aborted:
                    return 0.5
                at.pact[i] = f
                at.pval[i] = w
                at.flags[i] |= PROBED | (PROBE_COMPLETE if self.last_complete else 0)
                if p == self.me:
                    if w > a_i and w > at.lo[i]:  # w is exact or a lower bound
                        sum_lo += at.probs[i] * (w - at.lo[i])
                        at.lo[i] = w
                        if not self.last_complete:
                            at.flags[i] &= ~LO_COMPLETE
                        if sum_lo >= beta:
                            return self._bound_result(sum_lo, at.flags, 0, m, LO_COMPLETE, complete)
                else:
                    if w < b_i and w < at.hi[i]:  # w is exact or an upper bound
                        sum_hi -= at.probs[i] * (at.hi[i] - w)
                        at.hi[i] = w
                        if not self.last_complete:
                            at.flags[i] &= ~HI_COMPLETE
                        if sum_hi <= alpha:
                            return self._bound_result(sum_hi, at.flags, 0, m, HI_COMPLETE, complete)

        return self._star1(children, m, r, ply, alpha, beta, sum_lo, sum_hi, complete)

    cdef double _expectation(self, list children, int m, int r, int ply, double alpha,
                             double beta, bint complete) except? -1.0:
        # A chance node without pruning: the probability-weighted mean of its children.
        cdef double* probs = self.probs + ply * self.num_actions
        cdef double total = 0.0
        cdef double v
        cdef int i
        for i in range(m):
            v = self.ab(<State>PyList_GET_ITEM(children, i), r - 1, ply + 1,
                        alpha, beta, -1, 0.0, False)
            if self.aborted:
                return 0.5
            complete = complete and self.last_complete
            total += probs[i] * v
        self.last_complete = complete
        return total

    cdef double _star1(self, list children, int m, int r, int ply, double alpha, double beta,
                       double sum_lo, double sum_hi, bint complete) except? -1.0:
        # Star1: search each child in the window that would let it decide the node,
        # from the bounds (and Star2's probes) _chance left at this ply.
        cdef PlyScratch at = self._scratch(ply)
        cdef double total, v, rem_lo, rem_hi, a_i, b_i
        cdef bint c
        cdef int i
        total = 0.0
        rem_lo = sum_lo
        rem_hi = sum_hi
        for i in range(m):
            rem_lo -= at.probs[i] * at.lo[i]
            rem_hi -= at.probs[i] * at.hi[i]
            a_i = (alpha - total - rem_hi) / at.probs[i]
            b_i = (beta - total - rem_lo) / at.probs[i]
            if at.flags[i] & KNOWN:
                v = at.lo[i]
                c = (at.flags[i] & LO_COMPLETE) != 0
            elif at.flags[i] & PROBED:
                v = self.ab(<State>PyList_GET_ITEM(children, i), r - 1, ply + 1, a_i, b_i,
                            at.pact[i], at.pval[i], (at.flags[i] & PROBE_COMPLETE) != 0)
                c = self.last_complete
            else:
                v = self.ab(<State>PyList_GET_ITEM(children, i), r - 1, ply + 1, a_i, b_i,
                            -1, 0.0, False)
                c = self.last_complete
            if self.aborted:
                return 0.5
            complete = complete and c
            if v <= a_i:
                return self._bound_result(total + at.probs[i] * v + rem_hi, at.flags, i + 1, m,
                                          HI_COMPLETE, complete)
            if v >= b_i:
                return self._bound_result(total + at.probs[i] * v + rem_lo, at.flags, i + 1, m,
                                          LO_COMPLETE, complete)
            total += at.probs[i] * v
        self.last_complete = complete
        return total

    cdef double _bound_result(self, double value, int* flags, int start, int m, int which,
                              bint complete):
        # A chance node cut off with `value`: complete only if every bound it used is.
        cdef int j
        for j in range(start, m):
            if not flags[j] & which:
                complete = False
        self.last_complete = complete
        return value

    # ---- max^n (3+ seats) --------------------------------------------------------

    cdef int _maxn_child(self, State s, int action, int r, int ply, double* sub) except -1:
        # The values of `s` after `action`, searched r - 1 plies deep, into `sub`:
        # 1, or 0 when the budget ran out on the way (`sub` is then not filled).
        cdef State child = self._child(s, action)
        if self.aborted:
            return 0
        self.maxn(child, r - 1, ply + 1, sub)
        return 0 if self.aborted else 1

    cdef int maxn(self, State s, int r, int ply, double* out) except -1:
        """Each seat's value of `s` searched `r` plies deep, into out[0..n-1]."""
        cdef int player = s.c_current_player()
        cdef int n = self.num_players
        cdef int i, j, m, best_a = -1
        cdef uint64_t key
        cdef TTEntry* e
        cdef double* acc = self.vec + ply * 2 * MAX_PLAYERS
        cdef double* sub = acc + MAX_PLAYERS
        cdef int* acts = self.acts + ply * self.num_actions
        cdef double* probs = self.probs + ply * self.num_actions
        cdef bint complete = True
        if player == TERMINAL:
            s.c_returns(out)
            self.last_complete = True
            return 0
        if r <= 0:
            s.c_heuristic(out)
            for j in range(n):
                out[j] = clamp01(out[j])
            self.last_complete = False
            return 0
        key = s.c_hash()
        e = self._probe(key)
        if e != NULL and e.depth >= r:
            for j in range(n):
                out[j] = self.tt_vec[(key & self.tt_mask) * n + j]
            self.last_complete = e.depth == COMPLETE_DEPTH
            return 0
        if player == CHANCE:
            m = self._outcomes(s, key, r, acts, probs)
            if m < 0:
                m = -m
                complete = False
            for j in range(n):
                acc[j] = 0.0
            for i in range(m):
                if not self._maxn_child(s, acts[i], r, ply, sub):
                    return 0
                complete = complete and self.last_complete
                for j in range(n):
                    acc[j] += probs[i] * sub[j]
        else:
            m = s.c_legal_actions(acts)
            # Searched best-first from the table; ties keep the first found.
            if e != NULL and e.best >= 0:
                for i in range(1, m):
                    if acts[i] == e.best:
                        acts[i] = acts[0]
                        acts[0] = e.best
                        break
            acc[player] = -INFINITY
            for i in range(m):
                if not self._maxn_child(s, acts[i], r, ply, sub):
                    return 0
                complete = complete and self.last_complete
                if sub[player] > acc[player]:
                    best_a = acts[i]
                    for j in range(n):
                        acc[j] = sub[j]
            if m == 0:
                s.c_heuristic(acc)
                complete = False
        for j in range(n):
            out[j] = acc[j]
        self.last_complete = complete
        if self.tt != NULL:
            self._store(key, r, complete, acc[self.me], -INFINITY, INFINITY, best_a)
            for j in range(n):
                self.tt_vec[(key & self.tt_mask) * n + j] = acc[j]
        return 0

    # ---- the root ----------------------------------------------------------------

    def value(self, State state not None, int depth, double alpha=-1.0, double beta=2.0):
        """The root seat's value of `state` searched `depth` plies deep, fail-soft in
        (alpha, beta): exact strictly inside the window, else a bound beyond it (an
        upper bound at or below alpha, a lower bound at or above beta). Scalar mode."""
        if self.vector_mode:
            raise ValueError("value() searches one seat's value; max^n mode has vectors")
        if depth < 0:
            raise ValueError(f"depth must be at least 0, got {depth}")
        self._ensure_plies(depth + 2)
        self.aborted = False
        self.may_abort = False
        return self.ab(state, depth, 0, alpha, beta, -1, 0.0, False)

    def search_root(self, State root not None, int depth, order):
        """Search every action in `order` from `root` (a decision node of seat `me`)
        `depth` plies deep (the root's own move counts as one).

        Returns [(action, value, nodes, complete)] in `order`, or None if the budget
        ran out first (only possible above depth 1)."""
        cdef double vec[MAX_PLAYERS]
        cdef double v
        cdef long long before
        cdef State child
        if depth < 1:
            raise ValueError(f"depth must be at least 1, got {depth}")
        if root.c_current_player() != self.me:
            raise ValueError(f"the root must be a decision of seat {self.me}")
        self._ensure_plies(depth + 2)
        self.aborted = False
        self.may_abort = depth > 1
        results = []
        for action in order:
            before = self.nodes
            child = self._child(root, action)
            if not self.aborted:
                if self.vector_mode:
                    self.maxn(child, depth - 1, 1, vec)
                    v = vec[self.me]
                else:
                    # A window wider than [0, 1]: every root value comes back exact.
                    v = self.ab(child, depth - 1, 1, -1.0, 2.0, -1, 0.0, False)
            if self.aborted:
                return None
            results.append((action, v, self.nodes - before, bool(self.last_complete)))
        return results
