"""Luthier's setup (spec 3), round start (4.1) and planning (4.2), on both the
compiled state and the reference, from concrete positions."""

from __future__ import annotations

import pytest

from engine.games.luthier import GAME
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from luthier_positions import (
    TB,
    Position,
    after_setup,
    both,
    dealt,
    kind,
    legal_texts,
    patron_id,
    play,
    space,
)

# The orchestra setup cards (data/orchestra_setup.json [assumed]; the seed's procedure):
# dummy tokens on these spaces' First Chairs, and the level blocked on award tiles 1-3.
ORCHESTRA_SETUP = {
    "O1": ({"Cello": T.K_INSTR, "Clarinet": T.K_PERF, "Organ": T.K_REPAIR}, "MLR"),
    "O2": ({"Viola": T.K_INSTR, "Flute": T.K_REPAIR, "Timpani": T.K_PERF}, "LRM"),
    "O3": ({"Oboe": T.K_INSTR, "Violin I": T.K_PERF, "Harpsichord": T.K_REPAIR}, "RML"),
    "O4": ({"Fortepiano": T.K_INSTR, "Contrabass": T.K_REPAIR, "Bassoon": T.K_PERF}, "MRL"),
}


@both
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_two_player_setup(impl, seed):
    """3.2: an orchestra setup card puts dummy tokens on First Chairs, removes one
    instrument card per dummy instrument token (the space's instrument), and blocks
    one level of each of the three award tiles."""
    d = dealt(impl, 2, seed=seed).to_dict()
    tokens, blocked = ORCHESTRA_SETUP[TB.orch_name[d["orch_card"]]]
    dummy_chairs = {
        TB.space_name[s]: d["chair_kind"][s]
        for s in range(TB.n_spaces)
        if d["chair_owner"][s] == T.DUMMY
    }
    assert dummy_chairs == tokens
    for name, kind_index in tokens.items():
        assert d["tokens"][space(name)][T.DUMMY] == [int(kind_index == k) for k in range(3)]
    instrument = next(name for name, k in tokens.items() if k == T.K_INSTR)
    removed = {TB.kind_name[k]: n for k, n in enumerate(d["instr_removed"]) if n}
    assert removed == {instrument: 1}
    assert ["LMR"[row.index(T.DUMMY)] for row in d["claims"][:3]] == list(blocked)


@both
def test_workers_by_round(impl):
    """4.0: rounds 1-2 place #1 #3 #5; #2 joins in round 3 and #4 in round 5."""
    for round_, chips in ((1, "135"), (3, "1235"), (5, "12345")):
        state = (
            Position(impl)
            .chips(round_=round_)
            .tasks((C.T_PLAN, -1, 0, 9), (C.D_PLACE, 0), phase=C.PH_PLANNING)
            .build()
        )
        numbers = sorted({text[1] for text in legal_texts(state)})
        assert "".join(numbers) == chips


@both
def test_planning_places_one_chip_a_turn_with_apprentices(impl):
    """4.2: in turn order one chip per turn, face down, with up to 3 owned apprentices
    on it; chips stack in placement order."""
    state = after_setup(impl)
    d = state.to_dict()
    first = d["order"][0]
    assert state.current_player() == first
    texts = legal_texts(state)
    assert "w5@salon" in texts and "w3@finish" in texts
    most = min(3, d["players"][first]["appr"])
    assert f"w1@guild+{most}" in texts if most else "w1@guild+1" not in texts
    play(state, "w5@salon")
    assert state.current_player() == d["order"][1]
    d = state.to_dict()
    assert d["placed"][0][:5] == [first, 4, 0, T.SALON, C.S_DOWN]


@both
def test_apprentices_on_a_chip_leave_the_supply(impl):
    state = (
        Position(impl)
        .seat(0, appr=3)
        .chips()
        .tasks((C.T_PLAN, -1, 0, 9), (C.D_PLACE, 0), phase=C.PH_PLANNING)
        .build()
    )
    play(state, "w1@balcony+3")
    d = state.to_dict()
    assert d["players"][0]["appr"] == 0 and d["placed"][0][C.P_APPR] == 3


