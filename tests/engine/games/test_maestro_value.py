"""Maestro's learned value at two seats (engine/games/maestro/value.py): the compiled
net is the readable one, both implementations read the same features, the net with
only the lead is the hand-built heuristic, and weights that do not fit are refused
with one line."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import GameConfigError
from engine.games.maestro import value
from engine.games.maestro.reference import MaestroReference
from engine.games.maestro.state import MaestroState
from maestro_positions import both, position
from test_differential import choose


def random_positions(players: int, games: int, seed: int):
    """Every position of `games` random games, compiled and reference side by side."""
    rng = random.Random(seed)
    for _ in range(games):
        compiled = MaestroState.new_initial(players)
        reference = MaestroReference.new_initial(players)
        while not compiled.is_terminal():
            yield compiled, reference
            action = choose(compiled, rng)
            compiled.apply(action)
            reference.apply(action)


def lead_only() -> dict:
    """The net that is the heuristic: h = lead / 2, so seat 0's share is
    sigmoid(lead), the two-seat softmax."""
    return {
        "version": 0,
        "w1": [[0.0] * value.INPUTS for _ in range(value.HIDDEN)],
        "b1": [0.0] * value.HIDDEN,
        "w2": [0.0] * value.HIDDEN,
        "lin": [0.0] * (value.INPUTS - 1) + [0.5],
    }


def test_the_weights_shipped_are_in_use_and_fit_the_features():
    model = value.current()
    assert model is not None
    assert len(model["lin"]) == value.INPUTS == 2 * len(value.FEATURES) + len(value.GLOBALS) + 1
    assert len(model["w1"]) == value.HIDDEN


def test_both_implementations_read_the_same_features_and_give_the_same_shares():
    """Over every position of 20 random two-seat games (chance nodes and mid-draw
    positions included), feature by feature, and the share the compiled net gives
    seat 0 is the readable net's."""
    count = 0
    for compiled, reference in random_positions(2, 20, seed=7):
        ours, theirs = compiled.value_features(), reference.value_features()
        for seat in range(2):
            assert ours[seat] == pytest.approx(theirs[seat], abs=1e-9)
        expected = value.seat0_share(*ours, value.current())
        assert compiled.heuristic()[0] == pytest.approx(expected, abs=1e-12)
        assert reference.heuristic() == pytest.approx(compiled.heuristic(), abs=1e-9)
        count += 1
    assert count > 20 * 100


def test_a_seats_input_is_its_own_features_then_the_others(maestro_value):
    compiled = position(MaestroState, points=[40, 20])
    x0, x1 = compiled.value_features()
    width = len(value.FEATURES)
    assert x0[:width] == x1[width : 2 * width] and x1[:width] == x0[width : 2 * width]
    assert x0[0] == pytest.approx(0.40) and x1[0] == pytest.approx(0.20)
    assert x0[-1] == pytest.approx(-x1[-1]) and x0[-1] > 0
    # The shares sum to one whatever the weights: seat 1's is seat 0's with the
    # inputs swapped.
    model = value.current()
    assert value.seat0_share(x1, x0, model) == pytest.approx(1 - value.seat0_share(x0, x1, model))


