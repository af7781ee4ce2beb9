"""Who may use `cadenza serve` (cli/serve/guard.py, expiry.py): only the server's own
page changes anything, one address starts only so many games an hour, idle rooms
go, a room nobody joined searches nothing, a server beyond loopback says so and can
ask for a secret; deep JSON and changes without their version are refused in one
line."""

from __future__ import annotations

import json
import sqlite3
import time

import httpx
import pytest
from websockets.exceptions import InvalidStatus

from cli.serve.guard import Access, NewGames, Refused
from helpers import start_game
from webserver import Server
from wsclient import Seat, answer_to, new_room

JSON = {"content-type": "application/json"}
GAME = {"game": "tictactoe", "seat": 0}
SECRET = "open sesame"


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


def refused_socket(server, status: int, **kwargs) -> None:
    with pytest.raises(InvalidStatus) as caught:
        with server.socket(**kwargs):
            pass
    assert caught.value.response.status_code == status


def one_line_error(response, status: int) -> str:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert message and "\n" not in message
    return message


def test_only_the_servers_own_pages_make_rooms(server):
    before = counts(server)
    elsewhere = {"origin": "http://evil.example"}
    for path in ("api/rooms", "api/tables", "api/upload"):
        body = json.dumps(GAME)
        # A form or text/plain post of another site: the browser sends it unasked.
        plain = server.post(path, content=body, headers={"content-type": "text/plain"})
        assert "application/json" in one_line_error(plain, 415)
        assert "Origin" in one_line_error(server.post(path, json=GAME, headers=elsewhere), 403)
        no_origin = httpx.post(server.url + path, json=GAME, timeout=10)
        one_line_error(no_origin, 403)
        # Another site's name pointed at this machine (DNS rebinding).
        rebound = {"host": "evil.example", **elsewhere}
        assert "evil.example" in one_line_error(server.post(path, json=GAME, headers=rebound), 403)
    page = httpx.get(server.url, headers={"host": "evil.example"}, timeout=10)
    assert page.status_code == 403 and page.text.count("\n") == 1
    refused_socket(server, 403, origin="http://evil.example")
    refused_socket(server, 403, origin=None)
    refused_socket(server, 403, path="ws/table", origin="http://localhost:1")
    assert counts(server) == before
    for host in ("localhost", "[::1]"):  # the server's other loopback names
        own = f"http://{host}:{server.port}"
        answer = server.post("api/rooms", json=GAME, headers={"host": own[7:], "origin": own})
        assert answer.status_code == 200, answer.text


def test_one_address_starts_only_so_many_games_an_hour(tmp_path):
    server = Server(tmp_path, ("--rooms-per-hour", "3"))
    server.start()
    try:
        assert server.post("api/rooms", json=GAME).status_code == 200
        assert server.post("api/tables", json=GAME).status_code == 200
        # A refused request makes nothing and counts for nothing.
        one_line_error(server.post("api/rooms", json={"game": "chess"}), 400)
        assert server.post("api/rooms", json=GAME).status_code == 200
        before = counts(server)
        for path in ("api/rooms", "api/tables", "api/upload"):
            message = one_line_error(server.post(path, json=GAME), 429)
            assert message.startswith("at most 3 new games an hour from one address")
        assert counts(server) == before
        assert httpx.get(server.url + "api/games", timeout=10).status_code == 200
    finally:
        server.stop()


def test_idle_rooms_and_tables_expire_and_a_room_nobody_joined_searches_nothing(tmp_path):
    server = Server(tmp_path, ("--expire", "5s"))
    server.start()
    try:
        lonely = new_room(server, "tictactoe", seat=1, strengths={"0": "1"})
        watched = new_room(server, "tictactoe", seat=1, strengths={"0": "1"})
        lonely_table, watched_table = (server.post("api/tables", json=GAME).json() for _ in "ab")
        time.sleep(2.0)
        log = "SELECT COUNT(*) FROM log WHERE room = ?"
        assert stored(server, log, lonely["room"]) == [(0,)], "the AI searched for nobody"
        seat = Seat(server, watched)  # once a person joins, the AI moves first
        assert len(seat.my_turn(30)["log"]) == 1
        table_page = server.socket("ws/table").__enter__()
        table_page.send(json.dumps({"type": "join", **watched_table}))
        assert answer_to(table_page)["type"] == "table"
        kept = "SELECT id FROM rooms UNION ALL SELECT id FROM tables"
        deadline = time.monotonic() + 20
        want = [(watched["room"],), (watched_table["table"],)]
        while stored(server, kept) != want and time.monotonic() < deadline:
            time.sleep(0.2)
        assert stored(server, kept) == want, "a room or table with a page open expired"
        with server.socket() as ws:
            ws.send(json.dumps({"type": "join", "room": lonely["room"], "token": lonely["token"]}))
            assert answer_to(ws) == {"type": "error", "message": "no such game"}
        with server.socket("ws/table") as ws:
            ws.send(json.dumps({"type": "join", **lonely_table}))
            assert answer_to(ws) == {"type": "error", "message": "that table link is not valid"}
        seat.close()
        table_page.close()
        while stored(server, kept) and time.monotonic() < deadline + 10:
            time.sleep(0.2)
        assert stored(server, kept) == [] and stored(server, log, watched["room"]) == [(0,)]
    finally:
        server.stop()


