"""`State.describe` is fair, on every registered hidden-information game: what a seat
reads about an action depends only on what that seat can see.

For a seat v, a state s and an action a legal at s, take any world s2 that v cannot
tell from s (s itself, or s.determinize(v, rng)) and any action a2 legal at s2 whose
result has the same observation(v) as s + a (v's own move: a2 = a). Then
describe(s2, a2, v) == describe(s, a, v). With s2 = s this says that chance outcomes
v cannot tell apart (an opponent's draw) read the same to v.

The positions come from seeded random games (hypothesis draws the seed, the player
count, the variant and the number of steps); every seat is the viewer in turn.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import random_action
from engine.rng import Rng
from plugins.manager import default_registry

HIDDEN = sorted(
    (spec for spec in default_registry().games.values() if spec.hidden_information),
    key=lambda spec: spec.name,
)
per_hidden_game = pytest.mark.parametrize("spec", HIDDEN, ids=[s.name for s in HIDDEN])

WORLDS = 4  # determinizations per position and viewer, beside the real state
ACTIONS_CHECKED = 6  # actions of the real state checked per position and viewer
MAX_STEPS = 150


def observed(state, viewer: int) -> str:
    return json.dumps(state.observation(viewer), sort_keys=True)


def after(state, action):
    result = state.clone()
    result.apply(action)
    return result


def random_position(spec, players: int, variant: str, seed: int, steps: int):
    """A position of a seeded random game of `spec`, `steps` actions in, counted round
    the game's non-terminal positions when it ends sooner (so short games are not
    mostly checked at their end); the setup is left to chance so deals are checked."""
    state = spec.new_state(players, variant, resolve_setup=False)
    rng = Rng(seed)
    seen = []
    while len(seen) <= steps and not state.is_terminal():
        seen.append(state.clone())
        state.apply(random_action(state, rng))
    return seen[steps % len(seen)], rng


def unfair_descriptions(state, rng: Rng, worlds: int, checked: int) -> list[str]:
    """Every breach of the fairness property at `state`, one line each."""
    breaches = []
    mover = state.current_player()
    actions = state.legal_actions()
    if len(actions) > checked:
        rng.shuffle(actions)
        actions = sorted(actions[:checked])
    for viewer in range(state.num_players):
        expected = {
            a: (state.describe(a, viewer), observed(after(state, a), viewer)) for a in actions
        }
        for world in [state] + [state.determinize(viewer, rng) for _ in range(worlds)]:
            if mover == viewer:
                candidates = {a: observed(after(world, a), viewer) for a in actions}
            else:
                candidates = {a: observed(after(world, a), viewer) for a in world.legal_actions()}
            for action, (text, seen) in expected.items():
                for other, other_seen in candidates.items():
                    if mover == viewer and other != action:
                        continue
                    if other_seen != seen:
                        continue
                    other_text = world.describe(other, viewer)
                    if other_text != text:
                        breaches.append(
                            f"seat {viewer} reads {text!r} for {state.action_to_str(action)} "
                            f"but {other_text!r} for {world.action_to_str(other)}, which it "
                            "cannot tell apart"
                        )
    return breaches


def games(spec):
    """(players, variant, seed, steps) of a random position: plain values, so that a
    failing example prints short."""
    return st.tuples(
        st.integers(spec.min_players, min(spec.max_players, 4)),
        st.sampled_from(spec.variants),
        st.integers(0, 2**32 - 1),
        st.integers(0, MAX_STEPS),
    )


def check_fair(spec, game, worlds: int, checked: int) -> None:
    state, rng = random_position(spec, *game)
    breaches = unfair_descriptions(state, rng, worlds, checked)
    assert not breaches, f"{len(breaches)} breaches, e.g. " + "; ".join(breaches[:3])


@per_hidden_game
@settings(max_examples=25)
@given(data=st.data())
def test_describe_tells_a_seat_only_what_it_sees(spec, data):
    check_fair(spec, data.draw(games(spec)), WORLDS, ACTIONS_CHECKED)


@pytest.mark.slow
@per_hidden_game
@settings(max_examples=300)
@given(data=st.data())
def test_describe_tells_a_seat_only_what_it_sees_thoroughly(spec, data):
    check_fair(spec, data.draw(games(spec)), 3 * WORLDS, 4 * ACTIONS_CHECKED)


def test_the_check_can_fail():
    """A describe that names the hidden card (the notation) is caught at Leduc's deal."""
    leduc = default_registry().game("leduc")
    state = leduc.new_state(resolve_setup=False)

    class Telling(type(state)):
        def describe(self, action, viewer=None):
            return self.action_to_str(action)

    telling = Telling.from_json(state.to_json())
    assert unfair_descriptions(telling, Rng(0), WORLDS, ACTIONS_CHECKED)
