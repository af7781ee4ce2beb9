"""Maestro's rules, one test per rule of shared/rules/maestro-1989.md (the
section is cited in each docstring), each from a concrete position and run on both
the compiled state and the pure-Python reference."""

from __future__ import annotations

import pytest

from maestro_positions import BOARD, act, both, legal_texts, placements, position

ALL_SPACES = {
    f"{row}.{i + 1}"
    for row, instr in zip(BOARD.row_ids, BOARD.row_instruments, strict=False)
    for i in range(len(instr))
}
WINDS = {1: "flute", 2: "oboe", 3: "horn", 4: "bassoon", 10: "maestro"}
FULL_SEAT_1 = {
    1: "oboe",
    2: "violin",
    3: "viola",
    4: "cello",
    5: "drums",
    6: "flute",
    7: "horn",
    8: "tuba",
    9: "harp",
    10: "maestro",
}


def in_row(state, row_id: str) -> set[str]:
    return {t for t in placements(state) if t.startswith(row_id + ".")}


def end_turn_quietly(state):
    """The seat to move places nothing and draws one applause (the turn ends)."""
    return act(state, "pass", "draw1", "tile:applause")


# ---- components and setup (spec 2, 3) ----------------------------------------------------


def test_board_data_is_the_default_board_of_the_spec():
    """Spec 2.2 and 2.3: ten rows of 2 to 7 spaces, 46 in all, one musician tile per
    space of its instrument; 10 maestros and 14 applause; 70 tiles."""
    assert BOARD.num_rows == 10
    assert BOARD.row_lengths == (2, 3, 4, 4, 5, 5, 5, 5, 6, 7)
    assert BOARD.num_cells == 46
    counts = dict(zip(BOARD.tile_names, BOARD.totals, strict=True))
    assert counts == {
        "violin": 5,
        "flute": 3,
        "viola": 3,
        "cello": 3,
        "clarinet": 3,
        "drums": 3,
        "eguitar": 3,
        "keyboard": 3,
        "harp": 1,
        "doublebass": 1,
        "sax": 2,
        "piano": 2,
        "oboe": 2,
        "bassoon": 2,
        "trombone": 2,
        "horn": 2,
        "bassguitar": 2,
        "trumpet": 2,
        "harpsichord": 1,
        "tuba": 1,
        "maestro": 10,
        "applause": 14,
    }
    assert sum(BOARD.totals) == 70
    assert (BOARD.slots, BOARD.top_slots, BOARD.max_draw) == (10, 5, 3)


@both
@pytest.mark.parametrize("players,bag", [(2, 68), (3, 67), (4, 66)])
def test_setup_puts_a_maestro_on_space_10_of_every_agency(impl, players, bag):
    """Spec 3: one agency each with a maestro on space 10; the other 46 + (10 - n) +
    14 tiles in the bag; no critic, no points; seat 0 begins."""
    state = impl.new_initial(players, "standard")
    data = state.to_dict()
    assert data["agencies"] == [[None] * 9 + ["maestro"]] * players
    assert sum(data["bag"].values()) == bag
    assert data["bag"]["maestro"] == 10 - players and data["bag"]["applause"] == 14
    assert data["critic"] is None and data["points"] == [0] * players
    assert state.current_player() == 0 and not state.is_setup()


# ---- placement (spec 5.2) -----------------------------------------------------------------


@both
def test_first_turn_a_maestro_may_open_any_row_on_any_space(impl):
    """Spec 5.2 (seed: "the Maestro ... is placed at your discretion on any
    instrument"): the first move is to pass or to put the maestro anywhere."""
    state = impl.new_initial(2, "standard")
    texts = legal_texts(state)
    assert texts[0] == "pass"
    assert set(texts[1:]) == {f"{space}:p0s10" for space in ALL_SPACES}


@both
def test_an_empty_row_must_begin_with_a_maestro(impl):
    """Spec 5.2: the first tile of an empty row is a maestro; musicians alone can
    start nothing."""
    state = position(impl, agencies={0: {1: "flute", 2: "oboe", 3: "sax"}})
    assert legal_texts(state) == ["pass"]


@both
def test_the_maestro_covers_the_instrument_it_stands_on(impl):
    """Spec 2 and M16: a maestro on the bassoon's space covers it, so the bassoon
    tile can no longer be placed in that row."""
    state = position(impl, agencies={0: {10: "maestro", 1: "bassoon"}})
    act(state, "R7.5:p0s10")
    assert state.to_dict()["board"][6] == [None, None, None, None, "maestro"]
    assert legal_texts(state) == ["pass"]


