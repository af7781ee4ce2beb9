"""Luthier's tracks and specialists (spec 4.8), awards (4.9), market (4.10), round end
(4.11) and final scoring (5), on both implementations, from concrete positions."""

from __future__ import annotations

import pytest

from engine.games.luthier import actions as A
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from luthier_positions import TB, Position, both, legal_texts, play, top_task

ME, OTHER, THIRD = 0, 1, 2

# Written from the spec, not read from the tables. Award A11 (completed instruments):
# levels left/middle/right worth 1/3/5 PP (spec 7.2 placeholder; data/awards.json).
A11_PP = {"left": 1, "middle": 3, "right": 5}
# Market card M1's prices of animal, wood, metal (spec 7.2 placeholder).
M1_PRICES = (2, 3, 5)
# First Chair PP by chairs held: 0 -> 0, 2 -> 3 (spec 7.2 placeholder; 6 -> 13 [seed-ex]).
CHAIR_PP = {0: 0, 2: 3}
# Goal G1 (completed String instruments) at its third level, 3 instruments: 7 PP
# (data/goals.json [assumed]; the seed gives no goal values).
G1_PP_AT_3 = 7


def advancing(impl, track, value, **seat):
    """Seat 0's marker on `track` at `value`, one advance pending."""
    pos = Position(impl).seat(ME, track=[value if t == track else 0 for t in range(3)], **seat)
    pos.d["order"] = [0, 1, 2, -1]
    return pos.tasks(
        (C.T_RESOLVE_NEXT, -1, 0),
        (C.D_RESOLVE, OTHER),
        (C.T_ADVANCE, ME, track),
        phase=C.PH_RESOLUTION,
    )


@both
@pytest.mark.parametrize("track", [T.T_PERF, T.T_CRAFT])
def test_specialist_step_and_the_final_step(impl, track):
    """4.8.1-2 [seed]: step 3 lets the seat look through the track's specialist deck
    and choose a card; step 6 gives 2 PP and every advance beyond it 2 more."""
    state = advancing(impl, track, 2, pp=0).build()
    d = state.to_dict()
    assert d["players"][ME]["track"][track] == 3 and d["spec_seen"][track][ME] == 1
    # the deck was hidden from the seat: turned up at a chance node, then the choice
    assert state.is_chance_node() and legal_texts(state) == ["reveal"]
    play(state, "reveal")
    texts = legal_texts(state)
    assert texts and all(t.startswith("spec:") for t in texts)
    assert len(texts) == d["spec_cut_n"][track]
    play(state, texts[0])
    pl = state.to_dict()["players"][ME]
    assert pl["spec"][track] >= 0 and pl["spec_new"][track] == 1
    for start, pp in ((5, 2), (6, 2)):
        state = advancing(impl, track, start, pp=0).build()
        assert state.to_dict()["players"][ME]["track"][track] == 6
        assert state.to_dict()["players"][ME]["pp"] == pp


@both
def test_reputation_steps(impl):
    """4.8.3 [seed]: b an apprentice; c draw 3 instruments, keep 1, 2 under the deck
    (known to this seat only); h claim an award; i 2 PP, back to h, claim again."""
    state = advancing(impl, T.T_REP, 0, appr=0, appr_gone=0).build()
    assert state.to_dict()["players"][ME]["appr"] == 1
    state = advancing(impl, T.T_REP, 1).empty_hands().build()
    bottom_before = state.to_dict()["bottom_n"]
    for _ in range(3):
        assert state.is_chance_node()
        play(state, legal_texts(state)[-1])
    texts = legal_texts(state)
    assert texts and all(t.startswith("keep:") for t in texts)
    play(state, texts[0])
    d = state.to_dict()
    assert d["players"][ME]["hand_n"] == 1 and d["bottom_n"] == bottom_before + 2
    assert all(d["bottom"][i][1] == ME for i in range(bottom_before, bottom_before + 2))
    view = state.observation(OTHER)
    assert all(view["bottom"][i][0] == C.HIDDEN for i in range(bottom_before, bottom_before + 2))


@both
def test_reputation_h_and_i_claim_awards(impl):
    pos = advancing(impl, T.T_REP, 6, pp=0, marker=[0, 0, 0])
    pos.award(0, "A11").tokens("Flute", ME, T.K_INSTR, 2)  # 2 instruments: left level
    pos.d["claims"] = [[-1] * 3 for _ in range(4)]
    state = pos.build()
    assert legal_texts(state) == ["claim0L:royal", "claim0L:purple", "claim0L:storage"]
    play(state, "claim0L:purple")
    d = state.to_dict()
    assert d["claims"][0][0] == ME and d["players"][ME]["marker"] == [0, 1, 0]
    assert d["players"][ME]["pp"] == A11_PP["left"]
    # i: 2 PP and the marker stays on h; no other level of that tile for this seat
    pos = advancing(impl, T.T_REP, 7, pp=0, marker=[0, 1, 0])
    pos.award(0, "A11").tokens("Flute", ME, T.K_INSTR, 4)
    pos.d["claims"] = [[ME, -1, -1]] + [[-1] * 3 for _ in range(3)]
    state = pos.build()
    d = state.to_dict()
    assert d["players"][ME]["pp"] == 2 and d["players"][ME]["track"][T.T_REP] == 7
    assert not any(t.startswith("claim0") for t in legal_texts(state))


