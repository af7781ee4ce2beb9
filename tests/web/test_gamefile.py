"""Downloading a game and going on with it by upload (cli/serve/gamefile.py): an open
game's file replays its turns on upload; a hidden-information game's file holds only
the seat's view and the seal of the copy the server keeps, and goes on only as the
seat it was downloaded for; a file the server did not write, or one changed since,
is refused unless started as a new position; bad files are refused with one line
and change nothing."""

from __future__ import annotations

import json
import sqlite3

import httpx

from cli.serve.views import NEW_POSITION_NOTE
from helpers import room_of
from wsclient import Seat, new_room


def download(server, room) -> httpx.Response:
    url = f"{server.url}api/rooms/{room['room']}/file"
    return httpx.get(url, params={"token": room["token"]}, timeout=10)


def upload(server, doc, **params) -> httpx.Response:
    body = doc if isinstance(doc, str) else json.dumps(doc)
    json_type = {"content-type": "application/json"}
    return server.post("api/upload", content=body, params=params, headers=json_type)


def room_count(server) -> int:
    db = sqlite3.connect(server.data / "cadenza.sqlite3")
    try:
        return db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0]
    finally:
        db.close()


def refused(server, doc, **params) -> str:
    """The one-line error an upload of `doc` gets; no room was made."""
    before = room_count(server)
    answer = upload(server, doc, **params)
    assert answer.status_code == 400, answer.text
    message = answer.json()["error"]
    assert message and "\n" not in message
    assert room_count(server) == before
    return message


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
    assert isinstance(doc["seal"], str) and len(doc["seal"]) >= 24
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
        {**doc, "game": "leduc", "seal": "made-up"},
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


def test_a_leduc_file_plays_on_only_as_the_seat_that_downloaded_it(server):
    room = new_room(server, "leduc", seat=0, humans=[1])
    friend = {"room": room["room"], "seat": 1, "token": room["links"][1]["token"]}
    seats = [Seat(server, room), Seat(server, friend)]
    truth = server.stored_state(room["room"])
    mine, theirs = download(server, room).json(), download(server, friend).json()
    message = refused(server, {**mine, "seat": 1})
    assert message == "this file is seat 0's: it cannot be played as seat 1"
    assert mine["seat"] == 0 and theirs["seat"] == 1 and mine["seal"] != theirs["seal"]
    # with the other seat's seal, or the other seat's seal and its own log: still seat 1's
    assert refused(server, {**mine, "seal": theirs["seal"]}).startswith("this file is seat 1's")
    for edit in (
        {"seats": [{"kind": "human"}, {"kind": "ai", "strength": "1"}]},
        {"log": [{"mover": 1, "text": "seat 1 calls"}]},
    ):
        assert "changed after it was downloaded" in refused(server, {**mine, **edit})
    assert "keeps no game" in refused(server, {**mine, "seal": "0" * 64})
    assert "not from an uploaded position" in refused(server, mine, new_position="1")
    # the file as downloaded goes on as seat 0, with seat 0's card
    resumed = upload(server, mine)
    assert resumed.status_code == 200, resumed.text
    assert resumed.json()["seat"] == 0
    assert server.stored_state(resumed.json()["room"])["private"][0] == truth["private"][0]
    for seat in seats:
        seat.close()


def test_an_open_game_file_must_be_the_servers_own_unless_started_as_a_new_position(server):
    room = new_room(server, "tictactoe", seat=0, strengths={"1": "1"})
    seat = Seat(server, room)
    seat.my_turn()
    view = seat.play([4])
    doc = download(server, room).json()
    edits = [
        {"seats": [{"kind": "human"}, {"kind": "ai", "strength": "10"}]},
        {"turns": doc["turns"][:-2]},
        {"seat": 1},
        {"seal": "0" * 64},
    ]
    assert "not written by this server" in refused(server, {**doc, **edits[0]})
    unsealed = {k: v for k, v in doc.items() if k != "seal"}
    for edited in [{**doc, **edit} for edit in edits] + [unsealed]:
        assert "not written by this server" in refused(server, edited)
    assert "new_position must be 0 or 1" in refused(server, doc, new_position="yes")
    # the file as written plays on, and says nothing
    plain = Seat(server, upload(server, doc).json()).my_turn()
    assert plain["notice"] is None and [e["text"] for e in plain["log"]] == [
        e["text"] for e in view["log"]
    ]
    # the edited one starts only as a new position, at its level, and says so
    strong = {**doc, **edits[0]}
    started = upload(server, strong, new_position="1")
    assert started.status_code == 200, started.text
    again = Seat(server, started.json())
    new_view = again.my_turn()
    assert new_view["notice"] == NEW_POSITION_NOTE
    assert new_view["seats"][1]["strength"] == "10"
    # its own file is the server's now, and keeps saying where it started
    redone = download(server, started.json()).json()
    assert redone["new_position"] is True and redone["start"] == doc["start"]
    third = Seat(server, upload(server, redone).json())
    assert third.my_turn()["notice"] == NEW_POSITION_NOTE
    for each in (seat, again, third):
        each.close()


def test_the_page_starts_an_edited_file_only_as_a_new_position_and_says_so(page, server, tmp_path):
    room = new_room(server, "tictactoe", seat=0, strengths={"1": "1"})
    doc = download(server, room).json()
    edited = tmp_path / "edited.json"
    edited.write_text(
        json.dumps({**doc, "seats": [{"kind": "human"}, {"kind": "ai", "strength": "9"}]})
    )
    page.goto(server.url)
    page.set_input_files("#upload", str(edited))
    page.wait_for_function("() => document.getElementById('new-error').textContent !== ''")
    assert "not written by this server" in page.text_content("#new-error")
    assert page.locator("#notice").is_hidden()
    page.check("#new-position")
    page.set_input_files("#upload", [])
    page.set_input_files("#upload", str(edited))
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.text_content("#notice") == NEW_POSITION_NOTE
    assert room_of(page) != room["room"]
    # the one error is the refused upload's answer, which the browser logs
    assert [e for e in page.errors if "status of 400" not in e] == []
