"""Table mode's server side without a browser (cli/serve/tables.py): what a seat is
offered, a bad step refused with nothing changed, every step kept in the store, undo."""

from __future__ import annotations

import pytest

from cli.play.errors import PlayError
from cli.serve.rooms import RoomError
from cli.serve.tables import Tables, table_view
from helpers import run_apart
from plugins.manager import default_registry

REGISTRY = default_registry()


def test_leduc_table_asks_for_the_own_card_only_and_survives_a_restart(storage):
    tables = Tables(REGISTRY, storage, searches=None)
    table = run_apart(tables.create("leduc", 2, None, 0, seed=7))
    view = table_view(table)
    # The deal: the seat types its own card (one of Leduc's six: J, Q, K in two suits);
    # the opponent's card passes unseen, so only the own deal is asked.
    assert view["phase"] == "chance"
    texts = [e["text"] for e in view["entries"]]
    assert texts == ["Js", "Jh", "Qs", "Qh", "Ks", "Kh"]
    assert all(e["words"].startswith("seat 0 is dealt the ") for e in view["entries"])
    before = (table.version, table.session.info)
    with pytest.raises(PlayError):
        run_apart(tables.step(table, "Zz"))
    assert (table.version, table.session.info) == before
    run_apart(tables.step(table, texts[0]))
    view = table_view(table)
    assert view["phase"] == "mine" and view["version"] == 1
    assert view["log"] == [
        "chance: seat 0 is dealt the jack of spades",
        "chance: seat 1 is dealt a card",
    ]
    assert all("id" in e for e in view["entries"])  # the own turn: the board can click
    # A restart: the table comes back from the store as it was.
    again = Tables(REGISTRY, storage, searches=None)
    run_apart(again.load())
    assert table_view(again.find(table.id, table.token)) == view
    with pytest.raises(RoomError, match="that table link is not valid"):
        again.find(table.id, "not-the-token")
    run_apart(tables.undo(table))
    assert table_view(table)["phase"] == "chance" and table.version == 2
