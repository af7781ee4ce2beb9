"""The running server's rooms: loaded from the store at start, changed only through
here (each change committed to the store before anyone hears of it), advanced by AI
searches in the pool, and pushed to every connected seat in its own view.
"""

from __future__ import annotations

import asyncio
import logging
import time
from functools import partial
from typing import Optional

from cli.levels.ladder import DEFAULT_LEVEL
from cli.notation import check_turn
from cli.serve.ai import decide_job, hints_job, value_job
from cli.serve.commits import RETRY_EVERY, Commits, MovedOn, saved
from cli.serve.rooms import Room, RoomError, read_rooms
from cli.serve.storage import set_aside
from cli.serve.thinking import chart_seed, progress_message, queued_message, seat_position
from cli.serve.views import seat_words, view_for
from cli.specs import level_spec
from engine.game import sample_chance

log = logging.getLogger("cadenza.serve")
HINT_TOP = 3
# The short search from the person's own view that gives the win-chance graph a point.
CHART_BUDGET = "iterations=100"
# A room hears of its place in the search queue at most this often (seconds): with
# many rooms waiting, every search that starts moves them all up one.
QUEUE_EVERY = 0.2
AI_NOT_SAVED = f"the game could not be saved: the move is stored again every {RETRY_EVERY:g} s"


