"""Seat rotation and pairing of a match (cli/match/schedule.py)."""

from collections import Counter
from itertools import combinations
from math import comb, factorial

import pytest

from cli.match.schedule import (
    build_schedule,
    games_in_whole_blocks,
    is_balanced,
    seat_counts,
    seatings,
)


@pytest.mark.parametrize("entrants", range(2, 9))
@pytest.mark.parametrize("players", range(1, 9))
def test_every_entrant_plays_every_seat_equally_often(entrants, players):
    block = seatings(entrants, players)
    counts = seat_counts(block, entrants, players)
    assert len({c for row in counts for c in row}) == 1, counts
    assert len(set(block)) == len(block), "no seating is played twice with one seed"
    assert all(len(seating) == players for seating in block)


@pytest.mark.parametrize("entrants, players", [(3, 2), (4, 2), (5, 3), (6, 4)])
def test_with_enough_entrants_every_group_of_players_meets(entrants, players):
    block = seatings(entrants, players)
    met = {frozenset(seating) for seating in block}
    assert met == {frozenset(c) for c in combinations(range(entrants), players)}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_two_entrants_in_bigger_games_both_sit_at_every_table(players):
    for seating in seatings(2, players):
        assert set(seating) == {0, 1}


def test_two_entrants_two_seats_play_pairs_with_seats_swapped():
    assert seatings(2, 2) == [(0, 1), (1, 0)]
    tasks = build_schedule(["new", "old"], 2, 6, seed=11)
    assert [t.index for t in tasks] == list(range(6))
    for first, second in zip(tasks[::2], tasks[1::2], strict=False):
        assert first.block == second.block
        assert first.seed == second.seed, "a pair replays one seed"
        assert first.seats == tuple(reversed(second.seats))
    assert len({t.seed for t in tasks}) == 3, "each pair has its own seed"
    assert build_schedule(["new", "old"], 2, 6, seed=11) == tasks
    assert build_schedule(["new", "old"], 2, 6, seed=12) != tasks


def test_a_whole_schedule_stays_balanced():
    tasks = build_schedule(["a", "b", "c"], 2, 18, seed=3)
    seats = Counter((name, seat) for t in tasks for seat, name in enumerate(t.seats))
    assert set(seats.values()) == {6}


def test_games_round_up_to_whole_blocks():
    assert games_in_whole_blocks(5, 2) == 6
    assert games_in_whole_blocks(6, 2) == 6
    assert games_in_whole_blocks(1, 12) == 12
    with pytest.raises(ValueError, match="whole number of blocks"):
        build_schedule(["a", "b"], 2, 5, seed=1)
    with pytest.raises(ValueError):
        seatings(1, 2)


def test_is_balanced_detects_imbalance():
    assert not is_balanced([(0, 1), (0, 1)], 2, 2)
    assert is_balanced([(0, 1), (1, 0)], 2, 2)


@pytest.mark.parametrize("entrants", range(2, 7))
@pytest.mark.parametrize("players", range(1, 6))
def test_all_orders_stays_balanced_and_plays_no_seating_twice(entrants, players):
    block = seatings(entrants, players, all_orders=True)
    assert is_balanced(block, entrants, players), seat_counts(block, entrants, players)
    assert len(set(block)) == len(block)
    assert set(seatings(entrants, players)) <= set(block), "the rotations are among the orders"


def _followers(block, players):
    """How often each entrant sits right after each other one around the table."""
    return Counter(
        (seating[seat], seating[(seat + 1) % players])
        for seating in block
        for seat in range(players)
    )


def test_rotations_keep_who_plays_after_whom():
    after = _followers(seatings(3, 3), 3)
    assert after == Counter({(0, 1): 3, (1, 2): 3, (2, 0): 3}), "B always after A"


@pytest.mark.parametrize("entrants, players", [(3, 3), (4, 3), (4, 4), (5, 4)])
def test_all_orders_seats_every_entrant_after_every_other_equally_often(entrants, players):
    block = seatings(entrants, players, all_orders=True)
    after = _followers(block, players)
    pairs = [(a, b) for a in range(entrants) for b in range(entrants) if a != b]
    assert set(after) == set(pairs)
    assert len(set(after.values())) == 1, after
    assert len(block) == comb(entrants, players) * factorial(players)


def test_all_orders_schedule_replays_each_seed_in_six_orders():
    tasks = build_schedule(["a", "b", "c"], 3, 12, seed=5, all_orders=True)
    assert [t.block for t in tasks] == [0] * 6 + [1] * 6
    assert len({t.seed for t in tasks[:6]}) == 1
    assert len({t.seats for t in tasks[:6]}) == 6
    with pytest.raises(ValueError, match="whole number of blocks of 6"):
        build_schedule(["a", "b", "c"], 3, 9, seed=5, all_orders=True)
    assert build_schedule(["a", "b", "c"], 3, 9, seed=5) == build_schedule(
        ["a", "b", "c"], 3, 9, 5, False
    )
