"""The WebSocket of table mode (/ws/table): a page joins its table with the table's
secret token, then sends what happened at the table one step at a time, asks for
hints, undoes, sets the hints' level. Every answer is the table's view (cli/serve/tables.py); a bad
message gets a one-line error and changes nothing (cli/serve/sockets.py)."""

from __future__ import annotations

from starlette.websockets import WebSocket

from cli.serve.sockets import BadRequest, check_version, serve_messages
from cli.serve.tables import Table, Tables, table_view

TABLE_MESSAGE_KEYS = {
    "join": {"type", "table", "token"},
    "step": {"type", "text", "version"},
    "undo": {"type", "version"},
    "hint": {"type", "version"},
    "level": {"type", "level", "version"},
    "view": {"type"},
}
CHANGES = {"step", "undo", "level"}  # the messages that change the table name its version


async def table_socket(websocket: WebSocket, tables: Tables) -> None:
    """Serve one page until it goes away."""
    table: Table | None = None

    async def handle(data: dict) -> dict:
        nonlocal table
        kind = data["type"]
        if kind == "join":
            found = tables.find(data.get("table"), data.get("token"))
            if table is not None:
                tables.visited(table, -1)
            table = found
            tables.visited(table, 1)
            return table_view(table)
        if table is None:
            raise BadRequest("join a table first")
        check_version(
            data,
            table.version,
            "the table has moved on: here it is",
            lambda: table_view(table),
            CHANGES,
        )
        if kind == "step":
            await tables.step(table, data.get("text"))
        elif kind == "undo":
            await tables.undo(table)
        elif kind == "level":
            await tables.set_level(table, data.get("level"))
        elif kind == "hint":
            return await tables.hints(table)
        return table_view(table)

    try:
        await serve_messages(websocket, TABLE_MESSAGE_KEYS, handle)
    finally:
        if table is not None:
            tables.visited(table, -1)
