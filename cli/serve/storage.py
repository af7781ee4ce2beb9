"""What `cadenza serve` keeps, named once: `Storage` lists every operation the server
asks of its database, so another database is one more subclass (cli/serve/store.py
is SQLite's) and nothing else changes.

The server never calls a Storage from its event loop: `StorageThread` runs each call
on one thread of its own, which opened the database and alone uses it, so a database
that is slow or locked holds up only the changes waiting on it, never another room's
page or request.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, Optional

from engine.errors import CadenzaError

log = logging.getLogger("cadenza.serve")


class StorageError(CadenzaError):
    """The database cannot be used at all (not a database, missing); one line."""


@dataclass(frozen=True)
class Unreadable:
    """A room or table the store holds but that does not decode: set aside, and
    every other one served."""

    kind: str  # "room" or "table"
    id: str
    reason: str

    def line(self) -> str:
        return f"{self.kind} {self.id}: {self.reason}"


def set_aside(items: list[Unreadable]) -> None:
    """Name in the server's log each room or table that is not served."""
    for item in items:
        log.error("set aside %s (`cadenza serve --broken` lists it)", item.line())


class Storage(ABC):
    """Rooms (setup, position, log and undo checkpoints), tables (one document
    each) and kept copies of downloaded game files. Each write is one transaction,
    committed before it returns; any failure raises, and nothing of it is kept."""

    # ---- rooms ----------------------------------------------------------------------

    @abstractmethod
    def create_room(self, room_id: str, setup: dict, position: dict, created: float) -> None:
        """A new room, with no log yet."""

    @abstractmethod
    def sync_room(
        self,
        room_id: str,
        position: dict,
        log: list,
        log_from: int,
        checkpoints: list,
        checkpoints_from: int,
    ) -> None:
        """The room's position, and its log and checkpoints from the given indexes
        on (rows past the lists' ends are removed)."""

    @abstractmethod
    def load_rooms(self) -> tuple[list[dict], list[Unreadable]]:
        """Every room as {id, setup, position, created, log, checkpoints}, oldest
        first, and the rooms whose rows do not decode."""

    @abstractmethod
    def remove_room(self, room_id: str) -> bool:
        """The room and its rows gone; whether there was one."""

    # ---- tables ---------------------------------------------------------------------

    @abstractmethod
    def save_table(self, table_id: str, doc: dict, created: float) -> None:
        """The table's document, made or rewritten whole."""

    @abstractmethod
    def load_tables(self) -> tuple[list[dict], list[Unreadable]]:
        """Every table's document, oldest first, and the tables that do not decode."""

    @abstractmethod
    def remove_table(self, table_id: str) -> bool:
        """The table gone; whether there was one."""

    # ---- kept copies of downloaded game files ---------------------------------------

    @abstractmethod
    def save_game(self, save_id: str, room_id: str, version: int, doc: dict) -> None:
        """A copy of a room's game, kept for its file."""

    @abstractmethod
    def load_save(self, save_id: str) -> Optional[dict]:
        """The kept copy, or None."""

    @abstractmethod
    def secret(self, name: str) -> str:
        """The server's secret called `name`, made at random when first asked for."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the database."""


OPERATIONS = frozenset(Storage.__abstractmethods__)


class StorageThread:
    """A Storage used from the event loop: `await storage.sync_room(...)` (any of
    Storage's operations) runs on the storage thread, one call after another."""

    def __init__(self, open_storage: Callable[[], Storage]):
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="cadenza-storage")
        try:
            self.storage = self.executor.submit(open_storage).result()
        except BaseException:
            self.executor.shutdown(wait=False)
            raise

    def __getattr__(self, name: str):
        if name not in OPERATIONS:
            raise AttributeError(name)
        method = getattr(self.storage, name)

        async def call(*args):
            return await asyncio.wrap_future(self.executor.submit(method, *args))

        return call

    async def submit(self, work: Callable, *args):
        """`work(*args, storage)` on the storage thread (a reading of several
        operations, or a file's copy kept while it is written)."""
        return await asyncio.wrap_future(self.executor.submit(work, *args, self.storage))

    def shutdown(self) -> None:
        """Close the database once the calls already asked for are done."""
        self.executor.submit(self.storage.close)
        self.executor.shutdown(wait=True)
