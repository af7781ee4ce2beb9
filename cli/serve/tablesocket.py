"""The WebSocket of table mode (/ws/table): a page joins its table with the table's
secret token, then sends what happened at the table one step at a time, asks for
hints, undoes. Every answer is the table's view (cli/serve/tables.py); a bad
message gets a one-line error and changes nothing."""

from __future__ import annotations

import logging

from starlette.websockets import WebSocket, WebSocketDisconnect

from cli.serve.tables import Table, Tables, table_view
from engine.errors import CadenzaError

log = logging.getLogger("cadenza.serve")
TABLE_MESSAGE_KEYS = {
    "join": {"type", "table", "token"},
    "step": {"type", "text", "version"},
    "undo": {"type", "version"},
    "hint": {"type", "version"},
    "view": {"type"},
}


async def table_socket(websocket: WebSocket, tables: Tables, parse) -> None:
    """Serve one page; `parse(text)` validates a message against TABLE_MESSAGE_KEYS
    (app.parse_message) and raises ValueError with the reason."""
    await websocket.accept()
    table: Table | None = None
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            try:
                data = parse(message.get("text"))
                kind = data["type"]
                if kind == "join":
                    table = tables.find(data.get("table"), data.get("token"))
                    await websocket.send_json(table_view(table))
                    continue
                if table is None:
                    raise ValueError("join a table first")
                version = data.get("version")
                if version is not None and version != table.version:
                    await websocket.send_json(
                        {"type": "error", "message": "the table has moved on: here it is"}
                    )
                    await websocket.send_json(table_view(table))
                    continue
                if kind == "step":
                    tables.step(table, data.get("text"))
                elif kind == "undo":
                    tables.undo(table)
                elif kind == "hint":
                    await websocket.send_json(await tables.hints(table))
                    continue
                await websocket.send_json(table_view(table))
            except (ValueError, CadenzaError) as exc:
                await websocket.send_json({"type": "error", "message": str(exc)})
            except Exception as exc:  # a bug: say so, keep the connection and the table
                log.exception("table message failed")
                await websocket.send_json(
                    {"type": "error", "message": f"internal error: {type(exc).__name__}"}
                )
    except WebSocketDisconnect:
        pass
