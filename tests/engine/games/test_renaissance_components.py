"""Maestro: da Vinci vs Michelangelo's components (data/core.toml): the map and its
distances as the spec states them, the tables, the variants, and data that replaces
them (the real components, when known) without a code change."""

from __future__ import annotations

from importlib import resources

import pytest

from engine.game import sample_chance
from engine.games.renaissance import components
from engine.games.renaissance.components import COMPONENTS as C
from engine.games.renaissance.components import ComponentError
from engine.rng import Rng
from test_renaissance import IMPLEMENTATIONS, REGION

DATA = resources.files("engine.games.renaissance").joinpath("data/core.toml").read_text("utf-8")


def test_distances_from_florence_are_the_specs():
    # 1.2: "Shortest distances from FLO (gray regions passable): SIE/BOL/PIS/URB 1;
    # GEN/MAN/VEN 2; MIL 3."
    florence = C.distance[REGION["FLO"]]
    expected = {"SIE": 1, "BOL": 1, "PIS": 1, "URB": 1, "GEN": 2, "MAN": 2, "VEN": 2, "MIL": 3}
    assert {name: florence[REGION[name]] for name in expected} == expected
    assert C.distance[REGION["PIS"]][REGION["GEN"]] == 1  # the Tyrrhenian route
    assert C.distance[REGION["URB"]][REGION["VEN"]] == 1  # the Adriatic route
    assert all(
        C.distance[a][b] == C.distance[b][a]
        for a in range(C.num_regions)
        for b in range(C.num_regions)
    )


def test_the_map_facts():
    # 1.2: galleries, gray regions and the random-gray candidates.
    galleries = {C.region_names[r]: C.colour_names[c] for r, c in enumerate(C.gallery) if c >= 0}
    assert galleries == {"SIE": "Y", "BOL": "R", "GEN": "G", "MIL": "R", "MAN": "B", "VEN": "B"}
    assert [C.region_names[r] for r, g in enumerate(C.fixed_gray) if g] == ["LUC", "PAR", "FER"]
    assert [C.region_names[r] for r in C.gray_candidates] == ["PIS", "URB", "LUC", "PAR", "FER"]


@pytest.mark.parametrize(
    "action,effort,result",
    [
        (components.CREATE, 0, 0),
        (components.CREATE, 1, 1),
        (components.CREATE, 3, 2),
        (components.CREATE, 6, 4),
        (components.CREATE, 11, 4),
        (components.INFLUENCE, 2, 1),
        (components.INFLUENCE, 7, 4),
        (components.STUDY, 1, 0),
        (components.STUDY, 5, 2),
        (components.MOVE, 5, 3),
    ],
)
def test_effort_tables(action, effort, result):
    # [seed] "Effort between two columns counts as the lower one." (1.6: below the
    # first column 0, above the last the last.)
    assert C.effort_result(action, effort) == result


def test_decks_and_tracks_are_the_specs():
    # 1.5 and 1.7 [assumed].
    assert C.deck_size == 12 and sum(C.upgrade_deck) == 12
    assert C.track_length == 18 and [C.tier(s) for s in (0, 1, 3, 4, 18)] == [0, 1, 1, 2, 6]
    assert C.bonus_spaces == [2, 5, 8, 11, 14, 17]
    assert C.upgrade_multiplier == [1, 1, 2, 2]
    assert C.card_erudite[C.card_names.index("AE/1")] and C.card_upgrade[C.card_names.index("AE/1")]


def test_other_components_load_without_a_code_change():
    # The real components replace the data: here a fifth Action space, a cheaper
    # Move table and a bigger deck draw load into the same tables.
    text = DATA.replace(
        '  { id = "studyG", action = "study", colour = "G" },',
        '  { id = "studyG", action = "study", colour = "G" },\n'
        '  { id = "moveY", action = "move", colour = "Y" },',
    )
    text = text.replace(
        "[effort.move]\ncolumns = [1, 2, 4, 6]", "[effort.move]\ncolumns = [1, 2, 3, 5]"
    )
    other = components.load(text)
    assert other.space_names[-1] == "moveY" and other.gossip == 9
    assert other.effort_result(components.MOVE, 3) == 3
    assert components.load(DATA).space_names == C.space_names


@pytest.mark.parametrize(
    "change,message",
    [
        (('borders = [\n  "FLO-PIS"', 'borders = [\n  "FLO-XXX"'), "unknown region"),
        (('colour = "Y", icons = "YYRB"', 'colour = "Y", icons = "YYRBQ"'), "unknown colour"),
        (("draw = 8", "draw = 20"), "at most 12"),
        (("aside = 3", "aside = 4"), "set-aside"),
        (
            (
                '{ id = "vp2", kind = "vp", amount = 2, count = 1 }',
                '{ id = "vp2", kind = "vp", amount = 2, count = 2 }',
            ),
            "one Study Bonus tile",
        ),
        (('"A1/2" = 1\n"A2/1" = 2', '"A1/2" = 1\n"AX/1" = 2'), "card"),
    ],
)
def test_bad_component_data_is_refused_with_its_entry_named(change, message):
    old, new = change
    assert old in DATA
    with pytest.raises(ComponentError, match=message):
        components.load(DATA.replace(old, new))


def test_variants_are_the_specs_alternative_readings():
    # 10 #2 and #3, and 1.2's optional variant.
    v = C.variants
    assert (
        not v["standard"].check_both
        and v["standard"].centerpiece_counts
        and not v["standard"].random_gray
    )
    assert v["check-both"].check_both
    assert not v["centerpiece-apart"].centerpiece_counts
    assert v["random-gray"].random_gray and v["random-gray"].gray_count == 3


@IMPLEMENTATIONS
def test_random_gray_draws_three_candidates_at_setup(cls):
    # 1.2: "at setup pick 3 of the 5 non-Gallery, non-Florence regions at random to
    # be gray (adds setup chance)".
    seen = set()
    for seed in range(12):
        state = cls.new_initial(2, "random-gray")
        assert state.is_setup()
        first = [state.action_to_str(a) for a, _ in state.chance_outcomes()]
        assert first == [f"gray:{name}" for name in ("PIS", "URB", "LUC", "PAR", "FER")]
        rng = Rng(seed)
        while state.is_setup():
            state.apply(sample_chance(state, rng))
        gray = state.to_dict()["gray"]
        assert len(gray) == 3 and set(gray) <= {"PIS", "URB", "LUC", "PAR", "FER"}
        seen.add(tuple(gray))
    assert len(seen) > 3
