"""Maestro's text forms: notation, the state and observation JSON, the variants and
the board data file; bad input of every kind gets one clear line and changes nothing."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from engine.errors import GameConfigError, IllegalActionError, StateFormatError
from engine.games.maestro import GAME, actions, tables
from engine.rng import Rng
from maestro_positions import BOARD, LAYOUT, act, both, position


@both
def test_notation_of_each_kind_of_action(impl):
    state = impl.new_initial(2, "standard")
    cases = {
        "pass": actions.PASS,
        "draw2": 2,
        "agency7": LAYOUT.slot_base + 6,
        "R4.2:p1s7": LAYOUT.place(BOARD.row_starts[3] + 1, 1, 6),
        "R10.7:p3s10": LAYOUT.place(BOARD.num_cells - 1, 3, 9),
        "tile:violin": LAYOUT.chance_base + BOARD.instruments.index("violin"),
        "tile:maestro": LAYOUT.chance_base + BOARD.maestro_kind,
        "tile:applause": LAYOUT.num_actions - 1,
    }
    for text, action in cases.items():
        assert state.str_to_action(text) == action
        assert state.action_to_str(action) == text
    assert LAYOUT.num_actions == 1876


@both
@pytest.mark.parametrize(
    "text",
    [
        "R11.1:p0s1",
        "R4.5:p0s1",
        "R4.0:p0s1",
        "R4.2:p4s1",
        "R4.2:p0s11",
        "R4.2:p0s0",
        "draw4",
        "draw0",
        "draw",
        "agency11",
        "agency01",
        "tile:kazoo",
        "tile:",
        "PASS!",
        "R4.2",
        "",
    ],
)
def test_text_that_names_no_action_gets_one_line(impl, text):
    state = impl.new_initial(2, "standard")
    with pytest.raises(IllegalActionError) as info:
        state.str_to_action(text)
    assert "\n" not in str(info.value)


@both
def test_actions_outside_the_space_get_one_line(impl):
    state = impl.new_initial(2, "standard")
    for action in (-1, LAYOUT.num_actions, "0", None):
        with pytest.raises(IllegalActionError):
            state.action_to_str(action)


def test_variants_parse_and_combine():
    assert tables.parse_variant("standard") == tables.Variant()
    assert tables.parse_variant("standard") == tables.Variant(
        tables.BOTTOM_DYNAMIC, tables.DRAW_SEQUENTIAL
    )
    assert tables.parse_variant("bottom-one+draw-batch") == tables.Variant(
        tables.BOTTOM_ONE, tables.DRAW_BATCH
    )
    for bad in (
        "draw-batch+bottom-one",
        "bottom-one+bottom-unlimited",
        "fast",
        "bottom-dynamic",
        "standard+draw-batch",
        "draw-batch+draw-batch",
        "",
    ):
        with pytest.raises(ValueError):
            tables.parse_variant(bad)
    state = GAME.new_state(3, "bottom-unlimited+draw-batch", seed=1)
    assert state.variant == "bottom-unlimited+draw-batch"
    with pytest.raises(GameConfigError):
        GAME.new_state(2, "draw-batch+bottom-unlimited")


def test_board_data_errors_name_the_problem():
    good = json.loads(
        resources.files("engine.games.maestro").joinpath("data", "board.json").read_text()
    )
    assert tables.parse_board("copy", good).num_cells == 46
    broken = [
        ({**good, "rows": []}, "1..16 rows"),
        ({**good, "rows": good["rows"] + [good["rows"][0]]}, "unique id"),
        ({**good, "rows": [{"id": "X", "instr": ["Violin"]}]}, "bad instrument"),
        ({**good, "rows": [{"id": "X", "instr": ["maestro"]}]}, "bad instrument"),
        ({**good, "agency_spaces": 11}, "agency_spaces"),
        ({**good, "top_spaces": 11}, "top_spaces"),
        ({**good, "max_draw": 0}, "max_draw"),
    ]
    for data, message in broken:
        with pytest.raises(tables.BoardDataError, match=message):
            tables.parse_board("broken", data)


# ---- state JSON ---------------------------------------------------------------------------


def _started(impl):
    return position(
        impl,
        agencies={0: {1: "oboe", 10: "maestro"}},
        rows={"R7": [None, None, "maestro", None, None]},
    )


BROKEN_STATES = [
    (lambda d: d["board"][6].__setitem__(0, "flute"), "gap"),
    (
        lambda d: d["board"][6].__setitem__(2, None) or d["board"][6].__setitem__(1, "oboe"),
        "one maestro",
    ),
    (lambda d: d["board"][6].__setitem__(3, "maestro"), "one maestro"),
    (lambda d: d["board"][6].__setitem__(1, "violin"), "space 2 of row R7"),
    (
        lambda d: (
            d["agencies"][1].__setitem__(0, "harp") or d["agencies"][1].__setitem__(1, "harp")
        ),
        "more harp",
    ),
    (lambda d: d["bag"].__setitem__("violin", 4), "bag"),
    (lambda d: d.__setitem__("critic", 1), "critic"),
    (lambda d: d.__setitem__("points", [7, 0]), "multiples of 5"),
    (lambda d: d.__setitem__("phase", "slot"), "drawn tile"),
    (lambda d: d.__setitem__("applause", 14), "14th applause"),
    (lambda d: d["turn"].__setitem__("taken", [1, 0]), "takes from others"),
    (lambda d: d["turn"].__setitem__("row", "R3"), "turn's row has tiles"),
    (lambda d: d["turn"].__setitem__("fresh", True), "nothing taken"),
    (lambda d: d["turn"].__setitem__("drawn", ["violin"]), "no draw"),
    (lambda d: d.__setitem__("end", "applause"), "end is set only when the game is over"),
    (lambda d: d.__setitem__("players", 3), "agencies"),
    (lambda d: d.__setitem__("to_move", 2), "to_move"),
    (lambda d: d.__setitem__("variant", "fast"), "unknown option"),
    (lambda d: d["agencies"][0].append(None), "10 spaces"),
]


@both
@pytest.mark.parametrize("mutate,message", BROKEN_STATES)
def test_an_inconsistent_state_is_refused_with_one_line(impl, mutate, message):
    data = _started(impl).to_dict()
    mutate(data)
    if "bag" not in message:
        data["bag"] = codec_bag(data)
    with pytest.raises(StateFormatError, match=message) as info:
        impl.from_json(json.dumps(data))
    assert "\n" not in str(info.value)


def codec_bag(data):
    """The bag a (possibly broken) state dict implies, so that only the intended
    field is wrong."""
    from maestro_positions import bag_of

    try:
        return bag_of(data)
    except (KeyError, TypeError):
        return data["bag"]


@both
def test_a_full_agency_opponent_may_have_given_one_bottom_tile(impl):
    """taken_bottom is accepted only where the rules allow it."""
    data = position(
        impl,
        agencies={0: {10: "maestro"}, 1: {i: "violin" for i in (1, 2, 3, 4)}},
        rows={"R4": ["maestro", "violin", None, None]},
    ).to_dict()
    data["turn"].update(row="R4", taken=[0, 1], taken_bottom=[0, 1])
    with pytest.raises(StateFormatError, match="full this turn"):
        impl.from_json(json.dumps(data))


@both
def test_observation_is_the_whole_state_and_loads_back(impl):
    state = act(_started(impl), "R7.2:p0s1", "pass", "draw2", "tile:violin")
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs["seat"] == seat
        assert {k: v for k, v in obs.items() if k != "seat"} == state.to_dict()
        again = impl.from_observation(obs, Rng(seat))
        assert again.to_dict() == state.to_dict()
    # The seat only says whose view it is: left out, the view still loads (the
    # protocol's `observe` finds the seat); given, it must be one of the game's.
    unnamed = {k: v for k, v in state.observation(0).items() if k != "seat"}
    assert impl.from_observation(unnamed, Rng(1)).to_dict() == state.to_dict()
    for bad in ({**state.observation(0), "seat": 2}, {**state.observation(0), "seat": None}):
        with pytest.raises(StateFormatError):
            impl.from_observation(bad, Rng(1))


def test_compiled_and_reference_write_the_same_json():
    from engine.games.maestro.reference import MaestroReference
    from engine.games.maestro.state import MaestroState

    a = act(_started(MaestroState), "R7.2:p0s1", "pass", "draw3", "tile:harp", "agency4")
    b = act(_started(MaestroReference), "R7.2:p0s1", "pass", "draw3", "tile:harp", "agency4")
    assert a.to_json() == b.to_json()
    assert MaestroState.from_json(b.to_json()).to_json() == a.to_json()


@both
def test_render_draws_the_rows_agencies_and_scores(impl):
    text = act(_started(impl), "R7.2:p0s1").render()
    assert "Tscherepnin: Sommermusik" in text
    # Placed tiles are drawn in capitals (render.py).
    assert "OBOE    MAESTRO" in text
    assert "seat 0:    5 points  to move (place)" in text


def test_hash_tells_apart_positions_that_differ_only_in_the_turn():
    """The transposition table must not merge a row begun this turn (its completion
    pays double) with the same row begun earlier."""
    from engine.games.maestro.state import MaestroState

    fresh = act(position(MaestroState, agencies={0: {1: "sax", 10: "maestro"}}), "R1.2:p0s10")
    data = fresh.to_dict()
    data["turn"]["fresh"] = False
    earlier = MaestroState.from_json(json.dumps(data))
    assert fresh.to_dict() != earlier.to_dict()
    assert fresh.hash() != earlier.hash()
    assert fresh.legal_actions() == earlier.legal_actions()
    act(fresh, "R1.1:p0s1")
    act(earlier, "R1.1:p0s1")
    assert fresh.scores()[0] == 20 and earlier.scores()[0] == 10
