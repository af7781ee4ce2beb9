"""Luthier's setup (spec 3), round start (4.1) and planning (4.2), on both the
compiled state and the reference, from concrete positions."""
from __future__ import annotations

import pytest

from engine.game import sample_chance
from engine.games.luthier import GAME
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.rng import Rng
from luthier_positions import TB, Position, after_setup, both, kind, legal_texts, patron_id, play


def dealt(impl, players, seed=5, variant="standard"):
    """The position right after the setup's deal: seat 0 chooses its family tile."""
    state = impl.new_initial(players, variant)
    rng = Rng(seed)
    while state.is_setup():
        state.apply(sample_chance(state, rng))
    return state


@both
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal(impl, players):
    """3.1 / 3.4.4: 4 award tiles with 4 players, 3 otherwise; every used display slot
    filled; royal and specialist decks cut to players + 1; M1 on the market; each seat
    dealt 2 instruments, 2 patrons (deck A), 2 family tiles and 4 goals; then seat 0
    chooses."""
    state = dealt(impl, players)
    d = state.to_dict()
    assert sum(1 for a in d["awards"] if a >= 0) == (4 if players == 4 else 3)
    for loc in range(T.CARD_LOCATIONS):
        for slot in range(T.MAX_SLOTS):
            assert (d["display"][loc][slot] >= 0) == (slot in TB.slots_used(loc, players))
    assert d["royal_cut_n"] == players + 1 and d["spec_cut_n"] == [players + 1] * 3
    assert TB.market_name[d["market"]] == "M1"
    for p in range(players):
        pl = d["players"][p]
        assert min(pl["deal_instr"]) >= 0 and min(pl["family"]) >= 0 and min(pl["goals"]) >= 0
        assert all(TB.patron_deck[c] == T.DECK_A for c in pl["deal_patron"])
    assert state.current_player() == 0 and not state.is_setup()
    assert legal_texts(state) == ["family0", "family1"]


@both
def test_setup_choices_and_the_reveal(impl):
    """3.4.5-6: keep a family tile (hidden until all chose), two goals, one instrument
    (the other under the deck), one patron on a chosen space with its bonus (the
    other discarded); then resources, and turn order by the tiles' numbers."""
    state = dealt(impl, 2, seed=11)
    d = state.to_dict()
    p0 = d["players"][0]
    play(state, "family1", "goals13")
    kept_instr, other_instr = p0["deal_instr"]
    play(state, f"keep:{state.action_to_str(state.legal_actions()[0])[5:]}")
    d = state.to_dict()
    kept = state.to_dict()["players"][0]
    assert kept["hand_n"] == 1 and kept["goal_mask"] == 0b1010 and kept["family_pick"] == 1
    assert d["bottom_n"] == 1 and d["bottom"][0][1] == 0           # under the deck, placed by seat 0
    patron = kept["deal_patron"][0]
    play(state, "patron0>space0")                                   # space 0 gives 4 coins
    d = state.to_dict()
    assert d["players"][0]["patron"][0] == patron and d["players"][0]["coins"] == 4
    assert d["patron_discard"][p0["deal_patron"][1]] == 1
    assert d["revealed"] == 0
    # seat 1 chooses; seat 0's tile is not revealed to it yet
    assert state.observation(1)["players"][0]["family_pick"] == C.HIDDEN
    play(state, "family0", "goals01")
    play(state, state.action_to_str(state.legal_actions()[0]))
    play(state, "patron1>space2")                                   # space 2: an apprentice
    # the tiles are turned up at a chance node (what they show was hidden)
    assert state.is_chance_node() and state.to_dict()["revealed"] == 0
    play(state, "reveal")
    d = state.to_dict()
    assert d["revealed"] == 1 and d["players"][1]["appr"] == 1
    orders = [TB.family_order[d["players"][p]["family"][d["players"][p]["family_pick"]]] for p in (0, 1)]
    assert d["order"][:2] == sorted((0, 1), key=lambda p: orders[p])
    for p in (0, 1):
        res = TB.family_res[d["players"][p]["family"][d["players"][p]["family_pick"]]]
        assert d["players"][p]["insp"] >= res[T.B_INSP]


