"""Maestro's heuristic (state.pyx c_heuristic, reference.py heuristic) at 3 and 4
seats: exact shares on hand-built positions, worked out here term by term from
the heuristic's documented definition, and a property of the setup position
that pins which way round the table the turns are counted.

The definition (see c_heuristic): a seat's value is its points, plus each agency
tile as `placed * 5 - (1 - placed) * space` with `placed` the chance it is still
placed (its own turns left T, plus one if its placement phase is now, as
T / (T + 1), times the board's room for the kind), plus the critic's income to
come, plus its best placement discounted by the turns until its placement phase
(d = 0 for the mover placing now, n for the mover after placing, else
(seat - mover) mod n, the turns until its own). The values become shares by a
softmax.
"""

from __future__ import annotations

import itertools
import math

import pytest

from engine.games.maestro import weights
from maestro_positions import both, position

PER_TILE = 5  # points a placed musician scores (spec 5.3)
CRITIC_INCOME = 10  # the critic's income at its holder's turn (spec 4 A)


def draws_until_last_applause(applause_left: int, bag: int) -> float:
    """Where the last of `applause_left` marked tiles falls among `bag`, on average."""
    return applause_left * (bag + 1) / (applause_left + 1)


def chance_placed(own_turns: float) -> float:
    return own_turns / (own_turns + 1)


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
    later = chance_placed(draws / weights.DRAWS_PER_TURN / 3)
    musician_share = (bag - 12) / bag
    values = [
        15 + tile_worth(later, 10) + opportunity(2) * 10,
        5
        + tile_worth(later, 10)
        + tile_worth(later, 1)
        + tile_worth(later, 2)
        + musician_share * tile_worth(later, 3)
        + opportunity(3) * 10,
        0 + tile_worth(later, 10) + tile_worth(0.0, 3) + opportunity(1) * 10,
    ]
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
