"""Takt Voll's heuristic (the searchers' leaf value: reference.py's heuristic,
state.pyx's c_heuristic), checked against its documented definition: each seat's
estimate is its score if the game ended now (points less 1 a card in hand and 2 a
bar line), plus 0.75 (codec.OPEN_BAR_SHARE) of each exactly full bar's points for
the first seat in turn order holding a bar line, counted from the mover in its turn
or bonus decision and from the next seat while the mover draws or holds the card it
drew; win shares are softmax(estimate / 3) (codec.HEURISTIC_TEMPERATURE). The
numbers below are written from that text, not read from the engine."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taktvoll_spec import bar_is_full, bar_points, final_score, win_shares
from test_taktvoll import BARS8, IMPLEMENTATIONS, make, play
from test_taktvoll_properties import configs, random_position

OPEN_BAR_SHARE = 0.75
TEMPERATURE = 3.0


def softmax(estimates: list[float]) -> list[float]:
    weights = [math.exp(e / TEMPERATURE) for e in estimates]
    return [w / sum(weights) for w in weights]


# Three seats, a full 2/4 bar of two crotchets on the table (worth 2, credited 1.5).
# Before the credit: seat 0 and 1 hold 9 cards with 8 bar lines (-17), seat 2 holds
# 10 with 8 (-18); all of them can close the bar.
THREE_HANDS = ["Q " + BARS8, "W " + BARS8, "E E " + BARS8]
THREE_ROWS = ["clef 2/4 Q Q"]


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "phase, turn, drawn, bonus_row, estimates",
    [
        ("turn", 0, None, None, [-15.5, -17, -18]),  # the mover may close it now
        ("bonus", 0, None, 0, [-15.5, -17, -18]),  # ... or with its bonus bar line
        ("draw", 0, None, None, [-17, -15.5, -18]),  # drawing: the next seat is first
        ("after-draw", 0, "Q", None, [-17, -15.5, -18]),  # only the drawn card may follow
        ("after-draw", 2, "E", None, [-15.5, -17, -18]),  # the next seat round from seat 2
    ],
)
def test_three_seats_the_open_bar_goes_to_the_next_seat_that_can_play(
    cls, phase, turn, drawn, bonus_row, estimates
):
    state = make(
        cls, THREE_HANDS, rows=THREE_ROWS, phase=phase, turn=turn, drawn=drawn, bonus_row=bonus_row
    )
    assert state.heuristic() == pytest.approx(softmax(estimates), rel=1e-12)


# Four seats. Row 1: six closed 1/4 bars of a crotchet (seat 0 closed them: 6 points,
# all its bar lines) and an empty open bar, worth nothing; row 2: a full 3/4 bar of
# five cards, worth 5, credited 3.75. Before the credit: seat 0 has 6 - 2 cards = 4;
# seats 1 and 3 hold 7 cards with 6 bar lines (-13), seat 2 holds 8 with 6 (-14).
FOUR_HANDS = ["W H", "S bar*6", "S S bar*6", "H bar*6"]
FOUR_ROWS = ["clef 1/4 " + "Q bar " * 6, "clef 3/4 Q E E E E"]


@IMPLEMENTATIONS
@pytest.mark.parametrize(
    "phase, turn, drawn, estimates",
    [
        ("turn", 3, None, [4, -13, -14, -9.25]),  # the mover holds a bar line
        ("after-draw", 3, "H", [4, -9.25, -14, -13]),  # next is seat 0: no bar line; seat 1
        ("turn", 0, None, [4, -9.25, -14, -13]),  # the mover has none: seat 1
        ("draw", 1, None, [4, -13, -10.25, -13]),  # seat 1 draws: seat 2 is first
    ],
)
def test_four_seats_the_open_bar_goes_round_to_a_seat_with_a_bar_line(
    cls, phase, turn, drawn, estimates
):
    state = make(
        cls,
        FOUR_HANDS,
        rows=FOUR_ROWS,
        phase=phase,
        turn=turn,
        drawn=drawn,
        played=[6, 0, 0, 0],
        points=[6, 0, 0, 0],
    )
    assert state.heuristic() == pytest.approx(softmax(estimates), rel=1e-12)


@IMPLEMENTATIONS
def test_a_finished_game_is_valued_by_its_returns(cls):
    # Seat 0 fills the ninth 1/4 bar with its last card: the game is over (§7) and
    # seat 0 wins with its 8 points against -17 and -18.
    state = make(
        cls,
        ["Q", "W " + BARS8, "E E " + BARS8],
        rows=["clef 1/4 " + "Q bar " * 8],
        points=[8, 0, 0],
    )
    play(state, "Q@1")
    assert state.is_terminal() and state.heuristic() == [1.0, 0.0, 0.0]


def documented_heuristic(data: dict) -> list[float]:
    """The module docstring's definition, on a state's JSON form."""
    finals = [final_score(p, hand) for p, hand in zip(data["points"], data["hands"], strict=True)]
    if data["phase"] == "over":
        return win_shares(finals)
    n, estimates = data["players"], [float(f) for f in finals]
    if data["turn"] is not None:
        first = data["turn"] + (data["phase"] not in ("turn", "bonus"))
        closers = [s % n for s in range(first, first + n) if "bar" in data["hands"][s % n]]
        for row in data["rows"]:
            if bar_is_full(row) and closers:
                estimates[closers[0]] += OPEN_BAR_SHARE * bar_points(data["variant"], row)
    return softmax(estimates)


@IMPLEMENTATIONS
@settings(max_examples=30)
@given(config=configs, steps=st.integers(0, 250))
def test_the_heuristic_is_its_documented_definition_in_random_games(cls, config, steps):
    state = random_position(cls, config, steps)
    assert state.heuristic() == pytest.approx(documented_heuristic(state.to_dict()), rel=1e-12)