def test_binding_beyond_loopback_warns_and_the_secret_keeps_strangers_out(tmp_path):
    name = "cadenza.example.org"
    args = ("--host", "0.0.0.0", "--secret", SECRET, "--allow-host", name)
    server = Server(tmp_path, args)
    server.start()
    try:
        warning = [line for line in server.output().splitlines() if "Warning" in line]
        assert warning == [
            "Warning: 0.0.0.0 is reachable beyond this machine, and is served only with its"
            " secret (see docs/serving.md)"
        ]
        before = counts(server)
        page = httpx.get(server.url, timeout=10)
        assert page.status_code == 403 and page.text.count("\n") == 1
        assert "secret" in one_line_error(httpx.get(server.url + "api/games", timeout=10), 403)
        one_line_error(server.post("api/rooms", json=GAME), 403)
        wrong = {"x-cadenza-secret": "guess"}
        one_line_error(server.post("api/rooms", json=GAME, headers=wrong), 403)
        refused_socket(server, 403)
        assert counts(server) == before
        # A script sends the header; the server also answers to its name behind a
        # proxy, and to any of its addresses.
        key = {"x-cadenza-secret": SECRET}
        for host, origin in ((name, f"https://{name}"), (f"10.1.2.3:{server.port}", None)):
            headers = {**key, "host": host, "origin": origin or f"http://{host}"}
            assert server.post("api/rooms", json=GAME, headers=headers).status_code == 200
        room = server.post("api/rooms", json=GAME, headers=key).json()
        with server.socket(additional_headers=key) as ws:
            ws.send(json.dumps({"type": "join", "room": room["room"], "token": room["token"]}))
            assert answer_to(ws)["type"] == "view"
    finally:
        server.stop()


def test_a_browser_brings_the_secret_by_opening_its_link_once(tmp_path, page):
    server = Server(tmp_path, ("--secret", SECRET))
    server.start()
    try:
        opened = httpx.get(server.url, params={"secret": SECRET}, timeout=10)
        assert opened.status_code == 200
        cookie = opened.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and SECRET not in cookie
        page.goto(server.url + "?secret=" + SECRET.replace(" ", "%20"))
        assert "secret" not in page.url, "the link's secret stays in the address bar"
        start_game(page, server, "tictactoe")  # reloads the page without the secret
        assert not page.errors
    finally:
        server.stop()


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


def test_the_hourly_limit_slides_and_hosts_are_read_strictly():
    now = [0.0]
    games = NewGames(2, clock=lambda: now[0])
    games.record("10.0.0.1")
    now[0] = 1800.0
    games.record("10.0.0.1")
    with pytest.raises(Refused, match="try again in 30 min"):
        games.check("10.0.0.1")
    games.check("10.0.0.2")  # another address has its own limit
    now[0] = 3600.5  # the first game is over an hour old
    games.check("10.0.0.1")
    access = Access("127.0.0.1", 8000, ("cadenza.example.org", "other.example:9000"))
    served = ["127.0.0.1:8000", "[::1]:8000", "localhost:8000", "cadenza.example.org"]
    served += ["cadenza.example.org:443", "other.example:9000"]
    refused = ["127.0.0.1:8001", "10.0.0.1:8000", "other.example", "other.example:9001"]
    refused += ["localhost:80x", "evil.example", "", "[::1]x:8000", "cadenza.example.org.evil"]
    assert [access.serves(h) for h in served + refused] == [True] * 6 + [False] * 9
