"""Nothing lost when the store fails (cli/serve/commits.py, storage.py): with another
process holding SQLite's write lock, a change is refused in one line and leaves the
game as it was in memory and on disk, lands once sent again, and an AI move is stored
again until it lands; the lock holds up no other room, since storage runs on a thread
of its own; a room that cannot be read is set aside and every other one served."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager

import httpx
import pytest
from click.testing import CliRunner

from cli.main import main
from cli.serve.commits import SAVE_FAILED, NotSaved
from cli.serve.hub import Hub
from cli.serve.rooms import Room, read_rooms
from cli.serve.storage import StorageThread
from cli.serve.store import DB_NAME, Store
from cli.serve.tables import Tables, table_view
from helpers import RecordingSearches, run_apart
from plugins.manager import default_registry
from webserver import ROOT, Server
from wsclient import Seat, answer_to, new_room

REGISTRY = default_registry()
# The store waits this long for a lock before it gives up (sqlite3's default timeout).
BUSY_WAIT = 5.0
# What "answers in its usual time" allows, on a loaded two-core machine.
PROMPT = 1.0
# A refusal comes once the change's write, and any write queued before it, gave up.
REFUSED_WITHIN = 3 * BUSY_WAIT


@contextmanager
def write_lock(server):
    """SQLite's write lock on the server's database, held by another connection."""
    db = sqlite3.connect(server.data / DB_NAME, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        yield
        db.execute("ROLLBACK")
    finally:
        db.close()


def stored_rows(server, room_id: str) -> tuple[int, list[int]]:
    """The room's stored version and the numbers of its log rows."""
    db = sqlite3.connect(server.data / DB_NAME)
    try:
        (position,) = db.execute("SELECT position FROM rooms WHERE id = ?", (room_id,)).fetchone()
        rows = db.execute("SELECT n FROM log WHERE room = ? ORDER BY n", (room_id,)).fetchall()
    finally:
        db.close()
    return json.loads(position)["version"], [n for (n,) in rows]


def is_error(message: dict) -> bool:
    return message["type"] == "error"


def charted(seat: Seat) -> None:
    """Until the seat's first win-chance point is in (it is written to the store)."""
    seat.until(lambda m: m["type"] == "chart")


def current_view(seat: Seat) -> dict:
    seat.send({"type": "view"})
    return seat.until(lambda m: m["type"] == "view")[-1]


def test_a_move_the_store_refuses_is_not_applied_and_lands_when_sent_again(server):
    room = new_room(server, "tictactoe", strengths={"1": "1"})
    seat = Seat(server, room)
    try:
        before = seat.my_turn()
        charted(seat)
        move = {"type": "move", "actions": [before["legal"][0]["id"]], "version": 0}
        with write_lock(server):
            seat.send(move)
            refusal = seat.until(is_error, timeout=REFUSED_WITHIN)[-1]
            assert refusal["message"] == SAVE_FAILED
            after = current_view(seat)
            assert (after["version"], after["board"], after["log"]) == (
                0,
                before["board"],
                before["log"],
            )
            assert after["to_move"] == 0 and after["thinking"] is None  # no AI turn began
        assert stored_rows(server, room["room"]) == (0, [])
        # Sent again once the store takes it: the move lands, and the AI's turn starts.
        seat.send(move)
        view = seat.until(lambda m: m["type"] == "view" and m["version"] >= 2, timeout=30)[-1]
        assert len(view["log"]) == 2
        assert stored_rows(server, room["room"]) == (2, [0, 1])
    finally:
        seat.close()


def test_an_ai_move_the_store_refuses_is_stored_again_until_it_lands(server):
    # The AI moves first and searches for about a second (level 10): the lock is taken
    # before its move is written.
    room = new_room(server, "tictactoe", seat=1, strengths={"0": "10"})
    with write_lock(server):
        seat = Seat(server, room)
        try:
            notice = seat.until(is_error, timeout=REFUSED_WITHIN)[-1]
            assert "could not be saved" in notice["message"]
            view = current_view(seat)
            assert view["version"] == 0 and view["log"] == []  # not applied meanwhile
            assert stored_rows(server, room["room"]) == (0, [])
        except BaseException:
            seat.close()
            raise
    try:
        view = seat.until(lambda m: m["type"] == "view" and m["version"] == 1, timeout=15)[-1]
        assert view["to_move"] == 1 and len(view["log"]) == 1
        assert stored_rows(server, room["room"]) == (1, [0])
    finally:
        seat.close()


