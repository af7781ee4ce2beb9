"""Maestro: da Vinci vs Michelangelo ("renaissance"): one test per rule, built from
concrete positions and run on both implementations (compiled and reference).

Tests of a `[seed]` rule quote the seed sentence they check
(shared/seeds/maestro-renaissance-main-actions-en.txt); the others cite the section
of shared/rules/maestro-renaissance.md. Views and hidden information are in
test_renaissance_views.py, invariants in test_renaissance_properties.py, the
component data in test_renaissance_components.py.
"""

from __future__ import annotations

import itertools

import pytest

from engine.errors import IllegalActionError
from engine.game import sample_chance
from engine.games.renaissance import codec
from engine.games.renaissance.components import COMPONENTS as C
from engine.games.renaissance.reference import RenaissanceReference
from engine.games.renaissance.state import RenaissanceState
from engine.rng import Rng
from renaissance_spec import (
    ARTWORKS,
    DISPLAY,
    DRAW,
    MARKERS,
    PATRONESSES,
    PUBLICITY_VP,
    ROUNDS,
    SISTINE_ROW_VP,
    TRACK_LENGTH,
    UPGRADE_TILES,
    card_effort,
)

IMPLEMENTATIONS = pytest.mark.parametrize(
    "cls", [RenaissanceState, RenaissanceReference], ids=["compiled", "reference"]
)
DA_VINCI, MICHELANGELO = 0, 1
A, B = 0, 1  # Character sections
CARD = {name: k for k, name in enumerate(C.card_names)}
REGION = {name: k for k, name in enumerate(C.region_names)}
COLOUR = {name: k for k, name in enumerate(C.colour_names)}
TILE = {name: k for k, name in enumerate(C.tile_names)}


# ---- building positions -------------------------------------------------------------------


def first_turn_raw(variant: str = "standard", seed: int = 5) -> dict:
    """The raw form (codec.py) at the first turn of a seeded game: setup and first draw
    dealt, both Workshops' first set-aside choice taken."""
    state = RenaissanceState(variant)
    rng = Rng(seed)
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    while state.to_dict()["phase"] == "aside":
        state.apply(state.legal_actions()[0])
    return state.to_raw()


def cards(*names: str) -> list[int]:
    counts = [0] * C.num_cards
    for name in names:
        counts[CARD[name]] += 1
    return counts


def place(raw: dict, seat: int, where: dict, supply: int | None = None) -> None:
    """Seat's Artworks on the map exactly as `where` (region: count); the reserve
    makes up the rest of the 16."""
    raw["art"][seat] = [where.get(name, 0) for name in C.region_names]
    if supply is not None:
        raw["supply"][seat] = supply
    raw["reserve"][seat] = ARTWORKS - raw["supply"][seat] - sum(raw["art"][seat])


def resources(raw: dict, seat: int, section_a: dict = (), section_b: dict = ()) -> None:
    raw["res"][seat] = [
        [dict(section_a).get(c, 0) for c in C.colour_names],
        [dict(section_b).get(c, 0) for c in C.colour_names],
    ]


def position(cls, mover: int = DA_VINCI, hand=(), aside=(), variant: str = "standard", edit=None):
    """A turn of `mover` at the first round, its hand and set-aside cards as given
    (the rival keeps the dealt ones), after `edit(raw)`."""
    raw = first_turn_raw(variant)
    raw["mover"] = mover
    raw["hand"][mover] = cards(*hand)
    raw["aside"][mover] = cards(*aside)
    if edit is not None:
        edit(raw)
    codec.check_raw(raw)
    to_move = raw["mover"] if raw["phase"] not in codec.CHANCE_PHASES else -1
    return codec.build(cls, codec.Position(raw, to_move))


def legal(state) -> list[str]:
    return [state.action_to_str(a) for a in state.legal_actions()]


def act(state, *texts: str):
    for text in texts:
        state.apply(state.str_to_action(text))
    return state


def raw_of(state) -> dict:
    return codec.parse(state.to_dict())


def phase(state) -> str:
    return state.to_dict()["phase"]


# ---- the game record ---------------------------------------------------------------------------


def test_registered_with_its_facts(registry):
    spec = registry.game("renaissance")
    assert (spec.min_players, spec.max_players) == (2, 2)
    assert spec.chance and spec.hidden_information
    assert spec.reference_class() is RenaissanceReference
    assert spec.variants[0] == "standard"
    assert set(spec.variants) == {"standard", "check-both", "centerpiece-apart", "random-gray"}


@IMPLEMENTATIONS
def test_new_game_resolves_the_setup_into_a_decision(registry, cls):
    # Setup (2): tiles, Patronesses, displays and first player are chance; the first
    # round's draw is part of the setup, so a seeded new game has a seat to move.
    state = cls.new_initial(2, "standard")
    assert state.is_setup() and state.is_chance_node()
    rng = Rng(3)
    while state.is_setup():
        state.apply(sample_chance(state, rng))
    data = state.to_dict()
    assert data["phase"] == "aside" and state.current_player() == data["first"]
    assert all(t is not None for t in data["study_tiles"])
    assert len(data["patronesses"]) == PATRONESSES
    for ws in data["workshops"]:
        assert sum(ws["hand"].values()) == DRAW
        assert sum(ws["display"].values()) == DISPLAY
        assert ws["artworks"] == {"FLO": 2} and ws["supply"] == 2 and ws["reserve"] == 12
        assert ws["resources"] == {"A": {"R": 1}, "B": {"B": 1}}


# ---- Effort and Action Points -----------------------------------------------------------------


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "card,space,ap",
    [
        ("A3/0", "moveR", 2),  # Move 1/2/4/6: 3 is between 2 and 4
        ("A4/0", "moveR", 3),
        ("A4/0", "influenceY", 2),  # Influence 1/3/5/7: 4 is between 3 and 5
        ("A2/1", "influenceY", 1),
    ],
)
def test_effort_between_two_columns_counts_as_the_lower_one(cls, card, space, ap):
    # [seed] "Play a card to an Action space; its Effort gives the Action Points
    # printed on that Action's overlay. Effort between two columns counts as the
    # lower one."
    state = act(position(cls, hand=[card, "B1/1"]), f"{card}@{space}")
    assert state.to_dict()["turn"]["ap"] == ap
    assert state.to_dict()["turn"]["effort"] == card_effort(card, 0)


@IMPLEMENTATIONS
def test_study_effort_three_advances_one_space(cls):
    # [seed] "Effort between two columns counts as the lower one." Study's columns
    # are 2/4/6/8 [assumed 1.6]: Effort 3 gives 1 space.
    state = act(position(cls, hand=["A3/0", "B1/1"]), "A3/0@studyB")
    assert state.to_dict()["workshops"][0]["study"] == 1


