"""A server killed with SIGKILL mid-game and started again: the page reconnects by
itself and the game goes on from the last acknowledged move; killed among many
concurrent moves, it has every acknowledged one in its store."""

from __future__ import annotations

import json
import sqlite3
import threading

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from helpers import act, log_lines, start_game, wait_my_turn
from webserver import Server
from wsclient import Seat, new_room


def test_kill_9_mid_game_loses_no_acknowledged_move(tmp_path, page):
    server = Server(tmp_path / "data")
    server.start()
    try:
        start_game(page, server, "pig", variant="target50")
        for _ in range(3):
            act(page, '#board [data-action="0"].legal')  # roll: each answered by the die
        acknowledged = log_lines(page)
        assert len(acknowledged) >= 6
        server.kill()
        page.wait_for_selector("#banner:has-text('reconnecting')")
        server.start()
        page.wait_for_function(
            "() => document.getElementById('banner').textContent === ''", timeout=30_000
        )
        wait_my_turn(page)
        resumed = log_lines(page)
        assert resumed[: len(acknowledged)] == acknowledged
        act(page, '#board [data-action="1"].legal')  # hold: the game goes on after the restart
        assert log_lines(page)[len(resumed)].startswith("You: hold")
    finally:
        server.stop()


ROOMS = 16
MOVES_PER_ROOM = 6
KILL_AFTER = 40  # acknowledgements: the server dies with moves of many rooms in flight


def test_kill_9_among_many_concurrent_moves_loses_none_acknowledged(tmp_path):
    """Sixteen rooms of two people each play at once; the server is killed while moves
    are in flight, and every move that was acknowledged is in the store."""
    server = Server(tmp_path / "data")
    server.start()
    acknowledged: dict[str, list[int]] = {}
    lock = threading.Lock()
    enough = threading.Event()
    try:
        rooms = [new_room(server, "tictactoe", humans=[1]) for _ in range(ROOMS)]

        def play(room: dict) -> None:
            links = {link["seat"]: link["token"] for link in room["links"]}
            seats = []
            try:  # the kill may come while a seat is still connecting
                seats = [Seat(server, {**room, "seat": s, "token": links[s]}) for s in (0, 1)]
                for n in range(MOVES_PER_ROOM):
                    seat = seats[n % 2]
                    view = seat.my_turn()
                    action, version = view["legal"][0]["id"], view["version"]
                    seat.send({"type": "move", "actions": [action], "version": version})
                    seat.until(lambda m, v=version: m["type"] == "view" and m["version"] > v)
                    with lock:
                        acknowledged.setdefault(room["room"], []).append(action)
                        if sum(map(len, acknowledged.values())) >= KILL_AFTER:
                            enough.set()
            except (ConnectionClosed, InvalidHandshake, TimeoutError, OSError):
                pass  # the server is gone: what this room had acknowledged is counted
            finally:
                for seat in seats:
                    seat.close()

        threads = [threading.Thread(target=play, args=(room,)) for room in rooms]
        for thread in threads:
            thread.start()
        assert enough.wait(120), "the moves were not acknowledged in time"
        server.kill()
        for thread in threads:
            thread.join(60)
        with lock:
            acked = {room: list(moves) for room, moves in acknowledged.items()}
        assert sum(map(len, acked.values())) >= KILL_AFTER
        db = sqlite3.connect(server.data / "cadenza.sqlite3")
        try:
            for room, moves in acked.items():
                rows = db.execute(
                    "SELECT entry FROM log WHERE room = ? ORDER BY n", (room,)
                ).fetchall()
                stored = [json.loads(entry)["actions"][0] for (entry,) in rows]
                assert stored[: len(moves)] == moves, room
        finally:
            db.close()
    finally:
        server.stop()
