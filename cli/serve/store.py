"""The rooms of `cadenza serve` in SQLite (WAL): each room's setup, its current
position, its log and its undo checkpoints.

Every change is one transaction committed before the server acknowledges it, so a
server killed at any moment restarts with every acknowledged move. A room row holds
the position (the state's JSON and the dice and search-seed streams); the log and the
checkpoints are rows numbered from 0, rewritten from the first index that changed.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

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
"""

DB_NAME = "cadenza.sqlite3"


def _dump(value) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store:
    def __init__(self, directory: Path):
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / DB_NAME
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit is on disk before the move is acknowledged.
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def create(self, room_id: str, setup: dict, position: dict, created: float) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO rooms (id, setup, position, created) VALUES (?, ?, ?, ?)",
                (room_id, _dump(setup), _dump(position), created),
            )

    def sync(
        self,
        room_id: str,
        position: dict,
        log: list,
        log_from: int,
        checkpoints: list,
        checkpoints_from: int,
    ) -> None:
        """Write the position, and the log and checkpoints from the given indexes on
        (rows past the lists' ends are removed), in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE rooms SET position = ? WHERE id = ?", (_dump(position), room_id)
            )
            for table, rows, start in (
                ("log", log, log_from),
                ("checkpoints", checkpoints, checkpoints_from),
            ):
                column = "entry" if table == "log" else "data"
                self.db.execute(f"DELETE FROM {table} WHERE room = ? AND n >= ?", (room_id, start))
                self.db.executemany(
                    f"INSERT INTO {table} (room, n, {column}) VALUES (?, ?, ?)",
                    [(room_id, n, _dump(rows[n])) for n in range(start, len(rows))],
                )

    def load_all(self) -> list[dict]:
        """Every room as {id, setup, position, created, log, checkpoints}, oldest first."""
        rooms = []
        for room_id, setup, position, created in self.db.execute(
            "SELECT id, setup, position, created FROM rooms ORDER BY created"
        ):
            rooms.append(
                {
                    "id": room_id,
                    "setup": json.loads(setup),
                    "position": json.loads(position),
                    "created": created,
                    "log": self._rows("log", "entry", room_id),
                    "checkpoints": self._rows("checkpoints", "data", room_id),
                }
            )
        return rooms

    # ---- table mode (cli/serve/tables.py): one document per table, rewritten whole ----

    def save_table(self, table_id: str, doc: dict, created: float) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (id, doc, created) VALUES (?, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET doc = excluded.doc",
                (table_id, _dump(doc), created),
            )

    def load_tables(self) -> list[dict]:
        """Every table's document, oldest first."""
        query = "SELECT doc FROM tables ORDER BY created"
        return [json.loads(text) for (text,) in self.db.execute(query)]

    def _rows(self, table: str, column: str, room_id: str) -> list:
        query = f"SELECT {column} FROM {table} WHERE room = ? ORDER BY n"
        return [json.loads(text) for (text,) in self.db.execute(query, (room_id,))]

    # ---- saved games (cli/serve/gamefile.py) -------------------------------------------

    def save_game(self, save_id: str, room_id: str, version: int, doc: dict) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO saves (id, room, version, doc) VALUES (?, ?, ?, ?)",
                (save_id, room_id, version, _dump(doc)),
            )

    def find_save(self, room_id: str, version: int):
        """The id of the room's save at `version`, or None."""
        row = self.db.execute(
            "SELECT id FROM saves WHERE room = ? AND version = ?", (room_id, version)
        ).fetchone()
        return None if row is None else row[0]

    def load_save(self, save_id: str):
        """The saved room document, or None."""
        row = self.db.execute("SELECT doc FROM saves WHERE id = ?", (save_id,)).fetchone()
        return None if row is None else json.loads(row[0])
