"""No peeking, for every registered game with hidden information and every searcher
built for it (pimc, ismcts with either playout, expectimax, oos): two positions the
mover cannot tell apart get the same answer from `decide` with the same seed and
iteration budget.

The second position is a determinization of the first from the mover's view: the same
observation, other hidden cards. A game registered later is covered as soon as it
declares hidden_information."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide

# Each case: its label, the searcher, its options and its iteration budget. Small
# budgets and short playouts (scored by the game's heuristic): the property holds for
# any of them, and games with long playouts would make the suite slow.
CASES = {
    "pimc": ("pimc", {"k": 4, "rollout_depth": 8}, 64),
    "ismcts": ("ismcts", {"rollout_depth": 8}, 100),
    "ismcts-mast": ("ismcts", {"rollout_depth": 8, "playout": "mast"}, 100),
    "ismcts-greedy": ("ismcts", {"rollout_depth": 8, "playout": "greedy"}, 100),
    "expectimax": ("expectimax", {"k": 3, "depth": 3}, 300),
    "oos": ("oos", {}, 300),
}
MAX_STEPS = 120
# Other hidden states tried before accepting one equal to the true state (a game
# whose mover has nothing hidden from it at that moment).
REDRAWS = 8


def pairs():
    registry = default_registry()
    for game_name, game in sorted(registry.games.items()):
        if not game.hidden_information:
            continue
        for label, (name, _, _) in CASES.items():
            spec = registry.searchers.get(name)
            if spec is not None and (spec.supports is None or spec.supports(game)):
                yield pytest.param(game, label, id=f"{game_name}-{label}")


@st.composite
def decision_points(draw, game):
    """A reachable position with a seat to move: any player count and listed variant,
    the setup dealt from a seed, then random actions (none that ends the game)."""
    players = draw(st.integers(game.min_players, game.max_players))
    variant = draw(st.sampled_from(game.variants))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, MAX_STEPS))
    state = game.new_state(players, variant, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        while state.is_chance_node():
            state.apply(sample_chance(state, rng))
        if state.is_terminal():
            break
        child = state.clone()
        child.apply(rng.choice(child.legal_actions()))
        if child.is_terminal():
            break
        state = child
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    assume(not state.is_terminal())
    note(f"position: {state.to_json()}")
    return state


@pytest.mark.parametrize("game, case", list(pairs()))
@settings(max_examples=30, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), other=st.integers(0, 2**32 - 1))
def test_the_hidden_cards_do_not_change_the_answer(game, case, data, seed, other):
    state = data.draw(decision_points(game))
    mover = state.current_player()
    view = state.observation(mover)
    rng = Rng(other)
    twin = state.determinize(mover, rng)
    for _ in range(REDRAWS):
        if twin.to_json() != state.to_json():
            break
        twin = state.determinize(mover, rng)
    note(f"twin: {twin.to_json()}")
    assert twin.observation(mover) == view
    assert twin.current_player() == mover
    assert twin.legal_actions() == state.legal_actions()
    name, options, iterations = CASES[case]
    searcher = default_registry().searcher(name).create(**options)
    budget = Budget(iterations=iterations)
    one = decide(searcher, game, state, budget, seed=seed)
    two = decide(searcher, game, twin, budget, seed=seed)
    assert one.actions == two.actions
    assert one.value == two.value
