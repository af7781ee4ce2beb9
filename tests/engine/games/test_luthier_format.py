"""Luthier's JSON and notation at the edges: crafted or damaged states and views are
refused with one clear StateFormatError (never a crash, never a half-loaded state),
on both implementations; notation text that names no action is refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalActionError, StateFormatError
from engine.game import play_randomly
from engine.games.luthier import GAME
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.rng import Rng
from luthier_positions import IMPLEMENTATIONS, Position, both

BASE = GAME.new_state(3, seed=4)


def damaged(edit):
    data = json.loads(BASE.to_json())
    edit(data)
    return data


@both
@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.update(variant="expert"), "variant"),
        (lambda d: d.pop("tokens"), "missing field 'tokens'"),
        (lambda d: d.update(round=7), "round must be in"),
        (lambda d: d["players"][0].update(coins=-1), "coins must be in"),
        (
            lambda d: d["players"][0]["hand"].__setitem__(0, d["players"][0]["hand"][0] + 1),
            "instrument card 0 appears",
        ),
        (lambda d: d["display"][0].__setitem__(0, d["display"][0][1]), "patron card"),
        (lambda d: d.update(task_n=0), "must be zero beyond task_n"),
        (lambda d: d["tasks"][0].__setitem__(0, 99), "no task kind"),
        (lambda d: d.update(players=d["players"][:3]), "list of 4"),
        (lambda d: d["players"][3].update(coins=5), "blank with 3 players"),
        (lambda d: d.update(held=T.G_PATRON), "held"),
        (lambda d: d.update(act_chip=5), "act_chip"),
    ],
)
def test_damaged_states_are_refused_with_a_reason(impl, edit, message):
    with pytest.raises(StateFormatError, match=message):
        impl.from_dict(damaged(edit))


@both
def test_a_chip_must_act_for_its_owner(impl):
    pos = Position(impl).chips((0, 3, 0, "guild"))
    pos.d["placed"][0][C.P_STATUS] = C.S_ACTING
    pos.tasks((C.T_RESOLVE_NEXT, -1, 0), (C.D_CHIP, 1, 0), phase=C.PH_RESOLUTION)
    with pytest.raises(StateFormatError, match="owner"):
        pos.build()


@both
def test_a_performance_needs_its_card(impl):
    pos = Position(impl).chips((0, 3, 0, "performance"))
    pos.d["placed"][0][C.P_STATUS] = C.S_ACTING
    pos.d["act_chip"] = 0
    pos.tasks(
        (C.T_RESOLVE_NEXT, -1, 0), (C.T_PERF_RESULT, 0), (C.D_INSPIRE, 0), phase=C.PH_RESOLUTION
    )
    with pytest.raises(StateFormatError, match="performance"):
        pos.build()


def _leaves(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _leaves(value, path + (i,))
    else:
        yield path


LEAVES = [
    path for path in _leaves(json.loads(BASE.to_json())) if path[0] not in ("game", "variant")
]


@settings(max_examples=150, deadline=None)
@given(
    leaf=st.sampled_from(LEAVES), value=st.integers(-3, 40), impl=st.sampled_from(IMPLEMENTATIONS)
)
def test_any_single_number_changed_loads_cleanly_or_is_refused(leaf, value, impl):
    data = json.loads(BASE.to_json())
    target = data
    for key in leaf[:-1]:
        target = target[key]
    target[leaf[-1]] = value
    try:
        state = impl.from_dict(data)
    except StateFormatError:
        return
    text = state.to_json()
    assert impl.from_json(text).to_json() == text
    assert isinstance(state.legal_actions(), list)
    state.observation(0)


@both
def test_views_are_checked(impl):
    view = BASE.observation(1)
    with pytest.raises(StateFormatError, match="seat"):
        impl.from_observation(dict(view, seat=7), Rng(1))
    bad = json.loads(json.dumps(view))
    bad["players"][1]["hand"][0] = C.HIDDEN  # the seat's own hand is never hidden
    with pytest.raises(StateFormatError):
        impl.from_observation(bad, Rng(1))
    bad = json.loads(json.dumps(view))
    bad["players"][0]["hand_n"] += 5  # more hidden cards than exist
    with pytest.raises(StateFormatError, match="add up"):
        impl.from_observation(bad, Rng(1))


@both
def test_notation(impl):
    state = impl.from_dict(BASE.to_dict())
    for action in state.legal_actions():
        assert state.str_to_action(state.action_to_str(action)) == action
    for text in ("", "w6@salon", "take9", "buy:gold", "draw:lute", 17):
        with pytest.raises(IllegalActionError):
            state.str_to_action(text)
    with pytest.raises(IllegalActionError):
        state.action_to_str(10_000)


@both
def test_render_shows_the_board(impl):
    state = impl.from_dict(BASE.to_dict())
    text = state.render()
    assert "Luthier" in text and "round" in text and "seat 2" in text
    assert "market M1" in text
    assert text == BASE.render()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 900))
def test_the_compiled_json_is_json_dumps_of_the_dict(seed, steps):
    """LuthierState writes its JSON straight from the struct: the very text of
    json.dumps(to_dict(), sorted keys, no spaces)."""
    state = GAME.new_state(2 + seed % 3, GAME.variants[seed % len(GAME.variants)], seed=seed)
    rng = Rng(seed)
    play_randomly(state, rng, steps)
    assert state.to_json() == json.dumps(state.to_dict(), separators=(",", ":"), sort_keys=True)
