"""The AI's thinking over the WebSocket: live progress (at most 5 reports a second,
the win chance and the best move only where nothing is hidden), the server-wide
queue of searches, and a search cancelled when the room's tabs close or its person
resigns; the person's own searches (hints, the graph) start from its view alone."""

from __future__ import annotations

import asyncio
import time

import pytest

from cli.serve.ai import value_job
from cli.serve.hub import Hub
from cli.serve.storage import StorageThread
from cli.serve.store import Store
from helpers import run_apart
from plugins.manager import default_registry
from webserver import Server
from worlds import twin_rooms
from wsclient import Seat, new_room


@pytest.fixture(scope="module")
def one_search(tmp_path_factory):
    """A server that runs one search at a time (the rest queue)."""
    srv = Server(tmp_path_factory.mktemp("serve1"), ("--max-searches", "1"))
    srv.start()
    yield srv
    srv.stop()


def progress_of(messages):
    return [m for m in messages if m["type"] == "progress" and m.get("iterations") is not None]


def test_progress_streams_iterations_value_and_the_best_move_in_words(server):
    room = new_room(server, "tictactoe", seat=1, strengths={"0": "strong"})
    seat = Seat(server, room)
    times, messages = [], []
    for message in seat.until(lambda m: m["type"] == "view" and m["to_move"] == 1):
        times.append(time.monotonic())
        messages.append(message)
    reports = progress_of(messages)
    assert len(reports) >= 2  # a 1-second search reports every 0.2 s or so
    assert [r["iterations"] for r in reports] == sorted(r["iterations"] for r in reports)
    assert all(0.0 <= r["value"] <= 1.0 for r in reports)
    # the best move reads as the seat's own words of a move, e.g. "put an X on b2"
    first_view = next(m for m in messages if m["type"] == "view")
    assert all(r["best"].startswith("put an X on ") for r in reports)
    assert first_view["thinking"] == 0
    gaps = [b["ms"] - a["ms"] for a, b in zip(reports, reports[1:], strict=False)]
    assert all(gap >= 190 for gap in gaps)  # throttled: at most 5 a second
    seat.close()


@pytest.mark.parametrize("game", ["leduc", "renaissance"])
def test_a_hidden_information_search_shows_its_counts_and_time_but_never_its_value_or_move(
    server, game
):
    # In Leduc at level 10 the AI's win chance alone named its card: counts and time only.
    for n in range(20):  # a room whose AI moves first (in some games who does is dealt)
        person, ai = n % 2, 1 - n % 2
        room = new_room(server, game, seat=person, strengths={str(ai): "10"})
        seat = Seat(server, room)
        if seat.until(lambda m: m["type"] == "view")[-1]["to_move"] == ai:
            break
        seat.close()
    messages = seat.until(lambda m: m["type"] == "view" and m["log"] and m["to_move"] == person)
    reports = progress_of(messages)
    assert reports
    for report in reports:
        assert report["value"] is None and report["best"] is None
        assert report["iterations"] > 0 and report["ms"] >= 0
    seat.close()


def test_searches_queue_beyond_the_cap_and_say_how_many_are_ahead(one_search):
    rooms = [new_room(one_search, "tictactoe", seat=1, strengths={"0": "strong"}) for _ in range(3)]
    seats = [Seat(one_search, room) for room in rooms]
    queued = {}
    for n, seat in enumerate(seats):
        messages = seat.until(lambda m: m["type"] == "view" and m["to_move"] == 1, timeout=30)
        queued[n] = [m["queued"] for m in messages if m["type"] == "progress" and m["queued"]]
        queued[n] += [m["queued"] for m in messages if m["type"] == "progress" and m["queued"] == 0]
    # the first room searched at once; the third waited behind the second
    assert queued[0] == []
    assert 0 in queued[1]
    assert 1 in queued[2]
    for seat in seats:
        seat.close()


def test_closing_the_tab_cancels_the_search_and_frees_its_slot(one_search):
    long = new_room(one_search, "tictactoe", seat=1, strengths={"0": "strongest"})
    waiting = new_room(one_search, "tictactoe", seat=1, strengths={"0": "easy"})
    first = Seat(one_search, long)
    first.until(lambda m: m["type"] == "progress" and m.get("iterations"))
    second = Seat(one_search, waiting)
    first.close()
    closed = time.monotonic()
    second.until(lambda m: m["type"] == "view" and m["log"] and m["to_move"] == 1, timeout=10)
    # the 3-second search was stopped: the easy one behind it ran at once
    assert time.monotonic() - closed < 1.5
    second.close()
    # back in the tab, the search starts again and the AI moves
    again = Seat(one_search, long)
    view = again.until(lambda m: m["type"] == "view" and m["log"], timeout=20)[-1]
    assert view["to_move"] == 1
    again.close()


def test_resigning_ends_the_game_with_a_summary(server):
    room = new_room(server, "tictactoe", seat=0, strengths={"1": "easy"})
    seat = Seat(server, room)
    view = seat.my_turn()
    seat.send({"type": "resign", "version": view["version"]})
    view = seat.until(lambda m: m["type"] == "view" and m["over"])[-1]
    assert view["over"]["result"] == "You resigned."
    assert view["legal"] == [] and not view["can_undo"]
    assert view["log"][-1]["text"] == "seat 0 resigns"
    assert view["chart"][-1] == [1, 0.0]
    seat.send({"type": "move", "actions": [4], "version": view["version"]})
    assert seat.recv()["message"] == "the game is over"


def test_resigning_while_the_ai_thinks_cancels_its_search(server):
    room = new_room(server, "tictactoe", seat=1, strengths={"0": "strongest"})
    seat = Seat(server, room)
    seat.until(lambda m: m["type"] == "progress" and m.get("iterations"))
    seat.send({"type": "resign", "version": seat.view["version"]})
    view = seat.until(lambda m: m["type"] == "view" and m["over"])[-1]
    time.sleep(3.5)  # past the AI's whole movetime: its answer was dropped
    seat.send({"type": "view"})
    after = seat.until(lambda m: m["type"] == "view")[-1]
    assert [e["mover"] for e in after["log"]] == [1]
    assert after["version"] == view["version"]
    seat.close()


class RecordingPositions:
    """The server's search queue, recording the position each job starts from."""

    on_queue = None

    def __init__(self):
        self.positions = []

    async def run(self, owner, job, game_name, state_json, *rest, **progress):
        self.positions.append(state_json)
        return 0.5 if job is value_job else []


class Page:
    async def send_json(self, message):
        pass


async def searched_positions(hub: Hub, room, seat: int) -> list[str]:
    """The positions the seat's hint and its win-chance point are searched from."""
    await hub.create(room)
    await hub.hints(room, seat)
    hub.sockets[room.id] = {Page(): seat}
    hub._chart_kick(room)
    await asyncio.gather(*hub.charting.values())
    return hub.searches.positions


@pytest.mark.parametrize("game", ["leduc", "renaissance"])
def test_hints_and_graph_points_search_from_the_seats_view_alone(tmp_path, game):
    registry = default_registry()
    room, twin = twin_rooms(registry, game, "3", seed=11)
    seat = room.state.current_player()
    found = []
    for n, world in enumerate((room, twin)):
        storage = StorageThread(lambda n=n: Store(tmp_path / str(n)))
        hub = Hub(registry, storage, RecordingPositions())
        found.append(run_apart(searched_positions(hub, world, seat)))
        storage.shutdown()
    assert len(found[0]) == 2  # a hint and a graph point
    assert found[0] == found[1]  # the two worlds' searches start from the same position