@both
def test_tiles_extend_the_line_without_gaps(impl):
    """Spec 5.2 (seed "no gaps in the line"): only the spaces next to the tiles
    already down can be filled, each with its own instrument."""
    state = position(impl, agencies={0: WINDS}, rows={"R7": [None, None, "maestro", None, None]})
    assert in_row(state, "R7") == {"R7.2:p0s2", "R7.4:p0s3"}
    act(state, "R7.2:p0s2")
    assert in_row(state, "R7") == {"R7.1:p0s1", "R7.4:p0s3"}
    act(state, "R7.4:p0s3")
    assert in_row(state, "R7") == {"R7.1:p0s1", "R7.5:p0s4"}


@both
def test_a_started_row_takes_no_second_maestro(impl):
    """Spec 5.2 and M4: one maestro a row, and it is the first tile."""
    state = position(
        impl, agencies={0: {10: "maestro"}}, rows={"R7": [None, None, "maestro", None, None]}
    )
    assert in_row(state, "R7") == set()
    assert "R6.1:p0s10" in placements(state)


@both
def test_only_one_row_a_turn(impl):
    """Spec 5.2 and M3: once a tile is down, the turn's placements go into that row;
    the next turn may choose again."""
    state = position(
        impl, agencies={0: {9: "maestro", 10: "maestro", 1: "violin"}, 1: {10: "maestro"}}
    )
    act(state, "R4.1:p0s10")
    assert placements(state) == {"R4.2:p0s1"}
    act(state, "pass", "draw1", "tile:applause")
    end_turn_quietly(state)
    assert state.current_player() == 0
    assert "R5.1:p0s9" in placements(state) and "R4.2:p0s1" in placements(state)


@both
def test_opponents_tiles_come_from_their_top_row_only(impl):
    """Spec 2.1 and 5.2: spaces 1-5 are normal contracts anyone may use; 6-10 are
    exclusive while the agency is not full."""
    state = position(
        impl,
        agencies={0: {10: "maestro"}, 1: {2: "oboe", 7: "horn", 10: "maestro"}},
        rows={"R7": [None, None, "maestro", None, None]},
    )
    assert in_row(state, "R7") == {"R7.2:p1s2"}


@both
def test_a_tile_taken_from_an_opponent_goes_straight_to_the_board(impl):
    """Spec 5.2 (seed: taken musicians "immediately go onto the gameboard and never
    into your agency"), and it scores for the taker."""
    state = position(
        impl,
        agencies={0: {10: "maestro"}, 1: {2: "oboe", 10: "maestro"}},
        rows={"R7": [None, None, "maestro", None, None]},
    )
    act(state, "R7.2:p1s2")
    data = state.to_dict()
    assert data["agencies"][1][1] is None
    assert data["agencies"][0] == [None] * 9 + ["maestro"]
    assert data["board"][6] == [None, "oboe", "maestro", None, None]
    assert data["points"] == [5, 0]


@both
def test_a_maestro_in_an_opponents_top_row_may_open_a_row(impl):
    """Spec 5.2 and M5: maestros can be taken like any musician."""
    state = position(impl, agencies={0: {1: "sax"}, 1: {3: "maestro"}})
    assert "R1.2:p1s3" in placements(state)
    act(state, "R1.2:p1s3", "R1.1:p0s1")
    assert state.to_dict()["board"][0] == ["sax", "maestro"]


@both
def test_bottom_one_variant_judges_fullness_when_the_turn_begins(impl):
    """Spec 5.2 rule 3 and M2, the spec's default (variant bottom-one): an opponent
    full when the turn begins gives at most one tile from spaces 6-10, before or
    after top-row tiles."""
    state = position(
        impl,
        2,
        "bottom-one",
        agencies={0: {10: "maestro"}, 1: FULL_SEAT_1},
        rows={"R7": [None, None, "maestro", None, None]},
    )
    assert in_row(state, "R7") == {"R7.2:p1s1", "R7.4:p1s7"}
    act(state, "R7.2:p1s1")  # a top-row tile: the agency is no longer full
    assert in_row(state, "R7") == {"R7.1:p1s6", "R7.4:p1s7"}
    act(state, "R7.4:p1s7")  # the one bottom-row tile
    assert in_row(state, "R7") == set()
    assert state.to_dict()["turn"]["taken_bottom"] == [0, 1]


