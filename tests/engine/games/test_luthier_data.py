"""Luthier's component data against the counts and facts the rules give (spec section
2 and 7.1), the C tables and constants against the Python ones, and the data loader's
refusal of broken files."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from engine.games.luthier import actions as A
from engine.games.luthier import codec as C
from engine.games.luthier import tables as T
from engine.games.luthier.state import LuthierState, c_constants

TB = T.load_tables()


def test_instrument_deck_make_up():
    """2.1 / 4.4.2 [seed]: every non-rare instrument twice, the violin four times,
    every rare instrument once; the three types all present, with rare ones."""
    for k, name in enumerate(TB.kind_name):
        expected = 1 if TB.kind_rare[k] else (4 if name == "Violin" else 2)
        assert TB.kind_copies[k] == expected, name
    assert {TB.kind_type[k] for k in range(TB.n_kinds)} == {0, 1, 2}
    assert {TB.kind_type[k] for k in range(TB.n_kinds) if TB.kind_rare[k]} == {0, 1, 2}


def test_the_seed_cards_are_as_printed():
    """7.1 [seed]: the Violin roughs with 1 animal + 1 wood, finishes with 1 wood, is
    worth 2 PP and has two orchestra spaces; the Viola is worth 3; the Cello has two
    copies; the Clarinet's chair gives 2 coins + 1 wood, the Viola's 4 coins; the rare
    String chair gives a material of choice, an inspiration and a coin; the rare
    Percussion & Keyboard chair draws an instrument."""
    violin = TB.kind_name.index("Violin")
    assert TB.kind_rough[violin] == [1, 1, 0] and TB.kind_finish[violin] == [0, 1, 0]
    assert TB.kind_pp[violin] == 2
    assert sum(1 for s in TB.kind_spaces[violin] if s >= 0) == 2
    assert TB.kind_pp[TB.kind_name.index("Viola")] == 3
    assert TB.kind_copies[TB.kind_name.index("Cello")] == 2

    def bonus(name):
        return dict(zip(T.BUNDLE_KEYS, TB.space_bonus[TB.space_name.index(name)], strict=False))

    assert bonus("Clarinet")["coins"] == 2 and bonus("Clarinet")["wood"] == 1
    assert bonus("Viola")["coins"] == 4
    assert (
        bonus("Rare strings")["material"],
        bonus("Rare strings")["inspiration"],
        bonus("Rare strings")["coins"],
    ) == (1, 1, 1)
    assert bonus("Rare keyboards")["draw"] == 1 and bonus("Rare keyboards")["inspiration"] == 1


def test_every_instrument_has_its_orchestra_space():
    """2.4: a space per instrument name (two for the violin); rare instruments share
    their type's rare space, which has no era; every other space one or two eras."""
    for k in range(TB.n_kinds):
        for s in TB.kind_spaces[k]:
            if s >= 0:
                assert TB.space_row[s] == TB.kind_type[k]
                assert TB.space_rare[s] == TB.kind_rare[k]
    for s in range(TB.n_spaces):
        eras = bin(TB.space_eras[s]).count("1")
        assert eras == 0 if TB.space_rare[s] else 1 <= eras <= 2
    # Every era column reaches every row, so any performance token has a space.
    for era in range(3):
        for row in range(3):
            assert any(
                TB.space_row[s] == row and TB.space_eras[s] >> era & 1 for s in range(TB.n_spaces)
            )


def test_patron_types_have_their_requirements_gifts_and_abilities():
    """4.6.1 [seed]: performers and royals have a main requirement only, composers one
    sub-requirement, nobles two; performers give apprentices/inspiration, composers
    apprentices/materials, nobles coins, royals prestige; deck A abilities are
    continuous or round-start, deck B end-game; Chopin as in the seed example."""
    gift_keys = {
        0: {"apprentice", "inspiration"},
        1: {"apprentice", "animal", "wood", "metal"},
        2: {"coins"},
        3: {"pp"},
    }
    for c in range(TB.n_patrons):
        ptype = TB.patron_type[c]
        subs = sum(1 for x in TB.patron_subs[c] if x >= 0)
        assert subs == (0, 1, 2, 0)[ptype], TB.patron_name[c]
        for gift in TB.patron_gifts[c]:
            keys = {T.BUNDLE_KEYS[i] for i, n in enumerate(gift) if n}
            assert keys and keys <= gift_keys[ptype], TB.patron_name[c]
        ability = TB.patron_ability[c]
        if TB.patron_deck[c] == T.DECK_B:
            assert ability in (T.AB_END, T.AB_EXTRA_CHAIRS)
        else:
            assert ability in (
                T.AB_PERFORM_BONUS,
                T.AB_EXTRA_REROLL,
                T.AB_ROUGH_DISCOUNT,
                T.AB_FINISH_DISCOUNT,
                T.AB_REPAIR_DISCOUNT,
                T.AB_ROUND_START,
            )
    chopin = TB.patron_name.index("Frederic Chopin")
    assert TB.patron_pp[chopin] == 5 and TB.patron_ability[chopin] == T.AB_ROUGH_DISCOUNT
    assert TB.patron_era[chopin] == T.ERAS.index("romantic")
    assert TB.patron_main[chopin] == T.TYPES.index("string")  # the contrabass met it
    mendelssohn = TB.patron_name.index("Felix Mendelssohn")
    assert [g[T.B_WOOD] for g in TB.patron_gifts[mendelssohn]] == [1, 0]
    assert [g[T.B_ANIMAL] for g in TB.patron_gifts[mendelssohn]] == [0, 1]