@IMPLEMENTATIONS
def test_effort_below_the_first_column_gives_nothing(cls):
    # 1.6 [assumed]: Effort below the first column gives 0 AP (Study's first is 2).
    state = act(position(cls, hand=["B1/1", "A3/0"]), "B1/1@studyB")
    assert state.to_dict()["workshops"][0]["study"] == 0
    assert state.current_player() == MICHELANGELO  # the turn is over


@IMPLEMENTATIONS
def test_michelangelo_spends_matching_resources_for_effort(cls):
    # [seed] "Michelangelo's bonus: after playing the card, Michelangelo may spend any
    # of his available Resources that match the Action space's colour: +1 Effort
    # for each." Available = in the played card's Character section [assumed 3.2].
    def edit(raw):
        resources(raw, MICHELANGELO, {"R": 5, "B": 2}, {"R": 3, "B": 4})

    state = act(position(cls, MICHELANGELO, hand=["B2/1", "A3/0"], edit=edit), "B2/1@moveR")
    assert phase(state) == "bonus"
    assert legal(state) == ["spend0", "spend1", "spend2", "spend3"]  # the B section's 3 R
    act(state, "spend2")
    data = state.to_dict()
    assert data["turn"]["effort"] == 4 and data["turn"]["ap"] == 3
    assert data["workshops"][1]["resources"] == {"A": {"R": 5, "B": 2}, "B": {"R": 1, "B": 4}}


@IMPLEMENTATIONS
def test_michelangelo_may_spend_any_of_them(cls):
    # [seed] "may spend any of his available Resources": even past Move's last
    # column (6), where the extra Effort changes nothing.
    def edit(raw):
        resources(raw, MICHELANGELO, {}, {"R": 9})

    state = act(position(cls, MICHELANGELO, hand=["B3/0", "A3/0"], edit=edit), "B3/0@moveR")
    assert legal(state) == [f"spend{k}" for k in range(10)]
    act(state, "spend9")
    data = state.to_dict()
    assert data["turn"]["effort"] == 12 and data["turn"]["ap"] == 4
    assert data["workshops"][1]["resources"]["B"] == {}


@IMPLEMENTATIONS
def test_da_vinci_has_no_resource_bonus(cls):
    # [seed] the bonus is Michelangelo's; da Vinci's own bonus is his completed
    # Blueprints of the space's colour [assumed 3.2].
    def edit(raw):
        resources(raw, DA_VINCI, {"R": 3}, {"R": 3})
        raw["bp_done"][C.blueprint_names.index("AC")] = 1  # Armoured Car, red
        raw["bp_cover"] = [[0] * 4 for _ in range(C.num_blueprints)]

    state = act(position(cls, DA_VINCI, hand=["A2/1", "A3/0"], edit=edit), "A2/1@moveR")
    assert phase(state) == "move"
    assert state.to_dict()["turn"]["effort"] == 3


# ---- Move ----------------------------------------------------------------------------------------


@IMPLEMENTATIONS
def test_move_to_a_region_sharing_a_border_or_a_sea_route(cls):
    # [seed] "For each Action Point, move one of your Artworks to an adjacent region
    # — one that shares a border or is joined by a sea route."
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2, "PIS": 1})

    state = act(position(cls, hand=["A1/2", "A3/0"], edit=edit), "A1/2@moveR")
    assert state.to_dict()["turn"]["ap"] == 1
    assert sorted(legal(state)) == sorted(
        [
            "FLO>PIS",
            "FLO>SIE",
            "FLO>BOL",
            "FLO>URB",  # FLO-LUC: Lucca is gray
            "PIS>FLO",
            "PIS>SIE",
            "PIS>GEN",  # PIS~GEN by sea
            "done",
        ]
    )


@IMPLEMENTATIONS
def test_move_passes_through_gray_regions_but_never_ends_there(cls):
    # [seed] "You may pass through gray regions (war, revolt, plague) but never end a
    # move there." Genoa to Bologna is 2 steps only through Parma (gray).
    def edit(raw):
        place(raw, DA_VINCI, {"GEN": 1})

    two = act(position(cls, hand=["A2/1", "A3/0"], edit=edit), "A2/1@moveR")
    assert "GEN>BOL" in legal(two)
    assert not any(name.endswith(">PAR") or name.endswith(">LUC") for name in legal(two))
    act(two, "GEN>BOL")
    assert two.to_dict()["workshops"][0]["artworks"] == {"BOL": 1}
    one = act(position(cls, hand=["A1/2", "A3/0"], edit=edit), "A1/2@moveR")
    assert "GEN>BOL" not in legal(one)


@IMPLEMENTATIONS
def test_one_artwork_may_take_several_steps_and_ap_may_be_left(cls):
    # [seed] "For each Action Point, move one of your Artworks": Florence to Milan is
    # 3 steps for one Artwork; unused AP may be given up (4.1 [assumed]).
    state = act(position(cls, hand=["A4/0", "A3/0"]), "A4/0@moveR")
    assert state.to_dict()["turn"]["ap"] == 3
    act(state, "FLO>MIL")
    assert state.current_player() == MICHELANGELO
    assert state.to_dict()["workshops"][0]["artworks"] == {"FLO": 1, "MIL": 1}
    again = act(position(cls, hand=["A4/0", "A3/0"]), "A4/0@moveR", "FLO>SIE", "done")
    assert again.to_dict()["workshops"][0]["artworks"] == {"FLO": 1, "SIE": 1}


@IMPLEMENTATIONS
def test_centerpiece_after_the_move_goes_to_the_majority(cls):
    # [seed] "When you finish the action, check every region with a Gallery: if you
    # have more Artworks there than the rival Workshop, put one of yours on top of the
    # Gallery — it is the Centerpiece. A Centerpiece already there goes back down to
    # the region."
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2, "SIE": 1})
        place(raw, MICHELANGELO, {"FLO": 1, "SIE": 1})
        raw["centerpiece"][REGION["SIE"]] = MICHELANGELO

    state = act(position(cls, hand=["A1/2", "A3/0"], edit=edit), "A1/2@moveR", "FLO>SIE")
    data = state.to_dict()
    assert data["centerpieces"] == {"SIE": DA_VINCI}
    # Michelangelo's Artwork went back down into the region: still there, not on top.
    assert data["workshops"][1]["artworks"]["SIE"] == 1


