"""Luthier's resolution phase (spec 4.3) and its main-board locations (4.4), on both
implementations, from concrete positions."""

from __future__ import annotations

import pytest

from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from luthier_positions import (
    TB,
    Position,
    both,
    kind,
    legal_texts,
    patron_id,
    perf_card,
    play,
    repair_card,
    top_task,
)
from luthier_scoring_model import ORCHESTRA, SPACE_ERAS

BLUE, RED, YELLOW = 0, 1, 2

# The Wind instruments: Flute, Clarinet, Natural trumpet [seed-ex], the rest
# data/instruments.json [assumed]. Orchestra spaces: luthier_scoring_model.ORCHESTRA.
WIND_INSTRUMENTS = {
    "Flute",
    "Oboe",
    "Clarinet",
    "Natural trumpet",
    "Bassoon",
    "French horn",
    "Serpent",
}


def seat_space(state, text):
    """The orchestra space an action "seat:<space>" names."""
    return TB.space_name[state.str_to_action(text) - state.str_to_action("seat:violin-i")]


def at(impl, *chips, activator=BLUE, **seats):
    """Seat `activator` to choose a location, with these chips placed (owner, number,
    apprentices, location) and seats' fields set ({seat: {field: value}})."""
    pos = Position(impl).chips(*chips)
    pos.d["order"] = [BLUE, RED, YELLOW, -1]
    for p, values in seats.items():
        pos.seat(int(p[1:]), **values)
    return pos.resolving(activator)


@both
def test_priority_by_skill_then_placement(impl):
    """4.3 [seed-ex]: Blue #1 + 2 apprentices (placed first), Red #5, Yellow #3: Red
    acts first (5), then Blue (3, placed before Yellow), then Yellow, whoever
    activated the location."""
    state = at(impl, (BLUE, 1, 2, "guild"), (RED, 5, 0, "guild"), (YELLOW, 3, 0, "guild")).build()
    play(state, "go@guild")
    # the other seats' chips are turned up: a chance node, as their numbers were hidden
    assert state.is_chance_node() and legal_texts(state) == ["reveal"]
    play(state, "reveal")
    movers = []
    while len(movers) < 3:
        if top_task(state)[0] == C.D_CHIP:
            movers.append(state.current_player())
            play(state, "alt")  # 1 metal each
        else:
            play(state, legal_texts(state)[0])  # Red's skill bonus
    assert movers == [RED, BLUE, YELLOW]
    d = state.to_dict()
    assert [e[C.P_SKILL] for e in d["placed"][:3]] == [3, 5, 3]
    assert all(d["players"][p]["mat"][2] >= 1 for p in (BLUE, RED, YELLOW))


@both
def test_several_chips_of_one_seat_act_separately(impl):
    state = at(impl, (BLUE, 1, 0, "guild"), (BLUE, 3, 0, "guild")).build()
    metal = state.to_dict()["players"][BLUE]["mat"][2]
    play(state, "go@guild", "alt", "alt")  # only Blue's chips: nothing to turn up
    assert state.to_dict()["players"][BLUE]["mat"][2] == metal + 2


@both
def test_a_bench_activates_only_the_seats_own_chips(impl):
    """4.3 (a): activating your roughing or finishing location never activates
    another seat's bench."""
    pos = at(impl, (BLUE, 3, 0, "roughing"), (RED, 5, 0, "roughing")).clear_benches(BLUE)
    state = pos.build()
    coins = state.to_dict()["players"][BLUE]["coins"]
    play(state, "go@rough")  # nothing to rough: the fallback is the only action, taken at once
    d = state.to_dict()
    assert d["placed"][1][C.P_STATUS] == C.S_DOWN and d["players"][BLUE]["coins"] == coins + 2


@both
def test_no_pass_while_chips_remain_and_one_market_visit(impl):
    """4.3 (b)(c), 8.4: the market once a round, no worker needed, ends the turn;
    passing only with no unresolved chips; passed seats are skipped; the phase ends
    when everyone has passed."""
    state = at(impl, (BLUE, 1, 0, "guild")).build()
    assert legal_texts(state) == ["go@guild", "market"]
    play(state, "market", "leave")
    assert state.current_player() == RED
    assert legal_texts(state) == ["market", "pass"]
    play(state, "pass")
    assert state.current_player() == YELLOW
    play(state, "pass")
    # Blue has visited the market and cannot pass: activating the Guild is its only
    # choice, so it is taken at once and Blue's chip is to act
    assert state.current_player() == BLUE and top_task(state)[0] == C.D_CHIP
    play(state, "alt")
    # Blue can only pass now, which is taken at once; everyone passed: round end
    assert state.to_dict()["phase"] == C.PH_ROUND_END


