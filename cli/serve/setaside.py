"""`cadenza serve --broken` and `--remove ID`: the rooms and tables of a games
database that cannot be read (the server sets them aside, naming each in its log,
and serves the rest), listed, and one of them deleted."""

from __future__ import annotations

from pathlib import Path

from cli.serve.rooms import read_rooms
from cli.serve.storage import StorageError, Unreadable
from cli.serve.store import Store
from cli.serve.tables import read_tables


def check_database(data_dir: Path) -> None:
    """StorageError, before anything is served, if the folder's database cannot be used."""
    Store(data_dir).close()


def unreadable(registry, storage) -> list[Unreadable]:
    return read_rooms(registry, storage)[1] + read_tables(registry, storage)[1]


def maintain(data_dir: Path, registry, remove_id: str | None) -> list[str]:
    """The lines to print: what is set aside, or (with `remove_id`) that it is gone.
    StorageError if there is no database or nothing set aside has that id."""
    storage = Store(data_dir, create=False)
    try:
        items = unreadable(registry, storage)
        if remove_id is None:
            return [item.line() for item in items] or ["No room or table is set aside."]
        for item in items:
            if item.id == remove_id:
                remove = storage.remove_room if item.kind == "room" else storage.remove_table
                remove(item.id)
                return [f"Removed {item.kind} {item.id}."]
        raise StorageError(f"no room or table {remove_id!r} is set aside (see --broken)")
    finally:
        storage.close()
