"""A stop request (search/stopping.py): every searcher answers soon and legally once
told to stop, even when told before its first iteration, and a search nobody can
stop is not affected."""

import threading
import time

import pytest

from plugins.manager import default_registry
from search import stopping
from search.base import Budget, decide

BUDGETS = [
    Budget(movetime_ms=60_000),
    Budget(movetime_ms=stopping.UNTIL_STOPPED_MS),
    Budget(iterations=10**9),
]
SEARCHERS = ["mcts", "ismcts", "pimc", "expectimax"]


@pytest.fixture
def pig():
    return default_registry().game("pig")


@pytest.mark.parametrize("name", SEARCHERS)
@pytest.mark.parametrize("budget", BUDGETS, ids=["timed", "until-stopped", "counted"])
def test_a_search_told_to_stop_before_it_starts_answers_at_once(pig, name, budget):
    searcher = default_registry().searcher(name).create_for(pig)
    state = pig.new_state()
    request = threading.Event()
    request.set()
    start = time.perf_counter()
    with stopping.stoppable(request):
        decision = decide(searcher, pig, state, budget, seed=1)
    assert time.perf_counter() - start < 2.0
    assert decision.actions and decision.actions[0] in state.legal_actions()


@pytest.mark.parametrize("name", SEARCHERS)
def test_a_running_search_stops_soon_after_the_request(pig, name):
    searcher = default_registry().searcher(name).create_for(pig)
    state = pig.new_state()
    request = threading.Event()
    timer = threading.Timer(0.2, request.set)
    timer.start()
    with stopping.stoppable(request):
        decision = decide(searcher, pig, state, BUDGETS[1], seed=1)
    timer.join()
    assert decision.actions[0] in state.legal_actions()


def test_without_a_request_nothing_can_stop_and_nothing_is_sliced():
    assert not stopping.may_come() and not stopping.requested()
    assert stopping.checker() is None
