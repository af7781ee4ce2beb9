"""Autosave: every game of `cadenza play` is written after each move to a file of its
own in a per-user folder, so a game survives a closed terminal and `--resume` picks
up the newest one.

The folder is --autosave-dir, else $CADENZA_AUTOSAVE_DIR, else
$XDG_DATA_HOME/cadenza/autosave (~/.local/share/cadenza/autosave without it).
Only the newest KEEP files are kept.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Optional

from cli.play import savefile
from cli.play.errors import PlayError

ENV_DIR = "CADENZA_AUTOSAVE_DIR"
KEEP = 20
SUFFIX = ".json"


def folder(given: Optional[str] = None) -> Path:
    """Where autosaves go (see the module's docstring)."""
    if given:
        return Path(given).expanduser()
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR]).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or os.path.join("~", ".local", "share")
    return Path(data).expanduser() / "cadenza" / "autosave"


def new_path(where: Path, game_name: str) -> Path:
    """A file name of its own for a new game: the game and the time it began."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        path = where / f"{game_name}-{stamp}{'' if n == 0 else f'-{n}'}{SUFFIX}"
        if not path.exists():
            return path
    raise PlayError(f"cannot name an autosave in {where}: too many games this second")


def saves(where: Path, game_name: Optional[str] = None) -> list[Path]:
    """The autosaves in `where` (of one game if named), newest first."""
    if not where.is_dir():
        return []
    found = [
        p
        for p in where.glob(f"*{SUFFIX}")
        if game_name is None or p.name.startswith(f"{game_name}-")
    ]
    return sorted(found, key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)


def latest(where: Path, game_name: Optional[str] = None) -> Path:
    """The newest autosave (of `game_name` if given), or PlayError when there is none."""
    found = saves(where, game_name)
    if not found:
        what = f"{game_name} game" if game_name else "game"
        raise PlayError(f"no autosaved {what} to resume in {where}")
    return found[0]


def write(session, path: Path) -> None:
    """Save `session` to `path` (creating the folder), and forget the oldest saves."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PlayError(f"cannot autosave to {path.parent}: {exc.strerror or exc}") from None
    savefile.save(session, str(path))
    for old in saves(path.parent)[KEEP:]:
        try:
            old.unlink()
        except OSError:
            pass  # another cadenza may have removed it
