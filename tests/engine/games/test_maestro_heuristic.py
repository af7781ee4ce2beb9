"""Maestro's hand-built heuristic (state.pyx c_value_terms, reference.py
heuristic_terms): exact shares on hand-built positions, worked out here term by term
from the heuristic's documented definition, and a property of the setup position
that pins which way round the table the turns are counted. Three and four seats
play with it; the two-seat positions here set the learned value aside (value.use).

The definition (see c_heuristic): a seat's value is its points, plus each agency
tile as `placed * 5 - (1 - placed) * space` with `placed` the chance it is still
placed (its own turns left T, plus one if its placement phase is now, but at most
its free agency spaces + 1, as T / (T + 1), times the board's room for the kind),
plus the critic's income to
come, plus its best placement discounted by the turns until its placement phase
(d = 0 for the mover placing now, n for the mover after placing, else
(seat - mover) mod n, the turns until its own). The values become shares by a
softmax.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from engine.games.maestro import weights
from engine.games.maestro.reference import MaestroReference
from engine.games.maestro.state import MaestroState
from maestro_positions import BOARD, act, both, legal_texts, position

pytestmark = pytest.mark.usefixtures("maestro_hand_heuristic")

PER_TILE = 5  # points a placed musician scores (spec 5.3)
CRITIC_INCOME = 10  # the critic's income at its holder's turn (spec 4 A)


def draws_until_last_applause(applause_left: int, bag: int) -> float:
    """Where the last of `applause_left` marked tiles falls among `bag`, on average."""
    return applause_left * (bag + 1) / (applause_left + 1)


def chance_placed(own_turns: float, free_spaces: float = 10) -> float:
    """Placed within the seat's turns, which its free spaces bound: it must draw
    every turn (spec 4 C) and its turn with a full agency ends the game unless it
    places (spec 7.2), so it has at most free_spaces + 1 placement phases."""
    turns = min(own_turns, free_spaces + 1)
    return turns / (turns + 1)


def tile_worth(placed: float, space: int) -> float:
    """A tile scored with chance `placed`, else charged its space number."""
    return placed * PER_TILE - (1 - placed) * space


def opportunity(turns_away: int) -> float:
    return weights.OPPORTUNITY_NOW * weights.OPPORTUNITY_DECAY**turns_away


def shares(values: list[float], draws: float) -> list[float]:
    temperature = weights.TEMPERATURE_BASE + weights.TEMPERATURE_PER_ROOT_DRAW * math.sqrt(draws)
    odds = [math.exp((v - max(values)) / temperature) for v in values]
    return [o / sum(odds) for o in odds]


@both
def test_exact_shares_at_four_seats_with_seat_2_placing(impl):
    """Seat 2 places now; then seats 3, 0, 1 (1, 2 and 3 turns away). Seat 1 can
    finish R1 with its piano (5 + the critic's 10); everyone else can at best lay
    a maestro and seat 2's violin (10). The harp's only space is under R2's
    maestro: no room, a sure penalty."""
    state = position(
        impl,
        4,
        to_move=2,
        applause=4,
        critic=0,
        points=[30, 20, 10, 25],
        agencies={
            0: {10: "maestro"},
            1: {6: "piano"},
            2: {10: "maestro", 1: "violin"},
            3: {10: "maestro", 4: "harp"},
        },
        rows={"R1": ["maestro", None], "R2": ["flute", "viola", "maestro"]},
    )
    draws = draws_until_last_applause(14 - 4, 70 - 10 - 4)  # 10 tiles out, 4 applause
    turns = draws / weights.DRAWS_PER_TURN / 4
    now, later = chance_placed(turns + 1), chance_placed(turns)
    values = [
        30
        + tile_worth(later, 10)
        + CRITIC_INCOME * weights.CRITIC_HOLD_TURNS
        + opportunity(2) * 10,
        20 + tile_worth(later, 6) + opportunity(3) * 15,
        10 + tile_worth(now, 10) + tile_worth(now, 1) + opportunity(0) * 10,
        25 + tile_worth(later, 10) + tile_worth(0.0, 4) + opportunity(1) * 10,
    ]
    assert turns > weights.CRITIC_HOLD_TURNS
    assert state.heuristic() == pytest.approx(shares(values, draws), abs=1e-12)


@both
def test_exact_shares_at_three_seats_while_seat_1_draws(impl):
    """Seat 1 drew an oboe (one more draw to come) and has placed already: its next
    placement phase is a full round away (d = 3); seat 2 is 1 away, seat 0 is 2.
    The drawn oboe goes to the cheapest free space (2), the next draw to space 3,
    counted at the bag's share of non-applause tiles. The tuba's space is under
    R10's maestro."""
    state = position(
        impl,
        3,
        to_move=1,
        phase="slot",
        applause=2,
        points=[15, 5, 0],
        turn_drawn=["oboe"],
        turn_draws_left=1,
        agencies={
            0: {10: "maestro"},
            1: {10: "maestro", 1: "flute"},
            2: {10: "maestro", 3: "tuba"},
        },
        rows={"R10": [None, None, None, None, None, "maestro", None]},
    )
    bag = 70 - 7 - 2  # 7 tiles out, 2 applause
    draws = draws_until_last_applause(14 - 2, bag)
    turns = draws / weights.DRAWS_PER_TURN / 3
    later = chance_placed(turns)
    musician_share = (bag - 12) / bag
    # Seat 1's 8 empty spaces, one taken by the oboe, one by the draw to come (if not
    # an applause): fewer placement phases than the turns the bag allows.
    seat_1_free = 8 - 1 - musician_share
    seat_1 = chance_placed(turns, seat_1_free)
    values = [
        15 + tile_worth(later, 10) + opportunity(2) * 10,
        5
        + tile_worth(seat_1, 10)
        + tile_worth(seat_1, 1)
        + tile_worth(seat_1, 2)
        + musician_share * tile_worth(seat_1, 3)
        + opportunity(3) * 10,
        0 + tile_worth(later, 10) + tile_worth(0.0, 3) + opportunity(1) * 10,
    ]
    assert seat_1_free + 1 < turns  # the free spaces bind
    assert state.heuristic() == pytest.approx(shares(values, draws), abs=1e-12)


@both
@pytest.mark.parametrize("players,to_move", [(3, 0), (3, 2), (4, 1), (4, 3)])
def test_at_the_setup_the_seats_nearer_their_turn_are_worth_more(impl, players, to_move):
    """Every seat holds just its maestro, so the only difference is how soon its
    placement phase comes: the shares fall seat by seat in play order (spec 4 E,
    to the left: seat s + 1 follows seat s) from the seat to move."""
    state = position(impl, players, to_move=to_move)
    share = state.heuristic()
    in_play_order = [share[(to_move + i) % players] for i in range(players)]
    assert all(a > b for a, b in itertools.pairwise(in_play_order)), share


# ---- the room of rows nobody has begun: per seat ------------------------------------------
# Only a maestro begins a row (shared/rules/maestro-1989.md 5.2, "Row empty (start it)"),
# and a seat may use a maestro of its own agency or of an opponent's spaces 1-5 (5.2,
# sources 1 and 2). So the spaces of an empty row count as room for a seat's tiles only
# if it has a maestro in reach, or else by its chance of drawing one from the bag.

TRUMPET_ONLY_IN_R10 = "R10"  # the board's two trumpet spaces are both in R10 (spec 2.2)


def begun_with_maestros(*row_ids: str) -> dict[str, list]:
    """Rows each begun by a lone maestro on their first space."""
    lengths = dict(zip(BOARD.row_ids, BOARD.row_lengths, strict=True))
    return {r: ["maestro"] + [None] * (lengths[r] - 1) for r in row_ids}


def test_the_trumpets_spaces_are_all_in_the_row_the_positions_leave_empty():
    rows = {
        BOARD.row_ids[BOARD.cell_rows[c]]
        for c, k in enumerate(BOARD.cell_kinds)
        if BOARD.tile_names[k] == "trumpet"
    }
    assert rows == {TRUMPET_ONLY_IN_R10}


@both
def test_an_empty_row_is_no_room_for_a_seat_that_cannot_get_a_maestro(impl):
    """Rows R1-R9 are begun with 9 maestros, seat 1 holds the 10th on space 10 (closed
    to seat 0, 5.2): the bag has none left. Seat 0's trumpet fits only R10, which
    nobody has begun, so for seat 0 it is a sure penalty (its space, 1). The old term
    counted R10's two trumpet spaces for every seat and valued it at `now`."""
    state = position(
        impl,
        2,
        to_move=0,
        applause=3,
        agencies={0: {1: "trumpet"}, 1: {10: "maestro"}},
        rows=begun_with_maestros(*BOARD.row_ids[:9]),
    )
    bag = 70 - 2 - 9 - 3
    draws = draws_until_last_applause(14 - 3, bag)
    turns = draws / weights.DRAWS_PER_TURN / 2
    now, later = chance_placed(turns + 1, 9), chance_placed(turns, 9)
    # Seat 1 can begin R10 with its maestro next to seat 0's trumpet (top row): 2 tiles.
    seat_1 = 0 + tile_worth(later, 10) + opportunity(1) * 2 * PER_TILE
    new = shares([tile_worth(0.0, 1), seat_1], draws)
    old = shares([tile_worth(now, 1), seat_1], draws)
    assert state.heuristic() == pytest.approx(new, abs=1e-12)
    assert state.heuristic()[0] < old[0] - 0.02  # worth less to seat 0 than it was


@both
def test_a_maestro_on_an_opponents_top_row_puts_an_empty_row_in_reach(impl):
    """The same board, but seat 1's maestro on space 5: seat 0 may take it (5.2,
    source 2), so R10's trumpet spaces are room for seat 0's trumpet again."""
    agencies = {0: {1: "trumpet"}, 1: {10: "maestro"}}
    rows = begun_with_maestros(*BOARD.row_ids[:9])
    closed = position(impl, 2, to_move=0, applause=3, agencies=agencies, rows=rows)
    agencies[1] = {5: "maestro"}
    reached = position(impl, 2, to_move=0, applause=3, agencies=agencies, rows=rows)
    bag = 70 - 2 - 9 - 3
    draws = draws_until_last_applause(14 - 3, bag)
    turns = draws / weights.DRAWS_PER_TURN / 2
    now, later = chance_placed(turns + 1, 9), chance_placed(turns, 9)
    # Seat 0 can now begin R10 itself: seat 1's maestro and its own trumpet, 2 tiles.
    seat_0 = tile_worth(now, 1) + opportunity(0) * 2 * PER_TILE
    seat_1 = tile_worth(later, 5) + opportunity(1) * 2 * PER_TILE
    assert reached.heuristic() == pytest.approx(shares([seat_0, seat_1], draws), abs=1e-12)
    assert reached.heuristic()[0] > closed.heuristic()[0]


@both
def test_an_empty_row_counts_by_the_chance_of_drawing_a_maestro(impl):
    """R1-R7 begun (7 maestros), seat 1's on space 10: 2 maestros are left in a bag of
    60. Seat 0 holds two trumpets and no maestro; R10's two trumpet spaces count for
    it with the chance that its draws bring a maestro: 1 - (1 - 2/60)^draws, with
    draws its share of those left (draws / 2), but no more than its 8 free spaces."""
    state = position(
        impl,
        2,
        to_move=0,
        agencies={0: {1: "trumpet", 2: "trumpet"}, 1: {10: "maestro"}},
        rows=begun_with_maestros(*BOARD.row_ids[:7]),
    )
    bag = 70 - 3 - 7
    draws = draws_until_last_applause(14, bag)
    turns = draws / weights.DRAWS_PER_TURN / 2
    now, later = chance_placed(turns + 1, 8), chance_placed(turns, 9)
    assert draws / 2 > 8  # the free spaces bind
    maestro_chance = 1 - (1 - 2 / bag) ** 8
    room = maestro_chance * 2 / 2  # two spaces, if R10 is begun, for two trumpets
    seat_0 = tile_worth(now * room, 1) + tile_worth(now * room, 2)
    # Seat 1: its maestro on R10's horn space, seat 0's trumpets beside it: 3 tiles.
    seat_1 = tile_worth(later, 10) + opportunity(1) * 3 * PER_TILE
    assert maestro_chance < 1 - (1 - 2 / bag) ** (draws / 2) - 0.3  # was ~0.62
    assert state.heuristic() == pytest.approx(shares([seat_0, seat_1], draws), abs=1e-12)


def test_compiled_and_reference_agree_on_the_room_of_thousands_of_random_states():
    """The differential pattern (test_differential: seeded random games through both
    implementations), asserting that the per-seat room was really exercised: many
    states have an empty row and a seat with no maestro in reach."""
    from test_differential import choose

    compared = without_maestro = 0
    for seed in range(60):
        players = 2 + seed % 3
        compiled = MaestroState.new_initial(players)
        reference = MaestroReference.new_initial(players)
        rng = random.Random(10_000 + seed)
        while not compiled.is_terminal():
            assert compiled.heuristic() == pytest.approx(reference.heuristic(), abs=1e-12)
            compared += 1
            empty_row = any(not reference.occupied(r) for r in range(BOARD.num_rows))
            without_maestro += empty_row and not all(
                reference.reaches_maestro(s) for s in range(players)
            )
            action = choose(compiled, rng)
            compiled.apply(action)
            reference.apply(action)
    assert compared > 5000
    assert without_maestro > 1000


# ---- the free agency spaces: how soon a seat's agency is full ------------------------------
# A seat must draw every turn (shared/rules/maestro-1989.md 4 C); at its turn with no free
# space the game ends unless it places (7.2), and every tile left costs its space number,
# 55 for a full agency (2.1, 6). So a seat that places nothing has at most its free spaces
# + 1 placement phases left, however many draws the applause still allows.

# Instruments with no space beside a lone maestro on a row's first space (each row's
# second space is piano, viola, violin, clarinet, oboe, keyboard or trumpet, spec 2.2).
STRANDED = ["flute", "cello", "harp", "harpsichord", "bassoon"]
STRANDED += ["trombone", "horn", "drums", "sax", "tuba"]


def open_space_for(kind: str, rows: dict[str, list]) -> bool:
    """Has the board an empty space of `kind` in a row somebody has begun?"""
    for row_id, cells in rows.items():
        start = BOARD.row_ids.index(row_id)
        row_cells = [c for c, r in enumerate(BOARD.cell_rows) if r == start]
        for cell, tile in zip(row_cells, cells, strict=True):
            if tile is None and BOARD.tile_names[BOARD.cell_kinds[cell]] == kind:
                return True
    return False


@both
def test_a_full_agency_that_cannot_place_has_one_placement_phase_left(impl):
    """All ten rows begun by lone maestros; seat 0 placing now with a full agency of
    instruments that fit beside none of them: `pass` is its only move, and the game
    then ends with seat 0 charged 55 (7.2, 2.1). Its tiles count as placed with
    chance 1 / 2 (one placement phase), not by the ~10 turns the applause allows."""
    rows = begun_with_maestros(*BOARD.row_ids)
    fields = dict(to_move=0, applause=4, rows=rows)
    agencies = {0: {space: kind for space, kind in enumerate(STRANDED, 1)}, 1: {}}
    state = position(impl, 2, agencies=agencies, **fields)
    assert legal_texts(state) == ["pass"]
    bag = 70 - 10 - 10 - 4  # 10 maestros on the board, 10 tiles in seat 0's agency
    draws = draws_until_last_applause(14 - 4, bag)
    turns = draws / weights.DRAWS_PER_TURN / 2
    room = [1.0 if open_space_for(kind, rows) else 0.0 for kind in STRANDED]
    now = chance_placed(turns + 1, 0)
    seat_0 = sum(tile_worth(now * r, space) for space, r in enumerate(room, 1))
    assert now == 0.5
    assert state.heuristic() == pytest.approx(shares([seat_0, 0.0], draws), abs=1e-12)
    before = chance_placed(turns + 1)  # the bound left out: ~0.92
    seat_0_before = sum(tile_worth(before * r, space) for space, r in enumerate(room, 1))
    assert state.heuristic()[0] < shares([seat_0_before, 0.0], draws)[0] - 0.15  # 0.61 -> 0.43
    act(state, "pass")
    assert state.is_terminal() and state.to_dict()["end"] == "full_agency"
    assert state.scores() == [-(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10), 0]
    assert state.returns() == [0.0, 1.0]


@both
def test_declaring_more_draws_leaves_fewer_placement_phases(impl):
    """Seat 0 has 3 free spaces and has declared its draws: with 3 owed, its agency is
    expected full but for the applause share, with 1 owed it keeps 2 spaces, so its
    seven tiles are worth more. Exact for both, from the definition."""
    rows = begun_with_maestros(*BOARD.row_ids)
    agencies = {0: {space: kind for space, kind in enumerate(STRANDED[:7], 1)}, 1: {}}
    values = {}
    for owed in (1, 3):
        state = position(
            impl,
            2,
            to_move=0,
            phase="draw",
            applause=4,
            rows=rows,
            agencies=agencies,
            turn_draws_left=owed,
        )
        bag = 70 - 10 - 7 - 4
        draws = draws_until_last_applause(14 - 4, bag)
        turns = draws / weights.DRAWS_PER_TURN / 2
        musician_share = (bag - 10) / bag
        placed = chance_placed(turns, 3 - owed * musician_share)
        room = [1.0 if open_space_for(kind, rows) else 0.0 for kind in STRANDED[:7]]
        seat_0 = sum(tile_worth(placed * r, space) for space, r in enumerate(room, 1))
        seat_0 += sum(musician_share * tile_worth(placed, 8 + i) for i in range(owed))
        assert state.heuristic() == pytest.approx(shares([seat_0, 0.0], draws), abs=1e-12)
        values[owed] = state.heuristic()[0]
    assert values[3] < values[1]


WEIGHTED_RUN = """
import importlib.util, pathlib, random, sys
# The weights module, loaded and changed before the package (whose __init__ loads the
# compiled state) is imported.
path = pathlib.Path(importlib.util.find_spec("engine").origin).parent / "games/maestro/weights.py"
spec = importlib.util.spec_from_file_location("engine.games.maestro.weights", path)
weights = importlib.util.module_from_spec(spec)
spec.loader.exec_module(weights)
weights.TILE_WEIGHT, weights.FREE_SPACE_POINTS = 1.6, 7.0
sys.modules[spec.name] = weights
from engine.games.maestro.reference import MaestroReference
from engine.games.maestro.state import MaestroState
from engine.games.maestro import reference as readable
rng, compared, moved = random.Random(3), 0, 0
for seed in range(8):
    compiled, reference = MaestroState.new_initial(2), MaestroReference.new_initial(2)
    while not compiled.is_terminal():
        c, r = compiled.heuristic(), reference.heuristic()
        assert max(abs(a - b) for a, b in zip(c, r)) < 1e-12, (c, r)
        compared += 1
        outcomes = compiled.chance_outcomes()
        action = (rng.choice(outcomes)[0] if outcomes else rng.choice(compiled.legal_actions()))
        compiled.apply(action)
        reference.apply(action)
print(compared, readable.FREE_SPACE_POINTS)
"""


def test_the_fitted_weights_act_alike_in_both_implementations():
    """TILE_WEIGHT and FREE_SPACE_POINTS (fitted by bench/training/maestro_fit.py; 1 and 0 in
    use) are read when the modules load, so a fresh interpreter sets them before
    both load and compares the two heuristics over whole random games."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", WEIGHTED_RUN], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    compared, free_space_points = done.stdout.split()
    assert int(compared) > 500 and float(free_space_points) == 7.0
