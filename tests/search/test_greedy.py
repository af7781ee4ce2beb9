"""Greedy playouts (search/greedy.pyx): a greedy step takes the move after which the
game's heuristic rates the mover best, checked against clone-apply-heuristic in Python
on random positions of every game (which also checks each game's State.c_copy_into);
epsilon mixes in uniform moves; the tree searchers take playout=greedy."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import random_action, sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, SearchError, decide
from search.greedy import Greedy
from search.ismcts import IsmctsSearch
from search.mcts import UctSearch

REGISTRY = default_registry()
# Every game with a heuristic worth following, at a table size it allows.
GAMES = {
    "tictactoe": 2,
    "pig": 2,
    "leduc": 2,
    "maestro": 2,
    "renaissance": 2,
    "taktvoll": 3,
    "luthier": 3,
}


def rating_after(state, action):
    """What the heuristic (the returns at a terminal) gives the mover after `action`."""
    after = state.clone()
    after.apply(action)
    values = after.returns() if after.is_terminal() else after.heuristic()
    return values[state.current_player()]


def random_decision(name, seed, steps):
    """A position of `name` at a decision, `steps` random actions into a seeded game
    (None if the game ended first)."""
    game = REGISTRY.game(name)
    state = game.new_state(players=GAMES[name], seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            return None
        state.apply(random_action(state, rng))
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    return None if state.is_terminal() else state


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(GAMES)),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 80),
    draw=st.integers(0, 2**32 - 1),
)
def test_a_greedy_step_takes_a_move_the_heuristic_rates_best(name, seed, steps, draw):
    state = random_decision(name, seed, steps)
    if state is None:
        return
    # The scratch is a clone of the game's first position, so every c_copy_into must
    # carry the whole position over for the ratings to agree.
    greedy = Greedy(REGISTRY.game(name).new_state(players=GAMES[name], seed=0), 0.0)
    before = state.to_json()
    chosen = greedy.choose(state, Rng(draw))
    assert state.to_json() == before
    ratings = {a: rating_after(state, a) for a in state.legal_actions()}
    assert ratings[chosen] == pytest.approx(max(ratings.values()), abs=1e-9)


def test_ties_are_broken_at_random():
    # X in the centre: no reply wins or loses at once, and the heuristic rates the
    # four corners alike (by symmetry), so different seeds take different ones.
    state = REGISTRY.game("tictactoe").new_state()
    state.apply(cells("b2")[0])
    greedy = Greedy(state, 0.0)
    ratings = {a: rating_after(state, a) for a in state.legal_actions()}
    best = {a for a, r in ratings.items() if r >= max(ratings.values()) - 1e-9}
    chosen = {greedy.choose(state, Rng(seed)) for seed in range(40)}
    assert len(best) >= 4
    assert chosen <= best and len(chosen) > 1


def test_epsilon_one_plays_every_legal_move():
    state = random_decision("taktvoll", 3, 30)
    greedy = Greedy(state, 1.0)
    chosen = {greedy.choose(state, Rng(seed)) for seed in range(300)}
    assert chosen == set(state.legal_actions())


def test_a_playout_ends_the_game_or_stops_at_its_step_limit():
    game = REGISTRY.game("taktvoll")
    state = game.new_state(players=3, seed=8)
    greedy = Greedy(state, 0.2)
    cut = state.clone()
    assert greedy.playout(cut, Rng(1), max_steps=5) == 5
    assert not cut.is_terminal()
    steps = greedy.playout(state, Rng(1))
    assert state.is_terminal() and steps > 5


def test_a_playout_repeats_from_its_seed():
    start = REGISTRY.game("taktvoll").new_state(players=3, seed=2)
    greedy = Greedy(start, 0.2)
    ends = []
    for seed in (7, 7, 8):
        state = start.clone()
        greedy.playout(state, Rng(seed))
        ends.append(state.to_json())
    assert ends[0] == ends[1] != ends[2]


def test_a_state_of_another_game_is_refused():
    greedy = Greedy(REGISTRY.game("tictactoe").new_state(), 0.0)
    with pytest.raises(ValueError, match="another game"):
        greedy.choose(REGISTRY.game("pig").new_state(seed=1), Rng(1))
    with pytest.raises(ValueError, match="epsilon"):
        Greedy(REGISTRY.game("tictactoe").new_state(), 1.5)


def test_a_game_that_cannot_copy_without_the_gil_is_refused():
    # The random trees of expectimax's tests implement no c_copy_into.
    from engine.games.randomtree import RandomTreeState

    state = RandomTreeState(1, 4)
    with pytest.raises(ValueError, match="c_copy_into"):
        Greedy(state, 0.2)
    with pytest.raises(ValueError, match="playout=greedy"):
        UctSearch(state, Rng(1), playout="greedy")


def cells(*names):
    return ["abc".index(n[0]) + 3 * (int(n[1]) - 1) for n in names]


@pytest.mark.parametrize("name", ["mcts", "pimc", "ismcts"])
def test_the_tree_searchers_take_a_win_with_greedy_playouts(name):
    tictactoe = REGISTRY.game("tictactoe")
    state = tictactoe.new_state()
    for action in cells("a1", "a2", "b1", "b2"):
        state.apply(action)
    searcher = REGISTRY.searcher(name).create(playout="greedy", greedy_epsilon=0.3)
    decision = decide(searcher, tictactoe, state, Budget(iterations=300), seed=1)
    assert decision.actions == cells("c1")


def test_the_searches_keep_their_policy():
    state = REGISTRY.game("tictactoe").new_state()
    assert UctSearch(state, Rng(1), playout="greedy", greedy_epsilon=0.3).greedy.epsilon == 0.3
    assert UctSearch(state, Rng(1)).greedy is None
    search = IsmctsSearch(state, Rng(2), 0, 1.4, -1, False, playout="greedy")
    assert search.greedy.epsilon == 0.2
    assert search.run(50) == 50


@pytest.mark.parametrize("name", ["mcts", "pimc", "ismcts"])
@pytest.mark.parametrize("epsilon", [-0.1, 1.5, True, "half"])
def test_a_bad_greedy_epsilon_is_refused(name, epsilon):
    with pytest.raises(SearchError, match="greedy_epsilon"):
        REGISTRY.searcher(name).create(playout="greedy", greedy_epsilon=epsilon)