@both
@pytest.mark.parametrize("variant, bonus", [("standard", False), ("bonus-after-fallback", True)])
def test_the_fallback_and_its_bonus(impl, variant, bonus):
    """4.3 [seed]: any chip may take 2 coins instead; 8.5: the skill bonus does not
    follow it in the standard game, and does in the bonus-after-fallback variant."""
    pos = Position(impl, variant=variant).chips((BLUE, 5, 0, "repair")).seat(BLUE, track=[0, 0, 0])
    state = pos.resolving(BLUE).build()
    coins = state.to_dict()["players"][BLUE]["coins"]
    play(state, "go@repair", "coins2")
    pl = state.to_dict()["players"][BLUE]
    assert pl["coins"] == coins + 2
    assert pl["track"][T.T_CRAFT] == (1 if bonus else 0)


@both
def test_tier_access_costs_and_reputation(impl):
    """4.4.0 [seed]: tier I is free; tier II costs 4 and tier III 8 in any mix of coins
    and inspiration, unless the reputation marker has reached d / g."""
    slots = TB.slots_used(T.GUILD, 3)
    tier2 = next(s for s in slots if TB.slot_tier[s] == 2)
    tier3 = next(s for s in slots if TB.slot_tier[s] == 3)
    pos = Position(impl).chips((BLUE, 3, 0, "guild")).seat(BLUE, coins=3, insp=2, track=[0, 0, 0])
    pos.display(T.GUILD, tier2, kind("Viola")).display(T.GUILD, tier3, kind("Organ"))
    state = pos.resolving(BLUE).build()
    play(state, "go@guild")
    texts = legal_texts(state)
    assert f"take{tier2}" in texts and f"take{tier3}" not in texts  # 5 in all: 4 yes, 8 no
    play(state, f"take{tier2}")
    assert legal_texts(state) == ["pay:1i", "pay:2i"]  # at least 1 inspiration
    play(state, "pay:2i")
    pl = state.to_dict()["players"][BLUE]
    assert (pl["coins"], pl["insp"], pl["hand"][kind("Viola")]) == (1, 0, 1)
    free = Position(impl).chips((BLUE, 3, 0, "guild")).seat(BLUE, coins=0, insp=0, track=[0, 0, 6])
    free.display(T.GUILD, tier3, kind("Organ"))
    state = free.resolving(BLUE).build()
    play(state, "go@guild", f"take{tier3}")
    assert state.to_dict()["players"][BLUE]["hand"][kind("Organ")] == 1


@both
def test_search_costs_ten_and_the_apprentices(impl):
    """4.4.0 [seed]: with an apprentice on the chip, pay 10 (coins and/or inspiration)
    and take the first card from the deck matching a named attribute; the chip's
    apprentices then leave the game."""
    pos = (
        Position(impl)
        .chips((BLUE, 1, 2, "guild"))
        .seat(BLUE, coins=12, insp=0, appr=0, appr_gone=0)
    )
    state = pos.resolving(BLUE).build()
    play(state, "go@guild")
    assert "search:wind" in legal_texts(state)
    play(state, "search:wind")
    assert state.is_chance_node()
    found = [a - state.str_to_action("draw:violin") for a in state.legal_actions()]
    assert found and {TB.kind_name[k] for k in found} <= WIND_INSTRUMENTS
    play(state, state.action_to_str(state.legal_actions()[0]))
    pl = state.to_dict()["players"][BLUE]
    assert pl["coins"] == 2 and pl["appr_gone"] == 2 and pl["appr"] == 0
    no_apprentice = (
        Position(impl).chips((BLUE, 1, 0, "guild")).seat(BLUE, coins=20).resolving(BLUE).build()
    )
    play(no_apprentice, "go@guild")
    assert not any(t.startswith("search") for t in legal_texts(no_apprentice))


