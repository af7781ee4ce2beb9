"""The WebSocket of a seat's game (/ws): a page joins its room with its seat's
secret token, then moves, undoes, asks for hints, resigns or asks for its view. A
token acts for its seat alone. Every change reaches every page of the room as its
own seat's view (hub.py); a bad message gets a one-line error and changes nothing
(sockets.py)."""

from __future__ import annotations

from cli.serve.errors import BadRequest
from cli.serve.sockets import Peer, message
from cli.serve.views import view_for
from engine.validate import is_int


class SeatPeer(Peer):
    not_joined = "join a game first"
    stale = "the game has moved on: here is where it stands"
    seat = None

    def view(self) -> dict:
        return view_for(self.session, self.seat)

    def check(self, data: dict) -> None:
        check_own_seat(data, self.seat)

    async def close(self) -> None:
        if self.session is not None:
            await self.sessions.detach(self.session, self.websocket)


def check_own_seat(data: dict, seat: int) -> None:
    """A message naming a seat must name the one its link is for: a seat's token
    acts for that seat alone."""
    claimed = data.get("seat")
    if claimed is None or claimed == seat:
        return
    if not is_int(claimed):
        raise BadRequest("seat must be an integer")
    raise BadRequest(f"your link is for seat {seat}: it cannot act for seat {claimed}")


async def join(peer: SeatPeer, data: dict) -> None:
    if peer.session is not None:  # attached to its room: it cannot be in two
        raise BadRequest("this connection has joined a game already: open another")
    room = peer.sessions.room(data.get("room"))
    seat = room.seat_of(data.get("token"))
    if seat is None:
        peer.session = None
        raise BadRequest("that seat link is not valid")
    peer.session, peer.seat = room, seat
    await peer.sessions.attach(room, peer.websocket, seat)


async def move(peer: SeatPeer, data: dict):
    """The seat's turn, or the part of it played so far (only this page sees that)."""
    room, seat = peer.session, peer.seat
    after = await peer.sessions.play(room, seat, data.get("actions"))
    if after is not None:
        return view_for(room, seat, data["actions"], after)
    await peer.sessions.broadcast(room)


async def undo(peer: SeatPeer, data: dict) -> None:
    await peer.sessions.undo(peer.session, peer.seat)
    await peer.sessions.broadcast(peer.session)


async def hint(peer: SeatPeer, data: dict) -> dict:
    return await peer.sessions.hints(peer.session, peer.seat)


async def resign(peer: SeatPeer, data: dict) -> None:
    await peer.sessions.resign(peer.session, peer.seat)
    await peer.sessions.broadcast(peer.session)


async def view(peer: SeatPeer, data: dict) -> dict:
    return peer.view()


MESSAGES = {
    "join": message(join, "room", "token", joined=False),
    "move": message(move, "actions", "version", "seat", changes=True),
    "undo": message(undo, "version", "seat", changes=True),
    "hint": message(hint, "version", "seat"),
    "resign": message(resign, "version", "seat", changes=True),
    "view": message(view),
}
