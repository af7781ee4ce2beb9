"""`save FILE` / `load FILE`: a session as one JSON file (position, history for undo,
options), and back. A file that cannot be read or is not a valid save is refused
with one line (PlayError) and the running game is left as it was.
"""

from __future__ import annotations

import json
import os

from cli.play.aisession import AiSession
from cli.play.errors import PlayError
from cli.play.table import TableSession
from engine.errors import CadenzaError

FORMAT = "cadenza-play"
VERSION = 1


def save(session, path: str) -> None:
    """Write `session` to `path` (replacing it whole, never half-written)."""
    data = {"format": FORMAT, "version": VERSION, "mode": session.mode}
    data.update(session.to_save())
    text = json.dumps(data, indent=1, sort_keys=True)
    partial = f"{path}.partial"
    try:
        with open(partial, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        os.replace(partial, path)
    except OSError as exc:
        raise PlayError(f"cannot save to {path}: {exc.strerror or exc}") from None


def load(registry, path: str):
    """The session saved in `path`."""
    try:
        with open(path, encoding="utf-8") as source:
            data = json.load(source)
    except OSError as exc:
        raise PlayError(f"cannot load {path}: {exc.strerror or exc}") from None
    except (ValueError, RecursionError) as exc:
        raise PlayError(f"cannot load {path}: not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PlayError(f"cannot load {path}: not a cadenza play save file")
    if data.get("version") != VERSION:
        raise PlayError(
            f"cannot load {path}: save format version {data.get('version')!r}, "
            f"this cadenza reads version {VERSION}"
        )
    kinds = {cls.mode: cls for cls in (AiSession, TableSession)}
    kind = kinds.get(data.get("mode"))
    if kind is None:
        raise PlayError(f"cannot load {path}: mode must be one of {', '.join(kinds)}")
    try:
        return kind.from_save(registry, data)
    except (CadenzaError, ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
        raise PlayError(f"cannot load {path}: {exc}") from None
