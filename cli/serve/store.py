"""The rooms of `cadenza serve` in SQLite (WAL), the SQLite implementation of
cli/serve/storage.py's Storage: each room's setup, its current position, its log and
its undo checkpoints; the tables; the kept copies of downloaded game files.

Every change is one transaction committed before the server acknowledges it, so a
server killed at any moment restarts with every acknowledged move. A room row holds
the position (the state's JSON and the dice and search-seed streams); the log and the
checkpoints are rows numbered from 0, rewritten from the first index that changed.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from pathlib import Path

from cli.serve.storage import Storage, StorageError, Unreadable

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    position TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS log (
    room TEXT NOT NULL, n INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (room, n)
);
CREATE TABLE IF NOT EXISTS checkpoints (
    room TEXT NOT NULL, n INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (room, n)
);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, doc TEXT NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS saves (
    id TEXT PRIMARY KEY, room TEXT NOT NULL, version INTEGER NOT NULL, doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

DB_NAME = "cadenza.sqlite3"
# A room's numbered rows: their table and the column holding each row's JSON.
ROW_COLUMNS = {"log": "entry", "checkpoints": "data"}


def _dump(value) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store(Storage):
    """SQLite's Storage: one file in the data folder, opened on the thread that uses it."""

    def __init__(self, directory: Path, create: bool = True):
        directory = Path(directory)
        self.path = directory / DB_NAME
        if not create and not self.path.is_file():
            raise StorageError(f"there is no games database in {directory}")
        directory.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit is on disk before the move is acknowledged.
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            self.db.close()
            raise StorageError(f"{self.path} is not a SQLite database ({exc})") from None

    def close(self) -> None:
        self.db.close()

    def create_room(self, room_id: str, setup: dict, position: dict, created: float) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO rooms (id, setup, position, created) VALUES (?, ?, ?, ?)",
                (room_id, _dump(setup), _dump(position), created),
            )

    def sync_room(
        self,
        room_id: str,
        position: dict,
        log: list,
        log_from: int,
        checkpoints: list,
        checkpoints_from: int,
    ) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE rooms SET position = ? WHERE id = ?", (_dump(position), room_id)
            )
            for table, rows, start in (
                ("log", log, log_from),
                ("checkpoints", checkpoints, checkpoints_from),
            ):
                column = ROW_COLUMNS[table]
                self.db.execute(f"DELETE FROM {table} WHERE room = ? AND n >= ?", (room_id, start))
                self.db.executemany(
                    f"INSERT INTO {table} (room, n, {column}) VALUES (?, ?, ?)",
                    [(room_id, n, _dump(rows[n])) for n in range(start, len(rows))],
                )

    def load_rooms(self) -> tuple[list[dict], list[Unreadable]]:
        rooms, unreadable = [], []
        query = "SELECT id, setup, position, created FROM rooms ORDER BY created"
        for room_id, setup, position, created in self.db.execute(query).fetchall():
            try:
                rooms.append(
                    {
                        "id": room_id,
                        "setup": json.loads(setup),
                        "position": json.loads(position),
                        "created": created,
                        "log": self._rows("log", room_id),
                        "checkpoints": self._rows("checkpoints", room_id),
                    }
                )
            except (ValueError, TypeError) as exc:  # JSON's errors are ValueErrors
                unreadable.append(Unreadable("room", str(room_id), f"a row does not decode: {exc}"))
        return rooms, unreadable

    def remove_room(self, room_id: str) -> bool:
        with self.db:
            self.db.execute("BEGIN")
            for table in ROW_COLUMNS:
                self.db.execute(f"DELETE FROM {table} WHERE room = ?", (room_id,))
            return self.db.execute("DELETE FROM rooms WHERE id = ?", (room_id,)).rowcount > 0

    # ---- table mode (cli/serve/tables.py): one document per table, rewritten whole ----

    def save_table(self, table_id: str, doc: dict, created: float) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (id, doc, created) VALUES (?, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET doc = excluded.doc",
                (table_id, _dump(doc), created),
            )

    def load_tables(self) -> tuple[list[dict], list[Unreadable]]:
        docs, unreadable = [], []
        query = "SELECT id, doc FROM tables ORDER BY created"
        for table_id, text in self.db.execute(query).fetchall():
            try:
                docs.append(json.loads(text))
            except (ValueError, TypeError) as exc:
                unreadable.append(Unreadable("table", str(table_id), f"does not decode: {exc}"))
        return docs, unreadable

    def remove_table(self, table_id: str) -> bool:
        with self.db:
            self.db.execute("BEGIN")
            return self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,)).rowcount > 0

    def _rows(self, table: str, room_id: str) -> list:
        query = f"SELECT {ROW_COLUMNS[table]} FROM {table} WHERE room = ? ORDER BY n"
        return [json.loads(text) for (text,) in self.db.execute(query, (room_id,))]

    # ---- saved games (cli/serve/gamefile.py) -------------------------------------------

    def save_game(self, save_id: str, room_id: str, version: int, doc: dict) -> None:
        """Keep `doc` under `save_id`; a second save under the same id (the same file
        downloaded again) keeps the first."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR IGNORE INTO saves (id, room, version, doc) VALUES (?, ?, ?, ?)",
                (save_id, room_id, version, _dump(doc)),
            )

    def load_save(self, save_id: str):
        """The saved room document, or None."""
        row = self.db.execute("SELECT doc FROM saves WHERE id = ?", (save_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def secret(self, name: str) -> str:
        """The server's secret called `name`: made (random) the first time it is asked
        for, the same ever after."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)",
                (name, secrets.token_hex(32)),
            )
        return self.db.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()[0]