@both
def test_award_levels_are_closed_once_covered(impl):
    """4.9 [seed]: a covered level is closed to everyone else, the other levels stay
    open; one level a tile a seat; each claim takes one of the seat's three markers."""
    pos = (
        Position(impl)
        .chips((ME, 5, 0, "balcony"))
        .seat(ME, marker=[1, 0, 1], pp=0, track=[0, 0, 0])
    )
    pos.award(0, "A11").tokens("Flute", ME, T.K_INSTR, 6)
    pos.d["claims"] = [[OTHER, -1, -1]] + [[-1] * 3 for _ in range(3)]
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.resolving(ME).build()
    play(state, "go@balcony", "award")
    assert legal_texts(state) == ["claim0M:purple", "claim0R:purple"]
    play(state, "claim0R:purple")
    assert state.to_dict()["players"][ME]["pp"] == A11_PP["right"]


@both
def test_the_royal_perk_chooses_a_royal_patron(impl):
    """4.9: the royal perk: look through the royal deck, choose one and place it like a
    normal patron with its space bonus; with no free space, no royal."""
    pos = (
        Position(impl)
        .clear_patrons(ME)
        .chips((ME, 1, 0, "balcony"))
        .seat(ME, marker=[0, 0, 0], coins=0)
    )
    pos.award(0, "A11").tokens("Flute", ME, T.K_INSTR, 2)
    pos.d["claims"] = [[-1] * 3 for _ in range(4)]
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.resolving(ME).build()
    play(state, "go@balcony", "award", "claim0L:royal", "reveal")
    d = state.to_dict()
    assert d["royal_seen"][ME] == 1
    texts = legal_texts(state)
    assert len(texts) == d["royal_cut_n"] and all(t.startswith("royal:") for t in texts)
    play(state, texts[0], "space0")
    pl = state.to_dict()["players"][ME]
    assert TB.patron_type[pl["patron"][0]] == T.ROYAL and pl["coins"] == 4


@both
def test_specialists_are_assigned_at_round_end_and_act(impl):
    """4.8.4 [seed-ex]: at round end a chip is assigned to the new specialist card for
    good; the specialist chip keeps that chip's skill and adds the card's ability."""
    pos = Position(impl).specialist("Restorer", ME).seat(ME, spec_new=[0, 0, 0])
    pos.pl(ME)["spec_new"][TB.spec_deck[TB.spec_name.index("Restorer")]] = 1
    pos.chips()
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.tasks((C.T_ROUND_END,), phase=C.PH_RESOLUTION).build()
    deck = TB.spec_deck[TB.spec_name.index("Restorer")]
    assert top_task(state)[0] == C.D_ASSIGN
    assert legal_texts(state) == ["assign:w1", "assign:w3", "assign:w5"]
    play(state, "assign:w3")
    assert state.to_dict()["players"][ME]["spec_chip"][deck] == 2
    # the Restorer gives 1 PP after a repair
    pos = (
        Position(impl)
        .specialist("Restorer", ME)
        .clear_patrons(ME)
        .seat(ME, mat=[2, 2, 2], pp=0, insp=0)
    )
    pos.pl(ME)["spec_chip"][deck] = 2
    pos.chips((ME, 3, 0, "repair"))
    pos.display(T.REPAIR, 0, TB.repair_name.index("Flute pads"))
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.resolving(ME).build()
    play(state, "go@repair", "take0")
    while state.to_dict()["act_chip"] >= 0:
        play(state, legal_texts(state)[0])
    assert state.to_dict()["players"][ME]["pp"] == 2 + 1


@both
@pytest.mark.parametrize("card", range(len(TB.spec_name)))
def test_a_specialist_has_the_skill_of_its_chip(impl, card):
    """4.8.4 [seed]: a specialist acts with the skill of the numbered chip on its card
    (the seed's example: a #2 craft specialist counts as 2); the card adds a perk,
    not skill."""
    name, loc = TB.spec_name[card], T.LOCATIONS[TB.spec_loc[card]]
    pos = Position(impl).specialist(name, ME).clear_benches(ME).seat(ME, track=[0, 0, 0])
    pos.pl(ME)["spec_chip"][TB.spec_deck[card]] = 2
    pos.chips((ME, 3, 0, loc))
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.resolving(ME).build()
    play(state, "go@" + A.LOCATION_TEXT[TB.spec_loc[card]])
    assert state.to_dict()["placed"][0][C.P_SKILL] == 3