@both
def test_salon_main_alternative_and_bonus(impl):
    """4.4.1 [seed]: take a patron onto a free workbench space with that space's bonus;
    not without a free space; alternative 2 inspiration and an apprentice; 4+:
    a patience cube one left (not past the start) and any one gift of that patron."""
    pos = Position(impl).clear_patrons(BLUE).chips((BLUE, 5, 0, "salon"))
    pos.seat(BLUE, coins=0, insp=0, appr=0, appr_gone=0, mat=[0, 0, 0], track=[0, 0, 0])
    pos.display(T.SALON, 0, patron_id("Johann Sebastian Bach"))
    state = pos.resolving(BLUE).build()
    play(state, "go@salon", "take0", "space0")
    pl = state.to_dict()["players"][BLUE]
    assert pl["patron"][0] == patron_id("Johann Sebastian Bach") and pl["coins"] == 4
    # the 4+ bonus on the patron just placed: its gifts are an apprentice or a wood
    assert legal_texts(state) == ["gift0.0", "gift0.1"]
    play(state, "gift0.1")
    pl = state.to_dict()["players"][BLUE]
    assert pl["mat"][1] == 1 and pl["patience"][0] == 0
    full = Position(impl).chips((BLUE, 1, 0, "salon")).seat(BLUE, insp=0, appr=0, appr_gone=0)
    for j, name in enumerate(("Arcangelo Corelli", "Giuseppe Tartini", "Anton Stadler")):
        full.patron(name, BLUE, j, patience=1)
    state = full.resolving(BLUE).build()
    play(state, "go@salon")
    assert not any(t.startswith("take") for t in legal_texts(state))
    play(state, "alt")
    pl = state.to_dict()["players"][BLUE]
    assert pl["insp"] == 2 and pl["appr"] == 1 and pl["patience"] == [1, 1, 1]  # skill 1: no bonus


@both
def test_guild_main_alternative_and_bonus(impl):
    """4.4.2 [seed]: take an instrument into hand; alternative 1 metal; 4+: a material
    of choice, and an instrument from hand (the new one too) may go on the roughing
    bench at once."""
    pos = Position(impl).empty_hands().clear_benches(BLUE).chips((BLUE, 5, 0, "guild"))
    pos.seat(BLUE, mat=[0, 0, 0]).display(T.GUILD, 0, kind("Cello"))
    state = pos.resolving(BLUE).build()
    play(state, "go@guild", "take0", "gain:wood")
    assert legal_texts(state) == ["load:cello", "noload"]
    play(state, "load:cello")
    pl = state.to_dict()["players"][BLUE]
    assert pl["rough"][0] == kind("Cello") and pl["hand_n"] == 0 and pl["mat"] == [0, 1, 0]


@both
def test_performance(impl):
    """4.4.3 [seed-ex]: the P1 example: a black and a white die (performance track 2),
    5 notes + skill 3 = 8; one inspiration reaches the high level 9: 2 coins and 1 PP;
    a performance token goes in the Baroque column; the card may fulfil a Baroque
    sub-requirement."""
    p1 = perf_card("Baroque chamber music")
    pos = Position(impl).clear_patrons(BLUE).chips((BLUE, 3, 0, "performance"))
    pos.seat(BLUE, coins=0, insp=1, pp=0, track=[2, 0, 0], marker=[0, 0, 0])
    pos.patron("Johann Sebastian Bach", BLUE, 0, patience=1)  # sub: a Baroque performance
    pos.display(T.PERFORM, 0, p1)
    state = pos.resolving(BLUE).build()
    play(state, "go@perform", "take0")
    assert state.to_dict()["die_black"] == [1, 0]
    play(state, "notes4", "notes1")  # black 4, white 1
    assert legal_texts(state) == ["reroll0", "reroll1", "keepdice"]  # track step 1: one reroll
    play(state, "keepdice")
    assert legal_texts(state) == ["inspire0", "inspire1"]  # 8 -> 9 reaches the high level
    play(state, "inspire1")
    pl = state.to_dict()["players"][BLUE]
    assert (pl["coins"], pl["pp"], pl["insp"]) == (2, 1, 0)
    texts = legal_texts(state)
    assert all(t.startswith("seat:") for t in texts)
    baroque = {space for space, eras in SPACE_ERAS.items() if "B" in eras}  # two-era spaces too
    assert {seat_space(state, t) for t in texts} == baroque
    play(state, "seat:flute")
    assert legal_texts(state) == ["tuck0", "notuck"]
    play(state, "tuck0")
    pl = state.to_dict()["players"][BLUE]
    assert pl["tucked"][0][0] == T.G_PERF + p1 and pl["patience"][0] == 0


@both
def test_a_low_performance_places_no_token(impl):
    pos = (
        Position(impl)
        .chips((BLUE, 1, 0, "performance"))
        .seat(BLUE, coins=0, insp=0, track=[0, 0, 0])
    )
    pos.display(T.PERFORM, 0, perf_card("Romantic concerto"))  # low level needs 8
    state = pos.resolving(BLUE).build()
    play(state, "go@perform", "take0", "notes0", "notes0")
    d = state.to_dict()
    assert (
        d["players"][BLUE]["coins"] == 0 and d["perf_discard"][perf_card("Romantic concerto")] == 1
    )
    assert sum(d["tokens"][s][BLUE][T.K_PERF] for s in range(TB.n_spaces)) == 0


