"""Ratings of three or more entrants: openskill's Plackett-Luce with 95% intervals,
the cross table and the standings (cli/match/ratings.py)."""

import random

import pytest

from cli.match.elo import Z95
from cli.match.ratings import crosstable, openskill_ratings, summarize


def game(index, seats, returns, block=0):
    return {
        "index": index,
        "block": block,
        "seats": seats,
        "returns": returns,
        "error": None,
        "forfeit": None,
    }


def round_robin(rounds):
    """a beats b and c, b beats c, every pairing with both seatings."""
    order = {"a": 0, "b": 1, "c": 2}
    records = []
    for _ in range(rounds):
        for x, y in [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]:
            winner = x if order[x] < order[y] else y
            records.append(
                game(
                    len(records), [x, y], [1.0 if winner == x else 0.0, 1.0 if winner == y else 0.0]
                )
            )
    return records


def test_ratings_follow_the_results_with_intervals():
    table = openskill_ratings(round_robin(5), ["a", "b", "c"])
    assert [row["name"] for row in table] == ["a", "b", "c"]
    for row in table:
        assert row["low"] == pytest.approx(row["mu"] - Z95 * row["sigma"])
        assert row["high"] == pytest.approx(row["mu"] + Z95 * row["sigma"])
        assert row["sigma"] < 25 / 3, "games shrink the uncertainty"
    assert table[0]["mu"] > 25 > table[2]["mu"]


def test_more_games_narrow_the_intervals():
    few = {r["name"]: r["sigma"] for r in openskill_ratings(round_robin(1), ["a", "b", "c"])}
    many = {r["name"]: r["sigma"] for r in openskill_ratings(round_robin(10), ["a", "b", "c"])}
    assert all(many[name] < few[name] for name in few)


def test_the_summary_does_not_depend_on_the_order_games_finished_in():
    records = round_robin(3)
    shuffled = records[:]
    random.Random(4).shuffle(shuffled)
    assert summarize(shuffled, ["a", "b", "c"], 6) == summarize(records, ["a", "b", "c"], 6)


def test_an_entrant_with_several_seats_is_one_team_ranked_by_its_mean_return():
    records = [
        game(0, ["a", "b", "a", "c"], [0.5, 0.0, 0.5, 0.0]),
        game(1, ["b", "a", "c", "a"], [0.0, 0.4, 0.2, 0.4]),
    ]
    table = openskill_ratings(records, ["a", "b", "c"])
    assert table[0]["name"] == "a"
    cross = crosstable(records, ["a", "b", "c"])
    assert cross["a"]["b"] == {"points": 2.0, "games": 2}
    assert cross["c"]["b"]["points"] == pytest.approx(0.5 + 1.0)
    assert cross["b"]["c"]["points"] == pytest.approx(0.5 + 0.0)


def test_games_without_a_result_are_counted_but_not_rated():
    records = round_robin(1) + [
        {
            "index": 6,
            "block": 1,
            "seats": ["a", "b"],
            "returns": [],
            "error": "the game did not end",
            "forfeit": None,
        }
    ]
    summary = summarize(records, ["a", "b", "c"], 6)
    assert summary["games"] == 7 and summary["errors"] == 1
    assert summary["openskill"] == openskill_ratings(records[:6], ["a", "b", "c"])
    standings = {row["name"]: row for row in summary["standings"]}
    assert standings["a"]["games"] == 4 and standings["a"]["mean_share"] == 1.0
    assert standings["c"]["mean_share"] == 0.0


def test_each_standing_carries_the_wilson_interval_of_its_mean_share():
    from cli.match.elo import score_interval

    summary = summarize(round_robin(3), ["a", "b", "c"], 6)
    for row in summary["standings"]:
        low, high = score_interval(row["mean_share"], row["games"])
        assert (row["share_low"], row["share_high"]) == (low, high)
        assert row["share_low"] <= row["mean_share"] <= row["share_high"]
    a = next(row for row in summary["standings"] if row["name"] == "a")
    assert a["mean_share"] == 1.0 and 0.7 < a["share_low"] < 1.0
