"""The exact pig solution (engine/games/pig/optimal.py): published facts, an
independent plain value iteration, the Bellman equations, monotonicity, and play."""

from __future__ import annotations

import numpy as np
import pytest

from engine.game import sample_chance
from engine.games.pig import GAME
from engine.games.pig.optimal import solve
from engine.rng import Rng

ROLL, HOLD = 0, 1


@pytest.fixture(scope="module")
def standard():
    return solve(100)


def test_first_player_wins_about_53_percent(standard):
    # Neller and Presser: under optimal play the first player wins 53.06% of games.
    assert standard.win_probability(0, 0, 0) == pytest.approx(0.5306, abs=5e-5)


def test_opening_turn_holds_at_about_20(standard):
    # Early on the optimal policy is close to "hold at 20".
    actions = [standard.best_action(0, 0, k) for k in range(40)]
    threshold = actions.index("hold")
    assert 19 <= threshold <= 25
    assert set(actions[:threshold]) == {"roll"} and set(actions[threshold:]) == {"hold"}


def test_published_example_positions(standard):
    # Score 41 against 49: hold from 22 up, except roll once more at exactly 27.
    expected = {20: "roll", 21: "roll", 22: "hold", 26: "hold", 27: "roll", 28: "hold", 30: "hold"}
    assert {k: standard.best_action(41, 49, k) for k in expected} == expected
    # 78 against 99 with 20 in hand: roll on rather than hand the opponent the win.
    assert standard.best_action(78, 99, 20) == "roll"
    roll_value, hold_value = standard.action_values(78, 99, 20)
    assert roll_value > hold_value


def test_target_one_has_a_closed_form():
    # Any face but 1 reaches the target: P = 5/6 + (1 - P)/6, so P = 6/7.
    solution = solve(1)
    assert solution.win_probability(0, 0, 0) == pytest.approx(6 / 7, abs=1e-12)
    assert solution.best_action(0, 0, 0) == "roll"


def plain_value_iteration(target: int, tolerance: float = 1e-14) -> dict:
    """Neller and Presser's equations iterated in place over a dict, until no value
    moves by more than `tolerance`: slow, obvious, and independent of optimal.py."""

    def value(p, i, j, k):
        return 1.0 if i + k >= target else p[(i, j, k)]

    p = {(i, j, k): 0.5 for i in range(target) for j in range(target) for k in range(target - i)}
    while True:
        change = 0.0
        for i, j, k in p:
            roll = (1.0 - p[(j, i, 0)] + sum(value(p, i, j, k + r) for r in range(2, 7))) / 6
            hold = 1.0 if i + k >= target else 1.0 - p[(j, i + k, 0)]
            new = max(roll, hold)
            change = max(change, abs(new - p[(i, j, k)]))
            p[(i, j, k)] = new
        if change <= tolerance:
            return p


@pytest.mark.parametrize("target", [2, 7, 12])
def test_matches_plain_value_iteration(target):
    solution = solve(target)
    reference = plain_value_iteration(target)
    worst = max(abs(solution.win_probability(i, j, k) - v) for (i, j, k), v in reference.items())
    assert worst < 1e-11


@pytest.mark.parametrize("target", [1, 10, 33, 100])
def test_bellman_equations_hold(target):
    assert solve(target).bellman_residual() < 1e-12


def test_probabilities_are_monotone(standard):
    t = 100
    p = standard.win
    assert p.min() >= 0.0 and p.max() <= 1.0
    # More banked points never hurt the mover; more opponent points never help.
    assert np.all(np.diff(p, axis=0) >= -1e-12)
    assert np.all(np.diff(p, axis=1) <= 1e-12)
    # A larger turn total never hurts (the mover could hold and bank it).
    assert np.all(np.diff(p, axis=2) >= -1e-12)
    assert p.shape == (t, t, t + 6)


def test_level_scores_favour_the_mover_and_rolling_beats_holding_at_zero(standard):
    for score in range(0, 100, 7):
        # Same score: the player to move has the edge of the next turn.
        assert standard.win_probability(score, score, 0) > 0.5
        roll_value, hold_value = standard.action_values(score, 99 - score, 0)
        assert roll_value >= hold_value
        assert standard.best_action(score, 99 - score, 0) == "roll"


def test_target_reached_is_a_win_and_a_hold(standard):
    assert standard.win_probability(95, 99, 5) == 1.0
    assert standard.best_action(95, 99, 9) == "hold"


def test_action_for_reads_a_compiled_state(standard):
    state = GAME.new_state(2, "target100")
    assert standard.action_for(state) == ROLL
    for action in (ROLL, 4, ROLL, 7, ROLL, 7, ROLL, 7, ROLL, 7):  # turn total 3+6*4 = 27
        state.apply(action)
    assert standard.action_for(state) == HOLD
    state.apply(ROLL)
    with pytest.raises(ValueError):
        standard.action_for(state)  # a chance node
    with pytest.raises(ValueError):
        solve(20).action_for(GAME.new_state(2, "target100"))


def test_optimal_self_play_matches_the_first_player_value():
    # The solution's P(0, 0, 0) is the first seat's win rate when both follow it.
    solution = solve(20)
    rng = Rng(2024)
    games, first_wins = 4000, 0
    for _ in range(games):
        state = GAME.new_state(2, "target20")
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            else:
                state.apply(solution.action_for(state))
        first_wins += state.returns()[0] == 1.0
    expected = solution.win_probability(0, 0, 0)
    standard_error = (expected * (1 - expected) / games) ** 0.5
    assert abs(first_wins / games - expected) < 4 * standard_error


def test_optimal_beats_hold_at_20():
    # Against "hold at 20 or at the target", the optimal player wins more than half
    # of games, seats alternating (measured: 56-57% over 4000 games, about 8 standard
    # errors above one half).
    solution = solve(50)
    rng = Rng(7)
    games, optimal_wins = 4000, 0
    for game in range(games):
        optimal_seat = game % 2
        state = GAME.new_state(2, "target50")
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
            elif state.current_player() == optimal_seat:
                state.apply(solution.action_for(state))
            else:
                forced = state.legal_actions() == [HOLD]
                state.apply(HOLD if forced or state.turn_points >= 20 else ROLL)
        optimal_wins += state.returns()[optimal_seat] == 1.0
    assert optimal_wins / games > 0.5


@pytest.mark.parametrize("bad", [0, -5, 1001, 301, True, 10.0, "100"])
def test_solve_refuses_bad_targets(bad):
    with pytest.raises(ValueError):
        solve(bad)


@pytest.mark.parametrize("args", [(100, 0, 0), (0, 100, 0), (-1, 0, 0), (0, 0, -2), (1.5, 0, 0)])
def test_queries_refuse_positions_outside_the_game(standard, args):
    with pytest.raises(ValueError):
        standard.win_probability(*args)
