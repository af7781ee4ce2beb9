"""A table's hint level (cli/serve/tables.py): chosen on the new-table form, changed
while the table runs by a `level` message the server validates, saved with the
table, shown on the page and searched by the next hint; a table saved before levels
loads at its old setting."""

from __future__ import annotations

import json
import sqlite3

import pytest

from cli.levels.ladder import DEFAULT_LEVEL
from cli.serve.rooms import RoomError
from cli.serve.store import DB_NAME
from cli.serve.tables import Tables, table_view
from helpers import PHONE_LAYOUT, RecordingSearches, run_apart, table_data
from plugins.manager import default_registry
from webserver import SCREENSHOTS
from wsclient import answer_to

REGISTRY = default_registry()
BAD_LEVELS = (0, 11, -3, True, 2.5, "0", "11", "hardest", "Easy", " 5", [], {})


def stored(storage) -> dict:
    """Every stored table's document by id."""
    return {doc["id"]: doc for doc in run_apart(storage.load_tables())[0]}


def test_a_table_is_made_at_a_number_its_text_an_old_preset_or_the_default(storage):
    tables = Tables(REGISTRY, storage, searches=None)
    made = {
        level: run_apart(tables.create("tictactoe", 2, None, 0, seed=1, level=level))
        for level in (None, 3, "9", "medium", "strong")
    }
    levels = {level: table_view(t)["hint_level"] for level, t in made.items()}
    assert levels == {None: DEFAULT_LEVEL, 3: 3, "9": 9, "medium": 6, "strong": 10}
    assert table_view(made[3])["hint_setting"] == "level:3"
    words = [c["words"] for c in table_view(made[3])["hint_levels"]]
    assert words[0] == "1 (weakest)" and words[-1] == "10 (strongest, about a second a hint)"
    assert words[DEFAULT_LEVEL - 1] == f"{DEFAULT_LEVEL} (the default)" and len(words) == 10
    before = stored(storage)
    for bad in BAD_LEVELS:
        with pytest.raises(RoomError, match=r"^level must be 1\.\.10, got "):
            run_apart(tables.create("tictactoe", 2, None, 0, level=bad))
    assert stored(storage) == before and len(tables.tables) == len(made), "a refused table was kept"


def stored_count(server) -> int:
    """How many tables the running server's store holds."""
    db = sqlite3.connect(server.data / DB_NAME)
    try:
        return db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
    finally:
        db.close()


def test_a_bad_level_in_the_create_request_is_one_line_and_makes_no_table(server):
    answer = server.post("api/tables", json={"game": "tictactoe", "seat": 0, "level": 7})
    assert answer.status_code == 200, answer.text
    count = stored_count(server)
    for bad in ("godlike", 12, "", [3]):
        answer = server.post("api/tables", json={"game": "tictactoe", "seat": 0, "level": bad})
        assert answer.status_code == 400
        assert answer.json() == {"error": f"level must be 1..10, got {bad!r}"}
    assert stored_count(server) == count


def test_a_running_table_changes_level_kept_across_a_restart_and_used_by_the_next_hint(storage):
    tables = Tables(REGISTRY, storage, searches=None)
    table = run_apart(tables.create("tictactoe", 2, None, 0, seed=2, level=4))
    run_apart(tables.set_level(table, 8))
    assert table.version == 1 and table_view(table)["hint_level"] == 8
    # A refused level: one line, and the table, its hints and its store row as they were.
    before = (table.version, str(table.session.hint_spec), table.session.hint_searcher)
    row = stored(storage)
    for bad in (*BAD_LEVELS, None):
        with pytest.raises(RoomError, match=r"^level must be 1\.\.10, got "):
            run_apart(tables.set_level(table, bad))
    assert (table.version, str(table.session.hint_spec), table.session.hint_searcher) == before
    assert stored(storage) == row
    # A restart: the table comes back at level 8, and its next hint searches there.
    searches = RecordingSearches()
    again = Tables(REGISTRY, storage, searches)
    run_apart(again.load())
    reloaded = again.find(table.id, table.token)
    assert table_view(reloaded) == table_view(table)
    run_apart(again.hints(reloaded))
    run_apart(again.set_level(reloaded, "easy"))
    run_apart(again.hints(reloaded))
    assert searches.specs == ["level:8", "level:3"]