@both
def test_bottom_unlimited_variant_opens_the_whole_bottom_row(impl):
    """Spec 9 M2, `unlimited_snapshot` (variant bottom-unlimited): fullness judged
    when the turn begins, any number of bottom-row tiles."""
    state = position(
        impl,
        2,
        "bottom-unlimited",
        agencies={0: {10: "maestro"}, 1: FULL_SEAT_1},
        rows={"R7": [None, None, "maestro", None, None]},
    )
    act(state, "R7.2:p1s1", "R7.4:p1s7")
    assert in_row(state, "R7") == {"R7.1:p1s6"}
    act(state, "R7.1:p1s6")
    assert state.to_dict()["turn"]["taken_bottom"] == [0, 2]


@both
def test_a_full_agencys_bottom_row_is_open_only_while_it_is_full(impl):
    """Seed (spec 2.1 and 5.2 rule 3): bottom-row tiles of a full agency may be
    taken "only so long as the agency is truly full" (M2 `dynamic`, the standard
    game): one tile, and only as the first taken from that agency this turn."""
    rows = {"R7": [None, None, "maestro", None, None]}
    agencies = {0: {10: "maestro"}, 1: FULL_SEAT_1}
    state = position(impl, agencies=agencies, rows=rows)
    assert in_row(state, "R7") == {"R7.2:p1s1", "R7.4:p1s7"}
    act(state, "R7.2:p1s1")  # a top-row tile: no longer full
    assert in_row(state, "R7") == set()
    state = position(impl, agencies=agencies, rows=rows)
    act(state, "R7.4:p1s7")  # the bottom-row tile first
    assert in_row(state, "R7") == {"R7.2:p1s1"}
    act(state, "R7.2:p1s1")
    assert in_row(state, "R7") == set()  # flute (space 6) stays exclusive


@both
def test_the_mover_uses_any_space_of_its_own_agency(impl):
    """Spec 5.2 source 1: top and bottom row of one's own agency alike."""
    state = position(
        impl, agencies={0: {1: "oboe", 8: "horn"}}, rows={"R7": [None, None, "maestro", None, None]}
    )
    assert in_row(state, "R7") == {"R7.2:p0s1", "R7.4:p0s8"}


# ---- drawing (spec 4 C-D, 5.1) ---------------------------------------------------------------


@both
@pytest.mark.parametrize(
    "filled,draws", [(9, ["draw1"]), (8, ["draw1", "draw2"]), (1, ["draw1", "draw2", "draw3"])]
)
def test_the_draw_count_fits_the_free_spaces(impl, filled, draws):
    """Spec 4 C and M11: k is 1, 2 or 3, and at most the free agency spaces."""
    tiles = [
        "violin",
        "flute",
        "viola",
        "cello",
        "clarinet",
        "drums",
        "eguitar",
        "keyboard",
        "maestro",
    ]
    agency = {10 - i: tiles[i] for i in range(filled)}
    state = position(impl, agencies={0: agency})
    act(state, "pass")
    assert legal_texts(state) == draws


@both
def test_a_full_agency_that_cannot_draw_ends_the_game(impl):
    """Spec 7.2 and M12 (seed: "someone has a full agency and will not or can not
    place a musician"): passing with no free space ends the game at once."""
    full = {
        i + 1: t
        for i, t in enumerate(
            [
                "violin",
                "violin",
                "viola",
                "cello",
                "drums",
                "flute",
                "horn",
                "tuba",
                "harp",
                "maestro",
            ]
        )
    }
    state = position(impl, agencies={0: full})
    act(state, "pass")
    assert state.is_terminal()
    assert state.to_dict()["end"] == "full_agency"
    # Placing first frees a space, and then the seat draws.
    state = position(impl, agencies={0: full})
    act(state, "R4.1:p0s10", "R4.2:p0s1", "pass")
    assert legal_texts(state) == ["draw1", "draw2"]


