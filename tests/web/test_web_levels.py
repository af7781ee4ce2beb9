"""The web app's AI strength is a level 1..10 (cli/levels/): the catalogue offers the
levels, a room seats its AI at the chosen level, a bad level is refused with one
line, and rooms and game files saved with the old presets (easy..strongest) load at
the level of about their budget. The server's own searches (a room's hints, a table's)
play levels too, and a table can be asked for one by number or by an old preset."""

from __future__ import annotations

import httpx
import pytest

from cli.levels.ladder import DEFAULT_LEVEL, LEGACY_LEVELS, level_named
from cli.serve.hub import Hub
from cli.serve.rooms import Room, RoomError
from cli.serve.tables import Tables
from helpers import RecordingSearches, run_apart
from plugins.manager import default_registry
from wsclient import Seat, new_room

REGISTRY = default_registry()


def test_the_catalogue_offers_levels_1_to_10(server):
    catalogue = httpx.get(server.url + "api/games", timeout=10).json()
    assert catalogue["levels"] == {"min": 1, "max": 10, "default": DEFAULT_LEVEL}
    assert "strengths" not in catalogue


def test_an_ai_seat_plays_at_the_chosen_level(server):
    room = new_room(server, "tictactoe", seat=0, strengths={"1": "2"})
    seat = Seat(server, room)
    view = seat.my_turn()
    assert [s.get("strength") for s in view["seats"]] == [None, "2"]
    seat.play([4])
    view = seat.my_turn()
    assert len(view["log"]) == 2, "the level-2 AI answered"


def test_a_bad_level_is_refused_with_one_line(server):
    for bad in ("0", "11", "godlike", "-3"):
        body = {"game": "tictactoe", "seat": 0, "strengths": {"1": bad}}
        answer = server.post("api/rooms", json=body)
        assert answer.status_code == 400
        assert answer.json()["error"] == f"seat 1: strength must be a level 1..10, got '{bad}'"


def test_new_rooms_take_levels_and_the_old_preset_names():
    room = Room.new(REGISTRY, "taktvoll", 3, None, 0, {1: "7", 2: "easy"})
    assert [(s.spec, s.strength) for s in room.seats[1:]] == [("level:7", "7"), ("level:3", "3")]
    default = Room.new(REGISTRY, "tictactoe", 2, None, 0, {})
    assert default.seats[1].spec == f"level:{DEFAULT_LEVEL}"
    try:
        Room.new(REGISTRY, "tictactoe", 2, None, 0, {1: "12"})
    except RoomError as exc:
        assert str(exc) == "seat 1: strength must be a level 1..10, got '12'"
    else:
        raise AssertionError("level 12 was accepted")


def test_a_room_stored_with_a_preset_loads_at_its_level():
    room = Room.new(REGISTRY, "tictactoe", 2, None, 0, {1: "5"})
    setup = dict(room.setup)
    for name, level in LEGACY_LEVELS.items():
        setup["seats"] = [
            dict(room.setup["seats"][0]),
            {"kind": "ai", "spec": "x", "strength": name},
        ]
        doc = {"id": "r", "setup": setup, "position": room.position(), "log": [], "checkpoints": []}
        loaded = Room.from_stored(REGISTRY, doc)
        assert (loaded.seats[1].spec, loaded.seats[1].strength) == (f"level:{level}", str(level))
        assert loaded.seats[0].token == room.seats[0].token
    assert LEGACY_LEVELS == {"easy": 3, "medium": 6, "strong": 10, "strongest": 10}


def test_a_strength_names_a_level_by_number_or_old_preset():
    assert [level_named(str(n)) for n in range(1, 11)] == list(range(1, 11))
    assert [level_named(name) for name in ("easy", "medium", "strong")] == [3, 6, 10]
    for bad in ("0", "11", "Easy", "", " 5", 5, None):
        assert level_named(bad) is None


def test_a_rooms_hints_search_at_the_default_level(storage):
    searches = RecordingSearches()
    hub = Hub(REGISTRY, storage, searches)
    room = Room.new(REGISTRY, "tictactoe", 2, None, 0, {1: "easy"}, seed=3)
    answer = run_apart(hub.hints(room, 0))
    assert answer == {"type": "hints", "version": 0, "hints": []}
    assert searches.specs == [f"level:{DEFAULT_LEVEL}"]


def test_a_tables_hints_take_a_level_or_an_old_preset(storage):
    tables = Tables(REGISTRY, storage, searches=None)
    made = {
        level: run_apart(tables.create("tictactoe", 2, None, 0, seed=1, level=level))
        for level in (None, 8, "2", "easy", "strongest")
    }
    specs = {level: str(t.session.hint_spec) for level, t in made.items()}
    assert specs == {
        None: f"level:{DEFAULT_LEVEL}",
        8: "level:8",
        "2": "level:2",
        "easy": "level:3",
        "strongest": "level:10",
    }
    for bad in (0, 11, True, "godlike", 2.5):
        with pytest.raises(RoomError, match=r"^level must be 1\.\.10, got "):
            run_apart(tables.create("tictactoe", 2, None, 0, level=bad))
    docs, _ = run_apart(storage.load_tables())
    assert len(docs) == len(made), "a refused table was stored"
    again = Tables(REGISTRY, storage, searches=None)
    run_apart(again.load())
    table = made["easy"]
    assert str(again.find(table.id, table.token).session.hint_spec) == "level:3"


def test_a_table_request_names_its_hint_level(server):
    body = {"game": "tictactoe", "players": 2, "seat": 0}
    for level in (4, "medium"):
        answer = server.post("api/tables", json={**body, "level": level})
        assert answer.status_code == 200, answer.text
    answer = server.post("api/tables", json={**body, "level": "hardest"})
    assert answer.status_code == 400
    assert answer.json() == {"error": "level must be 1..10, got 'hardest'"}
