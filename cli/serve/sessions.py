"""What rooms (rooms.py, hub.py) and tables (tables.py) share as sessions of
`cadenza serve`: their ids and secret tokens, the registry of the running ones by
id, and their reading from the store, where one that does not decode is set aside
and every other one served.

A session is anything with `id`, `version`, `draft()` and `adopt(draft)`
(cli/serve/commits.py says what these do); its changes land through `commits`.
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Optional, Protocol

from cli.serve.commits import Commits, saved
from cli.serve.errors import RoomError
from cli.serve.storage import Unreadable, set_aside


class Session(Protocol):
    id: str
    version: int

    def draft(self) -> "Session": ...

    def adopt(self, draft: "Session") -> None: ...


def new_id() -> str:
    return secrets.token_urlsafe(9)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_is(expected: Optional[str], token: Any) -> bool:
    """Whether `token` is the secret `expected` (compared in constant time)."""
    return (
        isinstance(expected, str)
        and isinstance(token, str)
        and secrets.compare_digest(expected, token)
    )


def read_sessions(kind: str, docs: list, decode: Callable[[dict], Session]):
    """The stored sessions of `kind` ("room" or "table") that can be played on, and
    an Unreadable for each one that cannot."""
    sessions, unreadable = [], []
    for doc in docs:
        try:
            sessions.append(decode(doc))
        except Exception as exc:  # whatever is wrong with one, the rest go on
            session_id = str(doc.get("id")) if isinstance(doc, dict) else "?"
            unreadable.append(Unreadable(kind, session_id, f"cannot be played on: {exc!r}"))
    return sessions, unreadable


class Sessions:
    """The running sessions of one kind by id, loaded from the store by `read`
    (`read(registry, storage)`: the sessions and the Unreadable ones); a new one is
    served only once stored."""

    def __init__(self, registry, store, searches, read: Callable):
        self.registry = registry
        self.store = store  # a StorageThread (cli/serve/storage.py)
        self.searches = searches  # the server's capped search queue (searches.py)
        self.commits = Commits()
        self.live: dict[str, Session] = {}
        self.read = read

    async def load(self) -> None:
        """The stored sessions; one that cannot be read is set aside (setaside.py)."""
        found, unreadable = await self.store.submit(self.read, self.registry)
        self.live.clear()
        self.live.update((session.id, session) for session in found)
        set_aside(unreadable)

    def get(self, session_id: Any, missing: str) -> Session:
        """The running session `session_id`; RoomError(`missing`) if there is none."""
        session = self.live.get(session_id) if isinstance(session_id, str) else None
        if session is None:
            raise RoomError(missing)
        return session

    async def add(self, session: Session, write) -> None:
        """`session` served from now on, once `write` (its first storing) has committed
        (NotSaved: it is not)."""
        await saved(write, session.id)
        self.live[session.id] = session

    async def drop(self, session: Session, delete) -> None:
        """`session` gone, from the store once `delete` (its removal) has committed,
        and then from memory."""
        await saved(delete, session.id)
        self.live.pop(session.id, None)
