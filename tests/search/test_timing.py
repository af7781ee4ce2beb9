"""Early stopping of timed searches (search/timing.py): a search stops only when the
iterations it has left could not change its line. Checked exactly with iteration
budgets, where the iterations left are known: once `line_settled` says yes, the
line at the end of the whole budget is the line at that moment."""
from __future__ import annotations

import time

import pytest

from engine.game import sample_chance
from engine.rng import Rng
from search.base import Budget, decide
from search.common import is_forced
from search.expectimax_searcher import ExpectimaxSearcher
from search.pimc import PimcSearcher
from search.ismcts_searcher import ISMCTSSearcher, new_search as new_ismcts, summarize as ismcts_summary
from search.ismcts_searcher import line_settled as ismcts_settled
from search.mcts_searcher import MCTS_OPTIONS, MctsSearcher, line_settled, new_search, summarize
from search.timing import leader_is_safe, run_until_settled


def test_a_lead_larger_than_the_iterations_left_is_safe():
    assert leader_is_safe([50, 20, 3], more=29, choices=3)
    assert not leader_is_safe([50, 20, 3], more=30, choices=3)  # 20 + 30 ties 50
    assert leader_is_safe([7], more=6, choices=5)  # unexpanded options have 0 visits
    assert not leader_is_safe([7], more=7, choices=5)
    assert leader_is_safe([], more=10 ** 9, choices=1)  # a single option is always settled
    assert not leader_is_safe([], more=0, choices=2)


def test_run_until_settled_stops_at_the_first_settled_slice():
    calls, asked = [], []

    def run_until(until):
        calls.append(until)
        return 100

    def settled(more):
        asked.append(more)
        return len(asked) == 3

    deadline = time.perf_counter() + 60.0
    assert run_until_settled(run_until, deadline, settled) == 300
    assert len(calls) == 3 and all(more > 0 for more in asked)


def test_run_until_settled_runs_to_the_deadline_when_never_settled():
    deadline = time.perf_counter() + 0.05
    done = run_until_settled(lambda until: 1, deadline, lambda more: False)
    assert time.perf_counter() >= deadline and done >= 1


def positions(game, players, count, seed):
    """Positions with a seat to move, a few random plies into seeded games."""
    rng = Rng(seed)
    found = []
    while len(found) < count:
        state = game.new_state(players, seed=rng.next_u64())
        for _ in range(rng.randint(12)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randint(len(legal))])
        while state.is_chance_node():
            state.apply(sample_chance(state, rng))
        if not state.is_terminal():
            found.append(state)
    return found


def mcts_line(search, seat):
    stats = summarize(search, seat)
    best = max(stats.children.items(), key=lambda item: (item[1].visits, -item[0]))
    return best[1].line


@pytest.mark.parametrize("name,players", [("tictactoe", 2), ("maestro", 2), ("pig", 2)])
def test_a_settled_mcts_line_is_the_line_the_whole_budget_ends_with(registry, name, players):
    game = registry.game(name)
    total, step, settled_seen = 3000, 100, 0
    for state in positions(game, players, 6, seed=11):
        seat = state.current_player()
        search = new_search(state, Rng(5), MCTS_OPTIONS)
        lines = []
        while search.iterations < total:
            search.run(step)
            if line_settled(search, seat, total - search.iterations):
                lines.append(mcts_line(search, seat))
        final = mcts_line(search, seat)
        assert all(line == final for line in lines)
        settled_seen += bool(lines)
    assert settled_seen  # the test saw the criterion fire


@pytest.mark.parametrize("name,players", [("taktvoll", 3), ("leduc", 2), ("maestro", 2)])
def test_a_settled_ismcts_line_is_the_line_the_whole_budget_ends_with(registry, name, players):
    game = registry.game(name)
    total, step, settled_seen = 3000, 100, 0
    for state in positions(game, players, 6, seed=12):
        seat = state.current_player()
        options = {"c": 1.4, "rollout_depth": -1, "max_nodes": 1_000_000}
        search = new_ismcts(state, seat, options)
        rng = Rng(9)
        lines = []
        while search.iterations < total:
            search.run(rng, step)
            if ismcts_settled(search, seat, total - search.iterations, "visits"):
                stats = ismcts_summary(search, seat, "visits")
                lines.append(max(stats.children.values(), key=lambda c: c.visits).line)
        stats = ismcts_summary(search, seat, "visits")
        final = max(stats.children.values(), key=lambda c: c.visits).line
        assert all(line == final for line in lines)
        settled_seen += bool(lines)
    assert settled_seen


def test_a_turn_is_forced_when_every_step_has_one_legal_action(registry):
    game = registry.game("tictactoe")
    state = game.new_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6):
        state.apply(action)
    assert is_forced(state, 0)
    state = game.new_state()
    assert not is_forced(state, 0)


@pytest.mark.parametrize("searcher", [MctsSearcher, ISMCTSSearcher, PimcSearcher, ExpectimaxSearcher])
def test_a_timed_search_of_a_forced_choice_answers_long_before_its_movetime(registry, searcher):
    # Tic-tac-toe with one empty square: one legal move; the line settles at once.
    game = registry.game("tictactoe")
    state = game.new_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6):
        state.apply(action)
    start = time.perf_counter()
    decision = decide(searcher(), game, state, Budget(movetime_ms=20_000), seed=1)
    assert decision.actions == [8]
    assert time.perf_counter() - start < 10.0  # far inside 20 s, however loaded the machine


# (expectimax is left out: it ends at once on a solved position, forced or not)
@pytest.mark.parametrize("searcher", [MctsSearcher, ISMCTSSearcher, PimcSearcher])
def test_stop_early_off_or_an_iteration_budget_uses_the_whole_budget(registry, searcher):
    game = registry.game("tictactoe")
    state = game.new_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6):
        state.apply(action)
    start = time.perf_counter()
    decide(searcher(stop_early=False), game, state, Budget(movetime_ms=300), seed=1)
    assert time.perf_counter() - start >= 0.3
    if searcher in (MctsSearcher, ISMCTSSearcher):
        decision = decide(searcher(), game, state, Budget(iterations=5000, movetime_ms=60_000), seed=1)
        assert decision.stats["iterations"] == 5000