def test_a_locked_database_holds_up_no_other_room(server):
    locked, other = (Seat(server, new_room(server, "tictactoe", humans=[1])) for _ in range(2))
    try:
        view = locked.my_turn()
        other.my_turn()
        charted(locked)
        charted(other)
        with write_lock(server):
            locked.send({"type": "move", "actions": [view["legal"][0]["id"]], "version": 0})
            time.sleep(0.5)  # the move's write now waits on the lock
            start = time.monotonic()
            assert httpx.get(server.url + "api/games", timeout=30).status_code == 200
            games_took = time.monotonic() - start
            start = time.monotonic()
            current_view(other)
            view_took = time.monotonic() - start
            refusal = locked.until(is_error, timeout=REFUSED_WITHIN)[-1]
        assert games_took < PROMPT, f"GET /api/games took {games_took:.2f} s"
        assert view_took < PROMPT, f"another room's view took {view_took:.2f} s"
        assert refusal["message"] == SAVE_FAILED
    finally:
        locked.close()
        other.close()


def test_a_new_room_or_a_table_step_the_store_refuses_is_one_line_and_nothing(server):
    made = server.post("api/tables", json={"game": "tictactoe", "seat": 0})
    table = made.json()
    with server.socket("ws/table") as ws:
        ws.send(json.dumps({"type": "join", "table": table["table"], "token": table["token"]}))
        before = answer_to(ws)
        step = {"type": "step", "text": before["entries"][0]["text"], "version": 0}
        with write_lock(server):
            for path in ("api/rooms", "api/tables"):
                body = {"game": "tictactoe", "seat": 0}
                answer = server.post(path, json=body, timeout=REFUSED_WITHIN)
                assert (answer.status_code, answer.json()) == (503, {"error": SAVE_FAILED})
            ws.send(json.dumps(step))
            refusal = answer_to(ws, timeout=REFUSED_WITHIN)
            assert refusal == {"type": "error", "message": SAVE_FAILED}
            ws.send(json.dumps({"type": "view"}))
            assert answer_to(ws) == before
        ws.send(json.dumps(step))
        assert answer_to(ws)["version"] == 1


class RefusingStore(Store):
    """The SQLite store, refusing every write while `refuse` is set."""

    refuse = False

    def _refused(self) -> None:
        if self.refuse:
            raise sqlite3.OperationalError("database is locked")

    def sync_room(self, *args) -> None:
        self._refused()
        super().sync_room(*args)

    def save_table(self, *args) -> None:
        self._refused()
        super().save_table(*args)


@pytest.fixture
def refusing(tmp_path):
    storage = StorageThread(lambda: RefusingStore(tmp_path))
    yield storage
    storage.shutdown()


def test_an_undo_or_resign_the_store_refuses_leaves_the_room_as_it_was(refusing):
    async def scenario():
        hub = Hub(REGISTRY, refusing, RecordingSearches())
        room = Room.new(REGISTRY, "tictactoe", 2, None, 0, {1: "1"}, seed=5)
        await hub.create(room)
        await hub.play(room, 0, [4])  # the AI's search is only recorded: it stops there

        def seen():
            return room.version, room.state.to_json(), list(room.log), room.resigned

        before = seen()
        refusing.storage.refuse = True
        for change in (hub.undo(room, 0), hub.resign(room, 0)):
            with pytest.raises(NotSaved, match=f"^{SAVE_FAILED}$"):
                await change
            assert seen() == before
        refusing.storage.refuse = False
        await hub.undo(room, 0)
        return room

    room = run_apart(scenario())
    assert (room.version, room.log) == (2, [])
    rooms, _ = run_apart(refusing.submit(read_rooms, REGISTRY))
    assert [(r.id, r.version, r.log) for r in rooms] == [(room.id, 2, [])]