@both
def test_rerolls_and_the_skill_bonus_track_advance(impl):
    """4.4.3: a second reroll from performance step 4 (the same die again allowed);
    the 4+ bonus advances the track after the action."""
    pos = Position(impl).chips((BLUE, 5, 0, "performance")).seat(BLUE, insp=0, track=[4, 0, 0])
    pos.display(T.PERFORM, 0, perf_card("Classical etude"))
    state = pos.resolving(BLUE).build()
    play(state, "go@perform", "take0", "notes1", "notes0", "reroll1", "notes0", "reroll1", "notes3")
    assert state.to_dict()["dice"][:2] == [1, 3]
    assert state.to_dict()["players"][BLUE]["track"][T.T_PERF] == 4
    while state.to_dict()["held"] >= 0:
        play(state, legal_texts(state)[0])
    assert state.to_dict()["players"][BLUE]["track"][T.T_PERF] == 5


@both
def test_repair_with_inspiration_for_materials(impl):
    """4.4.4 [seed]: a repair card only if its materials can be paid, 2 inspiration
    replacing 1 material; its PP; a repair token in the row of its type."""
    card = repair_card("Contrabass restoration")  # animal, wood, metal: 4 PP
    pos = Position(impl).clear_patrons(BLUE).chips((BLUE, 3, 0, "repair"))
    pos.seat(BLUE, mat=[1, 1, 0], insp=1, pp=0, coins=0).display(T.REPAIR, 0, card)
    state = pos.resolving(BLUE).build()
    play(state, "go@repair")
    assert "take0" not in legal_texts(state)  # metal missing, 1 inspiration
    pos.seat(BLUE, insp=2)
    state = pos.resolving(BLUE).build()
    play(state, "go@repair", "take0")
    # the only way to pay is 2 inspiration for the metal: taken at once
    pl = state.to_dict()["players"][BLUE]
    assert pl["pp"] == 4 and pl["mat"] == [0, 0, 0] and pl["insp"] == 0
    texts = legal_texts(state)
    assert {seat_space(state, t) for t in texts} == {
        space for space in ORCHESTRA["string"] if SPACE_ERAS[space]
    }


@both
def test_balcony_awards_coins_apprentices_and_reputation(impl):
    """4.4.5 [seed]: main: claim an award level; alternatives 6 coins or up to 2
    apprentices; 4+: reputation +1."""
    pos = Position(impl).chips((BLUE, 5, 0, "balcony"), (RED, 1, 0, "balcony"))
    pos.seat(BLUE, coins=0, track=[0, 0, 0]).seat(RED, appr=1, appr_gone=0)
    state = pos.resolving(BLUE).build()
    play(state, "go@balcony", "reveal")
    assert "award" not in legal_texts(state)  # nothing qualifies yet
    play(state, "alt")
    pl = state.to_dict()["players"][BLUE]
    assert pl["coins"] == 6 and pl["track"][T.T_REP] == 1 and pl["appr"] >= 1  # b: an apprentice
    play(state, "alt2")
    assert state.to_dict()["players"][RED]["appr"] == 3


@both
def test_balcony_turn_order(impl):
    """4.4.5 / 4.11 [seed-ex]: Blue #1 + 2 apprentices, Red #5, Yellow #3 on the
    Balcony, Grey not: next round's order is Red, Blue, Yellow, Grey; Balcony chips
    stay until the end of the round."""
    pos = Position(impl, players=4).chips(
        (0, 1, 2, "balcony"), (1, 5, 0, "balcony"), (2, 3, 0, "balcony")
    )
    pos.d["order"] = [3, 2, 1, 0]
    for p in range(4):
        pos.seat(p, track=[0, 0, 0])
    state = pos.resolving(0).build()
    play(state, "go@balcony", "reveal", "alt", "alt", "alt")
    d = state.to_dict()
    assert d["balcony"][:3] == [1, 0, 2]
    assert all(d["placed"][i][C.P_STATUS] == C.S_KEPT for i in range(3))
    while d["phase"] == C.PH_RESOLUTION:
        play(state, "pass" if "pass" in legal_texts(state) else legal_texts(state)[0])
        d = state.to_dict()
    assert d["order"] == [1, 0, 2, 3]


@both
def test_apprentices_capped_at_three(impl):
    """4.0 / 8.17: a seat owns at most 3 apprentices, counting those on its chips; it
    gains them only from its own chips in the market."""
    pos = (
        Position(impl)
        .chips((BLUE, 1, 2, "salon"), (BLUE, 3, 0, "balcony"))
        .seat(BLUE, appr=1, appr_gone=0)
    )
    state = pos.resolving(BLUE).build()
    play(state, "go@balcony", "alt2")
    assert state.to_dict()["players"][BLUE]["appr"] == 1  # 1 + 2 on the Salon chip = 3
