"""Luthier's workbench (spec 4.5), patrons (4.6) and the orchestra's First Chairs
(4.7), on both implementations, from concrete positions."""

from __future__ import annotations

import pytest

from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from luthier_positions import (
    Position,
    both,
    kind,
    legal_texts,
    patron_id,
    play,
    repair_card,
    space,
    top_task,
)

ME, OTHER, THIRD = 0, 1, 2


def bench(impl, loc, number, appr=0, craft=0, mat=(0, 0, 0), insp=0, rough=(), finish=(), rep=0):
    """Seat 0 about to activate its roughing or finishing location with one chip."""
    pos = Position(impl).clear_patrons(ME).clear_benches(ME).chips((ME, number, appr, loc))
    pos.seat(ME, mat=list(mat), insp=insp, coins=0, pp=0, track=[0, craft, rep])
    pos.d["order"] = [0, 1, 2, -1]
    for j, name in enumerate(rough):
        pos.instrument(name, ME, "rough", j)
    for j, name in enumerate(finish):
        pos.instrument(name, ME, "finish", j)
    return pos


@both
def test_roughing_moves_the_card_and_pays_its_cost(impl):
    """4.5.1 [seed]: choose a roughing-bench card, discard its roughing cost, move it
    to the finishing bench; 3+: 2 inspiration."""
    state = bench(impl, "roughing", 3, mat=(1, 2, 0), rough=["Violin"]).resolving(ME).build()
    play(state, "go@rough", "rough0")
    pl = state.to_dict()["players"][ME]
    assert pl["rough"] == [-1, -1] and kind("Violin") in pl["finish"]
    assert pl["mat"] == [0, 1, 0] and pl["insp"] == 2


@both
def test_roughing_without_materials_is_the_fallback(impl):
    """4.5 [seed]: without the materials the chip takes 2 coins instead."""
    state = bench(impl, "roughing", 3, mat=(0, 1, 0), rough=["Violin"]).resolving(ME).build()
    play(state, "go@rough")
    pl = state.to_dict()["players"][ME]
    assert pl["coins"] == 2 and pl["rough"][0] == kind("Violin") and pl["insp"] == 0


@both
def test_roughing_5_plus_saves_one_material_once(impl):
    """4.5.1: 5+ makes the instrument being roughed cost 1 material less (the player
    picks which), once per action; the 3+ bonus comes too."""
    state = bench(impl, "roughing", 5, mat=(1, 0, 0), rough=["Violin"]).resolving(ME).build()
    play(state, "go@rough")
    assert "rough0" in legal_texts(state)
    play(state, "rough0")
    pl = state.to_dict()["players"][ME]
    assert pl["mat"] == [0, 0, 0] and kind("Violin") in pl["finish"] and pl["insp"] == 2
    choice = bench(impl, "roughing", 5, mat=(1, 1, 0), rough=["Violin"]).resolving(ME).build()
    play(choice, "go@rough", "rough0")
    assert legal_texts(choice) == ["waive:animal", "waive:wood", "paycost"]
    play(choice, "waive:animal")
    assert choice.to_dict()["players"][ME]["mat"] == [1, 0, 0]


@both
def test_rough_times_two_and_making_room(impl):
    """4.5.1 / craft step 1: one action roughs two different instruments; a full
    finishing bench first sends a card back to hand (its roughing is lost)."""
    pos = bench(
        impl,
        "roughing",
        1,
        craft=1,
        mat=(2, 3, 0),
        rough=["Violin", "Viola"],
        finish=["Flute", "Oboe"],
    )
    pos.empty_hands()
    state = pos.resolving(ME).build()
    play(state, "go@rough", "rough0")
    assert legal_texts(state) == ["return0", "return1"]
    play(state, "return1")
    assert legal_texts(state) == ["rough1", "stop"]
    play(state, "rough1", "return0")
    pl = state.to_dict()["players"][ME]
    assert sorted(pl["finish"]) == sorted([kind("Violin"), kind("Viola")])
    assert pl["hand"][kind("Flute")] == 1 and pl["hand"][kind("Oboe")] == 1
    assert pl["mat"] == [0, 1, 0]


