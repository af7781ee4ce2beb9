"""The State contract, checked on every registered game (built-in or third-party).

Each property is tested on random positions: a seeded game played k random steps
from `GameSpec.new_state`. A new game passes this file before anything else.
"""

from __future__ import annotations

import copy
import json
import math
import pickle

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from engine.errors import GameConfigError, IllegalActionError, StateFormatError
from engine.game import GameSpec, random_action
from engine.playout import random_playout, random_playouts
from engine.rng import Rng
from engine.state import CHANCE_PLAYER, TERMINAL_PLAYER
from plugins.manager import default_registry

SPECS = sorted(default_registry().games.values(), key=lambda spec: spec.name)
GAME_IDS = [spec.name for spec in SPECS]
per_game = pytest.mark.parametrize("spec", SPECS, ids=GAME_IDS)

MAX_PLAYOUT_STEPS = 200_000  # far beyond any game's length: hitting it means a loop
NOT_ACTIONS = [-1, 1.0, "0", None, True, [0]]
MAX_ILLEGAL_CHECKED = 200  # illegal action ids tried per position


def random_step(state, rng: Rng) -> None:
    """One uniformly random action (a chance outcome by its probability)."""
    state.apply(random_action(state, rng))


def play_out(state, rng: Rng) -> int:
    """Random steps through the Python API until the end; returns how many."""
    steps = 0
    while not state.is_terminal():
        assert steps < MAX_PLAYOUT_STEPS, f"no end after {steps} random steps"
        random_step(state, rng)
        steps += 1
    return steps


@st.composite
def positions(draw, spec: GameSpec, max_steps: int = 60):
    """A position of `spec`: any allowed player count and listed variant, the setup
    resolved or not, then up to `max_steps` random steps (fewer if the game ends)."""
    players = draw(st.integers(spec.min_players, spec.max_players))
    variant = draw(st.sampled_from(spec.variants))
    seed = draw(st.integers(0, 2**32 - 1))
    resolve_setup = draw(st.booleans())
    steps = draw(st.integers(0, max_steps))
    state = spec.new_state(players, variant, seed=seed, resolve_setup=resolve_setup)
    rng = Rng(seed + 1)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    note(f"position: {state.to_json()}")
    return state


def snapshot(state):
    """Everything observable about a state, to prove an operation left it alone."""
    return (state.to_json(), state.hash(), state.current_player(), state.legal_actions())


# ---- GameSpec ---------------------------------------------------------------------


@per_game
def test_spec_declares_consistent_facts(spec):
    assert spec.name and " " not in spec.name
    assert spec.state_class.game_name == spec.name
    assert 1 <= spec.min_players <= spec.max_players <= 8
    assert spec.min_players <= spec.players_default <= spec.max_players
    assert spec.variants and len(set(spec.variants)) == len(spec.variants)
    assert all(v and " " not in v and "=" not in v for v in spec.variants)
    if spec.reference_class() is not None:
        assert spec.reference_class().game_name == spec.name


@per_game
def test_suggested_searcher_options_are_options_of_searchers_that_can_play(spec, registry):
    for name, options in spec.searcher_options.items():
        searcher = registry.searchers.get(name)
        if searcher is None:  # a suggestion for a searcher this install lacks
            continue
        assert searcher.can_play(spec), name
        assert set(options) <= set(searcher.options), name
        searcher.create_for(spec)


@per_game
def test_new_state_for_every_player_count_and_variant(spec):
    for players in range(spec.min_players, spec.max_players + 1):
        for variant in spec.variants:
            state = spec.new_state(players, variant, seed=3)
            assert state.num_players == players
            assert state.variant == variant
            assert state.num_actions >= 1
            assert not state.is_setup(), "new_state resolves the setup"
            assert not state.is_terminal()
            assert json.loads(state.to_json())["game"] == spec.name
            # The seed fixes the setup.
            assert spec.new_state(players, variant, seed=3).to_json() == state.to_json()
            unresolved = spec.new_state(players, variant, resolve_setup=False)
            assert unresolved.num_players == players


