"""Move-average sampling (search/mast.pyx): the table credits every action a seat
took in an iteration with that seat's return, its greedy steps take the best mean
(an action never taken first), and `ismcts` with playout=mast still searches right."""

from __future__ import annotations

import pytest

from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, SearchError, decide
from search.ismcts import IsmctsSearch
from search.mast import Mast


@pytest.fixture(scope="module")
def tictactoe():
    return default_registry().game("tictactoe")


def test_update_credits_every_action_of_the_playout(tictactoe):
    state = tictactoe.new_state()
    table = Mast(2, state.num_actions, 1.0)
    steps = table.playout(state, Rng(5))
    assert state.is_terminal()
    assert 5 <= steps <= 9
    table.update([1.0, 0.0])
    # X moved first, so X made ceil(steps / 2) of the moves and O the rest.
    moves = [sum(table.count(seat, a) for a in range(9)) for seat in (0, 1)]
    assert moves == [(steps + 1) // 2, steps // 2]
    taken = [(seat, a) for seat in (0, 1) for a in range(9) if table.count(seat, a)]
    assert {table.mean(seat, a) for seat, a in taken if seat == 0} == {1.0}
    assert {table.mean(seat, a) for seat, a in taken if seat == 1} == {0.0}
    # The trail starts afresh: a second update credits nothing.
    table.update([0.0, 1.0])
    assert [sum(table.count(seat, a) for a in range(9)) for seat in (0, 1)] == moves


def test_a_greedy_step_takes_the_best_mean(tictactoe):
    table = Mast(2, 9, 0.0)
    for action in range(9):
        table.note(0, action)
        table.update([1.0 if action == 4 else 0.25, 0.0])
    assert table.mean(0, 4) == 1.0 and table.mean(0, 0) == 0.25
    state = tictactoe.new_state()
    assert table.playout(state, Rng(1), max_steps=1) == 1
    assert 4 not in state.legal_actions() and len(state.legal_actions()) == 8


def test_an_action_never_taken_comes_first(tictactoe):
    table = Mast(2, 9, 0.0)
    for action in range(8):
        table.note(0, action)
    table.update([1.0, 0.0])
    assert table.mean(0, 8) is None
    state = tictactoe.new_state()
    table.playout(state, Rng(3), max_steps=1)
    assert 8 not in state.legal_actions()


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="epsilon"):
        Mast(2, 9, 1.5)
    with pytest.raises(ValueError, match="seats"):
        Mast(9, 9, 0.5)
    table = Mast(2, 9, 0.5)
    with pytest.raises(IndexError):
        table.note(2, 0)
    with pytest.raises(IndexError):
        table.mean(0, 9)
    with pytest.raises(ValueError, match="2 returns"):
        table.update([1.0])


def test_an_ismcts_search_fills_its_table(tictactoe):
    state = tictactoe.new_state()
    search = IsmctsSearch(state, Rng(2), 0, 1.4, -1, False, playout="mast")
    assert search.run(200) == 200
    # Every iteration X takes one root action, so X's counts are at least that many.
    assert sum(search.mast.count(0, a) for a in range(9)) >= 200
    assert sum(search.mast.count(1, a) for a in range(9)) >= 200
    assert IsmctsSearch(state, Rng(2), 0, 1.4, -1, False).mast is None


def cells(*names):
    return ["abc".index(n[0]) + 3 * (int(n[1]) - 1) for n in names]


@pytest.mark.parametrize("seed", range(3))
def test_mast_playouts_take_an_immediate_win(tictactoe, seed):
    state = tictactoe.new_state()
    for action in cells("a1", "a2", "b1", "b2"):
        state.apply(action)
    searcher = default_registry().searcher("ismcts").create(playout="mast")
    decision = decide(searcher, tictactoe, state, Budget(iterations=500), seed=seed)
    assert decision.actions == cells("c1")


def test_mast_searches_repeat_from_a_seed():
    leduc = default_registry().game("leduc")
    searcher = default_registry().searcher("ismcts").create(playout="mast", mast_epsilon=0.2)
    state = leduc.new_state(seed=4)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    one = decide(searcher, leduc, state, Budget(iterations=300), seed=9)
    two = decide(searcher, leduc, state, Budget(iterations=300), seed=9)
    assert (one.actions, one.value) == (two.actions, two.value)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"playout": "smart"}, "playout must be one of random, mast, greedy"),
        (
            {"playout": "mast", "mast_epsilon": 1.5},
            "mast_epsilon must be a number in .0, 1., got 1.5",
        ),
    ],
)
def test_bad_mast_options_are_refused(options, message):
    with pytest.raises(SearchError, match=message):
        default_registry().searcher("ismcts").create(**options)


def test_an_mcts_search_fills_its_table_and_takes_a_win(tictactoe):
    from search.mcts import UctSearch

    state = tictactoe.new_state()
    for action in cells("a1", "a2", "b1", "b2"):
        state.apply(action)
    search = UctSearch(state, Rng(4), playout="mast")
    search.run(300)
    # X is to move at the root: each iteration credits one root action of X's.
    assert sum(search.mast.count(0, a) for a in range(9)) >= 300
    assert UctSearch(state, Rng(4)).mast is None
    for name in ("mcts", "pimc"):
        searcher = default_registry().searcher(name).create(playout="mast")
        decision = decide(searcher, tictactoe, state, Budget(iterations=300), seed=1)
        assert decision.actions == cells("c1")
