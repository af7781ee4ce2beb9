"""Takt Voll's invariants over random games (hypothesis), for both implementations:
cards are conserved, a bar never exceeds its time signature, points never go down,
every game ends within the bound its rules give, copies and JSON round trips are
exact, and an illegal action changes nothing."""

from __future__ import annotations

from collections import Counter
from itertools import chain

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError
from engine.game import random_action
from engine.games.taktvoll.reference import TaktVollReference
from engine.games.taktvoll.state import TaktVollState
from engine.playout import random_playout
from engine.rng import Rng
from taktvoll_spec import CAPACITY, deck_of, length, plain
from test_taktvoll import GAME, IMPLEMENTATIONS

configs = st.tuples(st.integers(3, 8), st.sampled_from(GAME.variants), st.integers(0, 2**32 - 1))


def step_bound(players: int, variant: str) -> int:
    """The most actions a game can take (§7 makes it finite): every card is dealt or
    drawn once and played at most once; between two plays or draws at most n - 1
    seats pass; a turn is at most draw, card, play, bar line."""
    total = sum(deck_of(variant).values())
    return 4 * total + players * (total + 1) + players + 1


def random_step(state, rng) -> int:
    """Apply a chance outcome drawn by its probability or a uniformly random legal
    action; returns the action."""
    action = random_action(state, rng)
    state.apply(action)
    return action


def random_position(cls, config, steps: int):
    """A game of `config` (players, variant, seed) `steps` random actions in, or over."""
    players, variant, seed = config
    state = cls.new_initial(players, variant)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def check_table(data):
    """The cards add up to the variant's deck (§2), and no bar exceeds its signature."""
    everything = chain(data["deck"], *data["hands"], *data["rows"])
    assert Counter(map(plain, everything)) == deck_of(data["variant"])
    for row in data["rows"]:
        if len(row) < 2:
            continue
        fill = 0
        for name in row[2:]:
            if name == "bar":
                assert fill == CAPACITY[row[1]]  # a bar line only on an exactly full bar
                fill = 0
            else:
                fill += length(name)
                assert fill <= CAPACITY[row[1]]


@IMPLEMENTATIONS
@settings(max_examples=40)
@given(config=configs)
def test_cards_are_conserved_and_bars_never_overflow(cls, config):
    players, variant, seed = config
    state = cls.new_initial(players, variant)
    rng = Rng(seed)
    points = [0] * players
    steps = 0
    while not state.is_terminal():
        data = state.to_dict()
        check_table(data)
        assert all(now >= before for now, before in zip(data["points"], points, strict=True))
        points = data["points"]
        random_step(state, rng)
        steps += 1
        assert steps <= step_bound(players, variant)
    check_table(state.to_dict())
    # At the end, the scores are the points less the penalties for cards in hand (§6).
    final = state.to_dict()
    assert state.scores() == [
        final["points"][p] - len(h) - h.count("bar") for p, h in enumerate(final["hands"])
    ]


@settings(max_examples=200)
@given(config=configs)
def test_compiled_playouts_end_within_the_bound(config):
    players, variant, seed = config
    state = GAME.new_state(players, variant, seed=seed)
    steps = random_playout(state, Rng(seed))
    assert state.is_terminal() and steps <= step_bound(players, variant)
    data = state.to_dict()
    check_table(data)
    assert data["phase"] == "over"
    # It ended by the rules: an empty hand, or every seat passing on an empty deck.
    assert min(len(h) for h in data["hands"]) == 0 or (
        data["passes"] == players and not data["deck"]
    )


@IMPLEMENTATIONS
@settings(max_examples=40)
@given(config=configs, steps=st.integers(0, 250))
def test_copies_and_json_round_trips_are_exact(cls, config, steps):
    players, _, seed = config
    state = random_position(cls, config, steps)
    text = state.to_json()
    twin = state.clone()
    assert twin.to_json() == text
    if not state.is_terminal():
        random_step(twin, Rng(seed + 1))
        assert state.to_json() == text
    for other in (TaktVollState, TaktVollReference):
        again = other.from_json(text)
        assert again.to_json() == text
        assert again.legal_actions() == state.legal_actions()
        assert again.chance_outcomes() == state.chance_outcomes()
        for seat in range(players):
            assert again.observation(seat) == state.observation(seat)


@IMPLEMENTATIONS
@settings(max_examples=40)
@given(config=configs, steps=st.integers(0, 250), action=st.integers(-5, 700))
def test_an_illegal_action_raises_and_changes_nothing(cls, config, steps, action):
    state = random_position(cls, config, steps)
    if action in state.legal_actions():
        return
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.to_json() == before