class Hub:
    def __init__(self, registry, store, searches):
        self.registry = registry
        self.store = store  # a StorageThread (cli/serve/storage.py)
        self.commits = Commits()
        self.searches = searches  # cli/serve/searches.py: the pool behind a queue
        searches.on_queue = self._queue_changed
        self.rooms: dict[str, Room] = {}
        self.sockets: dict[str, dict] = {}  # room id -> {websocket: seat}
        self.runners: dict[str, asyncio.Task] = {}
        self.charting: dict[str, asyncio.Task] = {}
        self.queued: dict[str, int] = {}  # room id -> searches ahead of its AI's
        self.queue_news: set[str] = set()  # rooms whose place changed, not yet told

    async def load(self) -> None:
        """The stored rooms; one that cannot be read is set aside (setaside.py)."""
        rooms, unreadable = await self.store.submit(read_rooms, self.registry)
        self.rooms = {room.id: room for room in rooms}
        set_aside(unreadable)

    def room(self, room_id) -> Room:
        room = self.rooms.get(room_id) if isinstance(room_id, str) else None
        if room is None:
            raise RoomError("no such game")
        return room

    # ---- changes: each lands once stored (commits.py) ---------------------------------

    async def create(self, room: Room) -> None:
        """A new room, served once stored (NotSaved: there is none)."""
        await saved(self.store.create_room(room.id, room.setup, room.position(), 0.0), room.id)
        self.rooms[room.id] = room
        self.kick(room)

    async def remove(self, room: Room) -> None:
        """The room gone, from the store and then from memory (cli/serve/expiry.py)."""
        await saved(self.store.remove_room(room.id), room.id)
        self.cancel(room)
        for places in (self.rooms, self.sockets, self.queued):
            places.pop(room.id, None)
        self.queue_news.discard(room.id)

    def _write(self, live: Room):
        """What stores a draft of `live`: its position, and its log and checkpoints
        from the first row the draft does not share with the live room."""

        def write(draft: Room):
            draft.touched = time.time()
            log_from = shared_prefix(live.log, draft.log)
            checkpoints_from = shared_prefix(live.checkpoints, draft.checkpoints)
            return self.store.sync_room(
                draft.id, draft.position(), draft.log, log_from, draft.checkpoints, checkpoints_from
            )

        return write

    def _land(self, room: Room, change, since: Optional[int]):
        return self.commits.land(room, change, self._write(room), since)

    async def play(self, room: Room, seat: int, actions) -> Optional[object]:
        """The seat's turn so far: committed when it ends the seat's turn (None is
        returned), else the position after it (nothing changes: a turn in the making)."""
        since = room.version
        after = room.try_turn(seat, actions)
        if after.current_player() == seat and not after.is_terminal():
            return after
        await self._land(room, lambda draft: draft.play_turn(seat, actions), since)
        self.kick(room)
        return None

    async def undo(self, room: Room, seat: int) -> None:
        await self._land(room, lambda draft: draft.undo(seat), room.version)
        self.cancel(room)  # a search of the position undone is of no use
        room.thinking = None
        self.kick(room)

    async def resign(self, room: Room, seat: int) -> None:
        """The seat gives up: the game ends (its search, if any, is cancelled)."""
        await self._land(room, lambda draft: draft.resign(seat), room.version)
        self.cancel(room)

    # ---- the AI seats ----------------------------------------------------------------

    def kick(self, room: Room) -> None:
        """Start the room's AI turn (or chance), once a person's page is open: a room
        nobody joined searches nothing (attach kicks it)."""
        if room.ai_to_move() and room.id not in self.runners and self.sockets.get(room.id):
            player = room.state.current_player()
            room.thinking = player if player >= 0 else None  # the joining page's view says so
            self.runners[room.id] = asyncio.get_running_loop().create_task(self._advance(room))

    def cancel(self, room: Room) -> None:
        """Drop the room's running searches (searches.py stops them if it can)."""
        for tasks in (self.runners, self.charting):
            task = tasks.pop(room.id, None)
            if task is not None:
                task.cancel()

    async def _advance(self, room: Room) -> None:
        """Chance and the AI seats move until a person is to (each move stored again
        every few seconds while the store refuses it: the game waits for it)."""
        me = asyncio.current_task()
        try:
            while room.ai_to_move():
                version = room.version
                player = room.state.current_player()
                if player < 0:
                    change = partial(chance_turn, player)
                else:
                    change = await self._ai_turn(room, player)
                    if change is None:  # undone meanwhile: search the new position
                        continue
                refused = partial(self.broadcast_error, room, AI_NOT_SAVED)
                try:
                    await self.commits.land_in_time(
                        room, change, self._write(room), version, refused
                    )
                except MovedOn:
                    continue
                await self.broadcast(room)
        except Exception as exc:
            log.exception("room %s: the AI stopped", room.id)
            await self.broadcast_error(room, f"the AI stopped: {exc}")
        finally:
            if self.runners.get(room.id) is me:  # not a cancelled one, replaced already
                room.thinking = None
                self.runners.pop(room.id)

    async def _ai_turn(self, room: Room, player: int):
        """The AI seat's decision searched, as a change of the room (None if the room
        moved on meanwhile)."""
        version = room.version
        room.thinking = player
        await self.broadcast(room)
        actions = await self.searches.run(
            room.id,
            decide_job,
            room.game.name,
            room.state.to_json(),
            room.seats[player].spec,
            room.next_seed(),
            on_progress=lambda report: self._progress(room, player, version, report),
        )
        if room.version != version:
            return None
        room.thinking = None
        return partial(ai_turn, player, actions)

    async def hints(self, room: Room, seat: int) -> dict:
        if room.state.current_player() != seat or room.state.is_terminal():
            raise RoomError("hints are for your own turn")
        version = room.version
        spec = str(level_spec(DEFAULT_LEVEL))
        found = await self.searches.run(
            f"hint:{room.id}",
            hints_job,
            room.game.name,
            seat_position(room, seat, version + 1),
            spec,
            version + 1,
            HINT_TOP,
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
        room.touched = time.time()
        room.joined = set(self.sockets[room.id].values())
        self.kick(room)  # a search cancelled when the tabs closed starts again
        self._chart_kick(room)

    def detach(self, room: Room, websocket) -> None:
        sockets = self.sockets.get(room.id, {})
        sockets.pop(websocket, None)
        room.touched = time.time()
        room.joined = set(sockets.values())
        if not sockets:  # every tab of the room's people closed: nobody waits
            self.cancel(room)

    # ---- what the people see of a search ------------------------------------------------

    def _progress(self, room: Room, player: int, version: int, report: dict) -> None:
        if room.version != version:
            return
        for websocket, seat in list(self.sockets.get(room.id, {}).items()):
            message = progress_message(room, player, seat, report)
            asyncio.get_running_loop().create_task(self._send(room, websocket, message))

    def _queue_changed(self, owners: list[str]) -> None:
        ahead = {owner: n for n, owner in reversed(list(enumerate(owners)))}
        for room_id in set(self.queued) | set(ahead):
            n = ahead.get(room_id)
            if self.queued.get(room_id) == n or room_id not in self.rooms:
                continue
            if n is None:
                self.queued.pop(room_id, None)
            else:
                self.queued[room_id] = n
            if not self.queue_news:
                asyncio.get_running_loop().call_later(QUEUE_EVERY, self._tell_queue_news)
            self.queue_news.add(room_id)

    def _tell_queue_news(self) -> None:
        news, self.queue_news = self.queue_news, set()
        loop = asyncio.get_running_loop()
        for room_id in news:
            room = self.rooms[room_id]
            message = queued_message(room, self.queued.get(room_id))
            for websocket in list(self.sockets.get(room_id, {})):
                loop.create_task(self._send(room, websocket, message))

    async def tell_queue(self, room: Room, websocket) -> None:
        """A seat just joined: where the room's AI search waits, if it does."""
        if room.id in self.queued:
            await self._send(room, websocket, queued_message(room, self.queued[room.id]))

    def _chart_kick(self, room: Room) -> None:
        """A point of the win-chance graph for the person to move, if it has none."""
        player = room.state.current_player()
        if (
            room.over()
            or not room.is_human(player)
            or room.chart_point(player) is not None
            or room.id in self.charting
            or not self.sockets.get(room.id)
        ):
            return
        # The position is taken now, not when the task first runs: by then the person
        # may have moved, and the search would value a chance node or another's turn.
        seed = chart_seed(room)
        position = (len(room.log), room.log[-1] if room.log else None)
        position += (seat_position(room, player, seed),)
        task = self._chart(room, player, position, seed)
        self.charting[room.id] = asyncio.get_running_loop().create_task(task)

    async def _chart(self, room: Room, seat: int, position: tuple, seed: int) -> None:
        me = asyncio.current_task()
        n, anchor, state_json = position  # anchor: gone if an undo takes it back
        spec = f"{self.registry.default_searcher(room.game)}:{CHART_BUDGET}"
        try:
            value = await self.searches.run(
                f"chart:{room.id}", value_job, room.game.name, state_json, spec, seed
            )

            def change(draft: Room) -> None:
                if len(draft.log) < n or (n and draft.log[n - 1] is not anchor):
                    raise MovedOn()  # undone meanwhile: a position no longer played
                draft.add_chart_point(seat, n, value)

            await self.commits.land_in_time(room, change, self._write(room))
            message = {"type": "chart", "chart": room.chart_for(seat)}
            for websocket, who in list(self.sockets.get(room.id, {}).items()):
                if who == seat:
                    await self._send(room, websocket, message)
        except MovedOn:
            pass
        except Exception:
            log.exception("room %s: the win-chance search failed", room.id)
        finally:
            if self.charting.get(room.id) is me:
                self.charting.pop(room.id)
                self._chart_kick(room)  # the person may be to move again by now

    async def broadcast(self, room: Room) -> None:
        self._chart_kick(room)
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


def shared_prefix(old: list, new: list) -> int:
    """How many first rows `new` shares with `old` (the same objects: a draft's)."""
    n = 0
    while n < min(len(old), len(new)) and old[n] is new[n]:
        n += 1
    return n


def chance_turn(player: int, room: Room) -> None:
    room.apply_turn(player, [sample_chance(room.state, room.dice)])


def ai_turn(player: int, actions: list, room: Room) -> None:
    """The AI seat's searched decision, played with the seed it was searched with."""
    room.next_seed(take=True)
    check_turn(room.state, actions, f"seat {player}")
    room.apply_turn(player, actions)