@both
def test_a_draw_is_a_chance_node_over_the_bags_tiles(impl):
    """Spec 4 D and 8: each tile in the bag equally likely; outcomes by kind."""
    state = act(impl.new_initial(2, "standard"), "pass", "draw1")
    assert state.is_chance_node()
    outcomes = {state.action_to_str(a): p for a, p in state.chance_outcomes()}
    assert len(outcomes) == 22
    assert outcomes["tile:violin"] == pytest.approx(5 / 68)
    assert outcomes["tile:maestro"] == pytest.approx(8 / 68)
    assert outcomes["tile:applause"] == pytest.approx(14 / 68)


@both
def test_each_drawn_tile_goes_on_a_free_space_before_the_next_draw(impl):
    """Spec 4 D and 5.1 (M9 sequential): the seat picks a free space for each tile,
    then draws the next; tiles never move afterwards."""
    state = act(impl.new_initial(2, "standard"), "pass", "draw2", "tile:violin")
    assert legal_texts(state) == [f"agency{i}" for i in range(1, 10)]
    act(state, "agency3")
    assert state.is_chance_node()
    act(state, "tile:flute", "agency1")
    data = state.to_dict()
    assert data["agencies"][0][:3] == ["flute", None, "violin"]
    assert state.current_player() == 1 and data["phase"] == "place"


@both
def test_an_applause_uses_up_a_draw(impl):
    """Spec 4 D and M10: the applause goes to the track, no tile replaces it."""
    state = act(impl.new_initial(2, "standard"), "pass", "draw2", "tile:applause")
    assert state.is_chance_node() and state.to_dict()["applause"] == 1
    act(state, "tile:applause")
    assert state.current_player() == 1 and state.to_dict()["applause"] == 2
    assert state.to_dict()["agencies"][0] == [None] * 9 + ["maestro"]


@both
def test_the_fourteenth_applause_ends_the_game_at_once(impl):
    """Spec 7.1: the last applause ends the game; the turn's other draws are skipped."""
    state = position(impl, applause=13)
    act(state, "pass", "draw3", "tile:applause")
    assert state.is_terminal()
    data = state.to_dict()
    assert data["end"] == "applause" and data["applause"] == 14
    assert data["turn"]["draws_left"] == 0


@both
def test_draw_batch_variant_draws_every_tile_before_placing_them(impl):
    """Spec 9 M9, draw_mode batch: the k tiles are all drawn, then placed in the
    order drawn."""
    state = act(impl.new_initial(2, "draw-batch"), "pass", "draw2", "tile:violin")
    assert state.is_chance_node()
    act(state, "tile:flute")
    assert state.to_dict()["turn"]["drawn"] == ["violin", "flute"]
    act(state, "agency2", "agency1")
    assert state.to_dict()["agencies"][0][:2] == ["flute", "violin"]
    assert state.current_player() == 1


# ---- scoring (spec 5.3, 6) --------------------------------------------------------------


@both
def test_starting_a_row_scores_5_a_tile(impl):
    """Spec 5.3: a row begun but not finished: 5 a tile, the maestro included."""
    state = position(impl, agencies={0: {10: "maestro", 1: "viola"}})
    act(state, "R4.2:p0s10", "R4.3:p0s1")
    data = state.to_dict()
    assert data["points"] == [10, 0] and data["critic"] is None


@both
def test_a_row_begun_and_finished_in_one_turn_scores_10_a_tile(impl):
    """Spec 6 worked example: R7 begun with the maestro from space 10 and finished
    with 4 winds scores 50 and takes the critic; space 10 is free again."""
    state = position(impl, agencies={0: WINDS})
    act(state, "R7.3:p0s10", "R7.2:p0s2", "R7.1:p0s1", "R7.4:p0s3", "R7.5:p0s4")
    data = state.to_dict()
    assert data["points"] == [50, 0] and data["critic"] == 0
    assert data["agencies"][0] == [None] * 10


@both
def test_finishing_a_row_begun_earlier_scores_5_a_tile(impl):
    """Spec 5.3: finishing a row started on an earlier turn pays 5 a tile (no
    doubling) and takes the critic."""
    state = position(impl, agencies={0: {1: "piano"}}, rows={"R1": ["maestro", None]})
    act(state, "R1.2:p0s1")
    data = state.to_dict()
    assert data["points"] == [5, 0] and data["critic"] == 0


