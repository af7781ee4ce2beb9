"""What the two WebSockets of `cadenza serve` share (a seat's game at /ws,
gamesocket.py; table mode at /ws/table, tablesocket.py): each socket is one table
of its messages, each type with its handler and its allowed keys. A message is
checked against its type's keys and, once the page has joined its session, against
the session's version; then its handler answers it. A refused one is answered with
a one-line error while the connection and the game go on."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Awaitable, Callable, Optional

from starlette.websockets import WebSocket, WebSocketDisconnect

from cli.serve.errors import BadRequest, Stale
from engine.errors import CadenzaError
from engine.validate import is_int

log = logging.getLogger("cadenza.serve")
MAX_MESSAGE = 8_192  # characters of one WebSocket message
MAX_DEPTH = 64  # arrays and objects within each other, in a message or a request body

__all__ = [
    "BadRequest",
    "Message",
    "Peer",
    "Stale",
    "keys_of",
    "message",
    "parse_json",
    "serve_messages",
]


@dataclass(frozen=True)
class Message:
    """One type of message: `handle(peer, data)` answers it (a message to send back,
    or None); `keys` are the fields it may carry; `joined`: only once the page has
    joined its session; `changes`: it changes the session, so it must name the
    version it is for (sent twice, it then lands once)."""

    handle: Callable[["Peer", dict], Awaitable[Optional[dict]]]
    keys: frozenset
    joined: bool = True
    changes: bool = False


def parse_json(text, what: str):
    """`text` as JSON nested at most MAX_DEPTH deep; else BadRequest naming `what`.
    (Deeper than Python's recursion limit, json.loads raises RecursionError.)"""
    too_deep = f"{what} must be nested at most {MAX_DEPTH} deep"
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadRequest(too_deep) from None
    except (UnicodeDecodeError, ValueError):
        raise BadRequest(f"{what} must be JSON") from None
    if nesting(data) > MAX_DEPTH:
        raise BadRequest(too_deep)
    return data


def nesting(value) -> int:
    """How deep arrays and objects lie within each other in `value` (no recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in item)
    return deepest


def message(handle, *keys: str, joined: bool = True, changes: bool = False) -> Message:
    return Message(handle, frozenset({"type", *keys}), joined, changes)


def keys_of(messages: dict[str, Message]) -> dict[str, frozenset]:
    """Each message type's allowed keys (docs/web-api.md describes them)."""
    return {kind: entry.keys for kind, entry in messages.items()}


class Peer:
    """One page's connection: the session it has joined (None until then), how it
    sees it, and what is said when it has not joined or names an old version."""

    not_joined = "join first"
    stale = "it has moved on: here it is"

    def __init__(self, websocket: WebSocket, sessions):
        self.websocket = websocket
        self.sessions = sessions  # the running sessions of the socket's kind
        self.session = None

    def view(self) -> dict:
        """The session as this page sees it."""
        raise NotImplementedError

    def check(self, data: dict) -> None:
        """What else a message of a joined page must be (BadRequest if it is not)."""

    async def close(self) -> None:
        """The page went away."""


def parse_message(text, messages: dict[str, Message]) -> dict:
    """A WebSocket message as a dict with a type of `messages` and only that type's keys."""
    if not isinstance(text, str):
        raise BadRequest("messages are JSON text")
    if len(text) > MAX_MESSAGE:
        raise BadRequest(f"a message must be at most {MAX_MESSAGE} characters")
    data = parse_json(text, "a message")
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("type"), str)
        or data["type"] not in messages
    ):
        raise BadRequest(f"a message is an object with type one of {', '.join(messages)}")
    extra = set(data) - messages[data["type"]].keys
    if extra:
        raise BadRequest(f"unknown field(s) in {data['type']}: {', '.join(sorted(extra))}")
    version = data.get("version")
    if version is not None and not is_int(version):
        raise BadRequest("version must be an integer")
    return data


def check_version(
    data: dict, version: int, message: str, current: Callable[[], dict], needed: bool
) -> None:
    """Stale, with the page's current view, if the message names a version that is
    not `version` any more; BadRequest if it names none and `needed`."""
    claimed = data.get("version")
    if claimed is None and needed:
        raise BadRequest(f"{data['type']} needs the version of the position it is for")
    if claimed is not None and claimed != version:
        raise Stale(message, current())


async def answer(peer: Peer, messages: dict[str, Message], text) -> Optional[dict]:
    """The answer to one message, through its type's handler."""
    data = parse_message(text, messages)
    entry = messages[data["type"]]
    if entry.joined:
        if peer.session is None:
            raise BadRequest(peer.not_joined)
        peer.check(data)
        check_version(data, peer.session.version, peer.stale, peer.view, entry.changes)
    return await entry.handle(peer, data)


async def serve_messages(websocket: WebSocket, messages: dict[str, Message], peer: Peer) -> None:
    """Accept the socket, then answer each message, sending back the answer (if
    any), until the page goes away. A refused message (BadRequest, CadenzaError)
    gets its one-line error; a bug is logged and named, and the connection stays
    open."""
    await websocket.accept()
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                return
            try:
                reply = await answer(peer, messages, received.get("text"))
                if reply is not None:
                    await websocket.send_json(reply)
            except (BadRequest, CadenzaError) as exc:
                await websocket.send_json({"type": "error", "message": str(exc)})
                if isinstance(exc, Stale):
                    await websocket.send_json(exc.current)
            except Exception as exc:
                log.exception("websocket message failed")
                await websocket.send_json(
                    {"type": "error", "message": f"internal error: {type(exc).__name__}"}
                )
    except WebSocketDisconnect:
        pass
    finally:
        await peer.close()