@IMPLEMENTATIONS
def test_a_tie_keeps_the_first_workshops_centerpiece(cls):
    # [seed] "A tie changes nothing: the Workshop that got there first keeps the
    # Centerpiece."
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2})
        place(raw, MICHELANGELO, {"SIE": 1})
        raw["centerpiece"][REGION["SIE"]] = MICHELANGELO

    state = act(position(cls, hand=["A1/2", "A3/0"], edit=edit), "A1/2@moveR", "FLO>SIE")
    assert state.to_dict()["centerpieces"] == {"SIE": MICHELANGELO}


@IMPLEMENTATIONS
def test_the_check_is_made_when_the_action_is_finished(cls):
    # [seed] "When you finish the action, check every region with a Gallery": an
    # Artwork that passes through Siena and moves on claims nothing there, and a
    # majority elsewhere (Bologna) is claimed though nothing moved there.
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2, "BOL": 2})
        place(raw, MICHELANGELO, {"FLO": 1, "BOL": 1})

    state = act(position(cls, hand=["A2/1", "A3/0"], edit=edit), "A2/1@moveR", "FLO>SIE")
    assert state.to_dict()["centerpieces"] == {}  # not yet finished
    act(state, "SIE>URB")
    assert state.to_dict()["centerpieces"] == {"BOL": DA_VINCI}


@IMPLEMENTATIONS
def test_benefactor_movement_is_a_separate_move_with_its_own_check(cls):
    # [seed] "Movement from other sources (a Benefactor card, say) is a separate
    # move: check Centerpieces after each one."
    def edit(raw):
        raw["bene"][DA_VINCI][C.benefactor_names.index("courier")] = 1
        raw["bene_deck"][C.benefactor_names.index("courier")] -= 1

    state = position(cls, hand=["A2/1", "A3/0"], edit=edit)
    assert "use:courier" in legal(state)
    act(state, "use:courier")
    assert "FLO>MAN" in legal(state) and "FLO>MIL" not in legal(state)  # up to 2 steps
    act(state, "FLO>SIE")
    assert state.to_dict()["centerpieces"] == {"SIE": DA_VINCI}
    assert phase(state) == "turn" and "use:courier" not in legal(state)
    act(state, "A2/1@moveR", "FLO>URB", "URB>SIE")
    assert state.to_dict()["centerpieces"] == {"SIE": DA_VINCI}


@IMPLEMENTATIONS
def test_all_of_michelangelos_artworks_count_his_centerpiece_too(cls):
    # [seed] "Michelangelo's Busts and Statues all count toward his majority." The
    # Statue on top of the Gallery counts as one of his in the region [assumed 4.1]:
    # 2 against da Vinci's 2 is a tie, and Michelangelo keeps Mantua.
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 1, "MAN": 1, "BOL": 1})
        place(raw, MICHELANGELO, {"MAN": 2})
        raw["centerpiece"][REGION["MAN"]] = MICHELANGELO

    state = act(position(cls, hand=["A1/2", "A3/0"], edit=edit), "A1/2@moveR", "BOL>MAN")
    assert state.to_dict()["centerpieces"] == {"MAN": MICHELANGELO}


@IMPLEMENTATIONS
def test_variant_centerpiece_apart_leaves_the_centerpiece_out_of_the_count(cls):
    # 10 #2: the alternative reading, as the variant "centerpiece-apart": 1 on the
    # floor against 2 loses Mantua.
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 1, "MAN": 1, "BOL": 1})
        place(raw, MICHELANGELO, {"MAN": 2})
        raw["centerpiece"][REGION["MAN"]] = MICHELANGELO

    state = act(
        position(cls, hand=["A1/2", "A3/0"], variant="centerpiece-apart", edit=edit),
        "A1/2@moveR",
        "BOL>MAN",
    )
    assert state.to_dict()["centerpieces"] == {"MAN": DA_VINCI}


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "variant,expected", [("standard", {}), ("check-both", {"VEN": MICHELANGELO})]
)
def test_only_the_mover_claims_unless_check_both(cls, variant, expected):
    # 10 #3: literally only the acting Workshop claims; "check-both" lets the rival's
    # majority (Venice) be claimed by the same check.
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2})
        place(raw, MICHELANGELO, {"VEN": 1})

    state = act(
        position(cls, hand=["A1/2", "A3/0"], variant=variant, edit=edit), "A1/2@moveR", "done"
    )
    assert state.to_dict()["centerpieces"] == expected


@IMPLEMENTATIONS
def test_a_centerpiece_never_moves(cls):
    # 10 #4 [assumed]: the Artwork on top stays; only the others may leave.
    def edit(raw):
        place(raw, DA_VINCI, {"SIE": 1})
        raw["centerpiece"][REGION["SIE"]] = DA_VINCI

    state = act(position(cls, hand=["A1/2", "A3/0"], edit=edit), "A1/2@moveR")
    assert phase(state) != "move"  # nothing can move: the action ends at once


# ---- Create --------------------------------------------------------------------------------------


@IMPLEMENTATIONS
@pytest.mark.parametrize("effort,placed", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (7, 4)])
def test_create_in_florence_by_the_effort_table(cls, effort, placed):
    # [seed] "Florence: place Artworks from your supply in Florence — 1 / 2 / 3 / 4
    # for 1 / 2 / 4 / 6 Effort". The Cardinal's +Effort makes the in-between values.
    card = {1: "A1/2", 2: "A2/1", 3: "A3/0", 4: "A4/0"}[min(effort, 4)]

    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2}, supply=6)
        raw["turn"]["cardinal"] = effort - card_effort(card, 0)
        raw["turn"]["bene_used"] = 1

    state = act(position(cls, hand=[card, "B1/1"], edit=edit), f"{card}@createY")
    ws = state.to_dict()["workshops"][0]
    assert ws["artworks"]["FLO"] == 2 + placed
    assert ws["supply"] == 7 - placed


@IMPLEMENTATIONS
def test_create_always_gains_an_artwork_first(cls):
    # [seed] "First, always gain 1 Artwork into your supply." With an empty supply,
    # that Artwork is the one Effort 1 places.
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2}, supply=0)

    state = act(position(cls, hand=["A1/2", "B1/1"], edit=edit), "A1/2@createG")
    ws = state.to_dict()["workshops"][0]
    assert (ws["reserve"], ws["supply"], ws["artworks"]["FLO"]) == (13, 0, 3)