def test_the_level_waits_while_a_showdown_is_being_typed(storage):
    tables = Tables(REGISTRY, storage, searches=None)
    table = run_apart(tables.create("leduc", 2, None, 0, seed=3, level=5))
    for step in ("Qh", "call", "call", "Ks", "raise", "call"):
        run_apart(tables.step(table, step))
    assert table_view(table)["phase"] == "reveal"
    version = table.version
    with pytest.raises(RoomError, match=r"^first type what was revealed: "):
        run_apart(tables.set_level(table, 9))
    assert table.version == version and table_view(table)["hint_level"] == 5


def save_as_before_levels(storage, table, hint) -> None:
    """Rewrite a stored table as an older server saved it: its hints `hint`."""
    doc = stored(storage)[table.id]
    doc["save"]["hint"] = hint
    run_apart(storage.save_table(table.id, doc, doc["created"]))


def test_tables_saved_before_levels_load_at_their_old_setting(storage):
    tables = Tables(REGISTRY, storage, searches=None)
    old = run_apart(tables.create("tictactoe", 2, None, 0, seed=4))
    preset = run_apart(tables.create("tictactoe", 2, None, 0, seed=5))
    # Before levels a table's hints were the default searcher at the 'medium' preset's
    # budget; a table that names a preset plays at its level (LEGACY_LEVELS).
    before_levels = f"{REGISTRY.default_searcher(REGISTRY.game('tictactoe'))}:iterations=300"
    save_as_before_levels(storage, old, before_levels)
    save_as_before_levels(storage, preset, "strongest")
    searches = RecordingSearches()
    again = Tables(REGISTRY, storage, searches)
    run_apart(again.load())
    view = table_view(again.find(old.id, old.token))
    assert (view["hint_level"], view["hint_setting"]) == (None, before_levels)
    assert table_view(again.find(preset.id, preset.token))["hint_level"] == 10
    run_apart(again.hints(again.find(old.id, old.token)))
    assert searches.specs == [before_levels]
    run_apart(again.set_level(again.find(old.id, old.token), 2))
    assert stored(storage)[old.id]["save"]["hint"] == "level:2"


def test_the_level_message_over_the_table_socket(server):
    body = {"game": "tictactoe", "seat": 0, "level": 2}
    made = server.post("api/tables", json=body).json()
    with server.socket("ws/table") as ws:
        ws.send(json.dumps({"type": "join", **made}))
        view = answer_to(ws)
        assert (view["hint_level"], view["version"]) == (2, 0)
        ws.send(json.dumps({"type": "level", "level": 7, "version": 0}))
        view = answer_to(ws)
        assert (view["hint_level"], view["version"]) == (7, 1)
        for message, error in (
            ({"level": "hardest", "version": 1}, "level must be 1..10, got 'hardest'"),
            ({"level": 9, "seat": 1}, "unknown field(s) in level: seat"),
            ({"level": 9}, "level needs the version of the position it is for"),
            ({"level": 9, "version": 0}, "the table has moved on: here it is"),
        ):
            ws.send(json.dumps({"type": "level", **message}))
            assert answer_to(ws) == {"type": "error", "message": error}
            if message.get("version") == 0:
                assert answer_to(ws)["hint_level"] == 7  # the table as it stands
        ws.send(json.dumps({"type": "view"}))
        assert (answer_to(ws)["hint_level"], view["version"]) == (7, 1)


def test_the_page_makes_a_table_at_a_chosen_level_changes_it_and_keeps_it(server, phone):
    page = phone
    page.goto(server.url)
    assert page.locator("#hint-level").is_hidden(), "a game against the AI has no hint level"
    page.select_option("#mode", "table")
    page.select_option("#game", "tictactoe")
    chooser = page.locator("#hint-level")
    assert chooser.input_value() == str(DEFAULT_LEVEL)
    labels = chooser.locator("option").all_inner_texts()
    assert labels[0] == "1 (weakest)" and labels[-1] == "10 (strongest, about a second a hint)"
    chooser.select_option("3")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "table-level-form.png"), full_page=True)
    assert page.evaluate(PHONE_LAYOUT) == []
    page.tap("#start")
    page.wait_for_selector("#table[data-level='3']")
    assert page.locator("#table-level").input_value() == "3"
    page.select_option("#table-level", "9")
    page.wait_for_selector("#table[data-level='9'][data-busy='no']")
    assert table_data(page)["version"] == "1"
    page.screenshot(path=str(SCREENSHOTS / "table-level.png"), full_page=True)
    assert page.evaluate(PHONE_LAYOUT) == []
    page.reload()
    page.wait_for_selector("#table[data-phase='mine']")
    assert table_data(page)["level"] == "9"
    assert page.locator("#table-level").input_value() == "9"
    assert page.errors == []
