"""Root parallelism in threads (search/parallel.py): with workers=2 mcts, ismcts and
pimc answer as one search does, an iteration budget gives the same answer as the
same trees grown one after another, a movetime and a stop are respected, a settled
choice ends a timed search early, progress is reported, and bad worker counts are
refused."""

from __future__ import annotations

import threading
import time

import pytest

from engine.rng import Rng
from plugins.manager import default_registry
from search import clock, parallel, progress, stopping
from search.base import Budget, SearchError, decide
from search.mcts_searcher import MCTS_OPTIONS, MctsSearcher, UctEdges, new_search, uct_options
from search.rootstats import merge
from search.treesummary import Edge, PooledEdges, summarize

SEARCHERS = ["mcts", "ismcts", "pimc"]


@pytest.fixture(scope="module")
def maestro():
    return default_registry().game("maestro")


@pytest.fixture(scope="module")
def pig():
    return default_registry().game("pig")


def pig_tree(state, seed: int) -> UctEdges:
    return UctEdges(
        new_search(
            state,
            Rng(seed).spawn(),
            uct_options(MCTS_OPTIONS.checked({"c": 1.4, "max_nodes": 100_000})),
        ),
        0,
    )


def test_threads_give_the_answer_of_the_same_trees_grown_one_after_another(pig):
    state = pig.new_state(variant="target20")
    merged = parallel.root_parallel(
        lambda seed: pig_tree(state, seed), 0, Budget(iterations=3001), 2, Rng(9), 0.0
    )
    seeds = Rng(9)
    trees = []
    for share in (1501, 1500):  # the first tree takes the odd iteration
        trees.append(pig_tree(state, seeds.next_u64()))
        trees[-1].run(share)
    alone = summarize(PooledEdges(trees), 0)
    assert merged.iterations == 3001 == alone.iterations
    # At the root the pooled trees are the summed root statistics.
    summed = merge([summarize(tree, 0) for tree in trees])
    assert {a: (c.visits, c.value_sum) for a, c in alone.children.items()} == {
        a: (c.visits, c.value_sum) for a, c in summed.children.items()
    }
    assert {a: (c.visits, c.value_sum, c.line) for a, c in merged.children.items()} == {
        a: (c.visits, c.value_sum, c.line) for a, c in alone.children.items()
    }


class TwoStepTurn:
    """A position whose mover (seat 0) takes two actions, then seat 1 moves."""

    def __init__(self, line=()):
        self.line = list(line)

    def clone(self):
        return TwoStepTurn(self.line)

    def apply(self, action):
        self.line.append(action)

    def current_player(self):
        return 0 if len(self.line) < 2 else 1

    def legal_actions(self):
        return [1, 2] if len(self.line) < 2 else [9]


class FixedTree:
    """A finished tree given as {node: [(child, action, visits, value_sum)]}, ranked
    as mcts ranks (the most visits, the first on ties)."""

    best = UctEdges.best

    def __init__(self, nodes):
        self.nodes_of, self.root_state, self.iterations = nodes, TwoStepTurn(), 0
        self.nodes = len(nodes)

    def edges(self, node, state=None):
        return [Edge(c, a, v, 0.0, s) for c, a, v, s in self.nodes_of.get(node, [])]


def test_pooled_trees_choose_every_step_of_a_line_on_the_summed_visits():
    # Tree A knows action 1 best (6 visits to 5), so a merge of root statistics took
    # its line, 1 then 1 (4 visits to 2); tree B goes 1 then 2 (4 to 1). Pooled:
    # 1 then 2, 6 visits to 5. Action 2 at the root only tree A tried further.
    a = FixedTree(
        {0: [(1, 1, 6, 3.0), (2, 2, 4, 1.0)], 1: [(3, 1, 4, 0), (4, 2, 2, 0)], 2: [(5, 1, 3, 0)]}
    )
    b = FixedTree({0: [(1, 2, 5, 1.0), (2, 1, 5, 2.5)], 2: [(3, 1, 1, 0), (4, 2, 4, 0)]})
    old = merge([summarize(a, 0), summarize(b, 0)])
    assert old.children[1].line == [1, 1]
    pooled = summarize(PooledEdges([a, b]), 0)
    first, second = pooled.children[1], pooled.children[2]
    assert (first.visits, first.value_sum, first.line, first.finished) == (11, 5.5, [1, 2], True)
    assert (second.visits, second.value_sum, second.line) == (9, 2.0, [2, 1])
    assert pooled.nodes == a.nodes + b.nodes