@both
def test_market(impl):
    """4.10 [seed]: buy and sell at the card's prices, not both for one material;
    inspiration takes 1 off a price; apprentices 4; training 15 per step, never onto
    the final step; storage over 9 must be discarded."""
    pos = Position(impl).seat(
        ME, coins=30, insp=2, mat=[0, 1, 0], appr=0, appr_gone=0, track=[4, 5, 0]
    )
    pos.d["market"], pos.d["market_deck"][TB.market_first] = TB.market_first, 0
    pos.d["order"] = [0, 1, 2, -1]
    pos.chips()
    state = pos.resolving(ME).build()
    play(state, "market")
    texts = legal_texts(state)
    assert "train:perform" in texts and "train:craft" not in texts  # craft at 5 (8.16)
    play(state, "sell:wood")
    assert "buy:wood" not in legal_texts(state)
    prices = M1_PRICES
    play(state, "buy:metal", "pay:2i")
    pl = state.to_dict()["players"][ME]
    assert (
        pl["coins"] == 30 + prices[1] - (prices[2] - 2)
        and pl["insp"] == 0
        and pl["mat"] == [0, 0, 1]
    )
    play(state, "hire")
    play(state, "train:perform")
    d = state.to_dict()
    assert d["players"][ME]["track"][T.T_PERF] == 5 and d["players"][ME]["appr"] == 1
    assert "train:perform" not in legal_texts(state)
    play(state, "leave")
    assert state.to_dict()["players"][ME]["visited"] == 1


@both
def test_training_to_the_final_step_variant(impl):
    """8.16 other reading (variant train-to-final): training reaches step 6 but the
    step's 2 PP come only from other advances."""
    pos = Position(impl, variant="train-to-final").seat(ME, coins=15, insp=0, pp=0, track=[5, 0, 0])
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.chips().resolving(ME).build()
    play(state, "market", "train:perform")
    pl = state.to_dict()["players"][ME]
    assert pl["track"][T.T_PERF] == 6 and pl["pp"] == 0


@both
def test_storage_limit(impl):
    """2.3 / 4.10 [seed]: at most 9 materials (12 with the perk): over the limit the
    seat discards at once, its choice; a full storage buys nothing."""
    pos = Position(impl).seat(ME, mat=[3, 3, 2], coins=20, insp=0, marker=[0, 0, 0])
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.chips().resolving(ME).build()
    play(state, "market", "buy:animal")
    assert "buy:wood" not in legal_texts(state)
    pos = Position(impl).chips((ME, 1, 0, "performance")).seat(ME, mat=[4, 3, 2])
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.resolving(ME).build()
    play(state, "go@perform", "alt")  # 3 animal: 12 > 9
    assert state.current_player() == ME
    assert legal_texts(state) == ["drop:animal", "drop:wood", "drop:metal"]
    play(state, "drop:metal", "drop:animal", "drop:animal")
    assert state.to_dict()["players"][ME]["mat"] == [5, 3, 1]


@both
def test_round_end(impl):
    """4.11 [seed]: market carts back, a new market card, tier I cards discarded and the
    rest slid toward tier I, displays refilled; round 3 ends patron deck A; chips #2
    and #4 arrive in rounds 3 and 5."""
    pos = Position(impl).chips()
    pos.d["round"] = 3
    for p in range(3):
        pos.seat(p, visited=1, passed=1)
    salon_before = list(pos.d["display"][T.SALON])
    state = pos.tasks((C.T_ROUND_END,), phase=C.PH_RESOLUTION).build()
    d = state.to_dict()
    assert d["market"] == -1 and state.is_chance_node()
    assert d["patron_deck_a"] == 0
    used = TB.slots_used(T.SALON, 3)
    kept = [salon_before[s] for s in used if TB.slot_tier[s] > 1]
    assert [d["display"][T.SALON][s] for s in used[: len(kept)]] == kept
    assert d["patron_discard"][salon_before[used[0]]] == 1
    while state.is_chance_node():
        play(state, legal_texts(state)[0])
    d = state.to_dict()
    assert d["round"] == 4 and all(d["players"][p]["visited"] == 0 for p in range(3))
    assert all(d["display"][T.SALON][s] >= 0 for s in used)
    assert all(TB.patron_deck[d["display"][T.SALON][s]] == T.DECK_B for s in used[len(kept) :])
    assert "w2@salon" in legal_texts(state) or state.to_dict()["phase"] != C.PH_PLANNING


# ---- final scoring (5.2, 5.3) ------------------------------------------------------------