def test_decks_are_large_enough_for_every_player_count():
    """3.1.7 [seed]: the royal and the three specialist decks are cut to players + 1
    (5 with four players); 3.4.4: 2 patrons, 2 family tiles and 4 goals a player."""
    decks = Counter(TB.patron_deck)
    assert decks[T.DECK_ROYAL] >= 5
    assert decks[T.DECK_A] >= 2 * 4 + 5
    assert all(Counter(TB.spec_deck)[d] >= 5 for d in range(3))
    assert TB.n_family >= 8 and len(set(TB.family_order)) == TB.n_family
    assert TB.n_goals == 18  # G1-G18 [seed]
    assert TB.n_awards == 15  # A1-A15: the seed lists fifteen criteria


def test_awards_and_goals_follow_the_seed_lists():
    """4.9 and 5.4 [seed]: the award criteria A1-A15 and goal criteria G1-G18 in the
    seed's order; three levels an award, one to three a goal."""
    assert TB.award_name == [f"A{i}" for i in range(1, 16)]
    assert TB.goal_name == [f"G{i}" for i in range(1, 19)]
    assert [T.CRITERIA[c] for c in TB.award_crit[:5]] == [
        "patrons_era",
        "patrons_era",
        "patrons_era",
        "patron_types",
        "specialists",
    ]
    assert [T.ERAS[a] for a in TB.award_arg[:3]] == ["romantic", "baroque", "classical"]
    assert [T.ERAS[a] for a in TB.goal_arg[4:7]] == ["romantic", "classical", "baroque"]
    assert [T.CRITERIA[c] for c in TB.goal_crit[15:18]] == ["chairs_row"] * 3
    assert all(1 <= n <= 3 for n in TB.goal_levels)


def test_market_cards_and_dice():
    """4.10 [seed]: M1 is the first card; prices stay in the ranges animal 1-3, wood
    2-4, metal 4-6. 2.1 / 4.4.3: black dice show at most 4 notes, white dice have a
    0 face; the purple die gives resources."""
    assert TB.market_name[TB.market_first] == "M1"
    for a, w, m in TB.market_price:
        assert 1 <= a <= 3 and 2 <= w <= 4 and 4 <= m <= 6
    assert max(TB.black) == 4 and 0 in TB.white
    assert all(face[T.B_PP] == 0 for face in TB.purple)


def test_tracks_costs_and_limits_are_the_seeds():
    """4.0 [seed]: storage 9 (+3), 3 apprentices, tier costs 4 and 8, Search 10,
    apprentice 4, training 15, fallback 2 coins, -3 PP a requirement, 1 PP per 10."""
    assert (TB.storage, TB.extra_storage, TB.apprentice_cap) == (9, 3, 3)
    assert TB.tier_cost == [0, 4, 8]
    assert (TB.search_cost, TB.market_apprentice, TB.market_training) == (10, 4, 15)
    assert (TB.fallback_coins, TB.abandon_penalty, TB.leftover_divisor) == (2, 3, 10)
    assert TB.chair_points[6] == 13  # 6 chairs in 4p = 13 PP [seed-ex]


def test_tracks_are_the_seeds():
    """4.8 [seed]: performance: reroll, black die, specialist, second reroll, second
    black die, final; craft: rough x2, +1 skill at the benches, specialist, finish x2,
    +1 more, final; reputation a-h: apprentice, draw 3 keep 1, tier II free,
    specialist, +2 PP an instrument, tier III free, award claim (i loops back to h)."""

    def names(track):
        return [T.TRACK_EFFECTS[c] for c in TB.track_effect[track][: TB.track_len[track] + 1]]

    assert names(T.T_PERF) == [
        "start",
        "reroll",
        "black_die",
        "specialist",
        "reroll",
        "black_die",
        "final",
    ]
    assert names(T.T_CRAFT) == [
        "start",
        "rough_twice",
        "bench_skill",
        "specialist",
        "finish_twice",
        "bench_skill",
        "final",
    ]
    assert names(T.T_REP) == [
        "start",
        "apprentice",
        "draw_three_keep_one",
        "tier_2_free",
        "specialist",
        "instrument_pp",
        "tier_3_free",
        "award_claim",
    ]
    # what the persistent steps add up to at each position
    assert TB.perf_rerolls[:7] == [0, 1, 1, 1, 2, 2, 2] and TB.perf_black[:7] == [
        0,
        0,
        1,
        1,
        1,
        2,
        2,
    ]
    assert TB.craft_skill[:7] == [0, 0, 1, 1, 1, 2, 2]  # a #3 works as a #5 at step 5
    assert TB.tier_free_rep == [0, 3, 6] and TB.rep_instrument_pp == 5


