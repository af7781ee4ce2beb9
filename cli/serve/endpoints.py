"""The endpoints of `cadenza serve`, one function each, as app.py routes them: the
page, the list of games, a new room or table, a game's file down and up, and the
two WebSockets. The running rooms and tables are the app's state
(`request.app.state.hub`, `.tables`, `.registry`).

Every body is size-limited and checked; a bad request raises (BadRequest, or the
CadenzaError of the part that refused it), and app.py's exception handlers answer
it in one line, `{"error": ...}`, with nothing changed.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.websockets import WebSocket

from cli.levels.ladder import DEFAULT_LEVEL
from cli.serve.commits import saved
from cli.serve.errors import BadRequest
from cli.serve.gamefile import game_file, resume_room
from cli.serve.gamesocket import MESSAGES, SeatPeer
from cli.serve.levels import hint_level_choices
from cli.serve.rooms import Room
from cli.serve.sockets import parse_json, serve_messages
from cli.serve.tablesocket import TABLE_MESSAGES, TablePeer
from cli.specs import MAX_LEVEL, MIN_LEVEL
from engine.validate import is_int

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16_384  # bytes of an HTTP request body
MAX_UPLOAD = 1_048_576  # bytes of an uploaded game file


async def json_body(request: Request, limit: int = MAX_BODY) -> dict:
    """The request's body, a JSON object of at most `limit` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise BadRequest(f"the request body must be at most {limit} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(f"the request body must be at most {limit} bytes")
    data = parse_json(body, "the request body")
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data


def integer(data: dict, name: str, default=None):
    """The field `name` of a request, an integer if it is given."""
    value = data.get(name, default)
    if value is not None and not is_int(value):
        raise BadRequest(f"{name} must be an integer")
    return value


def text(data: dict, name: str):
    """The field `name` of a request, a string if it is given."""
    value = data.get(name)
    if value is not None and not isinstance(value, str):
        raise BadRequest(f"{name} must be a string")
    return value


def strengths(data: dict) -> dict[int, str]:
    """The AI seats' levels a new room names, by seat."""
    given = data.get("strengths", {})
    if not isinstance(given, dict) or not all(
        isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in given.items()
    ):
        raise BadRequest("strengths maps seat numbers to levels, as strings")
    return {int(k): v for k, v in given.items()}


def seat_of(room: Room, token) -> int:
    seat = room.seat_of(token)
    if seat is None:
        raise BadRequest("that seat link is not valid")
    return seat


async def index(request: Request) -> FileResponse:
    return FileResponse(STATIC / "index.html")


async def games(request: Request) -> JSONResponse:
    """The games to choose from, the AI's levels and the hints' levels."""
    registry = request.app.state.registry
    listing = []
    for name in sorted(registry.games):
        spec = registry.games[name]
        listing.append(
            {
                "name": name,
                "description": spec.description,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "default_players": spec.players_default,
                "variants": list(spec.variants),
                "hidden_information": spec.hidden_information,
            }
        )
    levels = {"min": MIN_LEVEL, "max": MAX_LEVEL, "default": DEFAULT_LEVEL}
    return JSONResponse({"games": listing, "levels": levels, "hint_levels": hint_level_choices()})


async def new_room(request: Request) -> JSONResponse:
    """A new room; the creator's seat link, and every person's (the creator hands
    them out: the token is the secret)."""
    data = await json_body(request)
    players, seat = integer(data, "players"), integer(data, "seat", 0)
    levels = strengths(data)
    variant = text(data, "variant")
    state = request.app.state
    humans = data.get("humans", [])
    room = Room.new(state.registry, data.get("game"), players, variant, seat, levels, humans=humans)
    await state.hub.create(room)
    links = [{"seat": i, "token": room.seats[i].token} for i in room.human_seats()]
    return JSONResponse(
        {"room": room.id, "seat": seat, "token": room.seats[seat].token, "links": links}
    )


async def new_table(request: Request) -> JSONResponse:
    """A new table; its link's id and token."""
    data = await json_body(request)
    players, seat = integer(data, "players"), integer(data, "seat", 0)
    variant = text(data, "variant")
    table = await request.app.state.tables.create(
        data.get("game"), players, variant, seat, level=data.get("level")
    )
    return JSONResponse({"table": table.id, "token": table.token})


async def download(request: Request) -> JSONResponse:
    """The seat's game as a file (cli/serve/gamefile.py says what it holds)."""
    hub = request.app.state.hub
    room = hub.room(request.path_params["room"])
    seat = seat_of(room, request.query_params.get("token"))
    # The file's copy is kept from a draft: the room may move on meanwhile.
    doc = await saved(hub.store.submit(game_file, room.draft(), seat), room.id)
    name = f"cadenza-{room.game.name}-{room.id}.json"
    return JSONResponse(doc, headers={"content-disposition": f'attachment; filename="{name}"'})


async def upload(request: Request) -> JSONResponse:
    """A new room that goes on with an uploaded game file; the new seat link.
    `?new_position=1` starts an open game from the file as it is, even one this
    server did not write (the room then says so)."""
    state = request.app.state
    new_position = request.query_params.get("new_position", "0")
    if new_position not in ("0", "1"):
        raise BadRequest("new_position must be 0 or 1")
    doc = await json_body(request, MAX_UPLOAD)
    room, seat = await state.hub.store.submit(resume_room, state.registry, doc, new_position == "1")
    await state.hub.create(room)
    return JSONResponse({"room": room.id, "seat": seat, "token": room.seats[seat].token})


async def play_socket(websocket: WebSocket) -> None:
    """A seat's game (gamesocket.py)."""
    peer = SeatPeer(websocket, websocket.app.state.hub)
    await serve_messages(websocket, MESSAGES, peer)


async def play_table(websocket: WebSocket) -> None:
    """Table mode (tablesocket.py)."""
    peer = TablePeer(websocket, websocket.app.state.tables)
    await serve_messages(websocket, TABLE_MESSAGES, peer)
