"""How `cadenza play` draws Luthier for one seat (render_for): the seat's own goals,
family tiles and deals by name with what they score, the other seats' secrets and
face-down chips as "?", and nothing in the drawing that the seat could not know."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.luthier import GAME
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.games.luthier.reference import LuthierReference
from engine.rng import Rng
from luthier_positions import Position, both
from test_luthier_views import random_position

TABLES = T.load_tables()


def test_a_seat_sees_its_own_setup_choices_by_name_and_not_the_others():
    state = GAME.new_state(3, seed=2)  # dealt: seat 0 keeps a family tile first
    d = state.to_dict()
    text = state.render_for(0)
    for tile in d["players"][0]["family"]:
        assert TABLES.family_name[tile] in text
    for j, goal in enumerate(d["players"][0]["goals"]):  # numbered as in goals01
        assert f"[{j}] {TABLES.goal_name[goal]} {T.CRITERIA[TABLES.goal_crit[goal]]}" in text
    for other in (1, 2):
        for tile in d["players"][other]["family"]:
            assert TABLES.family_name[tile] not in text
    assert "seat 0 (you)" in text and "seat 1 (you)" not in text
    assert text.count("goals: unseen, not chosen yet") == 2
    assert text.count("family: unseen, not chosen yet") == 2


@both
def test_face_down_chips_show_their_number_to_their_owner_only(impl):
    state = Position(impl).chips((0, 3, 1, "guild"), (1, 5, 0, "guild")).build()
    assert "workers at guild: s0 w3+1 face down, s1 ? face down" in state.render_for(0)
    assert "workers at guild: s0 ?+1 face down, s1 w5 face down" in state.render_for(1)
    assert "workers at guild: s0 w3+1 face down, s1 w5 face down" in state.render()


@both
def test_a_hand_is_named_for_its_owner_and_counted_for_the_others(impl):
    state = Position(impl).instrument("Violin", 1).instrument("Harp", 1).build()
    names = sorted(["Violin", "Harp"], key=TABLES.kind_name.index)  # listed in kind order
    assert f"hand (2): {names[0]}, {names[1]}" in state.render_for(1)
    assert "hand (2): ?" in state.render_for(0)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 700))
def test_the_drawing_is_the_same_in_every_world_the_seat_cannot_tell_apart(seed, steps):
    """Only what the seat knows is drawn: resampling the unseen never changes it."""
    state = random_position(seed, steps)
    for seat in range(state.num_players):
        text = state.render_for(seat)
        for k in range(2):
            assert state.determinize(seat, Rng(seed + k)).render_for(seat) == text


def test_both_implementations_draw_alike():
    for seed in range(4):
        state = random_position(seed, 90 * seed)
        reference = LuthierReference.from_dict(state.to_dict())
        for seat in range(state.num_players):
            assert reference.render_for(seat) == state.render_for(seat)
        assert reference.render() == state.render()
        assert C.PHASES[state.to_dict()["phase"]] in state.render()


def first_asking(kind: int):
    """The first position of a seeded random game whose mover is asked `kind`."""
    for seed in range(50):
        state = GAME.new_state(3, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            d = state.to_dict()
            if not state.is_chance_node() and d["tasks"][d["task_n"] - 1][0] == kind:
                return state, d
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no game asked task {kind}")


def test_a_performance_shows_the_card_and_its_dice():
    state, d = first_asking(C.D_INSPIRE)
    text = state.render_for(state.current_player())
    perf = d["held"] - T.G_PERF
    levels = "/".join(map(str, TABLES.perf_at[perf]))
    assert f"card in play: {TABLES.perf_name[perf]} (levels at {levels})" in text
    colours = ["black" if black else "white" for black in d["die_black"]]
    assert (
        f"dice: {d['dice'][0]} {colours[0]}, {d['dice'][1]} {colours[1]}; rerolls left "
        f"{d['rerolls']}"
    ) in text
    assert "asked: spend inspiration on the performance" in text


def test_a_payment_names_its_amount():
    state, d = first_asking(C.D_PAY)
    amount, reserve = d["tasks"][d["task_n"] - 1][2:4]
    assert f"asked: pay {amount} in any mix of coins and inspiration" in state.render_for(
        state.current_player()
    )


def test_card_names_by_global_id():
    assert TABLES.card_name(T.G_PATRON) == TABLES.patron_name[0]
    assert TABLES.card_name(T.G_ORCH + 1) == TABLES.orch_name[1]
    assert TABLES.card_name(T.G_INSTR) == TABLES.kind_name[0]