@both
def test_finishing_pays_scores_and_places_the_instrument_token(impl):
    """4.5.2 [seed]: discard the finishing cost, gain the card's PP, place an instrument
    token on that instrument's space (either Violin space for a violin)."""
    state = bench(impl, "finishing", 1, mat=(0, 1, 0), finish=["Violin"]).resolving(ME).build()
    play(state, "go@finish", "finish0")
    assert legal_texts(state) == ["seat:violin-i", "seat:violin-ii"]
    play(state, "seat:violin-ii")
    d = state.to_dict()
    pl = d["players"][ME]
    assert pl["pp"] == 2 and pl["mat"] == [0, 0, 0] and pl["finish"] == [-1, -1]
    assert d["tokens"][space("Violin II")][ME][T.K_INSTR] == 1


@both
def test_reputation_f_adds_two_pp_to_every_instrument(impl):
    """4.8.3 f [seed]: +2 PP each time the seat finishes an instrument."""
    state = (
        bench(impl, "finishing", 1, mat=(0, 0, 1), finish=["Flute"], rep=5).resolving(ME).build()
    )
    play(state, "go@finish", "finish0")
    assert state.to_dict()["players"][ME]["pp"] == 3 + 2


@both
def test_finishing_4_plus_saves_a_material_and_6_plus_doubles_the_chair_bonus(impl):
    """4.5.2: 4+ one material less once per action; 6+ doubles the bonus for placing
    the instrument token (8.14), once per action."""
    pos = bench(impl, "finishing", 5, appr=1, mat=(0, 0, 0), finish=["Flute"])  # skill 6
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0")
    pl = state.to_dict()["players"][ME]
    assert pl["insp"] == 4  # Flute chair: 2 inspiration, doubled
    assert state.to_dict()["chair_owner"][space("Flute")] == ME


@both
def test_finish_times_two_second_uses_the_first_ones_gain(impl):
    """4.5.2 / craft step 4: one action finishes two instruments in turn; what the first
    yields may pay for the second."""
    pos = bench(impl, "finishing", 1, craft=4, mat=(0, 0, 1), finish=["Flute", "Natural trumpet"])
    state = pos.resolving(ME).build()  # craft 4: skill 1 + 1 (craft 2) = 2
    play(state, "go@finish", "finish0")
    # Flute: metal paid; its chair gives 2 inspiration, no metal: the trumpet (metal +
    # animal) cannot follow
    assert state.to_dict()["players"][ME]["mat"] == [0, 0, 0]
    pos = bench(impl, "finishing", 1, craft=4, mat=(1, 0, 2), finish=["Flute", "Natural trumpet"])
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0")
    assert "finish1" in legal_texts(state)
    play(state, "finish1")
    pl = state.to_dict()["players"][ME]
    assert pl["finish"] == [-1, -1] and pl["pp"] == 3 + 4


@both
@pytest.mark.parametrize("choice, insp, coins", [("double:now", 4, 1), ("double:later", 2, 2)])
def test_the_seat_chooses_which_instrument_6_plus_doubles(impl, choice, insp, coins):
    """4.5.2 [seed]: with finish x2, 4+ and 6+ still apply once an action, but the seat
    chooses the instrument each applies to. Skill 7: the Flute's chair (2 inspiration)
    or the trumpet's (1 coin, 1 metal) is doubled, as the seat says."""
    pos = bench(
        impl, "finishing", 5, appr=1, craft=4, mat=(1, 0, 2), finish=["Flute", "Natural trumpet"]
    )
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0", "paycost")
    assert legal_texts(state) == ["double:now", "double:later"]
    play(state, choice, "finish1", "paycost")
    pl = state.to_dict()["players"][ME]
    assert pl["finish"] == [-1, -1] and pl["insp"] == insp and pl["coins"] == coins


@both
def test_a_finished_instrument_fulfils_a_patron_and_completes_it(impl):
    """4.5.2 / 4.6.3 / 4.6.5 [seed-ex]: Chopin already has a contrabass; a Percussion
    & Keyboard instrument meets his sub-requirement: +5 PP, reputation +1, tucked
    cards discarded, the space freed, the lifetime ability active."""
    pos = bench(impl, "finishing", 1, mat=(1, 1, 0), finish=["Harpsichord"])
    pos.patron("Frederic Chopin", ME, 1, patience=1, tucked=[T.G_INSTR + kind("Contrabass")])
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0")
    assert legal_texts(state) == ["tuck1", "notuck"]
    play(state, "tuck1")
    d = state.to_dict()
    pl = d["players"][ME]
    assert pl["patron"][1] == -1 and patron_id("Frederic Chopin") in pl["done"]
    assert pl["pp"] == 5 + 5 and pl["track"][T.T_REP] == 1
    assert d["instr_discard"][kind("Contrabass")] >= 1


