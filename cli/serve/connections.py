"""Who has a room's page open, as which seat, and what is sent to them: each seat
its own view (views.py), errors and news to every page, a message to one seat's
pages. A page that cannot be sent to any more (a closed tab) is forgotten."""

from __future__ import annotations

import asyncio
from typing import Callable

from cli.serve.views import view_for


class Connections:
    def __init__(self, on_empty: Callable):
        self.sockets: dict[str, dict] = {}  # room id -> {websocket: seat}
        self.on_empty = on_empty  # called with a room whose last page went away

    def attach(self, room, websocket, seat: int) -> None:
        self.sockets.setdefault(room.id, {})[websocket] = seat
        room.joined = set(self.sockets[room.id].values())

    def detach(self, room, websocket) -> None:
        sockets = self.sockets.get(room.id, {})
        sockets.pop(websocket, None)
        room.joined = set(sockets.values())
        if not sockets:  # every tab of the room's people closed: nobody waits
            self.on_empty(room)

    def forget(self, room_id: str) -> None:
        self.sockets.pop(room_id, None)

    def any(self, room) -> bool:
        """Whether a page of the room is open."""
        return bool(self.sockets.get(room.id))

    def pages(self, room) -> list[tuple]:
        """(websocket, seat) for each open page of the room."""
        return list(self.sockets.get(room.id, {}).items())

    async def send(self, room, websocket, message: dict) -> None:
        try:
            await websocket.send_json(message)
        except Exception:  # a closed tab: forget it
            self.detach(room, websocket)

    def post(self, room, websocket, message: dict) -> None:
        """`send`, without waiting for it (from a callback of the event loop)."""
        asyncio.get_running_loop().create_task(self.send(room, websocket, message))

    async def send_views(self, room) -> None:
        """Each page its seat's view of the room as it stands."""
        views: dict[int, dict] = {}
        for websocket, seat in self.pages(room):
            if seat not in views:
                views[seat] = view_for(room, seat)
            await self.send(room, websocket, views[seat])

    async def send_all(self, room, message: dict) -> None:
        for websocket, _ in self.pages(room):
            await self.send(room, websocket, message)

    async def send_to_seat(self, room, seat: int, message: dict) -> None:
        for websocket, who in self.pages(room):
            if who == seat:
                await self.send(room, websocket, message)
