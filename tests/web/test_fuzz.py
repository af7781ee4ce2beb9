"""Bad input: random and malformed WebSocket messages and HTTP requests each get an
error, and no game changes (the store's rows are compared before and after)."""

from __future__ import annotations

import json
import random
import sqlite3

import httpx

from wsclient import answer_to

JSON = {"content-type": "application/json"}

MESSAGES = 300


def snapshot(server) -> list:
    db = sqlite3.connect(server.data / "cadenza.sqlite3")
    try:
        return [
            db.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in ("rooms", "log", "checkpoints")
        ]
    finally:
        db.close()


def random_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([-1, 0, 1, 2, 9, 2**63, -(2**70), 10**30])
    if kind == 3:
        return rng.random() * 1e6
    if kind == 4:
        return "".join(rng.choice("ab<>&'\"\\\u00e9\u2603{}[]0") for _ in range(rng.randrange(12)))
    if kind == 5:
        return rng.choice(["join", "move", "undo", "hint", "view", "MOVE", ""])
    if kind == 6:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = ["type", "actions", "version", "room", "token", "x"]
    return {rng.choice(keys): random_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def bad_messages(rng: random.Random, version: int) -> list:
    fixed = [
        "not json",
        "",
        "[]",
        "null",
        '{"type": "move"}',  # no version: refused as such
        *(  # with the version: refused for what they move
            json.dumps({"type": "move", "actions": actions, "version": version})
            for actions in ([], "4", [True], [4.0], [-1], [10**20], [4, 4])
        ),
        json.dumps({"type": "move", "actions": [4], "version": version + 7}),
        json.dumps({"type": "move", "actions": list(range(100)), "version": version}),
        '{"type": "undo", "version": "1"}',
        '{"type": "join", "room": "nope", "token": "nope"}',
        '{"type": "bogus"}',
        '{"type": "view", "extra": 1}',
        "x" * 9000,
        b"\x00\x01binary",
    ]
    randoms = [json.dumps(random_value(rng)) for _ in range(MESSAGES)]
    return fixed + randoms


def test_bad_websocket_messages_get_errors_and_change_nothing(server):
    room = server.post("api/rooms", json={"game": "tictactoe", "seat": 0}).json()
    with server.socket() as ws:
        # Before joining, every message is refused.
        ws.send('{"type": "move", "actions": [4]}')
        assert answer_to(ws)["type"] == "error"
        ws.send(json.dumps({"type": "join", "room": room["room"], "token": room["token"] + "x"}))
        assert answer_to(ws)["type"] == "error"
        ws.send(json.dumps({"type": "join", "room": room["room"], "token": room["token"]}))
        view = answer_to(ws)
        assert view["type"] == "view"
        while json.loads(ws.recv(timeout=30))["type"] != "chart":
            pass  # the graph's first point is stored before the bad messages start
        before = snapshot(server)
        rng = random.Random(24)
        for message in bad_messages(rng, view["version"]):
            ws.send(message)
            answer = answer_to(ws)
            if answer["type"] == "view":  # a join or view that happens to be well formed
                assert answer["version"] == view["version"]
                assert answer["log"] == view["log"]
                continue
            assert answer["type"] == "error", (message, answer)
            assert answer["message"]
            if "moved on" in answer["message"]:
                assert answer_to(ws)["version"] == view["version"]
        assert snapshot(server) == before
        good = {"type": "move", "actions": [4], "version": view["version"]}
        ws.send(json.dumps(good))  # and a good move still plays
        answer = answer_to(ws)
        assert answer["log"][0]["mover"] == 0
        while len(answer["log"]) < 2:  # the AI's reply, so that no search outlives the test
            answer = answer_to(ws, 30)


def test_bad_http_requests_get_errors_and_change_nothing(server):
    before = snapshot(server)
    bodies = [
        b"",
        b"not json",
        b"[1, 2]",
        b'{"game": "chess"}',
        b'{"game": "tictactoe", "players": 3}',
        b'{"game": "tictactoe", "seat": 5}',
        b'{"game": "tictactoe", "seat": "0"}',
        b'{"game": "tictactoe", "strengths": {"1": "godlike"}}',
        b'{"game": "tictactoe", "strengths": [1]}',
        b'{"game": "pig", "variant": "target-5"}',
        b'{"game": "pig", "variant": 7}',
        b'{"game": "tictactoe", "x": "' + b"y" * 20_000 + b'"}',
    ]
    for body in bodies:
        response = server.post("api/rooms", content=body, headers=JSON)
        assert response.status_code == 400, body[:60]
        assert response.json()["error"]
    assert httpx.get(server.url + "api/rooms").status_code == 405
    assert httpx.get(server.url + "nothing-here").status_code == 404
    assert httpx.get(server.url + "static/../store.py").status_code == 404
    assert snapshot(server) == before
    headers = httpx.get(server.url).headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert "unsafe-inline" not in headers["content-security-policy"]