def final(impl):
    """A 4-player game in round 6, every chip home: the round end is final scoring."""
    return Position(impl, players=4).chips()


@both
def test_final_scoring_example(impl):
    """5.2 [seed-ex]: 6 First Chairs in a 4-player game = 13 PP; a Viola on the
    finishing bench 2 (3 halved, rounded up); 16 coins = 1 PP with 6 coins kept for
    the tie-break; specialists 1 PP each."""
    pos = (
        final(impl)
        .clear_benches(ME)
        .clear_patrons(ME)
        .seat(ME, pp=0, coins=16, insp=0, mat=[0, 0, 0], appr=0)
    )
    for name in ("Harpsichord", "Flute", "Clarinet", "Natural trumpet", "Viola"):
        pos.tokens(name, ME, T.K_INSTR, 1, chair=True)
    pos.tokens("Rare strings", ME, T.K_INSTR, 1)
    pos.instrument("Viola", ME, "finish", 0)
    pos.pl(ME)["goals"] = [-1, -1, -1, -1]
    pos.d["goal_box"] = [1 if i < TB.n_goals else 0 for i in range(T.MAX_GOALS)]
    for p in range(4):
        for g in pos.pl(p)["goals"]:
            if g >= 0:
                pos.d["goal_box"][g] = 0
    pos.pl(ME)["goal_mask"] = 0
    state = pos.scored()
    assert state.is_terminal()
    d = state.to_dict()
    specialists = sum(1 for s in d["players"][ME]["spec"] if s >= 0)
    assert d["players"][ME]["pp"] == 13 + 2 + 1 + specialists
    assert d["players"][ME]["final_coins"] == 6


@both
def test_goals_score_their_highest_level_only(impl):
    """5.2 step 4: each kept goal scores the PP of its highest level reached."""
    pos = (
        final(impl)
        .clear_benches(ME)
        .clear_patrons(ME)
        .seat(ME, pp=0, coins=0, insp=0, mat=[0, 0, 0], appr=0)
    )
    g1 = TB.goal_name.index("G1")
    if g1 not in pos.pl(ME)["goals"]:
        holder = next((p for p in range(4) if g1 in pos.pl(p)["goals"]), None)
        if holder is not None:
            j = pos.pl(holder)["goals"].index(g1)
            pos.pl(holder)["goals"][j], pos.pl(ME)["goals"][0] = pos.pl(ME)["goals"][0], g1
        else:
            pos.d["goal_box"][g1] = 0
            pos.d["goal_box"][pos.pl(ME)["goals"][0]] = 1
            pos.pl(ME)["goals"][0] = g1
    j = pos.pl(ME)["goals"].index(g1)
    pos.pl(ME)["goal_mask"] = 1 << j
    pos.tokens("Violin I", ME, T.K_INSTR, 2).tokens("Cello", ME, T.K_INSTR, 1)  # 3 strings
    spec = [s for s in pos.pl(ME)["spec"] if s >= 0]
    state = pos.scored()
    pl = state.to_dict()["players"][ME]
    assert pl["pp"] == G1_PP_AT_3 + len(spec) + CHAIR_PP[0]


@both
def test_end_game_patron_abilities(impl):
    """5.2 step 2 / 4.6.1: completed patrons (B) score at the end; extra First Chairs
    count toward the chair table."""
    pos = (
        final(impl)
        .clear_benches(ME)
        .clear_patrons(ME)
        .seat(ME, pp=0, coins=0, insp=0, mat=[0, 0, 0], appr=0)
    )
    pos.pl(ME)["goal_mask"] = 0
    pos.completed("Jean-Marie Leclair", ME)  # 1 PP a performance token
    pos.completed("Count Ferdinand Waldstein", ME)  # 2 more First Chairs at the end
    pos.tokens("Oboe", ME, T.K_PERF, 3)
    spec = sum(1 for s in pos.pl(ME)["spec"] if s >= 0)
    state = pos.scored()
    assert state.to_dict()["players"][ME]["pp"] == 3 + CHAIR_PP[2] + spec


@both
def test_tie_break_and_shared_wins(impl):
    """5.3 [seed]: most PP wins; a tie goes to the most coins left after conversion;
    still tied, the win is shared."""
    pos = final(impl)
    for p in range(4):
        pos.clear_benches(p).clear_patrons(p).seat(
            p,
            pp=10,
            coins=p % 2 * 5,
            insp=0,
            mat=[0, 0, 0],
            appr=0,
            goal_mask=0,
            spec=[-1, -1, -1],
            spec_chip=[-1, -1, -1],
        )
    for i in range(T.MAX_SPECS):
        if i < TB.n_specs and not pos.d["spec_cut"][i]:
            pos.d["spec_box"][i] = 1
    state = pos.scored()
    assert state.returns() == [0.0, 0.5, 0.0, 0.5]
