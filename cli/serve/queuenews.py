"""Where each room's AI search waits in the server's search queue (searches.py),
told to the room's pages: at most every QUEUE_EVERY seconds, since with many rooms
waiting every search that starts moves them all up one."""

from __future__ import annotations

import asyncio
from typing import Optional

from cli.serve.thinking import queued_message

QUEUE_EVERY = 0.2


class QueueNews:
    def __init__(self, rooms: dict, connections):
        self.rooms = rooms  # room id -> Room, the running rooms (hub.py)
        self.connections = connections  # connections.py
        self.queued: dict[str, int] = {}  # room id -> searches ahead of its AI's
        self.news: set[str] = set()  # rooms whose place changed, not yet told

    def changed(self, owners: list[str]) -> None:
        """The queue now holds searches of `owners`, first in line first."""
        ahead = {owner: n for n, owner in reversed(list(enumerate(owners)))}
        for room_id in set(self.queued) | set(ahead):
            n = ahead.get(room_id)
            if self.queued.get(room_id) == n or room_id not in self.rooms:
                continue
            if n is None:
                self.queued.pop(room_id, None)
            else:
                self.queued[room_id] = n
            if not self.news:
                asyncio.get_running_loop().call_later(QUEUE_EVERY, self._tell_news)
            self.news.add(room_id)

    def _tell_news(self) -> None:
        news, self.news = self.news, set()
        for room_id in news:
            room = self.rooms.get(room_id)
            if room is None:
                continue
            message = queued_message(room, self.queued.get(room_id))
            for websocket, _ in self.connections.pages(room):
                self.connections.post(room, websocket, message)

    async def tell(self, room, websocket) -> None:
        """A page just joined: where the room's AI search waits, if it does."""
        ahead: Optional[int] = self.queued.get(room.id)
        if ahead is not None:
            await self.connections.send(room, websocket, queued_message(room, ahead))

    def forget(self, room_id: str) -> None:
        self.queued.pop(room_id, None)
        self.news.discard(room_id)
