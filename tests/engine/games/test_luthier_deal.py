"""Luthier's setup counted from concrete games as the seed counts it (seed 「ゲームの
セットアップ」, 「プレイヤーのセットアップ」; spec 3), for 2, 3 and 4 players, on both
implementations. Every expected number is written below from the seed or the spec;
where the seed has no number (how many cards a deck holds, display slots, family
tiles) the data's placeholder is written with its file, never read from the tables.
"""

from __future__ import annotations

import pytest

from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from luthier_positions import TB, Position, both, dealt, legal_texts, play

PLAYER_COUNTS = [2, 3, 4]

# Components in the box before the deal: 15 award tiles A1-A15 and 18 goals G1-G18
# (seed's lists); instruments: non-rare x2, Violin x4, rare x1 (seed) over the
# 13 ordinary kinds, Violin and 4 rare kinds of data/instruments.json [assumed];
# 18 patrons in each of decks A and B, 8 royal patrons, 8 family tiles, 4 orchestra
# setup cards (data [assumed]).
AWARD_TILES, GOAL_CARDS, FAMILY_TILES, ROYALS, ORCHESTRA_CARDS = 15, 18, 8, 8, 4
INSTRUMENT_CARDS = 13 * 2 + 4 + 4 * 1
PATRONS_A = PATRONS_B = 18

# Face-up cards per location (salon, guild, performance, repair): data/rules.json's
# [assumed] slots (tier I: one slot, one more "4 players"; tier II: one, one more
# "3-4 players"; tier III: one); with 2 players the cover-up tiles hide one slot of
# Performance and of Repair (spec 8.2).
DISPLAYED = {2: [3, 3, 2, 2], 3: [4, 4, 4, 4], 4: [5, 5, 5, 5]}

# Patron space bonuses (seed): 4 coins, 1 material, 1 apprentice.
SPACE_BONUS = [{"coins": 4}, {"material": 1}, {"appr": 1}]

# Family tiles' back (data/families.json [assumed]): turn-order number, starting
# resources, one-time starting ability.
FAMILY = {
    "Amati": (1, {"coins": 3}, "performance_track"),
    "Guarneri": (2, {"coins": 4}, "craft_track"),
    "Stainer": (3, {"coins": 3, "insp": 1}, "reputation_track"),
    "Ruggieri": (4, {"coins": 4, "wood": 1}, "draw_instrument"),
    "Stradivari": (5, {"coins": 5, "animal": 1}, "apprentice"),
    "Klotz": (6, {"coins": 5, "wood": 1, "insp": 1}, "performance_track"),
    "Vuillaume": (7, {"coins": 6, "animal": 1, "wood": 1}, "craft_track"),
    "Steinway": (8, {"coins": 6, "wood": 1, "metal": 1}, "none"),
}
# What an ability leaves: tracks (performance, craft, reputation) one step on, and
# apprentices and instruments in hand gained. Reputation b gives an apprentice (4.8.3).
ABILITY_GIVES = {
    "performance_track": ([1, 0, 0], 0, 0),
    "craft_track": ([0, 1, 0], 0, 0),
    "reputation_track": ([0, 0, 1], 1, 0),
    "draw_instrument": ([0, 0, 0], 0, 1),
    "apprentice": ([0, 0, 0], 1, 0),
    "none": ([0, 0, 0], 0, 0),
}


def face_up(d, loc):
    return sum(1 for card in d["display"][loc] if card >= 0)


@both
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_deal_counted(impl, players):
    """Seed setup 2, 4, 7 and player setup 4: 4 award tiles with 4 players, 3 with
    2-3; every display slot of the player count filled; royal and specialist decks
    cut to players + 1; each player dealt 2 instruments, 2 patrons (from deck A, on
    top of the pile), 2 family tiles and 4 goals; with 2 players one orchestra setup
    card, whose dummy instrument token takes one instrument card out."""
    state = dealt(impl, players, seed=players)
    assert state.current_player() == 0 and legal_texts(state) == ["family0", "family1"]
    d = state.to_dict()
    awards = 4 if players == 4 else 3
    assert sum(1 for a in d["awards"] if a >= 0) == awards
    assert sum(d["award_box"]) == AWARD_TILES - awards
    assert [face_up(d, loc) for loc in range(T.CARD_LOCATIONS)] == DISPLAYED[players]
    assert d["royal_cut_n"] == players + 1 and sum(d["royal_box"]) == ROYALS - (players + 1)
    assert d["spec_cut_n"] == [players + 1] * 3
    assert TB.market_name[d["market"]] == "M1"
    two = players == 2
    assert sum(d["orch_box"]) == ORCHESTRA_CARDS - two and sum(d["instr_removed"]) == two
    seats = d["players"][:players]
    assert all(sum(1 for c in pl["deal_instr"] if c >= 0) == 2 for pl in seats)
    assert all(sum(1 for c in pl["deal_patron"] if c >= 0) == 2 for pl in seats)
    assert all(sum(1 for c in pl["family"] if c >= 0) == 2 for pl in seats)
    assert all(sum(1 for c in pl["goals"] if c >= 0) == 4 for pl in seats)
    # ... and counted from the decks and the box
    assert sum(d["goal_box"]) == GOAL_CARDS - 4 * players
    assert sum(d["family_box"]) == FAMILY_TILES - 2 * players
    salon, guild = DISPLAYED[players][T.SALON], DISPLAYED[players][T.GUILD]
    assert d["patron_deck_a"] == PATRONS_A - salon - 2 * players and d["patron_deck_b"] == PATRONS_B
    assert d["instr_deck_n"] == INSTRUMENT_CARDS - guild - 2 * players - two


