"""Tree parallelism (UctSearch.share_tree, parallel.SharedTree, mcts parallel=tree):
threads growing one tree lose no visit and no return, keep every node's counts
consistent, answer legally and well, keep to a movetime, end early when settled,
stop on request, report progress, and refuse what cannot share a tree."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.rng import Rng
from plugins.manager import default_registry
from search import parallel, progress, stopping
from search.base import Budget, SearchError, decide
from search.mcts_searcher import MCTS_OPTIONS, MctsSearcher, new_search, uct_options

OPTIONS = uct_options(MCTS_OPTIONS.checked({"c": 1.4, "max_nodes": 1_000_000}))


def shared_searches(state, workers: int, seed: int = 1):
    searches = [new_search(state, Rng(seed + i).spawn(), OPTIONS) for i in range(workers)]
    for helper in searches[1:]:
        searches[0].share_tree(helper)
    return searches


def grow(state, workers: int, iterations: int):
    searches = shared_searches(state, workers)
    with ThreadPoolExecutor(max_workers=workers) as executor:
        grown = parallel.SharedTree(searches, executor)
        done = grown.run(iterations)
    return searches[0].tree, grown, done


def nodes_below(tree, node=0):
    yield node
    for child in tree.children(node):
        yield from nodes_below(tree, child)


@pytest.mark.parametrize("workers", [2, 3])
def test_threads_growing_one_tree_lose_no_visit_and_no_return(tictactoe, workers):
    # Tic-tac-toe's returns sum to 1 in every game (a win 1 and 0, a draw 1/2 each),
    # so at every node the two seats' value sums add up to its visits exactly when
    # each descent's visit (counted early, the virtual loss) got its one return.
    tree, grown, done = grow(tictactoe.new_state(), workers, 30_000)
    assert done == 30_000 == grown.iterations == tree.visits(0)
    assert tree.shared
    checked = 0
    for node in nodes_below(tree):
        visits = tree.visits(node)
        assert sum(tree.value_sums(node)) == pytest.approx(visits)
        below = sum(tree.visits(child) for child in tree.children(node))
        # A descent that passes a node goes on to one child, or ends there.
        assert below <= visits
        checked += 1
    assert checked == tree.count > 1000


def test_a_shared_tree_is_one_tree_of_both_threads_nodes(tictactoe):
    # Two threads grow one tree: the helper's own tree is not used, and every
    # iteration of either is in the first search's root.
    searches = shared_searches(tictactoe.new_state(), 2)
    assert searches[1].tree is searches[0].tree
    with ThreadPoolExecutor(max_workers=2) as executor:
        parallel.SharedTree(searches, executor).run(4001)
    assert (searches[0].iterations, searches[1].iterations) == (2001, 2000)
    assert searches[0].tree.visits(0) == 4001


def test_sharing_is_refused_with_itself_or_another_position(tictactoe):
    state = tictactoe.new_state()
    search = new_search(state, Rng(1).spawn(), OPTIONS)
    with pytest.raises(ValueError, match="itself"):
        search.share_tree(search)
    moved = tictactoe.new_state()
    moved.apply(4)
    with pytest.raises(ValueError, match="same position"):
        search.share_tree(new_search(moved, Rng(2).spawn(), OPTIONS))
    assert not search.tree.shared  # nothing changed


def test_a_tree_one_thread_owns_takes_no_lock(tictactoe):
    search = new_search(tictactoe.new_state(), Rng(1).spawn(), OPTIONS)
    search.run(100)
    assert not search.tree.shared


def win_in_one(game):
    """Tic-tac-toe, X (seat 0) to move with 0 and 1 taken: square 2 wins at once
    (O holds 3 and 4 and threatens 5)."""
    state = game.new_state()
    for action in (0, 3, 1, 4):
        state.apply(action)
    return state


@pytest.mark.parametrize("workers", [1, 2])
def test_a_shared_tree_search_takes_the_win(registry, tictactoe, workers):
    searcher = registry.searcher("mcts").create(workers=workers, parallel="tree")
    state = win_in_one(tictactoe)
    decision = decide(searcher, tictactoe, state, Budget(iterations=3000), seed=5)
    assert decision.actions == [2]
    assert decision.stats["iterations"] == 3000


def test_with_one_worker_parallel_tree_is_the_plain_search(registry, tictactoe):
    state = tictactoe.new_state()
    plain = registry.searcher("mcts").create()
    tree = registry.searcher("mcts").create(parallel="tree")
    a = decide(plain, tictactoe, state, Budget(iterations=500), seed=3)
    b = decide(tree, tictactoe, state, Budget(iterations=500), seed=3)
    assert [(x.actions, x.visits) for x in a.alternatives] == [
        (x.actions, x.visits) for x in b.alternatives
    ]


def test_a_shared_tree_keeps_to_the_movetime(registry):
    maestro = registry.game("maestro")
    state = maestro.new_state(2, seed=4)
    searcher = registry.searcher("mcts").create(workers=2, parallel="tree", stop_early=False)
    start = time.perf_counter()
    decision = decide(searcher, maestro, state, Budget(movetime_ms=150), seed=1)
    elapsed = time.perf_counter() - start
    assert decision.actions[0] in state.legal_actions()
    assert decision.stats["iterations"] > 2
    assert 0.15 <= elapsed < 1.5  # one shared deadline, generous on a loaded machine


def test_a_shared_tree_answers_a_forced_move_long_before_the_movetime(registry, tictactoe):
    state = tictactoe.new_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6):
        state.apply(action)  # only square 8 is left
    searcher = registry.searcher("mcts").create(workers=2, parallel="tree")
    start = time.perf_counter()
    decision = decide(searcher, tictactoe, state, Budget(movetime_ms=20_000), seed=1)
    assert decision.actions == [8]
    assert time.perf_counter() - start < 10.0


def test_a_shared_tree_searches_until_stopped_and_reports_progress(registry):
    pig = registry.game("pig")
    searcher = registry.searcher("mcts").create_for(pig, workers=2, parallel="tree")
    state = pig.new_state()
    heard = []
    request = threading.Event()
    timer = threading.Timer(0.3, request.set)
    timer.start()
    start = time.perf_counter()
    with stopping.stoppable(request), progress.listening(heard.append, every=0.02):
        decision = decide(searcher, pig, state, Budget(movetime_ms=stopping.UNTIL_STOPPED_MS))
    timer.join()
    assert time.perf_counter() - start < 5.0
    assert decision.actions[0] in state.legal_actions()
    assert len(heard) >= 2
    counts = [report["iterations"] for report in heard]
    assert counts == sorted(counts) and counts[-1] <= decision.stats["iterations"]


@pytest.mark.parametrize("mode", ["leaf", "", None, 2])
def test_bad_parallel_modes_are_refused(mode):
    with pytest.raises(SearchError, match="parallel must be one of root, tree"):
        MctsSearcher(workers=2, parallel=mode)


def test_the_searcher_lists_the_parallel_option():
    searcher = default_registry().searcher("mcts")
    assert "parallel" in searcher.options
