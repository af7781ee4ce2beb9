"""Elo from match scores (cli/match/elo.py) and the two-entrant statistics of
cli/match/ratings.py, checked against values worked out by hand."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli.match.elo import (
    Moments,
    chained,
    elo_to_score,
    estimate,
    mean_interval,
    score_interval,
    score_to_elo,
    signed_elo,
)
from cli.match.ratings import HeadToHead, pairwise_score, seat_shares


def moments_of(values):
    m = Moments()
    for v in values:
        m.add(v)
    return m


def record(index, block, seats, returns):
    return {"index": index, "block": block, "seats": seats, "returns": returns, "error": None}


def test_a_75_percent_score_is_190_8_elo():
    assert score_to_elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert score_to_elo(0.5) == 0.0
    assert score_to_elo(0.25) == pytest.approx(-190.85, abs=0.01)
    assert score_to_elo(1.0) == math.inf and score_to_elo(0.0) == -math.inf


@given(st.floats(min_value=-1500, max_value=1500))
def test_elo_and_score_are_inverse(elo):
    assert score_to_elo(elo_to_score(elo)) == pytest.approx(elo, abs=1e-6)


def test_wilson_score_interval_by_hand():
    # 40 of 50: p = 0.8, z = 1.96; centre (0.8 + 1.96^2/100) / (1 + 1.96^2/50) = 0.7786,
    # half-width 1.96 sqrt(0.16/50 + 1.96^2/10000) / 1.0768 = 0.1089.
    low, high = score_interval(0.8, 50)
    assert low == pytest.approx(0.6697, abs=1e-3) and high == pytest.approx(0.8876, abs=1e-3)


def test_a_perfect_score_keeps_an_interval_below_one():
    # 400 wins of 400: the normal interval collapses to a point; Wilson's lower end is
    # z^2 / (n + z^2) below 1.
    low, high = score_interval(1.0, 400)
    assert high == 1.0 and low == pytest.approx(400 / (400 + 1.959964**2), abs=1e-6)


@given(st.floats(min_value=0, max_value=1), st.integers(min_value=1, max_value=10_000))
def test_the_score_interval_holds_the_score_inside_zero_one(score, n):
    low, high = score_interval(score, n)
    assert 0.0 <= low <= score + 1e-12 and score - 1e-12 <= high <= 1.0


def test_interval_of_75_wins_25_losses():
    # 100 games scored 1 or 0: variance 0.75 - 0.75^2 = 0.1875, standard error
    # sqrt(0.1875/100) = 0.0433; the score interval 0.75 -+ 1.96 * 0.0433 is
    # [0.6651, 0.8349], i.e. [+119.2, +281.5] Elo, +/- 81.2.
    est = estimate(moments_of([1.0] * 75 + [0.0] * 25))
    assert est.n == 100 and est.score == 0.75
    assert est.stderr == pytest.approx(0.0433, abs=1e-4)
    assert est.elo == pytest.approx(190.8, abs=0.05)
    assert est.low == pytest.approx(119.2, abs=0.05)
    assert est.high == pytest.approx(281.5, abs=0.05)
    assert est.margin == pytest.approx(81.2, abs=0.05)
    assert est.los > 0.9999


def test_draws_narrow_the_interval():
    # The same 75% made of wins and draws (50 wins, 50 draws) varies less.
    wins_losses = estimate(moments_of([1.0] * 75 + [0.0] * 25))
    wins_draws = estimate(moments_of([1.0] * 50 + [0.5] * 50))
    assert wins_draws.elo == pytest.approx(wins_losses.elo)
    assert wins_draws.margin < wins_losses.margin / 1.5


def test_a_perfect_score_has_no_finite_elo():
    est = estimate(moments_of([1.0] * 10))
    assert est.elo is None and est.high is None and est.los == 1.0


def test_pentanomial_pairs():
    # 100 pairs with the pentanomial counts [2, 10, 40, 30, 18] (pairs scoring 0, 1/2,
    # 1, 3/2, 2): mean pair score 0.63, variance 0.0581, so +92.5 Elo in [+58.0, +128.7].
    h2h = HeadToHead("a", "b", block_size=2)
    outcomes = (
        [(0, 0)] * 2
        + [(0.5, 0)] * 10
        + [(1, 0)] * 20
        + [(0.5, 0.5)] * 20
        + [(1, 0.5)] * 30
        + [(1, 1)] * 18
    )
    index = 0
    for block, (first, second) in enumerate(outcomes):
        # the seats swap inside the pair: a sits first, then second
        h2h.add(record(index, block, ["a", "b"], [first, 1 - first]))
        h2h.add(record(index + 1, block, ["b", "a"], [1 - second, second]))
        index += 2
    summary = h2h.summary()
    assert summary["pentanomial"] == [2, 10, 40, 30, 18]
    assert summary["samples"] == 100 and summary["games"] == 200
    assert summary["sample_score"] == pytest.approx(0.63)
    assert h2h.blocks.variance == pytest.approx(0.0581)
    assert summary["elo"] == pytest.approx(92.46, abs=0.01)
    assert summary["elo_low"] == pytest.approx(58.04, abs=0.01)
    assert summary["elo_high"] == pytest.approx(128.75, abs=0.01)
    single = summary["per_game"]
    assert single["games"] == 200 and single["elo"] == pytest.approx(summary["elo"])
    wins, draws, losses = summary["trinomial"]
    assert (wins, draws, losses) == (2 * 18 + 30 + 20, 10 + 30 + 40, 2 * 2 + 10 + 20)


def test_an_incomplete_or_failed_pair_is_left_out_of_paired_statistics():
    h2h = HeadToHead("a", "b", block_size=2)
    h2h.add(record(0, 0, ["a", "b"], [1.0, 0.0]))
    h2h.add(record(1, 0, ["b", "a"], [0.0, 1.0]))
    h2h.add(record(2, 1, ["a", "b"], [1.0, 0.0]))  # its partner has not finished
    h2h.add(record(4, 2, ["a", "b"], [1.0, 0.0]))
    h2h.add({"index": 5, "block": 2, "seats": ["b", "a"], "returns": [], "error": "stuck"})
    assert h2h.games.n == 4 and h2h.blocks.n == 1
    assert h2h.summary()["pentanomial"] == [0, 0, 0, 0, 1]


def test_scores_in_games_of_more_seats_compare_mean_returns_per_seat():
    game = record(0, 0, ["a", "b", "a", "b"], [0.4, 0.1, 0.2, 0.3])
    shares = seat_shares(game)
    assert shares == pytest.approx({"a": 0.3, "b": 0.2})
    assert pairwise_score(shares, "a", "b") == pytest.approx(0.6)
    assert pairwise_score(shares, "b", "a") == pytest.approx(0.4)


def test_mean_interval_of_any_scale():
    # chips +2, -2, +2, -2: mean 0, population sd 2, half-width 1.96 * 2 / 2 = 1.96
    mean, half = mean_interval([2.0, -2.0, 2.0, -2.0])
    assert mean == 0.0 and half == pytest.approx(1.959964, abs=1e-5)
    assert mean_interval([0.5])[1] == math.inf


def sweep(block_size, games, winner="a"):
    """`games` games between a and b, seats swapped inside each block, all won by
    `winner`."""
    h2h = HeadToHead("a", "b", block_size=block_size)
    for index in range(games):
        seats = ["a", "b"] if index % 2 == 0 else ["b", "a"]
        h2h.add(record(index, index // block_size, seats, [float(s == winner) for s in seats]))
    return h2h


def test_a_clean_sweep_reports_the_one_sided_bound_of_its_score_interval():
    # 20 of 20 (10 pairs): Wilson's lower end 20 / (20 + 1.96^2) = 0.8389, which is
    # -400 log10(1 / 0.8389 - 1) = +286.6 Elo; 0 of 20 mirrors it.
    won = sweep(2, 20).summary()
    assert won["score_low"] == pytest.approx(0.8389, abs=1e-4) and won["elo"] is None
    side, bound = won["elo_bound"]
    assert side == ">" and bound == pytest.approx(286.6, abs=0.05)
    lost = sweep(1, 20, winner="b").summary()
    assert lost["elo_bound"][0] == "<" and lost["elo_bound"][1] == pytest.approx(-286.6, abs=0.05)
    # a score short of a sweep keeps its two-sided interval and has no bound
    h2h = sweep(2, 20)
    h2h.add(record(20, 10, ["a", "b"], [0.0, 1.0]))
    h2h.add(record(21, 10, ["b", "a"], [1.0, 0.0]))
    assert h2h.summary()["elo_bound"] is None and h2h.summary()["elo_low"] is not None


def test_the_report_and_the_plot_show_a_sweeps_bound_not_elo_zero():
    from rich.console import Console

    from cli.match.plots import elo_mark
    from cli.match.report import head_to_head_table

    h2h = sweep(2, 20).summary()
    console = Console(width=200, record=True)
    console.print(head_to_head_table(h2h))
    text = console.export_text()
    assert "> +286.6 (95%)" in text and "-inf" not in text and "n/a" not in text
    mark = elo_mark(h2h)
    assert mark["x"] == pytest.approx(286.6, abs=0.05) and mark["to"] > mark["x"]
    assert mark["label"] == "> +286.6 (95%)"


def test_chained_gaps_add_up_with_their_spreads_in_quadrature():
    gaps = [(100.0, 40.0, 180.0), (50.0, -10.0, 110.0), (None, None, None), (20.0, 0.0, 40.0)]
    rows = chained(gaps)
    assert rows[0] == (100.0, 40.0, 180.0)
    elo, low, high = rows[1]
    assert elo == 150.0
    assert low == pytest.approx(150.0 - math.hypot(60.0, 60.0))
    assert high == pytest.approx(150.0 + math.hypot(80.0, 60.0))
    # A gap without an estimate leaves every rung above it unknown.
    assert rows[2] == (None, None, None) and rows[3] == (None, None, None)


def test_an_unbounded_side_stays_unbounded_above():
    rows = chained([(200.0, 120.0, None), (10.0, -30.0, 50.0)])
    assert rows[1][0] == 210.0 and rows[1][2] is None
    assert rows[1][1] == pytest.approx(210.0 - math.hypot(80.0, 40.0))


@pytest.mark.parametrize(
    "value, missing, digits, text",
    [
        (363.4, "n/a", 0, "+363"),
        (-28.2, "n/a", 0, "-28"),
        (-0.4, "n/a", 0, "+0"),  # rounds to zero: never "-0"
        (-0.0, "n/a", 0, "+0"),
        (-0.6, "n/a", 0, "-1"),
        (-0.04, "-inf", 1, "+0.0"),
        (12.25, "-inf", 1, "+12.2"),
        (None, "unbounded", 0, "unbounded"),
        (None, "?", 1, "?"),
    ],
)
def test_an_elo_figure_is_signed_after_rounding_and_a_missing_one_says_so(
    value, missing, digits, text
):
    assert signed_elo(value, missing, digits) == text


@given(st.floats(min_value=-2000, max_value=2000))
def test_a_signed_elo_never_reads_minus_zero(value):
    text = signed_elo(value)
    assert text not in ("-0", "-0.0")
    assert float(text) == pytest.approx(value, abs=0.5)
