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
from search.ismcts_searcher import (
    IsmctsEdges,
    ISMCTSSearcher,
)
from search.ismcts_searcher import (
    new_search as new_ismcts,
)
from search.ismcts_searcher import (
    summarize as ismcts_summary,
)
from search.mcts_searcher import MCTS_OPTIONS, MctsSearcher, UctEdges, new_search, summarize
from search.pimc import PimcSearcher
from search.timing import leader_is_safe, run_until_settled
from search.treesummary import line_settled


def test_a_lead_larger_than_the_iterations_left_is_safe():
    assert leader_is_safe([50, 20, 3], more=29, choices=3)
    assert not leader_is_safe([50, 20, 3], more=30, choices=3)  # 20 + 30 ties 50
    assert leader_is_safe([7], more=6, choices=5)  # unexpanded options have 0 visits
    assert not leader_is_safe([7], more=7, choices=5)
    assert leader_is_safe([], more=10**9, choices=1)  # a single option is always settled
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


TOTAL, STEP = 3000, 100


def lines_once_settled(search, run_step, settled, best_line):
    """Run `search` to TOTAL iterations, STEP at a time: the best line at every step
    where `settled(iterations left)` said yes, and the best line at the end."""
    lines = []
    while search.iterations < TOTAL:
        run_step(STEP)
        if settled(TOTAL - search.iterations):
            lines.append(best_line())
    return lines, best_line()


def most_visited_line(stats):
    return max(stats.children.items(), key=lambda item: (item[1].visits, -item[0]))[1].line


@pytest.mark.parametrize(
    "searcher,name,players",
    [
        ("mcts", "tictactoe", 2),
        ("mcts", "maestro", 2),
        ("mcts", "pig", 2),
        ("ismcts", "taktvoll", 3),
        ("ismcts", "leduc", 2),
        ("ismcts", "maestro", 2),
    ],
)
def test_a_settled_line_is_the_line_the_whole_budget_ends_with(registry, searcher, name, players):
    game = registry.game(name)
    settled_seen = 0
    for state in positions(game, players, 6, seed=11 if searcher == "mcts" else 12):
        seat = state.current_player()
        if searcher == "mcts":
            search = new_search(state, Rng(5), MCTS_OPTIONS)
            lines, final = lines_once_settled(
                search,
                search.run,
                lambda more, search=search, seat=seat: line_settled(UctEdges(search), seat, more),
                lambda search=search, seat=seat: most_visited_line(summarize(search, seat)),
            )
        else:
            search = new_ismcts(
                state,
                seat,
                {"c": 1.4, "rollout_depth": -1, "max_nodes": 1_000_000, "tree": "sequence"},
                Rng(9),
            )
            lines, final = lines_once_settled(
                search,
                search.run,
                lambda more, search=search, seat=seat: line_settled(
                    IsmctsEdges(search), seat, more
                ),
                lambda search=search, seat=seat: most_visited_line(
                    ismcts_summary(search, seat, "visits")
                ),
            )
        assert all(line == final for line in lines)
        settled_seen += bool(lines)
    assert settled_seen  # the test saw the criterion fire


def one_square_left(game):
    """Tic-tac-toe with only square 8 empty, X (seat 0) to move: a forced turn."""
    state = game.new_state()
    for action in (0, 1, 2, 4, 3, 5, 7, 6):
        state.apply(action)
    return state


def test_a_turn_is_forced_when_every_step_has_one_legal_action(tictactoe):
    assert is_forced(one_square_left(tictactoe), 0)
    assert not is_forced(tictactoe.new_state(), 0)


@pytest.mark.parametrize(
    "searcher", [MctsSearcher, ISMCTSSearcher, PimcSearcher, ExpectimaxSearcher]
)
def test_a_timed_search_of_a_forced_choice_answers_long_before_its_movetime(tictactoe, searcher):
    start = time.perf_counter()
    decision = decide(
        searcher(), tictactoe, one_square_left(tictactoe), Budget(movetime_ms=20_000), seed=1
    )
    assert decision.actions == [8]
    assert time.perf_counter() - start < 10.0  # far inside 20 s, however loaded the machine


# (expectimax is left out: it ends at once on a solved position, forced or not)
@pytest.mark.parametrize("searcher", [MctsSearcher, ISMCTSSearcher, PimcSearcher])
def test_stop_early_off_or_an_iteration_budget_uses_the_whole_budget(tictactoe, searcher):
    state = one_square_left(tictactoe)
    start = time.perf_counter()
    decide(searcher(stop_early=False), tictactoe, state, Budget(movetime_ms=300), seed=1)
    assert time.perf_counter() - start >= 0.3
    if searcher in (MctsSearcher, ISMCTSSearcher):
        decision = decide(
            searcher(), tictactoe, state, Budget(iterations=5000, movetime_ms=60_000), seed=1
        )
        assert decision.stats["iterations"] == 5000