@both
def test_version_2_reads_each_agency_space_and_its_kinds_room_on_the_board(impl):
    """A concrete position: R1 finished by a maestro on its piano space (spec 5.2: a
    row begins with a maestro), R2 begun by a maestro on its viola space, so its ends
    want a flute and a harp, R3 begun by a maestro on its only harpsichord space.
    Seat 0 holds a flute and a harp (both extend R2 now), a piano that the one piano
    space left (R6) shares with seat 1's, a harpsichord nothing can take, and the
    setup's maestro on space 10 (spec 3)."""
    state = position(
        impl,
        agencies={
            0: {1: "flute", 2: "harp", 3: "piano", 6: "harpsichord", 10: "maestro"},
            1: {2: "piano", 10: "maestro"},
        },
        rows={
            "R1": ["sax", "maestro"],
            "R2": [None, "maestro", None],
            "R3": [None, None, None, "maestro"],
        },
        critic=0,  # whoever finished R1 (spec 5.3)
    )
    x0, x1 = state.value_features()
    own = dict(zip(value.FEATURES, x0, strict=False))
    assert own["extend_now"] == pytest.approx(2 / 5)  # the flute and the harp
    assert own["extend_spaces"] == pytest.approx((1 + 2) / 55)
    assert own["maestros"] == pytest.approx(1 / 3)
    assert own["contested"] == pytest.approx(1 / 5)  # two pianos, one space
    # Room: the piano half, the harpsichord none; risk = 3 * 0.5 + 6 * 1.
    assert own["risk"] == pytest.approx(7.5 / 55)
    assert own["free_top"] == pytest.approx(2 / 5) and own["free_bottom"] == pytest.approx(3 / 5)
    spaces = [(own[f"held{n}"], own[f"room{n}"]) for n in range(1, 11)]
    assert spaces[:6] == [(1, 1), (1, 1), (1, 0.5), (0, 0), (0, 0), (1, 0)]
    assert spaces[6:] == [(0, 0), (0, 0), (0, 0), (1, 1)]
    other = dict(zip(value.FEATURES, x1, strict=False))
    seen = (other["extend_now"], other["contested"], other["held2"], other["room2"])
    assert seen == (0, 0.2, 1, 0.5)
    assert x0[len(value.FEATURES) : 2 * len(value.FEATURES)] == x1[: len(value.FEATURES)]
    shared = dict(zip(value.GLOBALS, x0[2 * len(value.FEATURES) :], strict=False))
    assert shared["unstarted_rows"] == pytest.approx(7 / 10)
    assert shared["open_started"] == pytest.approx(5 / 46)  # two in R2, three in R3
    assert shared["complete_rows"] == pytest.approx(1 / 10)
    # 70 tiles, 7 in agencies and 4 on the board; 10 maestros, 5 of them out.
    assert shared["maestro_share"] == pytest.approx(5 / 59)


@pytest.mark.parametrize("impl", [MaestroState, MaestroReference], ids=["compiled", "reference"])
def test_the_net_with_only_the_lead_is_the_hand_built_heuristic(impl, maestro_value):
    states = [
        (c if impl is MaestroState else r).clone() for c, r in random_positions(2, 3, seed=11)
    ]
    value.use(None)
    hand = [s.heuristic()[0] for s in states]
    value.use(lead_only())
    assert [s.heuristic()[0] for s in states] == pytest.approx(hand, abs=1e-12)
    value.use(value.load())
    learned = [s.heuristic()[0] for s in states]
    assert max(abs(a - b) for a, b in zip(learned, hand, strict=True)) > 0.05


def test_three_and_four_seats_keep_the_hand_built_heuristic(maestro_value):
    states = [c.clone() for c, _ in random_positions(3, 2, seed=3)]
    states += [c.clone() for c, _ in random_positions(4, 2, seed=4)]
    learned = [s.heuristic() for s in states]
    value.use(None)
    assert [s.heuristic() for s in states] == learned
    with pytest.raises(GameConfigError, match="two seats"):
        states[0].value_features()


def test_weights_that_do_not_fit_are_refused_in_one_line(tmp_path):
    bad = tmp_path / "value.json"
    bad.write_text("{not json")
    with pytest.raises(GameConfigError, match="cannot read") as error:
        value.load(bad)
    assert "\n" not in str(error.value)
    model = lead_only()
    model["w2"] = model["w2"][:-1]
    bad.write_text(json.dumps(model))
    with pytest.raises(GameConfigError, match=r"w2 is \(31,\), not \(32,\)"):
        value.load(bad)
    del model["lin"]
    bad.write_text(json.dumps(model))
    with pytest.raises(GameConfigError, match="lin"):
        value.load(bad)