@pytest.mark.parametrize("name", SEARCHERS)
def test_two_workers_answer_legally_with_every_iteration_counted(maestro, name):
    # Maestro's opening deal (shared/rules/maestro.md): the first seat to move.
    state = maestro.new_state(2, seed=3)
    searcher = default_registry().searcher(name).create(workers=2)
    decision = decide(searcher, maestro, state, Budget(iterations=600), seed=2)
    assert decision.actions[0] in state.legal_actions()
    assert decision.stats["iterations"] == 600
    again = decide(searcher, maestro, state, Budget(iterations=600), seed=2)
    assert [(a.actions, a.visits) for a in again.alternatives] == [
        (a.actions, a.visits) for a in decision.alternatives
    ]


@pytest.mark.parametrize("name", SEARCHERS)
def test_two_workers_keep_to_the_movetime(maestro, name):
    state = maestro.new_state(2, seed=4)
    searcher = default_registry().searcher(name).create(workers=2, stop_early=False)
    start = time.perf_counter()
    decision = decide(searcher, maestro, state, Budget(movetime_ms=150), seed=1)
    elapsed = time.perf_counter() - start
    assert decision.actions[0] in state.legal_actions()
    assert decision.stats["iterations"] > 2
    # The deadline is shared: two trees do not take twice the time (shared machine:
    # a generous bound), and without stop_early they take the whole of it.
    assert 0.15 <= elapsed < 1.5


def one_square_left(game):
    """Tic-tac-toe with only square 8 empty, X (seat 0) to move: a forced turn."""
    state = game.new_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6):
        state.apply(action)
    return state


@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_two_workers_answer_a_settled_choice_long_before_the_movetime(registry, tictactoe, name):
    searcher = registry.searcher(name).create(workers=2)
    start = time.perf_counter()
    decision = decide(
        searcher, tictactoe, one_square_left(tictactoe), Budget(movetime_ms=20_000), seed=1
    )
    assert decision.actions == [8]
    assert time.perf_counter() - start < 10.0  # far inside 20 s, however loaded the machine


@pytest.mark.parametrize("name", SEARCHERS)
def test_two_workers_search_until_stopped(pig, name):
    searcher = default_registry().searcher(name).create_for(pig, workers=2)
    state = pig.new_state()
    request = threading.Event()
    timer = threading.Timer(0.2, request.set)
    timer.start()
    start = time.perf_counter()
    with stopping.stoppable(request):
        decision = decide(searcher, pig, state, Budget(movetime_ms=stopping.UNTIL_STOPPED_MS))
    timer.join()
    assert time.perf_counter() - start < 5.0
    assert decision.actions[0] in state.legal_actions()
    assert decision.stats["iterations"] > 2


def test_progress_reports_count_the_iterations_of_both_trees(pig):
    state = pig.new_state()
    trees = []

    def new_tree(seed):
        trees.append(pig_tree(state, seed))
        return trees[-1]

    heard = []  # (the report, the first tree's own iterations then)

    def listen(report):
        # Called in the first tree's thread between its slices: its count is exact.
        heard.append((report, trees[0].iterations))

    with progress.listening(listen, every=0.02):
        merged = parallel.root_parallel(
            new_tree, 0, Budget(movetime_ms=300), 2, Rng(1), clock.now()
        )
    assert len(heard) >= 2
    assert all(report["iterations"] >= own for report, own in heard)
    assert any(report["iterations"] > own for report, own in heard)  # the other tree's too
    assert heard[-1][0]["iterations"] <= merged.iterations
    assert all(report["pv"][0] in state.legal_actions() for report, _ in heard)


def test_an_error_in_a_worker_thread_reaches_the_caller():
    def task(n):
        if n == 1:
            raise ValueError("worker 1 failed")
        return n

    with pytest.raises(ValueError, match="worker 1 failed"):
        parallel.run_tasks(task, [(0,), (1,), (2,)], 2)
    assert parallel.run_tasks(task, [(0,), (2,)], 2) == [0, 2]


def test_worker_threads_see_the_callers_stop_request():
    request = threading.Event()
    request.set()
    with stopping.stoppable(request):
        seen = parallel.run_tasks(lambda: stopping.requested(), [(), ()], 2)
    assert seen == [True, True]


@pytest.mark.parametrize("workers", [0, -2, True, 1.5, "2"])
def test_bad_worker_counts_are_refused(workers):
    with pytest.raises(SearchError, match="workers must be an integer in 1..256"):
        parallel.run_tasks(int, [(1,)], workers)
    with pytest.raises(SearchError, match="workers must be an integer in 1..256"):
        MctsSearcher(workers=workers)


def test_movetime_each_shares_what_is_left():
    start = clock.now()
    each = parallel.movetime_each(Budget(movetime_ms=1000), start, rounds=4)
    assert 240 <= each <= 250
    assert parallel.movetime_each(Budget(iterations=10), start) is None
