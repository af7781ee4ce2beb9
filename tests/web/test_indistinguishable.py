"""What a seat receives depends only on what it can see: for each game with hidden
information, two worlds the seat cannot tell apart (the same room, links, dice and
seeds; other cards for the other seats and the deck) are played through two real
servers with the same moves, and every WebSocket frame (the views, the AI's progress
while it searches, the hints, the win-chance graph) and every downloaded file the
seat receives is the same in both, version by version, for as long as what the seat
sees is the same in both (the referee replays both worlds from the stores' logs).

Only what varies with the machine's speed is set aside: a progress report's time and
iteration count, how many reports come (a search shorter than their interval sends
none), and the place in the search queue.
"""

from __future__ import annotations

import json
import shutil
from collections import defaultdict

import httpx
import pytest

from cli.serve.gamefile import SECRET_NAME
from cli.serve.store import Store
from plugins.manager import default_registry
from webserver import Server
from worlds import twin_rooms
from wsclient import Seat

REGISTRY = default_registry()
GAMES = ["leduc", "luthier", "renaissance", "taktvoll"]
# Each game's deal: one whose first chance the person sees comes after an AI has
# searched, so that it searches while the two worlds still look alike.
SEEDS = {"leduc": 53, "luthier": 53, "renaissance": 53, "taktvoll": 50}
AI_LEVEL = "10"  # a search of about a second: it reports its progress
TURNS = 3  # the person's decisions played in each world
TIMING = ("ms", "iterations")


class Recorder(Seat):
    """A seat that keeps every frame it receives."""

    def __init__(self, server, room):
        self.frames = []
        super().__init__(server, room)

    def recv(self, timeout: float = 30.0) -> dict:
        message = super().recv(timeout)
        self.frames.append(message)
        return message


def prepare(tmp_path, game: str):
    """Two data folders, one a copy of the other but for the room's hidden state."""
    room, twin = twin_rooms(REGISTRY, game, AI_LEVEL, SEEDS[game])
    seat = room.state.current_player()  # the person moves first
    first, second = tmp_path / "first", tmp_path / "second"
    store = Store(first)
    store.secret(SECRET_NAME)  # both servers seal files with the same secret
    store.create_room(room.id, room.setup, room.position(), 0.0)
    store.close()
    shutil.copytree(first, second)
    store = Store(second)
    store.sync_room(room.id, twin.position(), [], 0, [], 0)
    store.close()
    return seat, room, [(first, room), (second, twin)]


def play_turn(client, view: dict) -> None:
    """The same whole decision in either world: the middle one of the legal steps."""
    actions = []
    while True:
        legal = view["legal"]
        actions.append(legal[len(legal) // 2]["id"])
        client.send({"type": "move", "actions": actions, "version": view["version"]})
        answer = client.until(lambda m: m["type"] in ("view", "error"))[-1]
        assert answer["type"] == "view", answer
        if answer["version"] > view["version"] or not answer["partial"]:
            return
        view = answer


def charted(client: Recorder, view: dict) -> None:
    """Until the seat's graph has its point for the turn the view shows: the point is
    searched once the turn comes, and the file and the graph frames carry it, so each
    world is read only once it has landed."""
    n = len(view["log"])

    def has(chart: list) -> bool:
        return any(point[0] == n for point in chart)

    if view["over"] or has(view["chart"]):
        return
    if not any(f["type"] == "chart" and has(f["chart"]) for f in client.frames):
        client.until(lambda m: m["type"] == "chart" and has(m["chart"]))


def play_world(data, room, seat: int) -> tuple[list, list, list]:
    """The seat's frames and files over TURNS decisions, and the log the store kept."""
    server = Server(data, ("--workers", "2"))
    server.start()
    try:
        link = {"room": room.id, "seat": seat, "token": room.seats[seat].token}
        client = Recorder(server, link)
        files = []
        for _ in range(TURNS):
            view = client.my_turn()
            if view["over"]:
                break
            charted(client, view)
            url = f"{server.url}api/rooms/{room.id}/file"
            doc = httpx.get(url, params={"token": link["token"]}, timeout=10).json()
            files.append((view["version"], doc))
            client.send({"type": "hint", "version": view["version"]})
            client.until(lambda m: m["type"] in ("hints", "error"))
            play_turn(client, client.view)
        charted(client, client.my_turn(timeout=120))  # the AI's replies to the last decision
        client.close()
    finally:
        server.stop()
    store = Store(data)
    (stored,), _ = store.load_rooms()
    store.close()
    return client.frames, files, stored["log"]


def seen_apart(seat: int, starts: list, logs: list) -> int:
    """The first version at which the seat sees the two worlds differ (the referee,
    replaying each world's log from its start)."""
    states = [start.clone() for start in starts]
    for version in range(min(len(log) for log in logs) + 1):
        if states[0].observation(seat) != states[1].observation(seat):
            return version
        if version == min(len(log) for log in logs):
            return version + 1
        for state, log in zip(states, logs, strict=True):
            for action in log[version]["actions"]:
                state.apply(action)
    raise AssertionError("unreachable")


def by_version(frames: list, files: list, before: int) -> dict:
    """What the seat received about each version before `before`, speed set aside."""
    got: dict = defaultdict(lambda: {"view": [], "hints": [], "progress": set(), "file": []})
    charts = []
    for frame in frames:
        kind = frame["type"]
        assert kind != "error", frame
        if kind == "chart":
            if all(n < before for n, _ in frame["chart"]):
                charts.append(frame["chart"])
            continue
        if frame["version"] >= before:
            continue
        if kind == "progress":
            if frame.get("queued") is None:  # a place in the queue is the server's load
                kept = {k: v for k, v in frame.items() if k not in TIMING}
                got[frame["version"]]["progress"].add(json.dumps(kept, sort_keys=True))
        else:
            got[frame["version"]][kind].append(frame)
    for version, doc in files:
        if version < before:
            got[version]["file"].append(doc)
    return {"versions": dict(got), "charts": charts}


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_receives_the_same_in_worlds_it_cannot_tell_apart(tmp_path, game):
    seat, room, worlds = prepare(tmp_path, game)
    played = [play_world(data, world, seat) for data, world in worlds]
    starts = [world.state for _, world in worlds]
    assert starts[0].to_json() != starts[1].to_json()
    apart = seen_apart(seat, starts, [log for _, _, log in played])
    seen = [by_version(frames, files, apart) for frames, files, _ in played]
    assert any(got["file"] for got in seen[0]["versions"].values())
    versions = sorted(set(seen[0]["versions"]) | set(seen[1]["versions"]))
    pairs = [[s["versions"].get(version, {}) for s in seen] for version in versions]
    searched = 0
    for version, (first, second) in zip(versions, pairs, strict=True):
        # A search shorter than the reports' interval sends none: how many come is time.
        if first.get("progress") and second.get("progress"):
            assert first["progress"] == second["progress"], f"{game}: progress at {version}"
            searched += 1
    assert searched, f"no AI search reported its progress in both worlds before {apart}"
    for version, (first, second) in zip(versions, pairs, strict=True):
        for kind in ("view", "hints", "file"):
            assert first.get(kind) == second.get(kind), f"{game}: {kind} at version {version}"
    assert seen[0]["charts"] == seen[1]["charts"]