@per_game
def test_defaults_are_the_first_variant_and_default_players(spec):
    state = spec.new_state(seed=0)
    assert state.num_players == spec.players_default
    assert state.variant == spec.default_variant


@per_game
def test_config_outside_the_spec_is_refused(spec):
    for players in (spec.min_players - 1, spec.max_players + 1, "2", 2.0, True):
        with pytest.raises(GameConfigError, match=spec.name):
            spec.new_state(players)
    with pytest.raises(GameConfigError, match="no-such-variant"):
        spec.new_state(variant="no-such-variant")


@per_game
def test_declared_chance_and_information_match_the_game(spec):
    """A game declared without chance never reaches a chance node, and one declared
    with perfect information gives every seat the whole state."""
    rng = Rng(11)
    saw_chance = False
    for _ in range(30):
        state = spec.new_state(seed=rng.randint(1000), resolve_setup=False)
        while not state.is_terminal():
            saw_chance |= state.is_chance_node()
            if not spec.hidden_information:
                for seat in range(state.num_players):
                    again = spec.from_observation(state.observation(seat), rng)
                    assert again.to_json() == state.to_json()
            random_step(state, rng)
    assert saw_chance == spec.chance


# ---- the State contract on random positions ----------------------------------------


@per_game
@given(data=st.data())
def test_clone_is_independent(spec, data):
    state = data.draw(positions(spec))
    before = snapshot(state)
    for twin in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        assert twin is not state
        assert snapshot(twin) == before
        assert twin == state
        play_out(twin, Rng(5))
        assert snapshot(state) == before
    # And the other way round: the original moving on leaves an earlier clone alone.
    if not state.is_terminal():
        twin = state.clone()
        random_step(state, Rng(6))
        assert snapshot(twin) == before


@per_game
@given(data=st.data())
def test_json_round_trip_is_exact(spec, data):
    state = data.draw(positions(spec))
    text = state.to_json()
    assert "\n" not in text
    for again in (
        spec.from_json(text),
        type(state).from_json(text),
        spec.from_dict(json.loads(text)),
    ):
        assert type(again) is type(state)
        assert again.to_json() == text
        assert again.hash() == state.hash()
        assert again.num_players == state.num_players
        assert again.variant == state.variant
        assert again.current_player() == state.current_player()
        assert again.legal_actions() == state.legal_actions()
        assert again.chance_outcomes() == state.chance_outcomes()
        for seat in range(state.num_players):
            assert again.infoset_key(seat) == state.infoset_key(seat)
            assert again.observation(seat) == state.observation(seat)


@per_game
@given(data=st.data())
def test_pickle_round_trip(spec, data):
    state = data.draw(positions(spec))
    again = pickle.loads(pickle.dumps(state))
    assert type(again) is type(state)
    assert again.to_json() == state.to_json()
    assert again.hash() == state.hash()


@per_game
@given(data=st.data())
def test_notation_round_trips_for_every_legal_action(spec, data):
    state = data.draw(positions(spec))
    texts = []
    for action in state.legal_actions():
        text = state.action_to_str(action)
        assert isinstance(text, str) and text, action
        assert not any(ch.isspace() for ch in text), f"{text!r} contains a space"
        assert state.str_to_action(text) == action
        texts.append(text)
    assert len(set(texts)) == len(texts), f"two actions share a name: {texts}"


@per_game
@given(data=st.data())
def test_text_that_names_no_action_is_refused(spec, data):
    state = data.draw(positions(spec))
    for text in ("", "no-such-action", "roll hold", "\u00e9"):
        with pytest.raises(IllegalActionError):
            state.str_to_action(text)


@per_game
@given(data=st.data())
def test_legal_actions_are_sorted_unique_and_in_range(spec, data):
    state = data.draw(positions(spec))
    actions = state.legal_actions()
    assert actions == sorted(set(actions))
    assert all(isinstance(a, int) and 0 <= a < state.num_actions for a in actions)
    player = state.current_player()
    if player == TERMINAL_PLAYER:
        assert actions == []
        assert state.is_terminal() and not state.is_chance_node()
    elif player == CHANCE_PLAYER:
        assert actions == [a for a, _ in state.chance_outcomes()]
        assert actions, "a chance node with no outcome"
    else:
        assert 0 <= player < state.num_players
        assert actions, "a player to move with no legal action"