@IMPLEMENTATIONS
def test_create_in_centerpiece_regions_needs_three_effort_and_wastes_the_rest(cls):
    # [seed] "Centerpiece regions (3+ Effort): place 1 Artwork from your supply in
    # each region where you hold a Centerpiece. Effort beyond 3 is lost."
    def edit(raw):
        place(raw, DA_VINCI, {"SIE": 1, "VEN": 1}, supply=3)
        raw["centerpiece"][REGION["SIE"]] = DA_VINCI
        raw["centerpiece"][REGION["VEN"]] = DA_VINCI

    two = act(position(cls, hand=["A2/1", "A4/0"], edit=edit), "A2/1@createY")
    assert two.to_dict()["workshops"][0]["artworks"] == {"SIE": 1, "VEN": 1, "FLO": 2}
    four = act(position(cls, hand=["A2/1", "A4/0"], edit=edit), "A4/0@createY")
    assert legal(four) == ["florence", "centerpieces"]
    act(four, "centerpieces")
    ws = four.to_dict()["workshops"][0]
    assert ws["artworks"] == {"SIE": 2, "VEN": 2} and ws["supply"] == 2


@IMPLEMENTATIONS
def test_create_with_a_short_supply_chooses_the_regions(cls):
    # 4.2 [assumed]: supply short of the Centerpiece regions: the Workshop chooses.
    def edit(raw):
        place(raw, DA_VINCI, {"SIE": 1, "BOL": 1, "VEN": 1}, supply=0)
        for name in ("SIE", "BOL", "VEN"):
            raw["centerpiece"][REGION[name]] = DA_VINCI

    state = act(position(cls, hand=["A3/0", "A4/0"], edit=edit), "A3/0@createY", "centerpieces")
    # One Artwork gained: one region of three.
    assert legal(state) == ["cp:SIE", "cp:BOL", "cp:VEN"]
    act(state, "cp:VEN")
    assert state.to_dict()["workshops"][0]["artworks"]["VEN"] == 2


# ---- Influence -----------------------------------------------------------------------------------


@IMPLEMENTATIONS
def test_influence_lays_a_collector_down_and_pays_the_area_it_left(cls):
    # [seed] "For each Action Point, take one standing Collector from an area of the
    # Collector Lodge, move it to any other area and lay it down. Gain 1 Resource of
    # the colour of the area it left." Into the played Character's section [assumed].
    state = act(position(cls, hand=["B3/0", "A3/0"]), "B3/0@influenceY")
    assert state.to_dict()["turn"]["ap"] == 2
    assert "lodge:R>R" not in legal(state)
    act(state, "lodge:R>B")
    data = state.to_dict()
    assert data["lodge"] == {"standing": {"R": 2, "B": 3, "G": 3, "Y": 3}, "lying": {"B": 1}}
    assert data["workshops"][0]["resources"] == {"A": {"R": 1}, "B": {"R": 1, "B": 1}}


@IMPLEMENTATIONS
def test_a_lying_collector_cannot_move_again_this_round(cls):
    # [seed] "A Collector lying down can't move again this round."
    def edit(raw):
        raw["standing"] = [1, 0, 0, 0]
        raw["lying"] = [0, 4, 4, 3]

    state = act(position(cls, hand=["B3/0", "A3/0"], edit=edit), "B3/0@influenceY", "lodge:R>G")
    # Two AP, but no standing Collector is left: the action is over.
    assert state.current_player() == MICHELANGELO
    assert state.to_dict()["lodge"] == {"standing": {}, "lying": {"B": 4, "G": 5, "Y": 3}}


@IMPLEMENTATIONS
def test_collectors_standing_or_lying_set_the_exhibition(cls):
    # [seed] "The number of Collectors in each area — standing or lying — sets which
    # colours score most in the Exhibition." At round end (3.3) a Centerpiece scores
    # its Gallery colour's Collectors, lying ones too, and then all stand up.
    def edit(raw):
        place(raw, DA_VINCI, {"FLO": 2, "SIE": 1})
        raw["centerpiece"][REGION["SIE"]] = DA_VINCI
        raw["standing"] = [3, 3, 1, 2]
        raw["lying"] = [0, 0, 2, 1]

    state = last_turn_of_round(cls, edit=edit)
    act(state, "done")
    data = state.to_dict()
    # Publicity (da Vinci's is higher) and Siena, yellow: 2 standing + 1 lying.
    assert data["workshops"][0]["vp"] == PUBLICITY_VP[0] + 3
    assert data["lodge"] == {"standing": {"R": 3, "B": 3, "G": 3, "Y": 3}, "lying": {}}


# ---- Study ---------------------------------------------------------------------------------------


def tiles_edit(raw):
    raw["tiles"] = [
        TILE[name] for name in ("vp2", "resource", "benefactor", "artwork", "vp-cp", "benefactor")
    ]


@IMPLEMENTATIONS
def test_study_resources_go_to_the_other_characters_section(cls):
    # [seed] "For each Action Point, advance your Study marker one space and take its
    # reward: a Resource of the colour shown (it goes to your other Character's
    # section)". Space 1 is red; an A card pays into section B.
    def edit(raw):
        tiles_edit(raw)

    state = act(position(cls, hand=["A2/1", "B2/1"], edit=edit), "A2/1@studyB")
    ws = state.to_dict()["workshops"][0]
    assert ws["study"] == 1
    assert ws["resources"] == {"A": {"R": 1}, "B": {"R": 1, "B": 1}}
    other = act(position(cls, hand=["A2/1", "B2/1"], edit=edit), "B2/1@studyB")
    assert other.to_dict()["workshops"][0]["resources"] == {"A": {"R": 2}, "B": {"B": 1}}


@IMPLEMENTATIONS
def test_study_rewards_upgrade_a_card_the_workshop_or_either(cls):
    # [seed] "upgrade a card; upgrade your Workshop; upgrade a card or your Workshop."
    # Space 2 is "card", 4 "workshop", 6 "either" [assumed 1.7].
    def at(space):
        def edit(raw):
            tiles_edit(raw)
            raw["study"][DA_VINCI] = space - 1

        return act(position(cls, hand=["A2/1", "B2/1"], edit=edit), "A2/1@studyB")

    card = at(2)
    assert phase(card) == "upgrade"
    assert all(name.startswith("up:") for name in legal(card))
    workshop = at(4)
    assert legal(workshop) and all(name.startswith("cover:") for name in legal(workshop))
    either = at(6)
    kinds = {name.split(":")[0] for name in legal(either)}
    assert kinds == {"up", "cover"}