@both
def test_two_player_setup(impl):
    """3.2: an orchestra setup card puts dummy tokens on First Chairs, removes one
    instrument card per dummy instrument token, and blocks one level of each of the
    three award tiles."""
    state = dealt(impl, 2, seed=3)
    d = state.to_dict()
    card = d["orch_card"]
    assert card >= 0
    for sp, kind_index in zip(TB.orch_space[card], TB.orch_kind[card]):
        if sp < 0:
            continue
        assert d["chair_owner"][sp] == T.DUMMY and d["chair_kind"][sp] == kind_index
        assert d["tokens"][sp][T.DUMMY][kind_index] == 1
        if kind_index == T.K_INSTR:
            k = next(k for k in range(TB.n_kinds) if sp in TB.kind_spaces[k])
            assert d["instr_removed"][k] == 1
    for slot, level in enumerate(TB.orch_blocked[card]):
        assert d["claims"][slot][level] == T.DUMMY
    assert sum(d["instr_removed"]) == sum(1 for k in TB.orch_kind[card] if k == T.K_INSTR)


@both
def test_workers_by_round(impl):
    """4.0: rounds 1-2 place #1 #3 #5; #2 joins in round 3 and #4 in round 5."""
    for round_, chips in ((1, "135"), (3, "1235"), (5, "12345")):
        state = Position(impl).chips(round_=round_).tasks((C.T_PLAN, -1, 0, 9), (C.D_PLACE, 0),
                                                            phase=C.PH_PLANNING).build()
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
    state = Position(impl).seat(0, appr=3).chips().tasks((C.T_PLAN, -1, 0, 9), (C.D_PLACE, 0),
                                                         phase=C.PH_PLANNING).build()
    play(state, "w1@balcony+3")
    d = state.to_dict()
    assert d["players"][0]["appr"] == 0 and d["placed"][0][C.P_APPR] == 3


@both
def test_round_start_gifts_and_leaving(impl):
    """4.1 / 4.6.4: each patience cube moves right and pays the gift above it; on the
    last space the patron leaves, -3 PP per unmet requirement (never below 0)."""
    mendelssohn = patron_id("Felix Mendelssohn")           # gifts: wood, then animal
    pos = Position(impl).clear_patrons(0).seat(0, pp=4, mat=[0, 0, 0])
    pos.patron("Felix Mendelssohn", 0, 0, patience=0)
    pos.patron("Prince Nikolaus Esterhazy", 0, 1, patience=2)      # leaves: 3 requirements unmet
    state = pos.tasks((C.T_PLAN, -1, 0, 9), (C.T_PLAYER_START, 0), phase=C.PH_ROUND_START).build()
    d = state.to_dict()
    pl = d["players"][0]
    assert pl["patience"][0] == 1 and pl["mat"][1] == 1             # the wood gift
    assert pl["patron"][1] == -1 and pl["pp"] == 0                  # 4 - 9, floored at 0
    assert d["patron_discard"][patron_id("Prince Nikolaus Esterhazy")] == 1
    assert pl["patron"][0] == mendelssohn


@both
def test_a_patron_with_met_requirements_costs_less_when_leaving(impl):
    pos = Position(impl).clear_patrons(0).seat(0, pp=10)
    contrabass = T.G_INSTR + kind("Contrabass")
    pos.patron("Frederic Chopin", 0, 0, patience=2, tucked=[contrabass])
    state = pos.tasks((C.T_PLAN, -1, 0, 9), (C.T_PLAYER_START, 0), phase=C.PH_ROUND_START).build()
    d = state.to_dict()
    assert d["players"][0]["pp"] == 7                                # one of two unmet
    assert d["instr_discard"][kind("Contrabass")] >= 1               # tucked cards go too (8.10)


@both
def test_extra_storage_and_round_start_abilities(impl):
    """4.1.1 / 4.9: the extra-storage perk gives a material of choice each round start;
    a completed Noble (A) gives its round-start resource; a royal patron PP."""
    pos = Position(impl).clear_patrons(0).seat(0, marker=[0, 0, 1], mat=[0, 0, 0], pp=0)
    pos.completed("Duke of Chandos", 0)        # round start: 1 wood
    pos.completed("Queen Victoria", 0)         # round start: 1 PP
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
