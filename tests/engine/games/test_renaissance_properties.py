"""Maestro: da Vinci vs Michelangelo: invariants over random games, on both
implementations: Artworks, Collectors, cards and Benefactors are conserved,
Resources never go negative and change only through the actions that move them, a
game is 4 rounds of 16 cards, clones and JSON copies are independent and exact, and
an illegal action changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError
from engine.game import play_randomly, random_action
from engine.games.renaissance import actions
from engine.games.renaissance.components import COMPONENTS as C
from engine.rng import Rng
from renaissance_spec import ARTWORKS, COLLECTORS, DECK, DRAW, ROUNDS
from test_renaissance import IMPLEMENTATIONS

# Actions after which a Workshop's Resources may change: a card (its action may
# run on its own, e.g. a Study), Michelangelo's spending, the Lodge, a Bonus tile's
# colour, the Merchant, a project and its payment, and the upgrade steps and chance
# events after which a Study goes on.
RESOURCE_MOVERS = (
    (actions.PLAY, actions.ASIDE),
    (actions.SPEND, actions.RELOCATE),
    (actions.LODGE, actions.UPGRADE_HAND),
    (actions.UPGRADE_HAND, actions.TAKE + 4),
    (actions.MERCHANT, actions.PLAYER_ACTIONS),
    (actions.REFILL, actions.TILE),
    (actions.BENEFACTOR, actions.GRAY),
)


def moves_resources(action: int) -> bool:
    return any(lo <= action < hi for lo, hi in RESOURCE_MOVERS)


def totals(raw: dict) -> dict:
    upgrade_cards = sum(
        raw["deck"][s][t] for s in (0, 1) for t in range(C.num_cards) if C.card_upgrade[t]
    )
    return {
        "artworks": [raw["reserve"][s] + raw["supply"][s] + sum(raw["art"][s]) for s in (0, 1)],
        "collectors": sum(raw["standing"]) + sum(raw["lying"]),
        "deck": [sum(raw["deck"][s]) for s in (0, 1)],
        "drawn": [
            sum(raw["hand"][s]) + sum(raw["aside"][s]) + len(raw["slots"][s]) for s in (0, 1)
        ],
        "resources": [sum(map(sum, raw["res"][s])) for s in (0, 1)],
        "benefactors": sum(raw["bene_deck"]) + sum(sum(raw["bene"][s]) for s in (0, 1)),
        "upgrade_cards": upgrade_cards
        + sum(sum(raw["upg"][s]) + sum(raw["display"][s]) for s in (0, 1)),
    }


def copied(value):
    """A deep copy of a raw form (the reference shares its lists with its state)."""
    if isinstance(value, list):
        return [copied(v) for v in value]
    if isinstance(value, dict):
        return {k: copied(v) for k, v in value.items()}
    return value


def play_random_game(cls, seed: int, variant: str, check):
    """A whole random game, `check(before, action, after)` on the raw forms at every step."""
    state = cls.new_initial(2, variant)
    rng = Rng(seed)
    steps = 0
    after = copied(state.to_raw())
    while not state.is_terminal():
        before = after
        action = random_action(state, rng)
        state.apply(action)
        after = copied(state.to_raw())
        check(before, action, after)
        steps += 1
        assert steps < 5000, "a game of Maestro takes a few hundred actions"
    return state


@IMPLEMENTATIONS
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(C.variant_names))
def test_components_are_conserved_through_a_game(cls, seed, variant):
    counts = {"uses": 0, "upgrades": 0, "plays": 0}

    def check(before, action, after):
        t0, t1 = totals(before), totals(after)
        # 16 Artworks a Workshop, 12 Collectors, a 12-card deck: always.
        assert t1["artworks"] == [ARTWORKS] * 2
        assert t1["collectors"] == COLLECTORS
        assert t1["deck"] == [DECK] * 2
        assert all(n <= DRAW for n in t1["drawn"])
        # Resources: never negative, and only these actions move them.
        assert all(v >= 0 for s in (0, 1) for section in after["res"][s] for v in section)
        if not moves_resources(action):
            assert t1["resources"] == t0["resources"], actions.action_to_str(action)
        # A Benefactor leaves the game only when used.
        used = actions.USE <= action < actions.SPEND
        counts["uses"] += used
        assert t1["benefactors"] == t0["benefactors"] - used
        # An upgrade sends one Upgrade card into a deck and an old card to the box:
        # the Upgrade cards in decks, displays and Upgrade decks fall only when an
        # Upgrade card itself is upgraded again.
        if actions.UPGRADE_HAND <= action < actions.COVER:
            counts["upgrades"] += 1
        assert t1["upgrade_cards"] <= t0["upgrade_cards"]
        counts["plays"] += actions.PLAY <= action < actions.ASIDE

    state = play_random_game(cls, seed, variant, check)
    note(f"{counts}")
    # 4 rounds, each of 8 cards a Workshop.
    assert counts["plays"] == ROUNDS * 2 * DRAW
    assert state.returns() in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])


@IMPLEMENTATIONS
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_clones_and_json_copies_are_exact_and_independent(cls, seed, steps):
    state = cls.new_initial(2, "standard")
    rng = Rng(seed)
    play_randomly(state, rng, steps)
    text = state.to_json()
    twin, copy = state.clone(), cls.from_json(text)
    assert twin.to_json() == text and copy.to_json() == text
    if not twin.is_terminal():
        twin.apply(twin.legal_actions()[0])
        assert state.to_json() == text
    for seat in (0, 1):
        assert copy.observation(seat) == state.observation(seat)


@IMPLEMENTATIONS
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_illegal_actions_raise_and_change_nothing(cls, seed, steps):
    state = cls.new_initial(2, "standard")
    rng = Rng(seed)
    play_randomly(state, rng, steps)
    before = state.to_json()
    legal = set(state.legal_actions())
    for action in [a for a in range(0, actions.NUM_ACTIONS, 7) if a not in legal] + [
        -1,
        actions.NUM_ACTIONS,
    ]:
        with pytest.raises(IllegalActionError):
            state.apply(action)
    assert state.to_json() == before


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1))
def test_compiled_random_playouts_end(seed):
    from engine.games.renaissance.state import RenaissanceState
    from engine.playout import random_playout

    state = RenaissanceState(C.variant_names[seed % len(C.variant_names)])
    steps = random_playout(state, Rng(seed))
    assert state.is_terminal() and 100 < steps < 2000
    raw = state.to_raw()
    assert [raw["reserve"][s] + raw["supply"][s] + sum(raw["art"][s]) for s in (0, 1)] == [
        ARTWORKS
    ] * 2
