"""The files of a match directory: match.json (what was asked for, checked on
--resume) and games.jsonl (one line per finished game, written as each game ends).
A finished match kept in the repository may hold games.jsonl.gz instead: it is read
as the same lines, and --resume unpacks it into games.jsonl before playing on.

Each line is written whole, flushed and fsynced, so a killed run loses at most the
line it was writing; loading drops such a torn last line, and --resume plays the
games whose index is missing.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Optional

from engine.errors import CadenzaError

GAMES_FILE = "games.jsonl"
PACKED_GAMES_FILE = GAMES_FILE + ".gz"
CONFIG_FILE = "match.json"
FORMAT_VERSION = 1


class StoreError(CadenzaError, ValueError):
    """A match directory that cannot be used as asked (exists already, or does not
    match the settings given with --resume)."""


class GamesFile:
    """games.jsonl: appended to record by record, read back as {index: record}."""

    def __init__(self, directory: Path):
        self.path = Path(directory) / GAMES_FILE
        self.packed = Path(directory) / PACKED_GAMES_FILE
        self._file = None

    def exists(self) -> bool:
        return self.path.exists() or self.packed.exists()

    def unpack(self) -> None:
        """games.jsonl.gz written out as games.jsonl (then removed), so that games
        can be appended; the plain file is written whole before the packed one goes."""
        if self.path.exists() or not self.packed.exists():
            return
        partial = self.path.with_suffix(".jsonl.part")
        partial.write_bytes(gzip.decompress(self.packed.read_bytes()))
        os.replace(partial, self.path)
        self.packed.unlink()

    def load(self, repair: bool = True) -> dict[int, dict]:
        """The records on disk by game index. A torn last line (no end of line: the
        run was killed while writing it) is left out, and with `repair` cut off the
        file, which only the run that will write next may do (a reader of a running
        match's file must not); a line that is not a record is an error."""
        if not self.path.exists():
            if not self.packed.exists():
                return {}
            # A packed file is a finished match's: never torn, never repaired.
            return self._records(gzip.decompress(self.packed.read_bytes()), repair=False)
        return self._records(self.path.read_bytes(), repair)

    def _records(self, data: bytes, repair: bool) -> dict[int, dict]:
        records: dict[int, dict] = {}
        offset = 0
        for number, line in enumerate(data.splitlines(keepends=True), start=1):
            if not line.endswith(b"\n"):
                # Only the last line can lack its end: the write it came from was cut
                # (or, for a reader of a running match, is still going on).
                if repair:
                    with open(self.path, "r+b") as f:
                        f.truncate(offset)
                break
            try:
                record = json.loads(line)
                index = record["index"]
            except (ValueError, KeyError, TypeError):
                raise StoreError(f"{self.path}: line {number} is not a game record") from None
            records[index] = record
            offset += len(line)
        return records

    def append(self, record: dict) -> None:
        if self._file is None:
            self._file = open(self.path, "a", encoding="utf-8")
        self._file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def prepare(directory: Path, identity: dict, resume: bool) -> dict[int, dict]:
    """Make `directory` ready for the match `identity` describes; the records already
    there (only with `resume`, whose settings must then be the same, but for more
    games: a match's first games are the same whatever its length, so it can go on)."""
    directory = Path(directory)
    config_path = directory / CONFIG_FILE
    games = GamesFile(directory)
    stored = {"format": FORMAT_VERSION, **identity}
    if resume:
        if not config_path.exists():
            raise StoreError(f"nothing to resume in {directory}: no {CONFIG_FILE}")
        previous = json.loads(config_path.read_text(encoding="utf-8"))
        differences = [
            key
            for key in sorted(set(stored) | set(previous))
            if stored.get(key) != previous.get(key)
        ]
        longer = differences == ["games"] and stored["games"] > previous["games"]
        if differences and not longer:
            detail = ", ".join(
                f"{key}: {previous.get(key)!r} before, {stored.get(key)!r} now"
                for key in differences
            )
            raise StoreError(
                f"--resume with other settings than {directory} was started with ({detail})"
            )
        done = games.load()  # before match.json: a bad games file leaves it as it was
        games.unpack()
        if longer:
            config_path.write_text(json.dumps(stored, indent=2) + "\n", encoding="utf-8")
        return done
    if games.packed.exists() or (games.path.exists() and games.path.stat().st_size > 0):
        raise StoreError(
            f"{directory} already holds a match: use --resume to continue it, or another --out"
        )
    directory.mkdir(parents=True, exist_ok=True)
    config_path.write_text(json.dumps(stored, indent=2) + "\n", encoding="utf-8")
    games.path.write_bytes(b"")
    return {}


def stored_identity(directory: Path) -> Optional[dict]:
    """The settings a match directory was started with, if any."""
    path = Path(directory) / CONFIG_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def match_identity(directory: Path) -> dict:
    """The settings a match directory was started with; StoreError if it holds no match."""
    identity = stored_identity(directory)
    if identity is None:
        raise StoreError(f"{directory} is not a match folder: it has no {CONFIG_FILE}")
    return identity


def seats_every_order(identity: dict) -> bool:
    """Whether a match seats each lineup in every order around the table
    (--all-orders); its match.json names the setting only when it is on."""
    return bool(identity.get("all_orders", False))