@both
def test_completion_moves_reputation_before_it_frees_the_space(impl):
    """4.6.5 [seed]: completion PP, then reputation +1, and only then are the tucked
    cards discarded and the space freed. Reputation h (an award claim) comes while all
    three spaces are full, so the royal marker finds no free space for a royal patron."""
    pos = bench(impl, "finishing", 1, mat=(1, 1, 0), finish=["Harpsichord"], rep=6)
    pos.seat(ME, marker=[0, 0, 0])
    pos.patron("Frederic Chopin", ME, 1, patience=1, tucked=[T.G_INSTR + kind("Contrabass")])
    pos.patron("Arcangelo Corelli", ME, 0).patron("Giuseppe Tartini", ME, 2)
    pos.award(0, "A11").tokens("Flute", ME, T.K_INSTR, 2)
    pos.d["claims"] = [[-1] * 3 for _ in range(4)]
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0", "tuck1")
    pl = state.to_dict()["players"][ME]
    assert top_task(state)[0] == C.D_CLAIM and pl["track"][T.T_REP] == 7
    assert (
        pl["patron"][1] == patron_id("Frederic Chopin")
        and patron_id("Frederic Chopin") not in pl["done"]
    )
    play(state, "claim0L:royal")
    pl = state.to_dict()["players"][ME]
    assert legal_texts(state) == ["market", "pass"]  # no royal patron to choose
    assert pl["patron"][1] == -1 and patron_id("Frederic Chopin") in pl["done"]


@both
def test_the_main_requirement_takes_only_an_instrument(impl):
    """4.6.2 [seed]: the main requirement is met only by building an instrument of the
    patron's type; performances and repairs fit sub-requirements only, a performance
    of the patron's own era, a repair of the sought type."""
    pos = Position(impl).clear_patrons(ME).chips((ME, 1, 0, "repair"))
    pos.seat(ME, mat=[2, 2, 2], insp=0, track=[0, 0, 0])
    pos.patron("Arcangelo Corelli", ME, 0)  # performer: main (string) only
    pos.patron("Georg Friedrich Handel", ME, 1)  # composer: sub keyboard, Baroque
    pos.display(T.REPAIR, 0, repair_card("Harpsichord quills"))  # a keyboard repair
    pos.d["order"] = [0, 1, 2, -1]
    state = pos.resolving(ME).build()
    play(state, "go@repair", "take0")
    while top_task(state)[0] != C.D_TUCK:
        play(state, legal_texts(state)[0])
    assert legal_texts(state) == ["tuck1", "notuck"]


@both
def test_patience_resets_when_a_requirement_is_met(impl):
    pos = bench(impl, "finishing", 1, mat=(0, 1, 0), finish=["Violin"])
    pos.patron("Prince Nikolaus Esterhazy", ME, 0, patience=2)  # string main + 2 subs
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0", "seat:violin-i", "tuck0")
    pl = state.to_dict()["players"][ME]
    assert pl["patience"][0] == 0 and pl["patron"][0] == patron_id("Prince Nikolaus Esterhazy")


# ---- First Chairs (4.7) -------------------------------------------------------------------


def repair_at(impl, card_name, row_tokens, mat=(2, 2, 2)):
    pos = Position(impl).clear_patrons(ME).chips((ME, 1, 0, "repair"))
    pos.seat(ME, mat=list(mat), insp=0, coins=0, track=[0, 0, 0])
    for args in row_tokens:
        pos.tokens(*args)
    pos.display(T.REPAIR, 0, repair_card(card_name))
    pos.d["order"] = [0, 1, 2, -1]
    return pos


@both
def test_an_empty_chair_is_taken_with_its_bonus(impl):
    state = repair_at(impl, "Oboe reeds", []).resolving(ME).build()
    play(state, "go@repair", "take0", "seat:clarinet")
    d = state.to_dict()
    assert (
        d["chair_owner"][space("Clarinet")] == ME
        and d["chair_kind"][space("Clarinet")] == T.K_REPAIR
    )
    assert d["players"][ME]["coins"] == 2 and d["players"][ME]["mat"][1] == 2 - 1 + 1