@IMPLEMENTATIONS
def test_study_bonus_tiles_add_their_reward(cls):
    # [seed] "The Study Bonus tiles laid out at setup add rewards to some spaces."
    # Space 2 holds +2 VP here; its own "card" reward comes first.
    state = study_upgrade(cls, hand=["A2/1", "A4/0"], tile="vp2")
    act(state, "up:A4/0>A5/1")
    assert state.to_dict()["workshops"][0]["vp"] == 4
    act(state, "refill:A6/0")
    assert state.to_dict()["workshops"][0]["vp"] == 4 + 2


@IMPLEMENTATIONS
def test_tiers_reached_set_erudite_effort(cls):
    # [seed] "The track is split into 6 tiers; some cards and Patroness cards count the
    # tiers you reached." Erudite: Effort 2 + tiers // 2 [assumed 1.5]; space 7 is
    # tier 3, so Effort 3 -> Move 2 AP.
    def edit(raw):
        raw["study"][DA_VINCI] = 7
        raw["deck"][DA_VINCI][CARD["A4/0"]] -= 1
        raw["deck"][DA_VINCI][CARD["AE/1"]] += 1
        raw["upg"][DA_VINCI][CARD["AE/1"]] = 0
        raw["display"][DA_VINCI][CARD["AE/1"]] = 0

    state = act(position(cls, hand=["AE/1", "A3/0"], edit=edit), "AE/1@moveR")
    assert state.to_dict()["turn"]["effort"] == 3


@IMPLEMENTATIONS
def test_the_study_track_breaks_publicity_ties(cls):
    # [seed] "Being farther on the track also breaks Publicity ties."
    def edit(raw):
        raw["study"] = [3, 5]

    state = last_turn_of_round(cls, edit=edit, equal_publicity=True)
    before = state.scores()
    act(state, "done")
    after = state.scores()
    assert after[1] - before[1] == PUBLICITY_VP[0]
    assert after[0] == before[0]


@IMPLEMENTATIONS
def test_the_marker_stops_at_the_last_space(cls):
    # 1.7 [assumed]: a marker on the last space cannot advance; AP are lost.
    def edit(raw):
        raw["study"][DA_VINCI] = TRACK_LENGTH

    state = act(position(cls, hand=["A4/0", "B2/1"], edit=edit), "A4/0@studyB")
    assert state.to_dict()["workshops"][0]["study"] == TRACK_LENGTH
    assert state.current_player() == MICHELANGELO


# ---- Upgrading a card ----------------------------------------------------------------------------


def study_upgrade(cls, hand, aside=(), played="A2/1", round_=0, tile="artwork", edit=None):
    """da Vinci studying onto space 2 ("card", holding the Bonus tile `tile`: by
    default one that gives no VP, to count the upgrade's VP alone), `played` on
    studyB."""

    def full_edit(raw):
        tiles_edit(raw)
        k = raw["tiles"].index(TILE[tile])
        raw["tiles"][0], raw["tiles"][k] = raw["tiles"][k], raw["tiles"][0]
        raw["study"][DA_VINCI] = 1
        raw["round"] = round_
        raw["display"][DA_VINCI] = cards("A4/2", "A5/1", "B3/3")
        raw["upg"][DA_VINCI] = [
            C.upgrade_deck[t] - raw["display"][DA_VINCI][t] for t in range(C.num_cards)
        ]
        if edit:
            edit(raw)

    return act(position(cls, hand=hand, aside=aside, edit=full_edit), f"{played}@studyB")


@IMPLEMENTATIONS
def test_upgrading_a_card_in_hand_scores_its_effort(cls):
    # [seed] "Choose a card in your hand ... and replace it with a card from your
    # Upgrade display. The old card goes back to the box; the Upgraded card joins
    # your deck for the rest of the game. Then refill the display." and "From your
    # hand: score the old card's Effort in VP."
    state = study_upgrade(cls, hand=["A2/1", "A4/0"])
    assert "up:A4/0>A5/1" in legal(state)
    act(state, "up:A4/0>A5/1")
    ws = state.to_dict()["workshops"][0]
    assert ws["vp"] == 4
    assert ws["hand"] == {"A5/1": 1}
    assert ws["deck"].get("A4/0", 0) == 0 and ws["deck"]["A5/1"] == 1
    assert ws["display"] == {"A4/2": 1, "B3/3": 1}
    assert phase(state) == "refill" and state.is_chance_node()  # then refill the display
    act(state, "refill:A6/0")
    assert state.to_dict()["workshops"][0]["display"] == {"A4/2": 1, "B3/3": 1, "A6/0": 1}


@IMPLEMENTATIONS
def test_upgrade_scores_times_one_one_two_two(cls):
    # [seed] "Multiply by 1 / 1 / 2 / 2 in rounds 1 / 2 / 3 / 4."
    for round_, multiplier in enumerate((1, 1, 2, 2)):
        state = study_upgrade(cls, hand=["A2/1", "A4/0"], round_=round_)
        act(state, "up:A4/0>A5/1")
        assert state.to_dict()["workshops"][0]["vp"] == 4 * multiplier


@IMPLEMENTATIONS
def test_upgrading_the_card_just_played_changes_neither_publicity_nor_ap(cls):
    # [seed] "or one of your cards on the main board (even the one you just played)"
    # ... "Upgrading the card you just played changes neither its Publicity nor your
    # Action Points this turn." and "From the board: score the old card's Publicity
    # in VP."
    state = study_upgrade(cls, hand=["A4/0", "A3/0"], played="A4/0")  # 2 AP
    assert "up:slot1>A4/2" in legal(state)
    act(state, "up:slot1>A4/2")
    data = state.to_dict()
    assert data["workshops"][0]["vp"] == 0  # A4/0 has Publicity 0
    assert data["workshops"][0]["board"] == [["A4/2", "studyB", 0]]  # keeps Publicity 0
    act(state, "refill:A6/0")
    # The second AP is still there: the marker goes on to space 3.
    assert state.to_dict()["workshops"][0]["study"] == 3


@IMPLEMENTATIONS
def test_replacing_an_earlier_board_card_changes_this_rounds_publicity(cls):
    # [seed] "Replacing a card on the board changes only this round's Publicity."
    def edit(raw):
        raw["slots"][DA_VINCI] = [[CARD["A3/1"], 0, -1]]

    state = study_upgrade(cls, hand=["A2/1", "A3/0"], edit=edit)
    act(state, "up:slot1>B3/3")
    ws = state.to_dict()["workshops"][0]
    assert ws["vp"] == 1  # A3/1's Publicity
    assert ws["board"][0] == ["B3/3", "moveR", None]  # Publicity 3 counts now
    assert ws["deck"]["B3/3"] == 1


