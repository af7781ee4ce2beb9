"""A seat played over the WebSocket without a browser: start a room over HTTP, join,
and read the messages that come."""

from __future__ import annotations

import json
import time

# What the server sends by itself, between answers: a search's news and the graph.
UNASKED = {"chart", "progress", "queued"}


def answer_to(ws, timeout=10):
    """The next message on a raw socket that answers the client, past any the server
    sent unasked."""
    while (message := json.loads(ws.recv(timeout=timeout)))["type"] in UNASKED:
        pass
    return message


def new_room(server, game, seat=0, strengths=None, **extra) -> dict:
    body = {"game": game, "seat": seat, "strengths": strengths or {}, **extra}
    answer = server.post("api/rooms", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()


class Seat:
    def __init__(self, server, room: dict):
        self.room = room
        self.socket = server.socket().__enter__()
        self.view = None
        self.send({"type": "join", "room": room["room"], "token": room["token"]})

    def send(self, message: dict) -> None:
        self.socket.send(json.dumps(message))

    def recv(self, timeout: float = 30.0) -> dict:
        message = json.loads(self.socket.recv(timeout=timeout))
        if message["type"] == "view":
            self.view = message
        return message

    def until(self, test, timeout: float = 60.0) -> list[dict]:
        """Messages up to and including the first that passes `test`."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            seen.append(message)
            if test(message):
                return seen

    def my_turn(self, timeout: float = 60.0) -> dict:
        """Until a view in which this seat is to move (or the game is over)."""
        seat = self.room["seat"]

        def mine(m):
            return m["type"] == "view" and (
                m["over"] is not None or (m["to_move"] == seat and m["thinking"] is None)
            )

        if self.view is not None and mine(self.view):
            return self.view
        return self.until(mine, timeout)[-1]

    def play(self, actions: list) -> dict:
        self.send({"type": "move", "actions": actions, "version": self.view["version"]})
        version = self.view["version"]
        self.until(lambda m: m["type"] == "view" and m["version"] > version)
        return self.my_turn()

    def close(self) -> None:
        self.socket.close()
