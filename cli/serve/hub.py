"""The running server's rooms and their AI turns: loaded from the store at start,
changed only through here (each change committed to the store before anyone hears
of it, commits.py), and advanced by AI searches in the pool. Who has a room's page
open and what they are sent is connections.py's; the win-chance graph is
charts.py's, and where a room's search waits in the queue queuenews.py's.
"""

from __future__ import annotations

import asyncio
import logging
import time
from functools import partial
from typing import Optional

from cli.levels.ladder import DEFAULT_LEVEL
from cli.notation import check_turn
from cli.serve.ai import decide_job
from cli.serve.charts import Charts
from cli.serve.commits import RETRY_EVERY, MovedOn
from cli.serve.connections import Connections
from cli.serve.hints import hints_message
from cli.serve.levels import spec_text
from cli.serve.queuenews import QueueNews
from cli.serve.rooms import Room, RoomError, read_rooms
from cli.serve.sessions import Sessions
from cli.serve.thinking import progress_message, seat_position
from cli.serve.views import seat_words
from engine.game import sample_chance

log = logging.getLogger("cadenza.serve")
AI_NOT_SAVED = f"the game could not be saved: the move is stored again every {RETRY_EVERY:g} s"


class Hub(Sessions):
    def __init__(self, registry, store, searches):
        super().__init__(registry, store, searches, read_rooms)
        self.runners: dict[str, asyncio.Task] = {}  # room id -> its AI turns' task
        self.connections = Connections(on_empty=self.cancel)
        self.charts = Charts(self)
        self.queue = QueueNews(self.live, self.connections)
        searches.on_queue = self.queue.changed
        # The parts' state, by the names it is reached by from outside.
        self.sockets = self.connections.sockets
        self.charting = self.charts.tasks

    @property
    def rooms(self) -> dict[str, Room]:
        return self.live

    def room(self, room_id) -> Room:
        return self.get(room_id, "no such game")

    # ---- changes: each lands once stored (commits.py) ---------------------------------

    async def create(self, room: Room) -> None:
        """A new room, served once stored (NotSaved: there is none)."""
        await self.add(room, self.store.create_room(room.id, room.setup, room.position(), 0.0))
        self.kick(room)

    async def remove(self, room: Room) -> None:
        """The room gone, from the store and then from memory (cli/serve/expiry.py)."""
        await self.drop(room, self.store.remove_room(room.id))
        self.cancel(room)
        self.connections.forget(room.id)
        self.queue.forget(room.id)

    def writer(self, live: Room):
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
        return self.commits.land(room, change, self.writer(room), since)

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

    async def hints(self, room: Room, seat: int) -> dict:
        """The hints for the seat's turn, searched from its own view, in its words."""
        if room.state.current_player() != seat or room.state.is_terminal():
            raise RoomError("hints are for your own turn")
        seed = room.version + 1
        return await hints_message(
            self.searches,
            f"hint:{room.id}",
            room,
            room.game.name,
            seat_position(room, seat, seed),
            spec_text(DEFAULT_LEVEL),
            seed,
            room.state,
            {
                "actions": lambda state, action: action,
                "words": lambda state, action: seat_words(room.game, state, action, seat),
            },
        )

    # ---- the AI seats ----------------------------------------------------------------

    def kick(self, room: Room) -> None:
        """Start the room's AI turn (or chance), once a person's page is open: a room
        nobody joined searches nothing (attach kicks it)."""
        if room.ai_to_move() and room.id not in self.runners and self.connections.any(room):
            player = room.state.current_player()
            room.thinking = player if player >= 0 else None  # the joining page's view says so
            self.runners[room.id] = asyncio.get_running_loop().create_task(self._advance(room))

    def cancel(self, room: Room) -> None:
        """Drop the room's running searches (searches.py stops them if it can)."""
        task = self.runners.pop(room.id, None)
        if task is not None:
            task.cancel()
        self.charts.cancel(room)

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
                refused = partial(self.connections.send_all, room, error(AI_NOT_SAVED))
                try:
                    await self.commits.land_in_time(
                        room, change, self.writer(room), version, refused
                    )
                except MovedOn:
                    continue
                await self.broadcast(room)
        except Exception as exc:
            log.exception("room %s: the AI stopped", room.id)
            await self.connections.send_all(room, error(f"the AI stopped: {exc}"))
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

    def _progress(self, room: Room, player: int, version: int, report: dict) -> None:
        """A progress report of the AI's search, to each page as its seat may read it."""
        if room.version != version:
            return
        for websocket, seat in self.connections.pages(room):
            self.connections.post(room, websocket, progress_message(room, player, seat, report))

    # ---- the people's pages (connections.py) --------------------------------------------

    async def attach(self, room: Room, websocket, seat: int) -> None:
        """A page joins the room as `seat`: every page sees who has joined, and it
        hears where the room's search waits."""
        self.connections.attach(room, websocket, seat)
        room.touched = time.time()
        self.kick(room)  # a search cancelled when the tabs closed starts again
        await self.broadcast(room)
        await self.queue.tell(room, websocket)

    async def detach(self, room: Room, websocket) -> None:
        self.connections.detach(room, websocket)
        room.touched = time.time()
        await self.broadcast(room)

    async def broadcast(self, room: Room) -> None:
        """Every page the room as it stands (and a graph point searched if it lacks one)."""
        self.charts.kick(room)
        await self.connections.send_views(room)

    def _chart_kick(self, room: Room) -> None:
        self.charts.kick(room)


def error(message: str) -> dict:
    return {"type": "error", "message": message}


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