@IMPLEMENTATIONS
def test_upgrading_a_face_down_gossip_card(cls):
    # [seed] "You may upgrade a face-down Gossip card: show the old card's Publicity
    # for scoring, then put the new one face down."
    def edit(raw):
        raw["slots"][DA_VINCI] = [[CARD["B1/2"], C.gossip, -1]]

    state = study_upgrade(cls, hand=["A2/1", "A3/0"], edit=edit)
    assert state.observation(MICHELANGELO)["workshops"][0]["board"][0][0] == "?"
    act(state, "up:slot1>A4/2")
    ws = state.to_dict()["workshops"][0]
    assert ws["vp"] == 2  # B1/2's Publicity shown
    assert ws["board"][0] == ["A4/2", "gossip", None]
    # Still face down, but the rival saw which display card went there.
    assert ws["gossip_known"]
    assert state.observation(MICHELANGELO)["workshops"][0]["board"][0] == ["A4/2", "gossip", None]


@IMPLEMENTATIONS
def test_set_aside_cards_wait_until_the_hand_is_empty(cls):
    # [seed] "Alone, you can't upgrade your 3 set-aside cards while you still have
    # cards in hand."
    with_hand = study_upgrade(cls, hand=["A2/1", "A1/2"], aside=["A4/0", "A3/0", "B3/0"])
    assert "up:A1/2>A5/1" in legal(with_hand)
    assert not any(name.startswith(("up:A4/0", "up:A3/0", "up:B3/0")) for name in legal(with_hand))
    alone = study_upgrade(cls, hand=["A2/1"], aside=["A4/0", "A3/0", "B3/0"])
    assert "up:A4/0>A5/1" in legal(alone)
    act(alone, "up:A4/0>A5/1")
    ws = alone.to_dict()["workshops"][0]
    assert ws["aside"] == {"A5/1": 1, "A3/0": 1, "B3/0": 1} and ws["vp"] == 4


@IMPLEMENTATIONS
def test_set_aside_cards_are_played_only_once_the_hand_is_empty(cls):
    # 3.1 [assumed, from the seed's Alone rule]: the set-aside cards are the hand once
    # the hand is empty.
    state = position(cls, hand=["A2/1"], aside=["A4/0", "A3/0", "B3/0"])
    assert {name.split("@")[0] for name in legal(state)} == {"A2/1"}
    state = position(cls, hand=[], aside=["A4/0", "A3/0", "B3/0"])
    assert {name.split("@")[0] for name in legal(state)} == {"A4/0", "A3/0", "B3/0"}


# ---- Upgrading the Workshops ---------------------------------------------------------------------


@IMPLEMENTATIONS
def test_da_vinci_places_two_markers_keeping_one_icon_uncovered(cls):
    # [seed] "Place 2 Upgrade markers on any 2 Resources shown on the Blueprint tiles.
    # A covered Resource is no longer needed for that Blueprint. Every Blueprint tile
    # must keep at least one Resource uncovered."
    def edit(raw):
        tiles_edit(raw)
        raw["study"][DA_VINCI] = 3  # next: space 4, "workshop"

    state = act(position(cls, hand=["A2/1", "B2/1"], edit=edit), "A2/1@studyB")
    act(state, "cover:FM.R")
    assert phase(state) == "cover"  # the second marker
    act(state, "cover:FM.B")
    data = state.to_dict()
    assert data["blueprints"]["FM"]["covered"] == {"R": 1, "B": 1}
    assert data["markers"] == MARKERS - 2

    # Flying Machine (R B Y) now needs only its Yellow.
    def pay_yellow(raw):
        raw["bp_cover"][C.blueprint_names.index("FM")] = [1, 1, 0, 0]
        raw["markers"] = MARKERS - 2
        resources(raw, DA_VINCI, {"Y": 1}, {})

    build = act(position(cls, hand=["A2/1", "B2/1"], edit=pay_yellow), "A2/1@gossip")
    assert "build:FM" in legal(build)
    act(build, "build:FM")
    ws = build.to_dict()
    assert ws["blueprints"]["FM"]["done"] and ws["workshops"][0]["vp"] == 5
    assert ws["workshops"][0]["resources"] == {"A": {}, "B": {}}


@IMPLEMENTATIONS
def test_a_blueprint_keeps_one_icon_uncovered(cls):
    # [seed] "Every Blueprint tile must keep at least one Resource uncovered."
    def edit(raw):
        tiles_edit(raw)
        raw["study"][DA_VINCI] = 3
        # Every Blueprint but Ideal City has one icon left uncovered.
        raw["bp_cover"] = [[1, 1, 0, 0], [2, 0, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]]
        raw["markers"] = MARKERS - 6

    state = act(position(cls, hand=["A2/1", "B2/1"], edit=edit), "A2/1@studyB")
    assert sorted(legal(state)) == ["cover:IC.B", "cover:IC.R", "cover:IC.Y"]
    act(state, "cover:IC.Y")
    assert sorted(legal(state)) == ["cover:IC.B", "cover:IC.R", "cover:IC.Y"]
    act(state, "cover:IC.Y")
    assert state.to_dict()["blueprints"]["IC"]["covered"] == {"Y": 2}


@IMPLEMENTATIONS
def test_markers_may_go_on_any_blueprint_tile(cls):
    # [seed] "Place 2 Upgrade markers on any 2 Resources shown on the Blueprint
    # tiles": a finished tile is still a Blueprint tile (the spec's 4.6 says
    # "uncompleted"; the seed names no exception, and the seed wins).
    def edit(raw):
        tiles_edit(raw)
        raw["study"][DA_VINCI] = 3
        raw["bp_done"][C.blueprint_names.index("FM")] = 1

    state = act(position(cls, hand=["A2/1", "B2/1"], edit=edit), "A2/1@studyB")
    assert {"cover:FM.R", "cover:FM.B", "cover:FM.Y"} <= set(legal(state))


@IMPLEMENTATIONS
def test_michelangelo_covers_an_edge_cost_space(cls):
    # [seed] "Place a Workshop Upgrade tile on any cost space at the edge of the
    # Workshop board. That row or column no longer costs that Resource: its Sistine
    # Chapel tiles get cheaper."
    def edit(raw):
        tiles_edit(raw)
        raw["study"][MICHELANGELO] = 3

    state = act(position(cls, MICHELANGELO, hand=["A2/1", "B2/1"], edit=edit), "A2/1@studyB")
    # 1.8: three row and three column cost spaces.
    assert sorted(legal(state)) == sorted(
        f"tile:{e}" for e in ("row1", "row2", "row3", "col1", "col2", "col3")
    )
    act(state, "tile:row1")
    assert state.to_dict()["sistine"] == {
        "covered": ["row1"],
        "done": [],
        "tiles": UPGRADE_TILES - 1,
    }

    # r1c1 cost R (row 1) + Y (column 1); with row 1 covered, Y alone.
    def cheap(raw):
        raw["edges"][0] = 1
        raw["mi_tiles"] = UPGRADE_TILES - 1
        resources(raw, MICHELANGELO, {"Y": 1}, {})

    build = act(position(cls, MICHELANGELO, hand=["A2/1", "B2/1"], edit=cheap), "A2/1@gossip")
    assert legal(build) == ["done", "build:r1c1"]
    act(build, "build:r1c1")
    assert build.to_dict()["workshops"][1]["vp"] == SISTINE_ROW_VP[0]


