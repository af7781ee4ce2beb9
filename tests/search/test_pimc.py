"""Tests of the `pimc` searcher: no peeking at hidden cards (a property test on Leduc),
equality with mcts on perfect-information games, budgets, workers and options."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rng import Rng
from search import pimc
from search.base import Budget, SearchError, decide
from search.mcts_searcher import MctsSearcher
from search.pimc import PimcSearcher

CARD_BASE = 3  # Leduc's chance outcome for card c is CARD_BASE + c
FOLD, CALL, RAISE = 0, 1, 2


@pytest.fixture(scope="module")
def leduc(registry):
    return registry.game("leduc")


def leduc_line(game, cards, public, bets):
    """The state after dealing `cards` (seat 0's, seat 1's), then the betting choices
    `bets` (indices into the legal actions, taken modulo their number), the public
    card `public` dealt when the game asks for it. Stops before a terminal."""
    state = game.new_state(resolve_setup=False)
    state.apply(CARD_BASE + cards[0])
    state.apply(CARD_BASE + cards[1])
    for choice in bets:
        if state.is_chance_node():
            state.apply(CARD_BASE + public)
        legal = state.legal_actions()
        action = legal[choice % len(legal)]
        probe = state.clone()
        probe.apply(action)
        if probe.is_terminal():
            break
        state = probe
    if state.is_chance_node():
        state.apply(CARD_BASE + public)
    return state


@settings(max_examples=60, deadline=None)
@given(
    cards=st.permutations(range(6)),
    bets=st.lists(st.integers(0, 2), max_size=8),
    seed=st.integers(0, 2**32 - 1),
)
def test_no_peeking_the_opponents_card_does_not_change_the_answer(leduc, cards, bets, seed):
    seat0, seat1, alternative, public = cards[:4]
    first = leduc_line(leduc, (seat0, seat1), public, bets)
    mover = first.current_player()
    assert mover in (0, 1)
    # The same position with the opponent holding another card.
    swapped = [seat0, seat1]
    swapped[1 - mover] = alternative
    second = leduc_line(leduc, swapped, public, bets)
    assert second.to_dict() != first.to_dict()
    assert second.observation(mover) == first.observation(mover)
    searcher = PimcSearcher(k=4)
    one = decide(searcher, leduc, first, Budget(iterations=400), seed=seed)
    two = decide(searcher, leduc, second, Budget(iterations=400), seed=seed)
    assert one.actions == two.actions
    assert one.value == two.value
    assert [(a.actions, a.visits) for a in one.alternatives] == [
        (a.actions, a.visits) for a in two.alternatives
    ]
    # Handed the true states directly (not through decide's rebuilt view), pimc's
    # own determinizations must not depend on the hidden card either.
    direct = [
        searcher.choose(state, mover, Budget(iterations=400), Rng(seed))
        for state in (first, second)
    ]
    assert direct[0].actions == direct[1].actions
    assert [(a.actions, a.visits) for a in direct[0].alternatives] == [
        (a.actions, a.visits) for a in direct[1].alternatives
    ]


def test_a_pair_of_kings_does_not_fold_to_a_raise(leduc):
    # Seat 1 holds Ks, the public card is Kh: nothing beats it. Seat 0 raises in round two.
    state = leduc.new_state(resolve_setup=False)
    for action in [CARD_BASE + 2, CARD_BASE + 4, CALL, CALL, CARD_BASE + 5, RAISE]:
        state.apply(action)
    assert state.current_player() == 1 and state.legal_actions() == [FOLD, CALL, RAISE]
    decision = decide(PimcSearcher(), leduc, state, Budget(iterations=4000), seed=1)
    assert decision.actions != [FOLD]
    assert decision.value > 0.5
    assert decision.stats["determinizations"] == 8


def test_determinizations_share_the_budget_and_their_visits_are_summed(leduc):
    state = leduc_line(leduc, (0, 5), 3, [])
    decision = decide(PimcSearcher(k=5), leduc, state, Budget(iterations=1003), seed=2)
    assert decision.stats["determinizations"] == 5
    assert decision.stats["iterations"] == 1003
    # Each determinization's first iteration rolls out its root before it has children.
    assert sum(a.visits for a in decision.alternatives) == 1003 - 5
    assert sorted(a.actions[0] for a in decision.alternatives) == state.legal_actions()


def test_each_determinization_is_a_world_of_its_own(leduc, monkeypatch):
    """decide() with k = 8 searches 8 worlds the mover cannot tell apart, and they
    are not all one world: the opponent's hidden card (5 candidates) is drawn for
    each search. The worlds are seen where pimc hands them to its per-world
    search (search_task, run in this process with one worker)."""
    searched = []
    search_one_world = pimc.search_task

    def recording_search_task(world, *args):
        searched.append(world.clone())
        return search_one_world(world, *args)

    monkeypatch.setattr(pimc, "search_task", recording_search_task)
    state = leduc_line(leduc, (0, 5), 3, [])
    mover = state.current_player()
    decision = decide(PimcSearcher(k=8), leduc, state, Budget(iterations=400), seed=5)
    assert decision.stats["determinizations"] == len(searched) == 8
    assert all(world.observation(mover) == state.observation(mover) for world in searched)
    assert len({world.to_json() for world in searched}) > 1


def test_tiny_budgets_use_fewer_determinizations(leduc):
    state = leduc_line(leduc, (0, 5), 3, [])
    decision = decide(PimcSearcher(k=8), leduc, state, Budget(iterations=6), seed=2)
    assert decision.stats["determinizations"] == 3
    assert decision.actions[0] in state.legal_actions()


@pytest.mark.parametrize("game_name, variant", [("tictactoe", None), ("pig", "target30")])
def test_on_perfect_information_it_answers_as_mcts(registry, game_name, variant):
    game = registry.game(game_name)
    state = game.new_state(variant=variant)
    state.apply(state.legal_actions()[0])
    while state.current_player() < 0:
        state.apply(state.legal_actions()[0])
    ours = decide(PimcSearcher(), game, state, Budget(iterations=3000), seed=9)
    theirs = decide(MctsSearcher(), game, state, Budget(iterations=3000), seed=9)
    assert ours.stats["determinizations"] == 1
    assert ours.actions == theirs.actions and ours.value == theirs.value
    assert [(a.actions, a.visits) for a in ours.alternatives] == [
        (a.actions, a.visits) for a in theirs.alternatives
    ]


def test_movetime_is_shared_and_reported(leduc):
    state = leduc_line(leduc, (1, 4), 0, [RAISE])
    decision = decide(PimcSearcher(), leduc, state, Budget(movetime_ms=80), seed=3)
    assert decision.actions[0] in state.legal_actions()
    assert decision.stats["iterations"] > 8
    assert 0 <= decision.stats["ms"] < 3000


def test_two_workers_merge_all_determinizations(leduc):
    state = leduc_line(leduc, (1, 4), 0, [RAISE])
    decision = decide(PimcSearcher(k=4, workers=2), leduc, state, Budget(iterations=2000), seed=4)
    single = decide(PimcSearcher(k=4), leduc, state, Budget(iterations=2000), seed=4)
    # The same determinizations and seeds, searched in two threads: same answer.
    assert [(a.actions, a.visits) for a in decision.alternatives] == [
        (a.actions, a.visits) for a in single.alternatives
    ]
    assert sum(a.visits for a in decision.alternatives) == 2000 - 4


@pytest.mark.parametrize("options", [{"k": 0}, {"final": "best"}, {"workers": -1}])
def test_bad_options_are_refused_by_name(options):
    with pytest.raises(SearchError, match=next(iter(options))):
        PimcSearcher(**options)


def test_registered_with_mcts_options_but_no_reuse_or_shared_tree(registry):
    spec = registry.searcher("pimc")
    assert spec.options["k"] == 8
    mcts = registry.searcher("mcts").options
    assert set(spec.options) == (set(mcts) - {"reuse", "parallel"}) | {"k"}
    assert spec.create(k="3").k == 3
