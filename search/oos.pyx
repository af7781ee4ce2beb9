# Online outcome sampling in compiled code (see oos.pxd for the method and layout).
#
# An iteration: start from the game's first state; with probability delta follow
# the target (force what the seat saw, draw what it did not among the outcomes that
# can still lead to its information set), otherwise sample freely; the seat being
# updated explores with epsilon, everyone else plays its regret-matching strategy;
# at the end, walk the sample back, adding sampled counterfactual regrets at the
# updated seat's nodes and the stochastically weighted strategy at the others'.
# Both the targeted and the untargeted probability of the sample are tracked, so the
# importance weights use the probability of the mix that actually drew it.
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc, realloc

from engine.hashing cimport mix64
from engine.playout cimport c_sample_index
from engine.rng cimport Rng, rng_t, rng_uniform
from engine.state cimport CHANCE, MAX_PLAYERS, State, TERMINAL
from search.clock cimport c_now
from search.keyindex cimport KeyIndex

# Spreads the mover's seat over a key, so two seats' keys of one state differ.
cdef uint64_t SEAT_SALT = 0x9E3779B97F4A7C15ULL
# How far a baseline moves towards each new sampled value.
cdef double BASELINE_RATE = 0.1


cdef inline int regrow(void** block, long count, long size) noexcept nogil:
    # *block reallocated to `count` items of `size` bytes: 0, or -1 when memory runs
    # out (*block is then left as it was).
    cdef void* grown = realloc(block[0], count * size)
    if grown == NULL:
        return -1
    block[0] = grown
    return 0