def test_a_refused_step_leaves_the_table_as_it_was_even_a_reveal_being_typed(refusing):
    tables = Tables(REGISTRY, refusing, searches=None)
    table = run_apart(tables.create("leduc", 2, None, 0, seed=3))
    for text in ("Qh", "call", "call", "Ks", "raise", "call"):
        run_apart(tables.step(table, text))
    reveal = table_view(table)
    assert reveal["phase"] == "reveal"  # the showdown: being typed, not yet stored
    refusing.storage.refuse = True
    typed = reveal["entries"][0]["text"]
    with pytest.raises(NotSaved, match=f"^{SAVE_FAILED}$"):
        run_apart(tables.step(table, typed))
    assert table_view(table) == reveal
    refusing.storage.refuse = False
    run_apart(tables.step(table, typed))
    assert table_view(table)["version"] == reveal["version"] + 1
    again = Tables(REGISTRY, refusing, searches=None)
    run_apart(again.load())
    assert table_view(again.find(table.id, table.token)) == table_view(table)


# ---- rows that do not decode ---------------------------------------------------------


def corrupt(server, statement: str, *args) -> None:
    db = sqlite3.connect(server.data / DB_NAME)
    try:
        with db:
            db.execute(statement, args)
    finally:
        db.close()


def serve_command(server, *args) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["serve", "--data", str(server.data), *args])
    return result.exit_code, result.output


def test_an_unreadable_room_is_set_aside_and_the_others_are_served(tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    try:
        good, bad_log, bad_position = (new_room(server, "tictactoe", humans=[1]) for _ in range(3))
        seat = Seat(server, bad_log)
        seat.send({"type": "move", "actions": [seat.my_turn()["legal"][0]["id"]], "version": 0})
        seat.until(lambda m: m["type"] == "view" and m["version"] == 1)  # a log row to spoil
        seat.close()
        table = server.post("api/tables", json={"game": "pig"}).json()
        server.kill()
        cut_short = '{"mover": 0, "act'
        corrupt(server, "UPDATE log SET entry = ? WHERE room = ?", cut_short, bad_log["room"])
        corrupt(server, "UPDATE rooms SET position = '[]' WHERE id = ?", bad_position["room"])
        corrupt(server, "UPDATE tables SET doc = 'not json' WHERE id = ?", table["table"])
        server.start()  # the store's faults are set aside: the server starts
        served = Seat(server, good)
        assert served.my_turn()["version"] == 0
        served.close()
        for room in (bad_log, bad_position):
            refused = Seat(server, room)
            assert refused.until(is_error)[-1]["message"] == "no such game"
            refused.close()
        output = server.output()
        for item in (bad_log["room"], bad_position["room"], table["table"]):
            assert f"set aside {'table' if item == table['table'] else 'room'} {item}" in output
    finally:
        server.stop()
    code, listing = serve_command(server, "--broken")
    assert code == 0
    lines = listing.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        f"room {bad_log['room']}",
        f"room {bad_position['room']}",
        f"table {table['table']}",
    ]
    assert serve_command(server, "--remove", bad_position["room"]) == (
        0,
        f"Removed room {bad_position['room']}.\n",
    )
    code, output = serve_command(server, "--remove", good["room"])  # it loads: kept
    assert code == 1 and output.startswith("Error: ") and output.count("\n") == 1
    assert serve_command(server, "--broken")[1].splitlines() == [lines[0], lines[2]]
    code, output = serve_command(server, "--broken", "--remove", good["room"])
    assert code == 2 and "give one of them" in output


def test_a_database_that_is_not_sqlite_is_one_error_line_before_anything_is_served(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"these are not the games you are looking for\n" * 100)
    code = "import sys; from cli.main import main; sys.argv[0] = 'cadenza'; main()"
    finished = subprocess.run(
        [sys.executable, "-c", code, "serve", "--data", str(data), "--port", "0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert finished.returncode == 1
    assert finished.stdout == ""
    assert finished.stderr.startswith("Error: ") and finished.stderr.count("\n") == 1
    assert "not a SQLite database" in finished.stderr
    result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path / "none"), "--broken"])
    assert result.exit_code == 1 and result.output.startswith("Error: there is no games database")
    assert not (tmp_path / "none").exists()