@IMPLEMENTATIONS
def test_a_sistine_tile_always_costs_one_resource(cls):
    # 1.8 [assumed]: both cost spaces covered, a tile still costs 1 of any colour.
    def edit(raw):
        raw["edges"] = [1, 0, 0, 1, 0, 0]
        raw["mi_tiles"] = UPGRADE_TILES - 2
        resources(raw, MICHELANGELO, {"G": 1}, {"B": 1})

    state = act(position(cls, MICHELANGELO, hand=["A2/1", "B2/1"], edit=edit), "A2/1@gossip")
    assert "build:r1c1" in legal(state)
    act(state, "build:r1c1")
    assert legal(state) == ["pay:B.B", "pay:G.A"]
    act(state, "pay:B.B")
    assert state.to_dict()["workshops"][1]["resources"] == {"A": {"G": 1}, "B": {}}


@IMPLEMENTATIONS
def test_michelangelo_chooses_the_section_he_pays_from(cls):
    # 5.1 [assumed]: projects may use either section; Michelangelo's later bonus
    # depends on it, so he chooses, one Resource at a time.
    def edit(raw):
        resources(raw, MICHELANGELO, {"R": 1, "Y": 1}, {"R": 1})

    state = act(position(cls, MICHELANGELO, hand=["A2/1", "B2/1"], edit=edit), "A2/1@gossip")
    act(state, "build:r1c1")  # R + Y: Y can only come from A
    assert legal(state) == ["pay:R.A", "pay:R.B"]
    act(state, "pay:R.B")
    assert state.to_dict()["workshops"][1]["resources"] == {"A": {"R": 1}, "B": {}}


# ---- turns, rounds and the end -------------------------------------------------------------------


def last_turn_of_round(cls, edit=None, equal_publicity=False):
    """Michelangelo in the Projects step of the round's last turn (both Workshops
    have played 8 cards), with a project affordable so that the step waits."""

    def full_edit(raw):
        raw["hand"] = [[0] * C.num_cards, [0] * C.num_cards]
        raw["aside"] = [[0] * C.num_cards, [0] * C.num_cards]
        deck = [name for name in C.card_names for _ in range(C.starting_deck[CARD[name]])][:DRAW]
        raw["slots"] = [[[CARD[name], 0, -1] for name in deck] for _ in range(2)]
        if not equal_publicity:
            raw["slots"][1][0][2] = 0  # Michelangelo's first card counts 0
        raw["mover"] = MICHELANGELO
        raw["phase"] = codec.P_PROJECTS
        resources(raw, MICHELANGELO, {"R": 1, "Y": 1}, {})
        if edit:
            edit(raw)

    raw = first_turn_raw()
    full_edit(raw)
    codec.check_raw(raw)
    return codec.build(cls, codec.Position(raw, MICHELANGELO))


@IMPLEMENTATIONS
def test_round_end_publicity_exhibition_and_a_new_draw(cls):
    # 3.3 [assumed]: Publicity to the higher total (3 VP in round 1); Exhibition;
    # Collectors stand; cards return; the first player passes; 8 new cards each.
    state = last_turn_of_round(cls)
    first = state.to_dict()["first"]
    act(state, "done")
    data = state.to_dict()
    assert data["round"] == 2 and data["phase"] == "draw" and data["first"] == 1 - first
    assert data["workshops"][0]["vp"] == PUBLICITY_VP[0]  # da Vinci's Publicity was higher
    assert data["workshops"][1]["vp"] == 0
    assert all(ws["board"] == [] and ws["hand"] == {} for ws in data["workshops"])
    assert not state.is_setup()  # later draws are not the setup


@IMPLEMENTATIONS
def test_gossip_counts_twice_for_publicity(cls):
    # 5.3 [assumed]: a Gossip card gives no action and counts x2 at round end.
    def edit(raw):
        # Michelangelo's first card (A1/2, Publicity 2) is his Gossip: 2 x 2 = 4 on
        # that slot beats da Vinci's same cards face up.
        raw["slots"][MICHELANGELO][0] = [CARD["A1/2"], C.gossip, -1]

    state = last_turn_of_round(cls, edit=edit, equal_publicity=True)
    act(state, "done")
    assert state.scores() == [0, PUBLICITY_VP[0]]


@IMPLEMENTATIONS
def test_gossip_gives_no_action(cls):
    # 5.3 [assumed]: a card on the Gossip slot runs no action; one a round.
    state = act(position(cls, hand=["A4/0", "A3/0"]), "A4/0@gossip")
    assert state.current_player() == MICHELANGELO
    ws = state.to_dict()["workshops"][0]
    assert ws["study"] == 0 and ws["artworks"] == {"FLO": 2}


@IMPLEMENTATIONS
def test_one_gossip_card_a_round(cls):
    def edit(raw):
        raw["slots"][DA_VINCI] = [[CARD["B1/2"], C.gossip, -1]]

    state = position(cls, hand=["A4/0", "A3/0"], edit=edit)
    assert not any(name.endswith("@gossip") for name in legal(state))