cdef class OosSearch:
    """OOS for `seat`, to move in `root` (a state the seat cannot tell from the true
    one), searching from `start`, the game's first state, towards the steps in
    `target` ((action, seen) pairs from `start` to `root` as the seat saw them; an
    unseen step's action is ignored). Draws from `rng` itself."""

    def __cinit__(self, State start not None, State root not None, list target, Rng rng not None,
                  int seat, double delta=0.2, double epsilon=0.6, int max_nodes=2_000_000,
                  bint baselines=True):
        cdef int i, n = max(root.num_actions, 1)
        if root.c_current_player() != seat:
            raise ValueError(f"seat {seat} is not to move here")
        if not 0.0 <= delta < 1.0:
            raise ValueError(f"delta must be in [0, 1), got {delta!r}")
        if not 0.0 < epsilon <= 1.0:
            raise ValueError(f"epsilon must be in (0, 1], got {epsilon!r}")
        self.start = start.c_clone()
        self.rng = rng
        self.seat = seat
        self.num_players = root.num_players
        self.num_actions = n
        self.delta = delta
        self.epsilon = epsilon
        self.max_nodes = max_nodes
        self.baselines = baselines
        self.target_len = len(target)
        self.target_actions = <int*>malloc(max(self.target_len, 1) * sizeof(int))
        self.target_seen = <char*>malloc(max(self.target_len, 1))
        self.consistent_key = <uint64_t*>malloc(max(self.target_len, 1) * sizeof(uint64_t))
        self.consistent_mask = <char*>malloc(max(self.target_len, 1) * (n + 1))
        self.actions = <int*>malloc(n * sizeof(int))
        self.probs = <double*>malloc(n * sizeof(double))
        self.untargeted = <double*>malloc(n * sizeof(double))
        self.targeted = <double*>malloc(n * sizeof(double))
        self.node_capacity = 1024
        self.edge_capacity = 4096
        self.node_first = <int*>malloc(self.node_capacity * sizeof(int))
        self.node_count = <int*>malloc(self.node_capacity * sizeof(int))
        self.edge_action = <int*>malloc(self.edge_capacity * sizeof(int))
        self.regret = <double*>malloc(self.edge_capacity * sizeof(double))
        self.avg = <double*>malloc(self.edge_capacity * sizeof(double))
        self.baseline = <double*>malloc(self.edge_capacity * self.num_players * sizeof(double))
        self.values = <double*>malloc(n * sizeof(double))
        self.steps_capacity = 64
        self.sigmas_capacity = 64 * n
        self.steps = <oos_step*>malloc(self.steps_capacity * sizeof(oos_step))
        self.sigmas = <double*>malloc(self.sigmas_capacity * sizeof(double))
        self.root_visits = <long*>malloc(n * sizeof(long))
        self.root_value = <double*>malloc(n * sizeof(double))
        if (self.target_actions == NULL or self.target_seen == NULL
                or self.consistent_key == NULL or self.consistent_mask == NULL
                or self.actions == NULL or self.probs == NULL or self.untargeted == NULL
                or self.targeted == NULL or self.node_first == NULL or self.node_count == NULL
                or self.edge_action == NULL or self.regret == NULL or self.avg == NULL
                or self.baseline == NULL or self.values == NULL
                or self.steps == NULL or self.sigmas == NULL or self.root_visits == NULL
                or self.root_value == NULL):
            raise MemoryError("cannot allocate the OOS search")
        for i, (action, seen) in enumerate(target):
            self.target_actions[i] = int(action) if seen else -1
            self.target_seen[i] = 1 if seen else 0
            self.consistent_mask[i * (n + 1) + n] = 0   # nothing worked out yet
        for i in range(n):
            self.root_visits[i] = 0
            self.root_value[i] = 0.0
        self.index = KeyIndex()
        self.num_nodes = 0
        self.num_edges = 0
        self.iterations = 0
        self.seconds = 0.0
        self.root = self.c_node(root, seat)
        if self.root < 0:
            raise MemoryError("cannot allocate the OOS search")

    def __dealloc__(self):
        free(self.target_actions)
        free(self.target_seen)
        free(self.consistent_key)
        free(self.consistent_mask)
        free(self.actions)
        free(self.probs)
        free(self.untargeted)
        free(self.targeted)
        free(self.node_first)
        free(self.node_count)
        free(self.edge_action)
        free(self.regret)
        free(self.avg)
        free(self.baseline)
        free(self.values)
        free(self.steps)
        free(self.sigmas)
        free(self.root_visits)
        free(self.root_value)

    # ---- information sets -------------------------------------------------------------

    cdef uint64_t c_key(self, State state, int player) noexcept nogil:
        return mix64(state.c_infoset_key(player) ^ (<uint64_t>(player + 1) * SEAT_SALT))

    cdef int c_node(self, State state, int player) noexcept nogil:
        cdef uint64_t key = self.c_key(state, player)
        cdef int node = self.index.c_find(key), n, i, p, k
        if node >= 0:
            return node
        if self.num_nodes >= self.max_nodes:
            return -1
        n = state.c_legal_actions(self.actions)
        if self.num_nodes == self.node_capacity:
            if (regrow(<void**>&self.node_first, 2 * self.node_capacity, sizeof(int)) < 0
                    or regrow(<void**>&self.node_count, 2 * self.node_capacity, sizeof(int)) < 0):
                return -1
            self.node_capacity *= 2
        while self.num_edges + n > self.edge_capacity:
            k = 2 * self.edge_capacity
            if (regrow(<void**>&self.edge_action, k, sizeof(int)) < 0
                    or regrow(<void**>&self.regret, k, sizeof(double)) < 0
                    or regrow(<void**>&self.avg, k, sizeof(double)) < 0
                    or regrow(<void**>&self.baseline, k * self.num_players, sizeof(double)) < 0):
                return -1
            self.edge_capacity = k
        if self.index.c_insert(key, self.num_nodes) < 0:
            return -1
        node = self.num_nodes
        self.node_first[node] = self.num_edges
        self.node_count[node] = n
        for i in range(n):
            self.edge_action[self.num_edges + i] = self.actions[i]
            self.regret[self.num_edges + i] = 0.0
            self.avg[self.num_edges + i] = 0.0
            for p in range(self.num_players):
                self.baseline[(self.num_edges + i) * self.num_players + p] = 0.0
        self.num_edges += n
        self.num_nodes += 1
        return node

    cdef int c_strategy(self, int node, int at) noexcept nogil:
        # Regret matching: positive regrets normalised, uniform when none is positive.
        cdef int first = self.node_first[node], n = self.node_count[node], i
        cdef double total = 0.0, r
        for i in range(n):
            r = self.regret[first + i]
            if r > 0.0:
                total += r
        for i in range(n):
            r = self.regret[first + i]
            self.sigmas[at + i] = (r / total if r > 0.0 else 0.0) if total > 0.0 else 1.0 / n
        return n

    # ---- the target -------------------------------------------------------------------

    cdef bint c_reachable(self, State state, int pos):
        cdef int player, n, i, want
        cdef int* acts
        cdef double* probs
        cdef bint found = 0
        cdef State child
        if pos == self.target_len:
            return 1
        player = state.c_current_player()
        if player == TERMINAL:
            return 0
        acts = <int*>malloc(self.num_actions * sizeof(int))
        probs = <double*>malloc(self.num_actions * sizeof(double))
        if acts == NULL or probs == NULL:
            free(acts)
            free(probs)
            raise MemoryError("cannot check the OOS target")
        if player == CHANCE:
            n = state.c_chance_outcomes(acts, probs)
        else:
            n = state.c_legal_actions(acts)
            for i in range(n):
                probs[i] = 1.0
        want = self.target_actions[pos]
        for i in range(n):
            if probs[i] <= 0.0 or (self.target_seen[pos] and acts[i] != want):
                continue
            child = state.c_clone()
            child.c_apply(acts[i])
            if self.c_reachable(child, pos + 1):
                found = 1
                break
        free(acts)
        free(probs)
        return found

    cdef char* c_consistent(self, State state, int pos, const int* acts, int n):
        cdef char* mask = self.consistent_mask + pos * (self.num_actions + 1)
        cdef uint64_t key = state.c_hash()
        cdef int i
        cdef State child
        if mask[self.num_actions] and self.consistent_key[pos] == key:
            return mask
        for i in range(n):
            child = state.c_clone()
            child.c_apply(acts[i])
            mask[i] = self.c_reachable(child, pos + 1)
        self.consistent_key[pos] = key
        mask[self.num_actions] = 1
        return mask

    # ---- iterations -------------------------------------------------------------------

    cdef int c_grow_steps(self, int depth, int sigma_end) noexcept nogil:
        if depth >= self.steps_capacity:
            if regrow(<void**>&self.steps, 2 * self.steps_capacity, sizeof(oos_step)) < 0:
                return -1
            self.steps_capacity *= 2
        if sigma_end > self.sigmas_capacity:
            if regrow(<void**>&self.sigmas, 2 * sigma_end, sizeof(double)) < 0:
                return -1
            self.sigmas_capacity = 2 * sigma_end
        return 0

    cdef int c_iterate(self, int update, rng_t* rng):
        cdef int P = self.num_players, player, n, k, node, i, p
        cdef int pos = 0, depth = 0, sig = 0
        cdef bint targeted = self.target_len > 0 and rng_uniform(rng) < self.delta
        cdef bint on_target = 1, following
        cdef double s_t = 1.0, s_u = 1.0, chance_reach = 1.0, others, total
        cdef double u, eps = self.epsilon
        cdef int want
        cdef double reach[MAX_PLAYERS]
        cdef double rets[MAX_PLAYERS]
        cdef double* draw
        cdef char* mask
        cdef oos_step* step
        cdef State state = self.start.c_clone()
        for p in range(P):
            reach[p] = 1.0
        while True:
            player = state.c_current_player()
            if player == TERMINAL:
                break
            if self.c_grow_steps(depth, sig + self.num_actions) < 0:
                return -1
            step = &self.steps[depth]
            node = -1
            if player == CHANCE:
                n = state.c_chance_outcomes(self.actions, self.probs)
                for i in range(n):
                    self.untargeted[i] = self.probs[i]
            else:
                node = self.c_node(state, player)
                n = state.c_legal_actions(self.actions)
                if node >= 0 and self.node_count[node] == n:
                    self.c_strategy(node, sig)
                else:
                    node = -1   # full: play uniformly, learn nothing
                    for i in range(n):
                        self.sigmas[sig + i] = 1.0 / n
                for i in range(n):
                    self.untargeted[i] = self.sigmas[sig + i]
                    if player == update:
                        self.untargeted[i] = eps / n + (1.0 - eps) * self.untargeted[i]
            # The targeted distribution: forced or restricted while the target lasts,
            # the untargeted one after it, nothing once the sample has left it.
            following = on_target and pos < self.target_len
            if following:
                if self.target_seen[pos]:
                    want = self.target_actions[pos]
                    for i in range(n):
                        self.targeted[i] = 1.0 if self.actions[i] == want else 0.0
                else:
                    mask = self.c_consistent(state, pos, self.actions, n)
                    total = 0.0
                    for i in range(n):
                        self.targeted[i] = self.untargeted[i] if mask[i] else 0.0
                        total += self.targeted[i]
                    for i in range(n):
                        self.targeted[i] = self.targeted[i] / total if total > 0.0 else 0.0
            elif on_target:
                for i in range(n):
                    self.targeted[i] = self.untargeted[i]
            draw = self.targeted if targeted else self.untargeted
            k = c_sample_index(draw, n, rng_uniform(rng))
            step.node = node
            step.player = player
            step.chosen = k
            step.sample_prob = self.delta * s_t + (1.0 - self.delta) * s_u
            if player == CHANCE:
                step.prob = self.probs[k]
                chance_reach *= self.probs[k]
            else:
                step.prob = self.sigmas[sig + k]
                step.own_reach = reach[player]
                others = chance_reach
                for p in range(P):
                    if p != update:
                        others *= reach[p]
                step.others_reach = others
                step.sigma = sig
                reach[player] *= self.sigmas[sig + k]
                sig += n
            s_u *= self.untargeted[k]
            s_t = s_t * self.targeted[k] if on_target else 0.0
            if following:
                pos += 1
            if s_t == 0.0:
                on_target = 0
            state.c_apply(self.actions[k])
            depth += 1
        state.c_returns(rets)
        u = rets[update] - 1.0 / P
        total = self.delta * s_t + (1.0 - self.delta) * s_u
        if self.baselines:
            self.c_backup_baselined(depth, update, u, total)
        else:
            self.c_backup(depth, update, u, total)
        for i in range(depth):
            step = &self.steps[i]
            if step.node == self.root:
                self.root_visits[step.chosen] += 1
                self.root_value[step.chosen] += rets[self.seat]
        self.iterations += 1
        return 0

    cdef void c_backup(self, int depth, int update, double u, double total) noexcept nogil:
        # Outcome sampling's estimates: the sampled counterfactual regret of each of
        # the updated seat's nodes from the tail's reach, the others' strategies
        # weighted by their own reach over the prefix's sample probability.
        cdef double tail = 1.0, below, weight
        cdef int i, k, n, first, node
        cdef oos_step* step
        for i in range(depth - 1, -1, -1):
            step = &self.steps[i]
            below = tail
            tail *= step.prob
            node = step.node
            if node < 0:
                continue
            first = self.node_first[node]
            n = self.node_count[node]
            if step.player == update:
                weight = u * step.others_reach / total
                for k in range(n):
                    if k == step.chosen:
                        self.regret[first + k] += weight * (below - tail)
                    else:
                        self.regret[first + k] -= weight * tail
            else:
                self.c_add_average(step)

    cdef void c_backup_baselined(self, int depth, int update, double u,
                                 double total) noexcept nogil:
        # The same with baselines (VR-MCCFR, Schmid et al. 2019): the updated seat's
        # value of each action is its baseline plus, for the sampled one, the
        # importance-weighted error of the baseline, so an action not sampled still
        # counts at its baseline and the regrets' variance falls. The baselines are
        # running means of the sampled values, one per edge and seat.
        cdef double value = u, xi, est, mean, next_prob = total, weight
        cdef int i, k, n, first, node, chosen, P = self.num_players
        cdef double* base
        cdef double* sigma
        cdef oos_step* step
        for i in range(depth - 1, -1, -1):
            step = &self.steps[i]
            # The chance the sample took this step, given that it got here.
            xi = next_prob / step.sample_prob
            next_prob = step.sample_prob
            node = step.node
            if node < 0:
                value *= step.prob / xi
                continue
            first = self.node_first[node]
            n = self.node_count[node]
            chosen = step.chosen
            sigma = self.sigmas + step.sigma
            mean = 0.0
            for k in range(n):
                base = self.baseline + (first + k) * P + update
                est = base[0] + ((value - base[0]) / xi if k == chosen else 0.0)
                self.values[k] = est
                mean += sigma[k] * est
            if step.player == update:
                weight = step.others_reach / step.sample_prob
                for k in range(n):
                    self.regret[first + k] += weight * (self.values[k] - mean)
            else:
                self.c_add_average(step)
            base = self.baseline + (first + chosen) * P + update
            base[0] += BASELINE_RATE * (value - base[0])
            value = mean

    cdef inline void c_add_average(self, oos_step* step) noexcept nogil:
        # Stochastically weighted averaging: the mover's strategy by its own reach
        # over the probability that the sample reached it.
        cdef int first = self.node_first[step.node], n = self.node_count[step.node], k
        cdef double weight = step.own_reach / step.sample_prob
        for k in range(n):
            self.avg[first + k] += weight * self.sigmas[step.sigma + k]

    def run(self, long iterations, deadline=None):
        """Up to `iterations` more iterations, stopping at `deadline` (search.clock
        seconds) if one is given; returns how many ran."""
        cdef long done = 0
        cdef bint timed = deadline is not None
        cdef double until = float(deadline) if timed else 0.0
        cdef double began = c_now()
        cdef rng_t* rng = &self.rng.state
        while done < iterations:
            if timed and c_now() >= until:
                break
            if self.c_iterate(<int>(self.iterations % self.num_players), rng) < 0:
                raise MemoryError("the OOS search ran out of memory")
            done += 1
        self.seconds += c_now() - began
        return done

    def root_policy(self):
        """{action: probability} at the seat's information set: the average
        strategy, or the current one while no average has been gathered."""
        cdef int first = self.node_first[self.root], n = self.node_count[self.root], i
        cdef double total = 0.0
        for i in range(n):
            total += self.avg[first + i]
        if total > 0.0:
            return {self.edge_action[first + i]: self.avg[first + i] / total for i in range(n)}
        self.c_strategy(self.root, 0)
        return {self.edge_action[first + i]: self.sigmas[i] for i in range(n)}

    def root_edges(self):
        """(action, samples that took it, the seat's mean return over them) for each
        of the root's actions."""
        cdef int first = self.node_first[self.root], n = self.node_count[self.root], i
        return [
            (
                self.edge_action[first + i],
                self.root_visits[i],
                self.root_value[i] / self.root_visits[i] if self.root_visits[i] else 0.0,
            )
            for i in range(n)
        ]

    def policy_of(self, State state not None, int player):
        """The average strategy this search has at `player`'s information set in
        `state`, or None if it has none there."""
        cdef int node = self.index.c_find(self.c_key(state, player)), first, n, i
        cdef double total = 0.0
        if node < 0:
            return None
        first = self.node_first[node]
        n = self.node_count[node]
        for i in range(n):
            total += self.avg[first + i]
        if total <= 0.0:
            return None
        return {self.edge_action[first + i]: self.avg[first + i] / total for i in range(n)}
