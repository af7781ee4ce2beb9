"""oos: online outcome sampling from the start of the game (search/oos.pyx), on Leduc,
the game whose states keep their history. Its convergence towards an equilibrium,
measured by OpenSpiel's exact best response, is in tests/openspiel/test_oos_exploitability.py."""

from __future__ import annotations

import pytest

from engine.games.leduc.state import LeducState
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, SearchError, decide
from search.oos import OosSearch
from search.oos_searcher import OosSearcher

FOLD, CALL, RAISE = 0, 1, 2


@pytest.fixture(scope="module")
def registry():
    return default_registry()


def play(*moves):
    state = LeducState.new_initial(2, "standard")
    for move in moves:
        state.apply(state.str_to_action(move))
    return state


def search_from(state, seat, iterations, seed=1, **options):
    search = OosSearch(
        LeducState.new_initial(2, "standard"),
        state,
        state.trajectory(seat),
        Rng(seed),
        seat,
        **options,
    )
    search.run(iterations)
    return search


def test_the_root_policy_is_a_distribution_over_the_legal_actions():
    state = play("Js", "Qh", "raise")
    search = search_from(state, 1, 2000)
    policy = search.root_policy()
    assert sorted(policy) == state.legal_actions() == [FOLD, CALL, RAISE]
    assert sum(policy.values()) == pytest.approx(1.0)
    assert all(p >= 0 for p in policy.values())
    assert search.iterations == 2000
    # Every information set met was given its own node (Leduc has 936).
    assert 10 < search.num_nodes <= 936


def test_a_pair_of_kings_facing_a_raise_does_not_fold():
    # Seat 1 holds Ks and the public card is Kh: no hand beats it.
    state = play("Qs", "Ks", "call", "call", "Kh", "raise")
    assert state.current_player() == 1
    for baselines in (True, False):
        policy = search_from(state, 1, 20_000, baselines=baselines).root_policy()
        assert policy[FOLD] < 0.05, (baselines, policy)


def test_the_jack_folds_to_a_second_round_raise_more_than_the_king_pair():
    # Holding the worst card against a raise on a king: folding is the common answer.
    jack = search_from(play("Qs", "Jh", "call", "call", "Kh", "raise"), 1, 20_000).root_policy()
    kings = search_from(play("Qs", "Ks", "call", "call", "Kh", "raise"), 1, 20_000).root_policy()
    assert jack[FOLD] > kings[FOLD] + 0.3


def test_worlds_the_seat_cannot_tell_apart_get_the_same_search():
    # The search starts from the game's first state and what the seat saw: the
    # opponent's card in the world it is handed makes no difference.
    one = play("Qs", "Jh", "raise")
    other = play("Ks", "Jh", "raise")
    assert one.infoset_key(1) == other.infoset_key(1)
    assert search_from(one, 1, 3000).root_policy() == search_from(other, 1, 3000).root_policy()


def test_a_decision_repeats_with_its_seed_and_reports_the_policy(registry):
    game = registry.game("leduc")
    searcher = registry.searcher("oos").create_for(game, below=0, play="best")
    state = play("Qs", "Jh", "raise")
    first = decide(searcher, game, state, Budget(iterations=3000), 5)
    again = decide(searcher, game, state, Budget(iterations=3000), 5)
    assert first.actions == again.actions and first.stats["policy"] == again.stats["policy"]
    policy = first.stats["policy"]
    assert first.actions == [max(sorted(policy), key=lambda a: policy[a])]
    assert first.stats["iterations"] == 3000 and first.stats["searched_by"] == "oos"
    # The alternatives rank the actions by their probability.
    shares = [alt.visits for alt in first.alternatives]
    assert shares == sorted(shares, reverse=True)


def test_play_sample_draws_from_the_average_strategy(registry):
    game = registry.game("leduc")
    searcher = registry.searcher("oos").create_for(game, below=0)
    state = play("Qs", "Jh", "call")
    drawn = {
        decide(searcher, game, state, Budget(iterations=500), seed).actions[0] for seed in range(40)
    }
    assert drawn <= set(state.legal_actions()) and len(drawn) >= 2


def test_a_timed_search_stops_at_its_deadline(registry):
    game = registry.game("leduc")
    searcher = registry.searcher("oos").create_for(game, below=0)
    decision = decide(searcher, game, play("Qs", "Jh"), Budget(movetime_ms=50), 3)
    assert decision.stats["iterations"] > 100
    assert decision.stats["ms"] < 1000


def test_a_small_budget_is_searched_by_ismcts(registry):
    # Below `below` iterations (or the time they take at a million a second) the
    # average strategy of outcome sampling is further from equilibrium than ISMCTS.
    game = registry.game("leduc")
    searcher = registry.searcher("oos").create_for(game, below=5000)
    state = play("Qs", "Jh")
    by_budget = {
        budget: decide(searcher, game, state, budget, 1).stats["searched_by"]
        for budget in (
            Budget(iterations=4999),
            Budget(iterations=5000),
            Budget(movetime_ms=4),
            Budget(movetime_ms=6),
            Budget(),
        )
    }
    assert list(by_budget.values()) == ["ismcts", "oos", "ismcts", "oos", "ismcts"]
    # That ISMCTS is Leduc's own: a node per information set, c = 0.35.
    assert (searcher.small.settings["tree"], searcher.small.settings["c"]) == ("infoset", 0.35)


def test_only_games_that_keep_their_history(registry):
    spec = registry.searcher("oos")
    assert spec.can_play(registry.game("leduc"))
    for name in ("taktvoll", "maestro", "tictactoe", "pig", "luthier", "renaissance"):
        assert not spec.can_play(registry.game(name)), name
    game = registry.game("tictactoe")
    with pytest.raises(SearchError, match="does not keep the history"):
        OosSearcher(below=0).choose(game.new_state(), 0, Budget(iterations=10), Rng(1))


@pytest.mark.parametrize(
    "options, message",
    [
        ({"delta": 1.0}, "delta"),
        ({"delta": -0.1}, "delta"),
        ({"epsilon": 0.0}, "epsilon"),
        ({"play": "fast"}, "play must be one of sample, best"),
        ({"max_nodes": 3}, "max_nodes"),
        ({"below": -1}, "below"),
        ({"small_tree": "forest"}, "small_tree must be one of sequence, infoset"),
        ({"small_c": -1.0}, "small_c"),
    ],
)
def test_bad_options_are_named(registry, options, message):
    with pytest.raises(SearchError, match=message):
        registry.searcher("oos").create_for(registry.game("leduc"), **options)


def test_a_long_search_reports_its_progress(registry):
    from search import progress

    game = registry.game("leduc")
    searcher = registry.searcher("oos").create_for(game, below=0)
    reports = []
    with progress.listening(reports.append, 0.1):
        decide(searcher, game, play("Qs", "Jh"), Budget(movetime_ms=450), 2)
    assert len(reports) >= 2
    assert [r["iterations"] for r in reports] == sorted(r["iterations"] for r in reports)
    assert all(0.0 <= r["value"] <= 1.0 and len(r["pv"]) == 1 for r in reports)