@both
def test_more_tokens_take_a_chair_from_a_performance_or_repair_token(impl):
    """4.7 [seed-ex]: Red already has a performance token in the Clarinet space, Yellow
    holds the chair with one token: Red's repair token makes 2 against 1 and takes
    the chair and its bonus, Yellow's token going below the line."""
    tokens = [("Clarinet", ME, T.K_PERF, 1), ("Clarinet", OTHER, T.K_PERF, 1, True)]
    state = repair_at(impl, "Oboe reeds", tokens).resolving(ME).build()
    play(state, "go@repair", "take0", "seat:clarinet")
    d = state.to_dict()
    assert d["chair_owner"][space("Clarinet")] == ME and d["players"][ME]["coins"] == 2
    assert d["tokens"][space("Clarinet")][OTHER][T.K_PERF] == 1


@both
def test_equal_tokens_go_below_the_line(impl):
    """4.7: not strictly more (the dummy counts as a player): below the line, for 2
    coins or 1 inspiration."""
    tokens = [("Clarinet", OTHER, T.K_PERF, 2, True)]
    state = (
        repair_at(impl, "Oboe reeds", tokens + [("Clarinet", ME, T.K_REPAIR, 1)])
        .resolving(ME)
        .build()
    )
    play(state, "go@repair", "take0", "seat:clarinet")
    assert legal_texts(state) == ["below:coins", "below:insp"]
    play(state, "below:insp")
    d = state.to_dict()
    assert d["chair_owner"][space("Clarinet")] == OTHER and d["players"][ME]["insp"] == 1


@both
def test_your_own_chair_is_not_taken_again(impl):
    tokens = [("Clarinet", ME, T.K_PERF, 1, True)]
    state = repair_at(impl, "Oboe reeds", tokens).resolving(ME).build()
    play(state, "go@repair", "take0", "seat:clarinet")
    assert legal_texts(state) == ["below:coins", "below:insp"]


@both
def test_an_instrument_chair_is_never_displaced(impl):
    """4.7: a chair held by an instrument token sends any new token below the line."""
    tokens = [("Clarinet", OTHER, T.K_INSTR, 1, True), ("Clarinet", ME, T.K_PERF, 3)]
    state = repair_at(impl, "Oboe reeds", tokens).resolving(ME).build()
    play(state, "go@repair", "take0", "seat:clarinet", "below:coins")
    d = state.to_dict()
    assert d["chair_owner"][space("Clarinet")] == OTHER and d["players"][ME]["coins"] == 2


@both
def test_an_instrument_displaces_a_performance_or_repair_chair_even_its_owners(impl):
    """4.7 [seed]: an instrument token takes a chair held by a performance or repair
    token, the seat's own included; the old token goes below the line."""
    pos = bench(impl, "finishing", 1, mat=(1, 1, 0), finish=["Viola"])
    pos.tokens("Viola", ME, T.K_PERF, 1, chair=True)
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0")
    d = state.to_dict()
    assert d["chair_kind"][space("Viola")] == T.K_INSTR and d["players"][ME]["coins"] == 4


@both
def test_rare_instruments_always_take_a_chair(impl):
    """4.7 rule 5 [seed-ex]: a rare instrument always takes a chair on its rare space
    (unlimited chairs, nobody displaced) with its bonus."""
    pos = bench(impl, "finishing", 1, mat=(1, 1, 1), finish=["Harp"])
    pos.tokens("Rare strings", OTHER, T.K_INSTR, 1)
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0")
    assert legal_texts(state) == ["gain:animal", "gain:wood", "gain:metal"]  # 1 material of choice
    play(state, "gain:wood")
    d = state.to_dict()
    rare = space("Rare strings")
    assert d["tokens"][rare][ME][T.K_INSTR] == 1 and d["tokens"][rare][OTHER][T.K_INSTR] == 1
    pl = d["players"][ME]
    assert (pl["insp"], pl["coins"], pl["mat"][1]) == (1, 1, 1)


@both
def test_the_rare_keyboard_chair_draws_an_instrument(impl):
    pos = bench(impl, "finishing", 1, mat=(0, 1, 1), finish=["Celesta"]).empty_hands()
    state = pos.resolving(ME).build()
    play(state, "go@finish", "finish0")
    assert state.is_chance_node()
    play(state, state.action_to_str(state.legal_actions()[0]))
    assert state.to_dict()["players"][ME]["hand_n"] == 1
