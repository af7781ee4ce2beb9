"""What `cadenza serve` refuses in one line: deep JSON, and changes without their
version."""

from __future__ import annotations

import json
import sqlite3

from wsclient import Seat, answer_to, new_room

JSON = {"content-type": "application/json"}
GAME = {"game": "tictactoe", "seat": 0}


def stored(server, query: str, *args) -> list:
    db = sqlite3.connect(server.data / "cadenza.sqlite3")
    try:
        return db.execute(query, args).fetchall()
    finally:
        db.close()


def counts(server) -> list:
    return [stored(server, f"SELECT COUNT(*) FROM {t}") for t in ("rooms", "tables", "saves")]


def game_of(server, room_id: str) -> tuple:
    """The stored game (its state, version and log; not the win-chance graph, which
    its own search adds to at any time)."""
    ((text,),) = stored(server, "SELECT position FROM rooms WHERE id = ?", room_id)
    position = json.loads(text)
    log = stored(server, "SELECT n, entry FROM log WHERE room = ? ORDER BY n", room_id)
    return position["state"], position["version"], log


def one_line_error(response, status: int) -> str:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert message and "\n" not in message
    return message


def test_deep_json_is_a_one_line_error_over_http_and_websocket(server):
    before = counts(server)
    for depth in (100, 5_000):
        deep = "[" * depth + "]" * depth
        for path in ("api/rooms", "api/tables", "api/upload"):
            answer = server.post(path, content=deep, headers=JSON)
            assert one_line_error(answer, 400) == "the request body must be nested at most 64 deep"
    assert counts(server) == before
    seat = Seat(server, new_room(server, "tictactoe"))
    assert seat.my_turn()["version"] == 0
    for depth in (100, 4_000):
        deep = "[" * depth + "]" * depth
        seat.socket.send('{"type": "move", "version": 0, "actions": ' + deep + "}")
        answer = answer_to(seat.socket)
        assert answer == {"type": "error", "message": "a message must be nested at most 64 deep"}
    seat.send({"type": "view"})
    assert answer_to(seat.socket)["log"] == []
    assert "Traceback" not in server.output()
    seat.close()


def test_a_change_without_its_version_is_refused(server):
    room = new_room(server, "pig", strengths={"1": "1"})
    seat = Seat(server, room)
    view = seat.my_turn()
    roll = next(e["id"] for e in view["legal"] if "roll" in e["text"].lower())
    before = game_of(server, room["room"])
    for message in (
        {"type": "move", "actions": [roll]},
        {"type": "move", "actions": [roll]},
        {"type": "undo"},
        {"type": "resign"},
    ):
        seat.send(message)
        kind = message["type"]
        assert answer_to(seat.socket) == {
            "type": "error",
            "message": f"{kind} needs the version of the position it is for",
        }
    assert game_of(server, room["room"]) == before
    seat.send({"type": "hint"})  # a hint changes nothing: it needs no version
    assert answer_to(seat.socket, 60)["type"] == "hints"
    seat.close()


def test_a_table_change_without_its_version_is_refused(server):
    made = server.post("api/tables", json=GAME).json()
    with server.socket("ws/table") as ws:
        ws.send(json.dumps({"type": "join", **made}))
        view = answer_to(ws)
        step = view["entries"][0]["text"]
        for message in ({"type": "step", "text": step}, {"type": "level", "level": 3}):
            ws.send(json.dumps(message))
            needs = f"{message['type']} needs the version of the position it is for"
            assert answer_to(ws) == {"type": "error", "message": needs}
        ws.send(json.dumps({"type": "step", "text": step, "version": 0}))
        assert answer_to(ws)["version"] == 1
        ws.send(json.dumps({"type": "undo"}))
        assert answer_to(ws)["message"] == "undo needs the version of the position it is for"
        ws.send(json.dumps({"type": "view"}))
        after = answer_to(ws)
        assert (after["version"], len(after["log"])) == (1, len(view["log"]) + 1)
        assert after["hint_level"] == view["hint_level"]
