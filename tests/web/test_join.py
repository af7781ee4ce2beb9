"""A /ws connection acts for the one seat it joined: a second join on it is refused
in one line, and the connection stays with its first game, in no other room."""

from __future__ import annotations

from wsclient import Seat, answer_to, new_room


def test_a_second_join_on_one_connection_is_refused_and_it_stays_in_its_game(server):
    first = new_room(server, "tictactoe", strengths={"1": "1"})
    second = new_room(server, "tictactoe", humans=[1])
    seat = Seat(server, first)
    assert seat.my_turn()["room"] == first["room"]
    seat.send({"type": "join", "room": second["room"], "token": second["token"]})
    assert answer_to(seat.socket) == {
        "type": "error",
        "message": "this connection has joined a game already: open another",
    }
    seat.send({"type": "view"})
    assert answer_to(seat.socket)["room"] == first["room"]
    friend = Seat(server, {**second, "seat": 1, "token": second["links"][1]["token"]})
    seats = friend.until(lambda m: m["type"] == "view")[-1]["seats"]
    assert [s["joined"] for s in seats] == [False, True]
    friend.close()
    seat.close()
