"""The WebSocket of table mode (/ws/table): a page joins its table with the table's
secret token, then sends what happened at the table one step at a time, asks for
hints, undoes, sets the hints' level. Every answer is the table's view
(cli/serve/tables.py); a bad message gets a one-line error and changes nothing
(cli/serve/sockets.py)."""

from __future__ import annotations

from cli.serve.sockets import Peer, keys_of, message
from cli.serve.tables import table_view


class TablePeer(Peer):
    not_joined = "join a table first"
    stale = "the table has moved on: here it is"

    def view(self) -> dict:
        return table_view(self.session)

    async def close(self) -> None:
        if self.session is not None:
            self.sessions.visited(self.session, -1)


async def join(peer: TablePeer, data: dict) -> dict:
    found = peer.sessions.find(data.get("table"), data.get("token"))
    if peer.session is not None:
        peer.sessions.visited(peer.session, -1)
    peer.session = found
    peer.sessions.visited(found, 1)
    return peer.view()


async def step(peer: TablePeer, data: dict) -> dict:
    await peer.sessions.step(peer.session, data.get("text"))
    return peer.view()


async def undo(peer: TablePeer, data: dict) -> dict:
    await peer.sessions.undo(peer.session)
    return peer.view()


async def hint(peer: TablePeer, data: dict) -> dict:
    return await peer.sessions.hints(peer.session)


async def level(peer: TablePeer, data: dict) -> dict:
    await peer.sessions.set_level(peer.session, data.get("level"))
    return peer.view()


async def view(peer: TablePeer, data: dict) -> dict:
    return peer.view()


TABLE_MESSAGES = {
    "join": message(join, "table", "token", joined=False),
    "step": message(step, "text", "version", changes=True),
    "undo": message(undo, "version", changes=True),
    "hint": message(hint, "version"),
    "level": message(level, "level", "version", changes=True),
    "view": message(view),
}
TABLE_MESSAGE_KEYS = keys_of(TABLE_MESSAGES)