@per_game
@given(data=st.data())
def test_illegal_actions_raise_and_change_nothing(spec, data):
    state = data.draw(positions(spec))
    before = snapshot(state)
    legal = set(state.legal_actions())
    candidates = [a for a in range(state.num_actions) if a not in legal]
    if len(candidates) > MAX_ILLEGAL_CHECKED:
        # A big action space is sampled (a fresh sample each example), not swept:
        # each check snapshots the whole state.
        Rng(data.draw(st.integers(0, 2**32 - 1))).shuffle(candidates)
        candidates = candidates[:MAX_ILLEGAL_CHECKED]
    candidates += [state.num_actions, 2**40] + NOT_ACTIONS
    for action in candidates:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert snapshot(state) == before, f"apply({action!r}) changed the state"


@per_game
@given(data=st.data())
def test_chance_outcomes_are_a_distribution(spec, data):
    state = data.draw(positions(spec))
    outcomes = state.chance_outcomes()
    if not state.is_chance_node():
        assert outcomes == []
        return
    actions = [a for a, _ in outcomes]
    assert actions == sorted(set(actions))
    assert all(0 <= a < state.num_actions for a in actions)
    assert all(p > 0 for _, p in outcomes)
    assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)


@per_game
@given(data=st.data())
def test_heuristic_is_a_per_seat_value_in_unit_interval(spec, data):
    state = data.draw(positions(spec))
    values = state.heuristic()
    assert len(values) == state.num_players
    assert all(0.0 <= v <= 1.0 for v in values), values
    if state.is_terminal():
        assert values == state.returns()
    else:
        with pytest.raises(ValueError):
            state.returns()


@per_game
@given(data=st.data())
def test_python_playouts_end_with_returns_summing_to_one(spec, data):
    state = data.draw(positions(spec))
    play_out(state, Rng(data.draw(st.integers(0, 2**32 - 1))))
    returns = state.returns()
    assert len(returns) == state.num_players
    assert all(0.0 <= r <= 1.0 for r in returns), returns
    assert math.isclose(sum(returns), 1.0, abs_tol=1e-9)
    assert len(state.scores()) == state.num_players
    assert state.legal_actions() == []


@per_game
@given(data=st.data())
def test_compiled_playouts_end_and_match_the_python_api(spec, data):
    state = data.draw(positions(spec))
    seed = data.draw(st.integers(0, 2**32 - 1))
    start = state.clone()
    steps = random_playout(state, Rng(seed))
    assert 0 <= steps < MAX_PLAYOUT_STEPS
    assert state.is_terminal()
    assert math.isclose(sum(state.returns()), 1.0, abs_tol=1e-9)
    # Same seed, same playout: the compiled loop is reproducible.
    again = start.clone()
    assert random_playout(again, Rng(seed)) == steps
    assert again.to_json() == state.to_json()
    before = snapshot(start)
    totals = random_playouts(start, Rng(seed), 5)
    assert len(totals) == start.num_players
    assert all(0.0 <= t <= 5.0 for t in totals)
    assert math.isclose(sum(totals), 5.0, abs_tol=1e-9)
    assert snapshot(start) == before, "random_playouts plays on copies"