def choose_setup(state, players):
    """Every seat keeps family tile 0, goals 0 and 1, its first instrument and its
    first patron, on space p % 3 (a material bonus taken as wood); stops at the
    reveal."""
    for p in range(players):
        play(state, "family0", "goals01")
        play(state, legal_texts(state)[0], f"patron0>space{p % 3}")
        if not state.is_chance_node() and "gain:wood" in legal_texts(state):
            play(state, "gain:wood")
    assert state.is_chance_node() and legal_texts(state) == ["reveal"]
    return state


def resources(pl):
    return {
        "coins": pl["coins"],
        "insp": pl["insp"],
        "appr": pl["appr"],
        "pp": pl["pp"],
        "animal": pl["mat"][0],
        "wood": pl["mat"][1],
        "metal": pl["mat"][2],
    }


def plus(base, *gains):
    out = dict(base)
    for gain in gains:
        for key, amount in gain.items():
            out["wood" if key == "material" else key] += amount
    return out


NOTHING = {"coins": 0, "insp": 0, "appr": 0, "pp": 0, "animal": 0, "wood": 0, "metal": 0}


@both
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_setup_choices_counted(impl, players):
    """Player setup 2 and 5: everyone starts with no PP, resources or apprentices,
    tracks at the start; keeping one of each: 1 instrument in hand and the other
    under the deck, 1 patron on a workbench space with its bonus and the other
    discarded, 2 goals kept."""
    d = choose_setup(dealt(impl, players, seed=10 + players), players).to_dict()
    assert d["bottom_n"] == players and sum(d["patron_discard"]) == players
    for p in range(players):
        pl = d["players"][p]
        assert resources(pl) == plus(NOTHING, SPACE_BONUS[p % 3]), p
        assert pl["track"] == [0, 0, 0] and pl["hand_n"] == 1
        assert sum(1 for c in pl["patron"] if c >= 0) == 1 and pl["patron"][p % 3] >= 0
        assert pl["goal_mask"] == 0b0011 and pl["family_pick"] == 0


@both
@pytest.mark.parametrize("players, seed", [(2, 42), (3, 41), (3, 23), (4, 26)])
def test_the_family_tiles_give_resources_and_the_turn_order(impl, players, seed):
    """Player setup 5-6: the kept tile's starting resources and one-time ability; the
    lowest turn-order number starts. The patrons are taken off first, so that round 1's gifts do not
    add to what the tiles gave. Between them these games keep all eight tiles."""
    state = choose_setup(dealt(impl, players, seed=seed), players)
    pos = Position(impl, d=state.to_dict())
    before = [resources(pl) for pl in pos.d["players"][:players]]
    tiles = [TB.family_name[pl["family"][pl["family_pick"]]] for pl in pos.d["players"][:players]]
    for p in range(players):
        pos.clear_patrons(p)
    state = play(pos.build(), "reveal")
    while state.is_chance_node():  # a tile's ability may draw an instrument
        play(state, legal_texts(state)[0])
    d = state.to_dict()
    for p, name in enumerate(tiles):
        _, gives, ability = FAMILY[name]
        tracks, apprentices, drawn = ABILITY_GIVES[ability]
        pl = d["players"][p]
        assert resources(pl) == plus(before[p], gives, {"appr": apprentices}), name
        assert pl["track"] == tracks and pl["hand_n"] == 1 + drawn, name
    assert d["order"][:players] == sorted(range(players), key=lambda p: FAMILY[tiles[p]][0])
    assert d["round"] == 1 and d["phase"] in (C.PH_ROUND_START, C.PH_PLANNING)