@both
def test_the_critic_pays_10_at_the_start_of_each_of_its_holders_turns(impl):
    """Spec 4 A and M7: +10 when the holder's turn begins, the very next one
    included; nothing for the other seats."""
    state = position(impl, agencies={0: WINDS})
    act(state, "R7.3:p0s10", "R7.2:p0s2", "R7.1:p0s1", "R7.4:p0s3", "R7.5:p0s4")
    end_turn_quietly(state)
    assert state.to_dict()["points"] == [50, 0]
    end_turn_quietly(state)
    assert state.to_dict()["points"] == [60, 0]
    end_turn_quietly(state)
    end_turn_quietly(state)
    assert state.to_dict()["points"] == [70, 0]


@both
def test_the_critic_goes_to_whoever_finishes_the_next_row(impl):
    """Spec 5.3 and M7: finishing a row takes the critic from its holder."""
    state = position(
        impl,
        agencies={0: {1: "piano"}, 1: {10: "maestro"}},
        critic=1,
        rows={"R1": ["maestro", None], "R2": ["flute", "maestro", "harp"]},
    )
    act(state, "R1.2:p0s1")
    assert state.to_dict()["critic"] == 0
    act(state, "pass", "draw1", "tile:applause")
    assert state.to_dict()["points"] == [5, 0]  # seat 1's turn: no income for it


@both
def test_the_agency_penalty_at_the_end(impl):
    """Spec 6 and 2.1: each tile left costs its space number (maestros too); a full
    agency costs 55. scores() subtracts it once the game is over."""
    full = {
        i + 1: t
        for i, t in enumerate(
            [
                "violin",
                "violin",
                "viola",
                "cello",
                "drums",
                "flute",
                "horn",
                "tuba",
                "harp",
                "maestro",
            ]
        )
    }
    state = position(
        impl,
        agencies={0: {1: "sax", 5: "oboe", 10: "maestro"}, 1: full},
        points=[30, 100],
        applause=13,
    )
    assert state.scores() == [30, 100]
    act(state, "pass", "draw1", "tile:applause")
    assert state.is_terminal()
    assert state.scores() == [30 - 16, 100 - 55]
    assert state.returns() == [0.0, 1.0]


@both
def test_ties_share_the_win(impl):
    """Spec 7 and M14: equal final scores share the win."""
    state = position(
        impl, 3, agencies={0: {}, 1: {}, 2: {10: "maestro"}}, points=[20, 20, 25], applause=13
    )
    act(state, "pass", "draw1", "tile:applause")
    assert state.scores() == [20, 20, 15]
    assert state.returns() == [0.5, 0.5, 0.0]


# ---- the heuristic ------------------------------------------------------------------------


@both
def test_heuristic_sees_a_row_the_next_seat_can_finish(impl):
    """Rows others can finish: the same position is worth less to seat 0 when seat 1
    holds the tiles to finish a row on its coming turn."""
    rows = {"R7": [None, "oboe", "maestro", "horn", None]}
    quiet = position(impl, agencies={0: {10: "maestro"}, 1: {6: "violin", 7: "viola"}}, rows=rows)
    threat = position(impl, agencies={0: {10: "maestro"}, 1: {6: "flute", 7: "bassoon"}}, rows=rows)
    quiet, threat = act(quiet, "pass"), act(threat, "pass")
    assert threat.heuristic()[0] < quiet.heuristic()[0]


@both
def test_heuristic_counts_a_tile_nothing_can_take_as_a_sure_penalty(impl):
    """Penalties at risk: a harp whose only space is covered by a maestro costs its
    space number for sure; a violin on the same space may still be placed."""
    rows = {"R2": ["flute", "viola", "maestro"]}
    live = position(impl, agencies={0: {9: "violin"}, 1: {10: "maestro"}}, rows=rows, critic=1)
    covered = position(impl, agencies={0: {9: "harp"}, 1: {10: "maestro"}}, rows=rows, critic=1)
    assert covered.heuristic()[0] < live.heuristic()[0]


@both
def test_heuristic_values_points_and_the_critic(impl):
    """Placed points and the critic's income raise a seat's share."""
    even = position(impl, points=[20, 20])
    ahead = position(impl, points=[40, 20])
    assert ahead.heuristic()[0] > even.heuristic()[0]
    rows = {"R1": ["sax", "maestro"]}
    holder = position(impl, rows=rows, critic=0, points=[20, 20])
    other = position(impl, rows=rows, critic=1, points=[20, 20])
    assert holder.heuristic()[0] > other.heuristic()[0]
    assert sum(holder.heuristic()) == pytest.approx(1.0)