@per_game
@given(data=st.data())
def test_from_observation_keeps_every_seats_observation(spec, data):
    state = data.draw(positions(spec))
    seed = data.draw(st.integers(0, 2**32 - 1))
    before = snapshot(state)
    for seat in range(state.num_players):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs, "observations are JSON-able"
        assert obs.get("game") == spec.name
        # Two determinizations with different seeds: the seat sees no difference,
        # so nothing hidden leaks into the observation.
        for rng in (Rng(seed), Rng(seed + 1)):
            guess = spec.from_observation(obs, rng)
            assert guess.observation(seat) == obs
            assert guess.infoset_key(seat) == state.infoset_key(seat)
            assert guess.current_player() == state.current_player()
            assert guess.num_players == state.num_players
            assert guess.variant == state.variant
            if state.current_player() == seat:
                assert guess.legal_actions() == state.legal_actions()
        # The compiled determinization keeps it too.
        guess = state.determinize(seat, Rng(seed))
        assert guess.observation(seat) == obs
        assert guess.infoset_key(seat) == state.infoset_key(seat)
        assert guess is not state
    assert snapshot(state) == before, "observing and determinizing change nothing"


@per_game
@given(data=st.data())
def test_equal_states_hash_equal(spec, data):
    state = data.draw(positions(spec))
    h = state.hash()
    assert isinstance(h, int) and 0 <= h < 2**64
    assert state.clone().hash() == h
    assert spec.from_json(state.to_json()).hash() == h


@per_game
def test_hash_separates_the_states_of_random_games(spec):
    """Equal states hash equal wherever they are reached; distinct states seen in a
    few hundred random games never collide (a 64-bit hash that collides that
    early is broken)."""
    rng = Rng(2024)
    hash_of: dict[str, int] = {}
    state_of: dict[int, str] = {}
    for game in range(100):
        state = spec.new_state(seed=game, resolve_setup=False)
        while True:
            text, h = state.to_json(), state.hash()
            assert hash_of.setdefault(text, h) == h, f"one state, two hashes: {text}"
            assert state_of.setdefault(h, text) == text, f"hash collision: {text} / {state_of[h]}"
            if state.is_terminal() or len(hash_of) > 20_000:
                break
            random_step(state, rng)


# ---- bad input -------------------------------------------------------------------------

JUNK = [None, -1, 2**70, "x", [], {}, 1.5, True, [None]]


@per_game
@given(data=st.data())
def test_corrupted_json_is_refused_cleanly(spec, data):
    """Any field replaced by junk either loads into a state that round-trips, or
    raises StateFormatError: never another exception, never a crash."""
    state = data.draw(positions(spec, max_steps=20))
    fields = json.loads(state.to_json())
    key = data.draw(st.sampled_from(sorted(fields)))
    junk = data.draw(st.sampled_from(JUNK))
    broken = dict(fields)
    if data.draw(st.booleans()):
        del broken[key]
    else:
        broken[key] = junk
    note(f"broken: {broken}")
    try:
        loaded = spec.from_dict(broken)
    except StateFormatError:
        return
    assert loaded.to_json() == spec.from_json(loaded.to_json()).to_json()


@per_game
def test_not_a_state_is_refused(spec):
    for text in (
        "",
        "not json",
        "[]",
        "3",
        '{"game": "no-such-game"}',
        "{}",
        json.dumps({"game": spec.name}),
    ):
        with pytest.raises(StateFormatError):
            spec.from_json(text)
    for obs in (None, [], {"game": "no-such-game"}, {"game": spec.name}):
        with pytest.raises(StateFormatError):
            spec.from_observation(obs, Rng(1))


@per_game
@given(data=st.data())
def test_corrupted_observation_is_refused_cleanly(spec, data):
    state = data.draw(positions(spec, max_steps=20))
    seat = data.draw(st.integers(0, state.num_players - 1))
    obs = state.observation(seat)
    key = data.draw(st.sampled_from(sorted(obs)))
    broken = dict(obs)
    broken[key] = data.draw(st.sampled_from(JUNK))
    note(f"broken: {broken}")
    try:
        guess = spec.from_observation(broken, Rng(1))
    except StateFormatError:
        return
    assert guess.to_json() == spec.from_json(guess.to_json()).to_json()


@per_game
def test_seats_are_checked(spec):
    state = spec.new_state(seed=1)
    for seat in (-1, state.num_players, "0", None):
        with pytest.raises(ValueError):
            state.infoset_key(seat)
        with pytest.raises(ValueError):
            state.observation(seat)
