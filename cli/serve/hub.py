"""The running server's rooms: loaded from the store at start, changed only through
here (each change committed to the store before anyone hears of it), advanced by AI
searches in the pool, and pushed to every connected seat in its own view.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Optional

from cli.notation import check_turn
from cli.serve.ai import decide_job, hints_job
from cli.serve.rooms import STRENGTHS, Room, RoomError
from cli.serve.views import seat_words, view_for
from engine.game import sample_chance

log = logging.getLogger("cadenza.serve")
HINT_TOP = 3


class Hub:
    def __init__(self, registry, store, pool):
        self.registry = registry
        self.store = store
        self.pool = pool
        self.rooms: dict[str, Room] = {}
        self.sockets: dict[str, dict] = {}  # room id -> {websocket: seat}
        self.runners: dict[str, asyncio.Task] = {}

    def load(self) -> None:
        for doc in self.store.load_all():
            try:
                self.rooms[doc["id"]] = Room.from_stored(self.registry, doc)
            except Exception as exc:  # one bad room must not keep the others from resuming
                log.error("room %s cannot be loaded: %s", doc["id"], exc)

    def resume_all(self) -> None:
        """Restart the AI turns (and chance) of every room that was waiting on them."""
        for room in self.rooms.values():
            self.kick(room)

    def room(self, room_id) -> Room:
        room = self.rooms.get(room_id) if isinstance(room_id, str) else None
        if room is None:
            raise RoomError("no such game")
        return room

    # ---- changes ---------------------------------------------------------------------

    def create(self, room: Room) -> None:
        self.store.create(room.id, room.setup, room.position(), 0.0)
        self.rooms[room.id] = room
        self.kick(room)

    def _commit(self, room: Room, log_from: int, checkpoints_from: int) -> None:
        self.store.sync(
            room.id, room.position(), room.log, log_from, room.checkpoints, checkpoints_from
        )

    def play(self, room: Room, seat: int, actions) -> Optional[object]:
        """The seat's turn so far: committed when it ends the seat's turn (None is
        returned), else the position after it (nothing changes: a turn in the making)."""
        after = room.try_turn(seat, actions)
        if after.current_player() == seat and not after.is_terminal():
            return after
        log_from, checkpoints_from = len(room.log), len(room.checkpoints)
        room.play_turn(seat, actions)
        self._commit(room, log_from, checkpoints_from)
        self.kick(room)
        return None

    def undo(self, room: Room, seat: int) -> None:
        room.undo(seat)
        self._commit(room, len(room.log), len(room.checkpoints))
        room.thinking = None
        self.kick(room)

    # ---- the AI seats ----------------------------------------------------------------

    def kick(self, room: Room) -> None:
        if room.ai_to_move() and room.id not in self.runners:
            self.runners[room.id] = asyncio.get_running_loop().create_task(self._advance(room))

    async def _advance(self, room: Room) -> None:
        try:
            while room.ai_to_move():
                player = room.state.current_player()
                log_from, checkpoints_from = len(room.log), len(room.checkpoints)
                if player < 0:
                    room.apply_turn(player, [sample_chance(room.state, room.dice)])
                else:
                    version = room.version
                    spec = room.seats[player].spec
                    seed = room.seeds.next_u64()
                    room.thinking = player
                    await self.broadcast(room)
                    actions = await self.pool.run(
                        decide_job, room.game.name, room.state.to_json(), spec, seed
                    )
                    if room.version != version:  # undone meanwhile: search the new position
                        continue
                    room.thinking = None
                    check_turn(room.state, actions, f"seat {player}")
                    room.apply_turn(player, actions)
                self._commit(room, log_from, checkpoints_from)
                await self.broadcast(room)
        except Exception as exc:
            log.exception("room %s: the AI stopped", room.id)
            await self.broadcast_error(room, f"the AI stopped: {exc}")
        finally:
            room.thinking = None
            self.runners.pop(room.id, None)

    async def hints(self, room: Room, seat: int) -> dict:
        if room.state.current_player() != seat or room.state.is_terminal():
            raise RoomError("hints are for your own turn")
        version = room.version
        spec = f"{self.registry.default_searcher(room.game)}:{STRENGTHS['medium']}"
        found = await self.pool.run(
            hints_job, room.game.name, room.state.to_json(), spec, version + 1, HINT_TOP
        )
        if room.version != version:
            raise RoomError("the game moved on while the hint was searched")
        hints = []
        for actions, value, reason in found:
            scratch = room.state.clone()
            words = []
            for action in actions:
                words.append(seat_words(room.game, scratch, action, seat))
                scratch.apply(action)
            hints.append({"actions": actions, "words": words, "value": value, "reason": reason})
        return {"type": "hints", "version": version, "hints": hints}

    # ---- the connected seats -----------------------------------------------------------

    def attach(self, room: Room, websocket, seat: int) -> None:
        self.sockets.setdefault(room.id, {})[websocket] = seat
        room.joined = set(self.sockets[room.id].values())

    def detach(self, room: Room, websocket) -> None:
        self.sockets.get(room.id, {}).pop(websocket, None)
        room.joined = set(self.sockets.get(room.id, {}).values())

    async def broadcast(self, room: Room) -> None:
        views: dict[int, dict] = {}
        for websocket, seat in list(self.sockets.get(room.id, {}).items()):
            if seat not in views:
                views[seat] = view_for(room, seat)
            await self._send(room, websocket, views[seat])

    async def broadcast_error(self, room: Room, message: str) -> None:
        for websocket in list(self.sockets.get(room.id, {})):
            await self._send(room, websocket, {"type": "error", "message": message})

    async def _send(self, room: Room, websocket, message: dict) -> None:
        try:
            await websocket.send_json(message)
        except Exception:  # a closed tab: forget it
            self.detach(room, websocket)
