"""The `expectimax` searcher: options, iterative deepening, determinizations and the
Decision, around the compiled core in search/expectimax.pyx.

Each iteration searches one ply deeper, best root move first, until the depth option
is reached, the budget ends, the tree is solved (no horizon leaf left), or, where the
state graph has cycles (pig), every root value moved less than CONVERGED for
STABLE_ITERATIONS iterations in a row: depth-limited values then approach the fixed
point geometrically.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.rng import Rng
from search import clock, progress, stopping
from search.base import Alternative, Budget, Decision, Searcher, SearchError
from search.common import MAX_WORLDS, budget_for_forced_turn, has_hidden_information
from search.expectimax import ExpectimaxCore
from search.options import Option, OptionsRecord

# The node budget when neither iterations nor movetime is given and depth is unlimited.
DEFAULT_NODES = 200_000
# Root values closer than this between two depths count as unchanged.
CONVERGED = 1e-13
# ... for this many consecutive iterations (one equal pair can be a coincidence).
STABLE_ITERATIONS = 2
# Iterative deepening gives up here even with budget left (values that never settle).
MAX_DEPTH = 100_000


# The largest transposition table (MB): it is allocated whole before the search.
MAX_TT_MB = 1024
# The most draws a sampled chance node is searched over (a C int).
MAX_SAMPLES = 1_000_000


def check_depth(options: dict) -> None:
    if options["depth"] == 0:
        raise SearchError("expectimax option depth must be -1 (unlimited) or at least 1, got 0")


# The options of expectimax, in the order `searchers` lists them.
EXPECTIMAX_OPTIONS = OptionsRecord(
    (
        Option(
            "depth",
            -1,
            "deepest iteration of the iterative deepening, in plies; -1: no limit",
            -1,
            MAX_DEPTH,
        ),
        Option(
            "pruning", True, "alpha-beta with Star1/Star2 pruning (false: plain expectiminimax)"
        ),
        Option(
            "samples",
            0,
            "a chance node with more outcomes is searched over this many draws; 0: all",
            0,
            MAX_SAMPLES,
        ),
        Option(
            "k",
            8,
            "determinizations searched where the seat's view hides information",
            1,
            MAX_WORLDS,
        ),
        Option(
            "paranoid", False, "3+ seats: every other seat plays against the searcher (else max^n)"
        ),
        Option("tt_mb", 16, "size of the transposition table in MB; 0: none", 0, MAX_TT_MB),
        Option(
            "stop_early",
            True,
            "a purely timed search of a forced turn takes a fiftieth of its movetime",
        ),
    ),
    check_depth,
)


@dataclass
class WorldSearch:
    """The outcome of iterative deepening on one (determinized) state."""

    state: object
    core: ExpectimaxCore
    depth: int = 0  # deepest completed iteration
    values: dict[int, float] = field(default_factory=dict)
    visits: dict[int, int] = field(default_factory=dict)  # subtree nodes, last iteration
    exact: bool = False  # solved: no horizon leaf left
    converged: bool = False


class ExpectimaxSearcher(Searcher):
    """Depth-limited expectiminimax with alpha-beta and Star1/Star2 pruning for two
    seats, max^n (or paranoid) for more, over `k` determinizations when hidden.
    With `stop_early`, a purely timed search of a forced turn takes a fiftieth of
    its movetime."""

    name = "expectimax"

    OPTIONS = EXPECTIMAX_OPTIONS

    # ---- one world -----------------------------------------------------------------

    def new_core(self, state, seat: int, salt: int) -> ExpectimaxCore:
        vector = state.num_players > 2 and not self.paranoid
        return ExpectimaxCore(
            seat,
            state.num_players,
            state.num_actions,
            self.pruning,
            vector,
            self.samples,
            salt,
            float(self.tt_mb),
        )

    def search_world(
        self, state, seat: int, core: ExpectimaxCore, nodes: int, seconds: float, world: str = ""
    ) -> WorldSearch:
        """Iterative deepening from `state` within `nodes` generated states and
        `seconds` (0 = no limit) or a stop (search/stopping.py); depth 1 always
        completes. With `world` ("i/k"),
        each completed depth goes to a progress listener when one is due."""
        core.set_budget(nodes, seconds, stopping.checker())
        result = WorldSearch(state=state, core=core)
        order = state.legal_actions()
        max_depth = self.depth if self.depth > 0 else MAX_DEPTH
        stable = 0
        for depth in range(1, max_depth + 1):
            found = core.search_root(state, depth, order)
            if found is None:
                break  # the budget ran out inside this iteration: keep the last one
            values = {a: v for a, v, _, _ in found}
            if result.values:
                change = max(abs(values[a] - result.values[a]) for a in values)
                stable = stable + 1 if change < CONVERGED else 0
            result.depth = depth
            result.values = values
            result.visits = {a: n for a, _, n, _ in found}
            result.exact = all(done for _, _, _, done in found)
            result.converged = stable >= STABLE_ITERATIONS
            if world and progress.due():
                best = max(order, key=lambda a: values[a])
                progress.report(
                    depth=depth,
                    nodes=core.nodes,
                    value=values[best],
                    pv=self.principal_variation(result, best),
                    world=world,
                )
            if result.exact or result.converged:
                break
            # Best first next time; sorted() is stable, so ties keep their order.
            order = sorted(order, key=lambda a: -values[a])
        return result

    # ---- the decision --------------------------------------------------------------

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        start = clock.now()
        if self.stop_early:
            budget = budget_for_forced_turn(state, seat, budget)
        if self.k > 1 and has_hidden_information(state):
            worlds = [state.determinize(seat, rng) for _ in range(self.k)]
        else:
            worlds = [state]
        node_budget = budget.iterations
        if node_budget is None and budget.movetime_ms is None and self.depth < 0:
            node_budget = DEFAULT_NODES
        deadline = budget.deadline(start)
        searches = []
        for i, world in enumerate(worlds):
            left = len(worlds) - i
            nodes = 0
            if node_budget is not None:
                used = sum(s.core.nodes for s in searches)
                nodes = max(1, (node_budget - used) // left)
            seconds = 0.0
            if deadline is not None:
                seconds = max(1e-6, (deadline - clock.now()) / left)
            core = self.new_core(world, seat, rng.next_u64())
            searches.append(
                self.search_world(world, seat, core, nodes, seconds, f"{i + 1}/{len(worlds)}")
            )

        actions = state.legal_actions()
        value = {a: sum(s.values[a] for s in searches) / len(searches) for a in actions}
        visits = {a: sum(s.visits[a] for s in searches) for a in actions}
        ranked = sorted(actions, key=lambda a: -value[a])  # stable: ties keep search order
        best = ranked[0]
        turn = self.whole_turn(searches, seat, best, search_missing=True)
        alternatives = [
            Alternative(
                actions=turn
                if a == best
                else self.whole_turn(searches, seat, a, search_missing=False),
                value=value[a],
                visits=visits[a],
            )
            for a in ranked
        ]
        stats = {
            "depth": min(s.depth for s in searches),
            "nodes": sum(s.core.nodes for s in searches),
            "ms": int((clock.now() - start) * 1000),
            "pv": self.principal_variation(searches[0], best),
            "exact": all(s.exact for s in searches),
            "converged": all(s.exact or s.converged for s in searches),
            "worlds": len(searches),
        }
        return Decision(actions=turn, value=value[best], stats=stats, alternatives=alternatives)

    def whole_turn(
        self, searches: list[WorldSearch], seat: int, first: int, search_missing: bool
    ) -> list[int]:
        """`first` and the seat's later actions up to a chance node or the end of its
        turn, each the table's best move, by majority over the worlds. Where no table
        knows the position, a fresh search decides (or, for hints, the turn stops)."""
        actions = [first]
        scratch = [s.state.clone() for s in searches]
        for world in scratch:
            world.apply(first)
        while scratch[0].current_player() == seat:
            votes = Counter()
            for world, search in zip(scratch, searches, strict=False):
                move = search.core.best_move(world)
                if move < 0 and search_missing:
                    sub = self.search_world(world, seat, search.core, DEFAULT_NODES // 10, 0.0)
                    move = max(sub.values, key=lambda a: sub.values[a])
                if move >= 0:
                    votes[move] += 1
            if not votes:
                break
            move = min(votes, key=lambda a: (-votes[a], a))
            actions.append(move)
            for world in scratch:
                world.apply(move)
        return actions

    @staticmethod
    def principal_variation(search: WorldSearch, first: int) -> list[int]:
        """The expected line from the table: `first`, then each decision node's best
        move, stopping at a chance node, the end, or the searched depth."""
        line = [first]
        state = search.state.clone()
        state.apply(first)
        while len(line) < search.depth and state.current_player() >= 0:
            move = search.core.best_move(state)
            if move < 0:
                break
            line.append(move)
            state.apply(move)
        return line