def test_display_layout_depends_on_the_player_count():
    """3.1.4: slots marked for 3-4 and 4 players are used only then; 8.2: the 2-player
    cover-up tiles hide one slot of Performance and Repair."""
    for loc in range(T.CARD_LOCATIONS):
        two, three, four = (TB.slots_used(loc, n) for n in (2, 3, 4))
        assert set(two) <= set(three) <= set(four)
        assert len(three) < len(four)
    assert len(TB.slots_used(T.PERFORM, 2)) == len(TB.slots_used(T.SALON, 2)) - 1
    assert len(TB.slots_used(T.REPAIR, 2)) == len(TB.slots_used(T.GUILD, 2)) - 1


def test_the_c_side_agrees_with_the_python_side():
    constants = c_constants()
    assert constants["tasks"] == [
        C.T_SETUP,
        C.T_KEEP_CHECK,
        C.C_DRAW,
        C.C_REVEAL,
        C.D_SETUP_FAMILY,
        C.D_DOUBLE,
        C.CHAIR_ASK,
        C.CHAIR_DOUBLE,
        C.CHAIR_SINGLE,
    ]
    assert constants["globals"] == [
        T.G_INSTR,
        T.G_PATRON,
        T.G_PERF,
        T.G_REPAIR,
        T.G_MARKET,
        T.G_AWARD,
        T.G_GOAL,
        T.G_FAMILY,
        T.G_SPEC,
        T.G_ORCH,
        T.NUM_GLOBAL,
    ]
    assert constants["limits"] == [
        T.MAX_PLAYERS,
        T.OWNERS,
        T.MAX_KINDS,
        T.MAX_PATRONS,
        T.MAX_PERF,
        T.MAX_REPAIR,
        T.MAX_MARKET,
        T.MAX_AWARDS,
        T.MAX_GOALS,
        T.MAX_FAMILY,
        T.MAX_SPECS,
        T.MAX_ORCH,
        T.MAX_SLOTS,
        T.MAX_SPACES,
        T.MAX_BOTTOM,
        T.MAX_TASKS,
        T.MAX_PLACED,
        T.MAX_DONE,
    ]
    assert constants["num_actions"] == A.NUM_ACTIONS
    # The hash reads the struct as 32-bit pairs of 16-bit fields.
    assert constants["struct_bytes"] % 4 == 0
    # The struct's fields are exactly the JSON layout's.
    state = LuthierState.new_initial(3, "standard")
    fields = state.fields()
    assert set(fields) == {name for name, *_ in C.game_fields(TB)} | {"flags", "players"}
    assert set(fields["players"][0]) == {name for name, *_ in C.player_fields(TB)}


def test_every_action_has_one_name():
    names = A.notation()
    assert len(names.text) == A.NUM_ACTIONS
    assert all(" " not in text for text in names.text.values())
    assert names.to_action("w5@salon+2") == A.place_action(4, T.SALON, 2)
    assert names.to_str(A.BASE["CARD"] + T.G_INSTR) == "draw:violin"


def _broken_copy(monkeypatch, name, edit):
    """Load the tables with one data file edited."""
    original = resources.files("engine.games.luthier.data").joinpath(name).read_text("utf-8")
    data = json.loads(original)
    edit(data)
    real_read = T._read
    monkeypatch.setattr(T, "_read", lambda file: data if file == name else real_read(file))
    T.load_tables.cache_clear()


@pytest.mark.parametrize(
    "name, edit, message",
    [
        ("instruments.json", lambda d: d["cards"][0].update(type="brass"), "not one of string"),
        ("instruments.json", lambda d: d["cards"][0].update(copies=0), "copies"),
        ("patrons.json", lambda d: d["cards"][0].update(subs=["wind"]), "sub-requirement"),
        ("market.json", lambda d: d.update(first="M42"), "first"),
        (
            "goals.json",
            lambda d: d["cards"][0].update(levels=[{"at": 3, "pp": 1}, {"at": 2, "pp": 2}]),
            "increase",
        ),
        ("orchestra.json", lambda d: d["spaces"][0].update(bonus={"gold": 1}), "gold"),
        ("specialists.json", lambda d: d["cards"][0].update(skill=1), "skill of the chip"),
    ],
)
def test_broken_data_is_reported_by_file_and_record(monkeypatch, name, edit, message):
    _broken_copy(monkeypatch, name, edit)
    try:
        with pytest.raises(T.DataError, match=message) as info:
            T.load_tables()
        assert name in str(info.value)
    finally:
        monkeypatch.undo()
        T.load_tables.cache_clear()
        T.load_tables()
