"""Pig rules from concrete positions (each test names the rule it checks), on both the
compiled state and the pure-Python reference, plus property tests on random positions.

Actions: 0 roll, 1 hold, 2..7 the die faces 1..6 ("roll", "hold", "d1".."d6").
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import GameConfigError, IllegalActionError, StateFormatError
from engine.game import play_randomly
from engine.games.pig import GAME
from engine.games.pig.horizon import OPENSPIEL_HORIZON, player_action_counts
from engine.games.pig.reference import PigReference
from engine.games.pig.state import PigState
from engine.playout import random_playout
from engine.rng import Rng

ROLL, HOLD = 0, 1
CHANCE, TERMINAL = -1, -2


def die(face: int) -> int:
    return face + 1


@pytest.fixture(params=[PigState, PigReference], ids=["compiled", "reference"])
def impl(request):
    """The class under test: every rule must hold for both implementations."""
    return request.param


def position(impl, scores, turn_total=0, to_move=0, rolling=False, variant="target100"):
    return impl.from_json(
        json.dumps(
            {
                "game": "pig",
                "variant": variant,
                "scores": scores,
                "turn_total": turn_total,
                "to_move": to_move,
                "rolling": rolling,
            }
        )
    )


def fields(state):
    data = state.to_dict()
    return data["scores"], data["turn_total"], data["to_move"], data["rolling"]


# ---- the rules, from concrete positions ------------------------------------------------


def test_new_game_seat_0_to_move_with_nothing(impl):
    state = impl.new_initial(2, "target100")
    assert state.current_player() == 0
    assert fields(state) == ([0, 0], 0, 0, False)
    assert state.legal_actions() == [ROLL, HOLD]


def test_roll_makes_a_chance_node_with_six_equal_faces(impl):
    # Rule: the die roll is an explicit chance node; each face has probability 1/6.
    state = position(impl, [10, 20], 8)
    state.apply(ROLL)
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [2, 3, 4, 5, 6, 7]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert state.legal_actions() == [2, 3, 4, 5, 6, 7]
    # Player actions are not outcomes of the die.
    for action in (ROLL, HOLD):
        with pytest.raises(IllegalActionError):
            state.apply(action)


def test_rolling_a_one_loses_the_turn_total_and_passes_the_turn(impl):
    state = position(impl, [10, 20], 8, to_move=0, rolling=True)
    state.apply(die(1))
    assert fields(state) == ([10, 20], 0, 1, False)
    assert state.current_player() == 1


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_rolling_two_to_six_adds_to_the_turn_total_and_keeps_the_turn(impl, face):
    state = position(impl, [10, 20], 8, to_move=1, rolling=True)
    state.apply(die(face))
    assert fields(state) == ([10, 20], 8 + face, 1, False)
    assert state.current_player() == 1


def test_holding_banks_the_turn_total_and_passes_the_turn(impl):
    state = position(impl, [10, 20], 8, to_move=0)
    state.apply(HOLD)
    assert fields(state) == ([18, 20], 0, 1, False)
    assert state.scores() == [18, 20]


def test_holding_with_turn_total_zero_is_allowed_and_passes(impl):
    # Rule (as OpenSpiel): hold is legal at turn total 0; it banks nothing.
    state = position(impl, [30, 40], 0, to_move=1)
    assert state.legal_actions() == [ROLL, HOLD]
    state.apply(HOLD)
    assert fields(state) == ([30, 40], 0, 0, False)


def test_reaching_the_target_forces_the_hold(impl):
    # Rule (as OpenSpiel): once score plus turn total reaches the target, only hold.
    state = position(impl, [95, 50], 5)
    assert state.legal_actions() == [HOLD]
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(ROLL)
    assert state.to_json() == before


def test_banking_the_target_wins(impl):
    # Rule: the first seat to bank at least the target wins; winner 1, loser 0.
    state = position(impl, [50, 97], 7, to_move=1)
    state.apply(HOLD)
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.scores() == [50, 104]
    assert state.returns() == [0.0, 1.0]
    assert state.heuristic() == [0.0, 1.0]
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []


def test_one_below_the_target_is_not_a_win(impl):
    state = position(impl, [90, 50], 9)
    assert state.legal_actions() == [ROLL, HOLD]
    state.apply(HOLD)
    assert not state.is_terminal()
    assert state.scores() == [99, 50]
    with pytest.raises(ValueError):
        state.returns()


def test_no_move_after_the_end(impl):
    state = position(impl, [100, 3], 0, to_move=0)
    assert state.is_terminal()
    for action in range(8):
        with pytest.raises(IllegalActionError):
            state.apply(action)


def test_small_target_game_played_through(impl):
    # target10: seat 0 rolls 6 and 4 (turn total 10 reaches the target), must hold, wins.
    state = impl.new_initial(2, "target10")
    for action in (ROLL, die(6), ROLL, die(4)):
        state.apply(action)
    assert state.legal_actions() == [HOLD]
    state.apply(HOLD)
    assert state.returns() == [1.0, 0.0]
    assert state.scores() == [10, 0]


def test_no_horizon_busts_cycle_back_to_the_same_state(impl):
    # Rule (unlike OpenSpiel's 1000-move horizon): no move counter, so two seats
    # rolling 1s forever repeat the start position and the game never ends by itself.
    state = impl.new_initial(2, "target100")
    start = state.to_dict()
    for _ in range(2 * OPENSPIEL_HORIZON):
        state.apply(ROLL)
        state.apply(die(1))
    assert not state.is_terminal()
    assert state.to_dict() == start


def test_random_play_never_reaches_openspiel_horizon():
    # The package docstring's claim, on a sample: random games end far before it.
    counts = player_action_counts(300, seed=5)
    assert max(counts) < OPENSPIEL_HORIZON / 2
    assert 60 < sum(counts) / len(counts) < 200


def test_compiled_hash_is_exact_on_fields():
    start = PigState.new_initial(2, "target100")
    assert start.hash() == PigState.new_initial(2, "target100").hash()
    variants = [
        PigState.new_initial(2, "target99"),
        position(PigState, [2, 0]),
        position(PigState, [0, 2]),
        position(PigState, [0, 0], 2),
        position(PigState, [0, 0], to_move=1),
        position(PigState, [0, 0], rolling=True),
    ]
    hashes = {start.hash()} | {s.hash() for s in variants}
    assert len(hashes) == len(variants) + 1
    # Busting back to the start is the same state, so the same hash.
    cycled = start.clone()
    for action in (ROLL, die(1), ROLL, die(1)):
        cycled.apply(action)
    assert cycled.hash() == start.hash()


def test_heuristic_follows_the_score_race(impl):
    level = impl.new_initial(2, "target100").heuristic()
    assert level == pytest.approx([0.5, 0.5])
    ahead = position(impl, [60, 20], 0, to_move=1).heuristic()
    assert ahead[0] > 0.5 and sum(ahead) == pytest.approx(1.0)
    # The mover's turn total counts: banking it would put seat 1 ahead.
    at_risk = position(impl, [60, 20], 50, to_move=1).heuristic()
    assert at_risk[1] > 0.5
    # Score plus turn total at the target: the forced hold wins.
    assert position(impl, [96, 20], 4).heuristic() == [1.0, 0.0]


def test_observation_is_the_whole_state_plus_seat(impl):
    state = position(impl, [12, 30], 6, to_move=1, rolling=True)
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs["seat"] == seat
        assert {k: v for k, v in obs.items() if k != "seat"} == state.to_dict()
        assert impl.from_observation(obs, Rng(1)).to_dict() == state.to_dict()


def test_notation(impl):
    state = impl.new_initial(2, "target100")
    names = ["roll", "hold", "d1", "d2", "d3", "d4", "d5", "d6"]
    assert [state.action_to_str(a) for a in range(8)] == names
    assert [state.str_to_action(n) for n in names] == list(range(8))
    assert [state.str_to_action(n) for n in ("Roll", "HOLD", "D6")] == [0, 1, 7]  # any case
    for bad in ("d0", "d7", "stop", "", None, 3):
        with pytest.raises(IllegalActionError):
            state.str_to_action(bad)
    for bad in (-1, 8, True, "roll"):
        with pytest.raises(IllegalActionError):
            state.action_to_str(bad)


# ---- variants ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant,target", [("target100", 100), ("target1", 1), ("target37", 37), ("target1000", 1000)]
)
def test_target_variants(variant, target):
    assert GAME.check_config(2, variant) == (2, variant)
    state = GAME.new_state(2, variant)
    assert state.target_score == target
    assert state.variant == variant


def test_default_variant_is_target100():
    assert GAME.new_state().target_score == 100
    assert GAME.default_variant == "target100"


@pytest.mark.parametrize(
    "variant",
    [
        "target0",
        "target1001",
        "target007",
        "target",
        "targetx",
        "target-5",
        "target 5",
        "hundred",
        "target١٠",
    ],
)
def test_bad_variants_are_refused(variant):
    with pytest.raises(GameConfigError):
        GAME.check_config(2, variant)
    with pytest.raises(GameConfigError):
        PigState.new_initial(2, variant)
    with pytest.raises(GameConfigError):
        PigReference.new_initial(2, variant)


def test_only_two_players():
    for players in (1, 3):
        with pytest.raises(GameConfigError):
            GAME.check_config(players, None)


# ---- loading -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data,why",
    [
        ({"scores": [100, 100]}, "both seats at the target"),
        ({"scores": [100, 20], "to_move": 1}, "the winner must be to_move at the end"),
        ({"scores": [100, 20], "turn_total": 4}, "no turn total after the game ends"),
        ({"scores": [100, 20], "rolling": True}, "no roll after the game ends"),
        ({"scores": [95, 20], "turn_total": 5, "rolling": True}, "at the target a seat must hold"),
        ({"scores": [90, 20], "turn_total": 16}, "a roll adds at most 6 past the target"),
        ({"scores": [106, 20]}, "a score beyond target + 5"),
        ({"scores": [-2, 20]}, "a negative score"),
        ({"scores": [5]}, "one score"),
        ({"turn_total": -1}, "a negative turn total"),
        ({"to_move": 2}, "no seat 2"),
        ({"rolling": 1}, "rolling is a boolean"),
        ({"variant": "target0"}, "a bad variant"),
        ({"variant": 100}, "a variant is a string"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_from_json_rejects_impossible_states(impl, data, why):
    full = {
        "game": "pig",
        "variant": "target100",
        "scores": [0, 0],
        "turn_total": 0,
        "to_move": 0,
        "rolling": False,
    }
    full.update(data)
    with pytest.raises(StateFormatError):
        impl.from_json(json.dumps(full))


@pytest.mark.parametrize("text", ["", "[]", '{"game": "tictactoe"}', "{nope"])
def test_from_json_rejects_malformed_input(impl, text):
    with pytest.raises(StateFormatError):
        impl.from_json(text)


def test_missing_field_is_reported(impl):
    with pytest.raises(StateFormatError, match="turn_total"):
        impl.from_json(
            json.dumps(
                {
                    "game": "pig",
                    "variant": "target100",
                    "scores": [0, 0],
                    "to_move": 0,
                    "rolling": False,
                }
            )
        )


# ---- properties on random positions ----------------------------------------------------


@st.composite
def positions(draw):
    """A compiled pig position: a small or standard target, then random steps."""
    variant = draw(st.sampled_from(["target1", "target10", "target20", "target100"]))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, 120))
    state = PigState.new_initial(2, variant)
    rng = Rng(seed)
    play_randomly(state, rng, steps)
    return state


@settings(max_examples=150, deadline=None)
@given(positions())
def test_clone_is_independent(state):
    copy = state.clone()
    before = state.to_json()
    if not copy.is_terminal():
        copy.apply(copy.legal_actions()[-1])
        assert copy.to_json() != before
    assert state.to_json() == before


@settings(max_examples=150, deadline=None)
@given(positions())
def test_json_round_trip_is_exact(state):
    loaded = PigState.from_json(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert loaded.hash() == state.hash()
    assert loaded.current_player() == state.current_player()
    assert loaded.legal_actions() == state.legal_actions()
    assert PigReference.from_json(state.to_json()).to_json() == state.to_json()


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 2**32 - 1))
def test_playouts_terminate_with_one_winner(state, seed):
    copy = state.clone()
    steps = random_playout(copy, Rng(seed))
    assert steps < 100_000
    assert copy.is_terminal()
    assert sorted(copy.returns()) == [0.0, 1.0]
    target = copy.target_score
    assert max(copy.scores()) >= target > min(copy.scores())


@settings(max_examples=150, deadline=None)
@given(positions())
def test_probabilities_and_values_are_well_formed(state):
    if state.is_chance_node():
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0, abs=1e-12)
    else:
        assert state.chance_outcomes() == []
    values = state.heuristic()
    assert all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0, abs=1e-12)


def test_render_tells_scores_and_turn():
    text = position(PigState, [12, 30], 6, to_move=1).render()
    assert "seat 0 has 12" in text and "seat 1 has 30" in text and "turn total 6" in text
    assert "seat 1 wins" in position(PigState, [12, 101], 0, to_move=1).render()