@IMPLEMENTATIONS
def test_final_scoring_patronesses_and_leftover_resources(cls):
    # 6 [assumed]: after round 4, both revealed Patronesses score for both Workshops,
    # then 1 VP per 2 leftover Resources; most VP wins.
    def edit(raw):
        raw["round"] = ROUNDS - 1
        raw["patrons"] = [
            1 if name in ("scholar", "florentine") else 0 for name in C.patroness_names
        ]
        raw["study"] = [7, 0]  # tier 3: 6 VP
        place(raw, DA_VINCI, {"FLO": 9})  # capped at 6
        place(raw, MICHELANGELO, {"FLO": 1})
        resources(raw, DA_VINCI, {"R": 3}, {"B": 2})  # 5 leftover: 2 VP

    state = last_turn_of_round(cls, edit=edit)
    act(state, "done")
    assert state.is_terminal()
    publicity = PUBLICITY_VP[ROUNDS - 1]
    assert state.scores() == [publicity + 6 + 6 + 2, 0 + 1 + (2 // 2)]
    assert state.returns() == [1.0, 0.0]


def final_turn(cls, study=(4, 4), vp=(0, 0), centerpieces=()):
    """The last Projects step of the game, both Workshops level but for `study`,
    `vp` and da Vinci's `centerpieces` (on Galleries whose Lodge area is empty)."""

    def edit(raw):
        raw["round"] = ROUNDS - 1
        raw["patrons"] = [1 if name in ("builder", "reformer") else 0 for name in C.patroness_names]
        raw["study"] = list(study)
        raw["vp"] = list(vp)
        raw["standing"] = [4, 4, 4, 0]  # nobody in the yellow area
        resources(raw, DA_VINCI, {"R": 1, "Y": 1}, {})
        place(raw, DA_VINCI, {"FLO": 2, **{name: 1 for name in centerpieces}})
        for name in centerpieces:
            raw["centerpiece"][REGION[name]] = DA_VINCI

    return last_turn_of_round(cls, edit=edit, equal_publicity=True)


@IMPLEMENTATIONS
def test_ties_go_to_the_study_track_then_centerpieces_then_shared(cls):
    # 6 [assumed]: "Ties: farther on the Study track, then more Centerpieces, else a
    # shared win."
    level = act(final_turn(cls), "done")
    assert level.scores()[0] == level.scores()[1] and level.returns() == [0.5, 0.5]
    # Siena is yellow, an empty area: the Centerpiece scores nothing but breaks the tie.
    centerpiece = act(final_turn(cls, centerpieces=("SIE",)), "done")
    assert centerpiece.scores()[0] == centerpiece.scores()[1]
    assert centerpiece.returns() == [1.0, 0.0]
    # Farther on the track: that also won the round's Publicity tie, so da Vinci
    # starts that much ahead to end level.
    study = act(final_turn(cls, study=(4, 5), vp=(PUBLICITY_VP[-1], 0)), "done")
    assert study.scores()[0] == study.scores()[1]
    assert study.returns() == [0.0, 1.0]


@IMPLEMENTATIONS
def test_the_turn_passes_after_the_projects_step(cls):
    # 3.2 [assumed]: Workshops alternate single turns.
    state = position(cls, hand=["A4/0", "A3/0"])
    act(state, "A4/0@gossip")
    assert state.current_player() == MICHELANGELO
    assert state.to_dict()["turn"]["slot"] is None


@IMPLEMENTATIONS
def test_a_benefactor_a_turn_before_the_card(cls):
    # 3.2 and 5.2 [assumed]: at most one Benefactor a turn, before the card;
    # Merchant: 2 Resources of one colour into a chosen section; Duke: an Artwork
    # from the reserve into Florence; Cardinal: +2 Effort to this turn's card.
    def edit(raw):
        for name in ("merchant", "duke", "cardinal"):
            raw["bene"][DA_VINCI][C.benefactor_names.index(name)] = 1
            raw["bene_deck"][C.benefactor_names.index(name)] -= 1

    state = position(cls, hand=["A2/1", "A3/0"], edit=edit)
    act(state, "use:merchant", "merchant:G.B")
    assert state.to_dict()["workshops"][0]["resources"]["B"] == {"B": 1, "G": 2}
    assert not any(name.startswith("use:") for name in legal(state))
    duke = act(position(cls, hand=["A2/1", "A3/0"], edit=edit), "use:duke")
    assert duke.to_dict()["workshops"][0]["artworks"] == {"FLO": 3}
    cardinal = act(position(cls, hand=["A2/1", "A3/0"], edit=edit), "use:cardinal", "A2/1@moveR")
    assert cardinal.to_dict()["turn"]["effort"] == 4


@IMPLEMENTATIONS
def test_a_benefactor_is_drawn_from_the_deck_by_a_study_tile(cls):
    # 1.7 and 5.2 [assumed]: the "benefactor" tile draws the top Benefactor (chance),
    # face up.
    def edit(raw):
        raw["tiles"] = [
            TILE[name]
            for name in ("benefactor", "resource", "vp2", "artwork", "vp-cp", "benefactor")
        ]
        raw["study"][DA_VINCI] = 1
        raw["display"][DA_VINCI] = [0] * C.num_cards
        raw["upg"][DA_VINCI] = [0] * C.num_cards
        for t in range(C.num_cards):
            if C.card_upgrade[t]:
                raw["upg"][DA_VINCI][t] = 0

    state = act(position(cls, hand=["A2/1", "A3/0"], edit=edit), "A2/1@studyB")
    # Space 2's card reward has an empty display: lost; then the tile's draw.
    assert phase(state) == "benefactor" and state.is_chance_node()
    assert [state.action_to_str(a) for a, _ in state.chance_outcomes()] == [
        f"benefactor:{name}" for name in ("courier", "merchant", "cardinal", "duke")
    ]  # 1.10
    act(state, "benefactor:duke")
    assert state.to_dict()["workshops"][0]["benefactors"] == {"duke": 1}
    assert state.to_dict()["benefactor_deck"]["duke"] == 1


@IMPLEMENTATIONS
def test_set_aside_is_one_choice_of_three_cards(cls):
    # 3.1 and 8.A [assumed]: each Workshop keeps 5 of its 8 cards and sets 3 aside,
    # the first player first; one action names the 3 (equal cards are one choice).
    state = cls.new_initial(2, "standard")
    rng = Rng(8)
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    seat = state.current_player()
    hand = state.to_dict()["workshops"][seat]["hand"]
    held = sorted(CARD[name] for name, count in hand.items() for _ in range(count))
    expected = {
        "aside:" + "+".join(C.card_names[t] for t in trio)
        for trio in itertools.combinations(held, 3)
    }
    assert set(legal(state)) == expected and len(legal(state)) == len(expected)
    act(state, legal(state)[0])
    ws = state.to_dict()["workshops"][seat]
    assert sum(ws["aside"].values()) == 3 and sum(ws["hand"].values()) == 5
    assert state.current_player() == 1 - seat


@IMPLEMENTATIONS
def test_illegal_actions_are_refused(cls):
    state = position(cls, hand=["A2/1", "A3/0"])
    before = state.to_json()
    for text in ("A4/0@moveR", "FLO>SIE", "done", "deal:A1/2", "spend1"):
        with pytest.raises(IllegalActionError):
            state.apply(state.str_to_action(text))
    assert state.to_json() == before
