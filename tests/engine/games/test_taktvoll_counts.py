"""Takt Voll counted as the seed counts it, on concrete games through both
implementations: the cards dealt (each seat's share of the 24 bar lines, then 5
cards each), a card more for each draw, one card a turn but for the bonus bar line,
turns clockwise round 3 and 4 seats, the bars closed and who scored them. Every
expected number is written from the seed and the spec (§3, §5.2, §6)."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rng import Rng
from test_taktvoll import IMPLEMENTATIONS, hand_of, names, play
from test_taktvoll_properties import random_step


def deal(cls, players: int, cards_by_seat: list[list[str]], first: int):
    """A new game dealt exactly these five cards a seat, one at a time round the
    table from seat 0, then `first` to start."""
    state = cls.new_initial(players, "standard")
    for round_of_the_deal in zip(*cards_by_seat, strict=False):
        play(state, *("+" + card for card in round_of_the_deal))
    return play(state, f"start{first}")


def check_the_deal(state, cards_by_seat, bar_lines_each: int, deck_left: int) -> None:
    """Each seat holds its bar lines and the five cards dealt it; the deck the rest."""
    for seat, cards in enumerate(cards_by_seat):
        assert sorted(hand_of(state, seat)) == sorted(["bar"] * bar_lines_each + cards)
    assert len(state.to_dict()["deck"]) == deck_left


def play_turns(state, turns: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """Play each turn (the seat whose turn it must be, its moves in notation) and
    note the cards in that seat's hand after the turn and the cards left in the deck."""
    record = []
    for seat, moves in turns:
        assert state.current_player() == seat, f"seat {seat}'s turn before {moves!r}"
        play(state, *moves.split())
        data = state.to_dict()
        record.append((len(data["hands"][seat]), len(data["deck"])))
    return record


THREE_DEALT = [
    ["clef", "2/4", "Q", "Q", "E"],
    ["Q", "H", "W", "S", "S"],
    ["E", "E", "clef", "3/4", "rW"],
]
# Seat 0 starts; the turns go 0, 1, 2 round the table (§3, "the player on his left").
THREE_TURNS = [
    (0, "clef"),  # opens row 1
    (1, "draw +Q keep"),  # 14 cards, the deck 51
    (2, "clef"),  # opens row 2
    (0, "2/4@1"),
    (1, "Q@1"),  # 4 of 8
    (2, "3/4@2"),
    (0, "Q@1 bar@1"),  # fills the bar and closes it at once: two cards (§5.2)
    (1, "H@1 nobar"),  # fills the next bar and keeps its bar lines
    (2, "bar@1"),  # closes the bar seat 1 filled
    (0, "draw +S S@1"),  # plays the card it drew: 9 cards, the deck 50
]


@IMPLEMENTATIONS
def test_three_seats_deal_draw_and_take_turns_clockwise(cls):
    state = deal(cls, 3, THREE_DEALT, first=0)
    # §3: 24 bar lines / 3 = 8 each, then 5 cards: 13 a hand; 91 - 24 - 15 = 52 left.
    check_the_deal(state, THREE_DEALT, bar_lines_each=8, deck_left=52)
    assert play_turns(state, THREE_TURNS) == [
        (12, 52),
        (14, 51),
        (12, 51),
        (11, 51),
        (13, 51),
        (11, 51),
        (9, 51),
        (12, 51),
        (10, 51),
        (9, 50),
    ]
    # Three rounds and a turn; two bars closed, by seats 0 (2 cards) and 2 (1 card).
    data = state.to_dict()
    assert data["rows"] == [["clef", "2/4", "Q", "Q", "bar", "H", "bar", "S"], ["clef", "3/4"]]
    assert data["bar_lines_played"] == [1, 0, 1] and data["points"] == [2, 0, 1]
    assert state.current_player() == 1


FOUR_DEALT = [
    ["4/4", "W", "H", "Q", "E"],
    ["W", "S", "S", "S", "S"],
    ["H", "Q", "E", "E", "rW"],
    ["clef", "clef", "Q", "H", "E"],
]
# Seat 3 starts; after it comes seat 0, round the table.
FOUR_TURNS = [
    (3, "clef"),  # opens row 1
    (0, "4/4@1"),
    (1, "W@1 bar@1"),  # a semibreve fills the 4/4 bar; closed at once
    (2, "H@1"),  # 8 of 16
    (3, "H@1 nobar"),  # fills it and leaves it open
    (0, "bar@1"),  # closes it: 2 cards
    (1, "draw +S keep"),  # 10 cards, the deck 46
    (2, "rW@1 bar@1"),  # a whole rest fills a bar; closed at once
]


@IMPLEMENTATIONS
def test_four_seats_deal_draw_and_take_turns_clockwise(cls):
    state = deal(cls, 4, FOUR_DEALT, first=3)
    # §3: 24 / 4 = 6 bar lines each, then 5 cards: 11 a hand; 91 - 24 - 20 = 47 left.
    check_the_deal(state, FOUR_DEALT, bar_lines_each=6, deck_left=47)
    assert play_turns(state, FOUR_TURNS) == [
        (10, 47),
        (10, 47),
        (9, 47),
        (10, 47),
        (9, 47),
        (9, 47),
        (10, 46),
        (8, 46),
    ]
    # Two rounds from seat 3; three bars closed, worth 1, 2 and 1 card.
    data = state.to_dict()
    assert data["bar_lines_played"] == [1, 1, 1, 0] and data["points"] == [2, 1, 1, 0]
    assert state.current_player() == 3


def seats_in_turn(state, rng: Rng) -> list[int]:
    """The seat of each turn of a random game. A turn begins where a seat may draw
    or, the deck being empty, pass (§5.2); the card it then plays, the drawn card
    and the bonus bar line are the same turn."""
    seats = []
    while not state.is_terminal():
        if not state.is_chance_node() and names(state)[0] in ("draw", "pass"):
            seats.append(state.current_player())
        random_step(state, rng)
    return seats


@IMPLEMENTATIONS
@settings(max_examples=10)
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32 - 1))
def test_turns_go_clockwise_round_the_table_for_the_whole_game(cls, players, seed):
    # §3 [seed]: "then it is the turn of the player on his left", and so on round.
    seats = seats_in_turn(cls.new_initial(players, "standard"), Rng(seed))
    assert len(seats) > players
    steps = {(after - before) % players for before, after in pairwise(seats)}
    assert steps == {1}, f"turns moved by {steps} seats: {seats}"
