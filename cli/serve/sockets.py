"""What the two WebSockets of `cadenza serve` share (a seat's game at /ws, app.py; table
mode at /ws/table, tablesocket.py): each message checked against its type's keys,
then handed to the socket's handler, and a refused one answered with a one-line
error while the connection and the game go on."""

from __future__ import annotations

import json
import logging
from typing import Awaitable, Callable, Optional

from starlette.websockets import WebSocket, WebSocketDisconnect

from engine.errors import CadenzaError

log = logging.getLogger("cadenza.serve")
MAX_MESSAGE = 8_192  # characters of one WebSocket message
MAX_DEPTH = 64  # arrays and objects within each other, in a message or a request body


class BadRequest(ValueError):
    """A malformed request; nothing changed."""


class Stale(BadRequest):
    """A message about a position the page no longer shows: after the error it gets
    `current`, the position as it stands."""

    def __init__(self, message: str, current: dict):
        super().__init__(message)
        self.current = current


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


def parse_message(text, keys: dict) -> dict:
    """A WebSocket message as a dict with a type of `keys` and only that type's keys."""
    if not isinstance(text, str):
        raise BadRequest("messages are JSON text")
    if len(text) > MAX_MESSAGE:
        raise BadRequest(f"a message must be at most {MAX_MESSAGE} characters")
    data = parse_json(text, "a message")
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("type"), str)
        or data["type"] not in keys
    ):
        raise BadRequest(f"a message is an object with type one of {', '.join(keys)}")
    extra = set(data) - keys[data["type"]]
    if extra:
        raise BadRequest(f"unknown field(s) in {data['type']}: {', '.join(sorted(extra))}")
    version = data.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise BadRequest("version must be an integer")
    return data


def check_version(
    data: dict, version: int, message: str, current: Callable[[], dict], needed: set
) -> None:
    """Stale, with the page's current view, if the message names a version that is
    not `version` any more. A message of a type in `needed` (one that changes the
    game) must name one: sent twice, it then lands once."""
    claimed = data.get("version")
    if claimed is None and data["type"] in needed:
        raise BadRequest(f"{data['type']} needs the version of the position it is for")
    if claimed is not None and claimed != version:
        raise Stale(message, current())


async def serve_messages(
    websocket: WebSocket, keys: dict, handle: Callable[[dict], Awaitable[Optional[dict]]]
) -> None:
    """Accept the socket, then give each message, parsed against `keys`, to `handle`,
    sending back the answer it returns (if any), until the page goes away. A refused
    message (BadRequest, CadenzaError) gets its one-line error; a bug is logged and
    named, and the connection stays open."""
    await websocket.accept()
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            try:
                answer = await handle(parse_message(message.get("text"), keys))
                if answer is not None:
                    await websocket.send_json(answer)
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