@both
def test_round_start_gifts_and_leaving(impl):
    """4.1 / 4.6.4: each patience cube moves right and pays the gift above it; on the
    last space the patron leaves, -3 PP per unmet requirement (never below 0)."""
    mendelssohn = patron_id("Felix Mendelssohn")  # gifts: wood, then animal
    pos = Position(impl).clear_patrons(0).seat(0, pp=4, mat=[0, 0, 0])
    pos.patron("Felix Mendelssohn", 0, 0, patience=0)
    pos.patron("Prince Nikolaus Esterhazy", 0, 1, patience=2)  # leaves: 3 requirements unmet
    state = pos.tasks((C.T_PLAN, -1, 0, 9), (C.T_PLAYER_START, 0), phase=C.PH_ROUND_START).build()
    d = state.to_dict()
    pl = d["players"][0]
    assert pl["patience"][0] == 1 and pl["mat"][1] == 1  # the wood gift
    assert pl["patron"][1] == -1 and pl["pp"] == 0  # 4 - 9, floored at 0
    assert d["patron_discard"][patron_id("Prince Nikolaus Esterhazy")] == 1
    assert pl["patron"][0] == mendelssohn


@both
def test_a_patron_with_met_requirements_costs_less_when_leaving(impl):
    pos = Position(impl).clear_patrons(0).seat(0, pp=10)
    contrabass = T.G_INSTR + kind("Contrabass")
    pos.patron("Frederic Chopin", 0, 0, patience=2, tucked=[contrabass])
    state = pos.tasks((C.T_PLAN, -1, 0, 9), (C.T_PLAYER_START, 0), phase=C.PH_ROUND_START).build()
    d = state.to_dict()
    assert d["players"][0]["pp"] == 7  # one of two unmet
    assert d["instr_discard"][kind("Contrabass")] >= 1  # tucked cards go too (8.10)


@both
def test_extra_storage_and_round_start_abilities(impl):
    """4.1.1 / 4.9: the extra-storage perk gives a material of choice each round start;
    a completed Noble (A) gives its round-start resource; a royal patron PP."""
    pos = Position(impl).clear_patrons(0).seat(0, marker=[0, 0, 1], mat=[0, 0, 0], pp=0)
    pos.completed("Duke of Chandos", 0)  # round start: 1 wood
    pos.completed("Queen Victoria", 0)  # round start: 1 PP
    state = pos.tasks((C.T_PLAN, -1, 0, 9), (C.T_PLAYER_START, 0), phase=C.PH_ROUND_START).build()
    assert legal_texts(state) == ["gain:animal", "gain:wood", "gain:metal"]
    play(state, "gain:metal")
    pl = state.to_dict()["players"][0]
    assert pl["mat"] == [0, 1, 1] and pl["pp"] == 1


@both
def test_loading_the_roughing_bench(impl):
    """4.1.3: up to two instruments from hand onto the roughing bench; with both slots
    full a card may go back to hand to make room."""
    pos = Position(impl).empty_hands().clear_patrons(0).clear_benches(0)
    pos.instrument("Violin", 0).instrument("Flute", 0).instrument("Organ", 0)
    state = pos.tasks((C.T_PLAN, -1, 0, 9), (C.D_LOAD, 0, 2, 0), phase=C.PH_ROUND_START).build()
    assert legal_texts(state) == ["load:violin", "load:flute", "load:organ", "noload"]
    play(state, "load:violin", "load:organ")
    pl = state.to_dict()["players"][0]
    assert sorted(pl["rough"]) == sorted([kind("Violin"), kind("Organ")]) and pl["hand_n"] == 1
    # both loads used: planning starts
    assert state.to_dict()["phase"] == C.PH_PLANNING
    state = pos.tasks((C.T_PLAN, -1, 0, 9), (C.D_LOAD, 0, 1, 0), phase=C.PH_ROUND_START)
    pos.instrument("Cello", 0, "rough", 0).instrument("Harp", 0, "rough", 1)
    state = pos.build()
    assert "swap0:violin" in legal_texts(state) and "load:violin" not in legal_texts(state)
    play(state, "swap1:flute")
    pl = state.to_dict()["players"][0]
    assert pl["rough"][1] == kind("Flute") and pl["hand"][kind("Harp")] == 1


def test_the_seed_fixes_the_setup():
    one = GAME.new_state(4, seed=9)
    assert one.to_json() == GAME.new_state(4, seed=9).to_json()
    assert one.to_json() != GAME.new_state(4, seed=10).to_json()
    assert not one.is_setup() and one.current_player() == 0
