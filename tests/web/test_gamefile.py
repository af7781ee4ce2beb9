"""Downloading a game and going on with it by upload (cli/serve/gamefile.py): an open
game's file replays its turns on upload; a hidden-information game's file holds only
the seat's view and a reference to the copy the server keeps; bad files are refused
with one line and change nothing."""

from __future__ import annotations

import json

import httpx

from wsclient import Seat, new_room


def download(server, room) -> httpx.Response:
    url = f"{server.url}api/rooms/{room['room']}/file"
    return httpx.get(url, params={"token": room["token"]}, timeout=10)


def upload(server, doc) -> httpx.Response:
    body = doc if isinstance(doc, str) else json.dumps(doc)
    return httpx.post(server.url + "api/upload", content=body, timeout=10)


def test_a_tictactoe_file_replays_to_the_same_game(server):
    room = new_room(server, "tictactoe", seat=0, strengths={"1": "easy"})
    seat = Seat(server, room)
    seat.my_turn()
    seat.play([4])
    view = seat.play([next(e["id"] for e in seat.view["legal"])])
    answer = download(server, room)
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    doc = answer.json()
    assert [t["actions"] for t in doc["turns"]][:1] == [[4]]
    assert "seed" not in json.dumps(doc) and "dice" not in doc
    resumed = upload(server, doc)
    assert resumed.status_code == 200, resumed.text
    again = Seat(server, resumed.json())
    new_view = again.my_turn()
    assert new_view["room"] != view["room"]
    assert [e["text"] for e in new_view["log"]] == [e["text"] for e in view["log"]]
    assert server.stored_state(new_view["room"]) == server.stored_state(view["room"])
    assert new_view["can_undo"]  # the person's turns came back with their undo points
    seat.close()
    again.close()


def test_a_leduc_file_shows_only_the_seats_view_and_resumes_from_the_kept_copy(server):
    room = new_room(server, "leduc", seat=0, strengths={"1": "easy"})
    seat = Seat(server, room)
    view = seat.my_turn()
    truth = server.stored_state(room["room"])
    doc = download(server, room).json()
    assert "turns" not in doc and "start" not in doc
    assert isinstance(doc["resume"], str) and len(doc["resume"]) >= 24
    assert [e["text"] for e in doc["log"]] == [e["text"] for e in view["log"]]
    assert not any("actions" in e for e in doc["log"])
    assert doc == download(server, room).json()  # one kept copy per position
    resumed = upload(server, doc).json()
    again = Seat(server, resumed)
    new_view = again.my_turn()
    # the seat's own card and the log are as they were; the other card is dealt anew
    kept = server.stored_state(resumed["room"])
    assert kept["private"][0] == truth["private"][0]
    assert [e["text"] for e in new_view["log"]] == [e["text"] for e in view["log"]]
    seat.close()
    again.close()


def test_bad_files_are_refused_with_one_line(server):
    room = new_room(server, "tictactoe", seat=0, strengths={"1": "easy"})
    seat = Seat(server, room)
    seat.my_turn()
    doc = download(server, room).json()
    bad = [
        "not json",
        "[]",
        {"format": "something else"},
        {**doc, "turns": [{"mover": 0, "actions": [99]}]},
        {**doc, "turns": [{"mover": 1, "actions": [4]}]},
        {**doc, "turns": "no"},
        {**doc, "start": "{}"},
        {**doc, "game": "leduc", "resume": "made-up"},
        {**doc, "seats": [{"kind": "human"}]},
    ]
    for body in bad:
        answer = upload(server, body)
        assert answer.status_code == 400, (body, answer.text)
        message = answer.json()["error"]
        assert message and "\n" not in message
    wrong_token = httpx.get(
        f"{server.url}api/rooms/{room['room']}/file", params={"token": "x"}, timeout=10
    )
    assert wrong_token.status_code == 400
    seat.close()
