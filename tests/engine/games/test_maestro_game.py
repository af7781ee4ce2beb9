"""Whole Maestro games played through from the setup, on both implementations, with
the turn order and the scores written here from the seed's rules (quoted) rather
than read from the engine.

The seed says "The game is played in turns"; which way round the table is the
spec's (4 E: play passes to the left; 3.5: clockwise [assumed]), and seat s + 1
sits to the left of seat s.
"""

from __future__ import annotations

import pytest

from maestro_positions import act, both

QUIET_TURN = ("pass", "draw1", "tile:applause")


def seats_taking_turns(state, turn_for_seat) -> list[int]:
    """Play turns (the actions `turn_for_seat(seat)` for the seat to move) until the
    game is over; the seat that began each turn, in order."""
    seats = []
    while not state.is_terminal():
        seat = state.current_player()
        seats.append(seat)
        act(state, *turn_for_seat(seat))
    return seats


@both
@pytest.mark.parametrize(
    "players,expected",
    [
        (3, [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]),
        (4, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]),
    ],
    ids=["3seats", "4seats"],
)
def test_turns_go_round_the_table_to_the_left(impl, players, expected):
    """Seat 0 begins (the engine's start player, spec M15) and play passes to the
    left (spec 4 E), seat by seat. Each seat first opens a row of its own with the
    maestro it was given "in the 10 space" (seed), which only the seat itself may
    use (the bottom row holds "exclusive contracts"), then draws one tile: every
    draw is an applause, so the 14th turn's applause ends the game (seed: "The
    game ends immediately as soon as the last applause marker is placed")."""
    state = impl.new_initial(players, "standard")
    opened = set()

    def turn(seat):
        if seat in opened:
            return QUIET_TURN
        opened.add(seat)
        return (f"R{seat + 7}.1:p{seat}s10",) + QUIET_TURN

    assert seats_taking_turns(state, turn) == expected
    data = state.to_dict()
    assert data["end"] == "applause" and data["to_move"] == expected[-1]
    # Each seat's own maestro stands at the left of its row R7..R10.
    assert [row[0] for row in data["board"][6 : 6 + players]] == ["maestro"] * players


# A four-seat game, turn by turn: (seat to move, its actions). Points per the seed:
# "For a row begun, continued, or completing an already started row. For each newly
# placed musician you receive a 5 chip. (The Maestro is a musician.)"; "A row is
# completed all in one turn. You receive a 10 chip per musician."; "You have the
# critic. At the beginning of your turn you receive an extra 10 chip."; a row
# finished "(either completed in one turn, or completing one already begun)"
# receives the critic.
FOUR_SEAT_GAME = [
    # Round 1: everyone draws.
    (0, "pass draw3 tile:sax agency1 tile:piano agency2 tile:applause"),
    (1, "pass draw2 tile:cello agency1 tile:doublebass agency6"),
    (2, "pass draw2 tile:oboe agency1 tile:horn agency2"),
    (3, "pass draw1 tile:applause"),
    # Round 2. Seat 0 begins and finishes R1 (maestro on the piano's space, sax):
    # 2 x 10 = 20, and the critic.
    (0, "R1.2:p0s10 R1.1:p0s1 pass draw1 tile:applause"),
    # Seat 1 begins R6 with its maestro, cello, double bass and seat 0's piano
    # (space 2, a normal contract): 4 x 5 = 20; the violin's space stays open.
    (1, "R6.2:p1s10 R6.3:p1s1 R6.4:p1s6 R6.5:p0s2 pass draw1 tile:applause"),
    # Seat 2 begins R7: maestro on the clarinet's space, oboe, horn: 3 x 5 = 15.
    (2, "R7.3:p2s10 R7.2:p2s1 R7.4:p2s2 pass draw1 tile:applause"),
    (3, "pass draw1 tile:violin agency3"),
    # Round 3. Seat 0: +10 from the critic.
    (0, "pass draw1 tile:applause"),
    (1, "pass draw1 tile:flute agency7"),
    (2, "pass draw1 tile:bassoon agency4"),
    # Seat 3 finishes R6, begun earlier: 5, and takes the critic.
    (3, "R6.1:p3s3 pass draw1 tile:applause"),
    # Round 4. Seat 0 no longer holds the critic.
    (0, "pass draw2 tile:trumpet agency5 tile:applause"),
    (1, "R7.1:p1s7 pass draw1 tile:applause"),  # continues R7: 5
    (2, "R7.5:p2s4 pass draw1 tile:tuba agency9"),  # finishes R7: 5, the critic
    (3, "pass draw1 tile:applause"),  # seat 2 has the critic
    # Round 5. Seat 2: +10 from the critic. Seat 3's draw of 3 ends the game at the
    # 13th and 14th applause.
    (0, "pass draw1 tile:applause"),
    (1, "pass draw1 tile:drums agency1"),
    (2, "pass draw1 tile:applause"),
    (3, "pass draw3 tile:harp agency2 tile:applause tile:applause"),
]


@both
def test_a_four_seat_game_scores_as_the_seed_counts(impl):
    """Points: seat 0 20 + 10 (critic) = 30; seat 1 20 + 5 = 25; seat 2 15 + 5 + 10
    (critic) = 30; seat 3 5. Then (seed) "the owner of the agency pays as much
    money as the total of the contracts": seat 0 trumpet on 5, seat 1 drums on 1,
    seat 2 tuba on 9, seat 3 harp on 2 and its unplayed maestro on 10."""
    state = impl.new_initial(4, "standard")
    for turn, (seat, actions) in enumerate(FOUR_SEAT_GAME, start=1):
        assert state.current_player() == seat, f"turn {turn}"
        act(state, *actions.split())
    assert state.is_terminal()
    data = state.to_dict()
    assert data["end"] == "applause" and data["applause"] == 14
    assert data["points"] == [30, 25, 30, 5]
    assert data["critic"] == 2
    assert state.scores() == [30 - 5, 25 - 1, 30 - 9, 5 - 12]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
