"""The Starlette application of `cadenza serve`: the page, the JSON API that starts
a game, and the WebSocket through which a seat plays.

Every request is size-limited and validated; a bad one gets a one-line error and
changes nothing. A seat is known only by its secret token, and a WebSocket acts only
for the seat it joined as. The headers forbid inline script and style and any
third-party origin (Content-Security-Policy). In front of it all, guard.py decides
who may use the server at all.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from cli.levels.ladder import DEFAULT_LEVEL
from cli.serve.commits import NotSaved, saved
from cli.serve.expiry import DEFAULT_EXPIRE, expire_idle, parse_duration
from cli.serve.gamefile import FileError, game_file, resume_room
from cli.serve.gamesocket import MESSAGES, SeatPeer
from cli.serve.guard import Access, Guard
from cli.serve.hub import Hub
from cli.serve.levels import hint_level_choices
from cli.serve.rooms import Room
from cli.serve.searches import Searches
from cli.serve.sockets import BadRequest, keys_of, parse_json, serve_messages
from cli.serve.storage import StorageThread
from cli.serve.store import Store
from cli.serve.tables import Tables
from cli.serve.tablesocket import TABLE_MESSAGES, TablePeer
from cli.specs import MAX_LEVEL, MIN_LEVEL
from engine.errors import CadenzaError

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16_384  # bytes of an HTTP request body
MAX_UPLOAD = 1_048_576  # bytes of an uploaded game file
MESSAGE_KEYS = keys_of(MESSAGES)  # each /ws message type's allowed keys
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


def security_headers(app):
    """ASGI middleware adding HEADERS to every HTTP response."""

    async def wrapped(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + HEADERS
            await send(message)

        return await app(scope, receive, send_with_headers)

    return wrapped


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def json_body(request: Request, limit: int = MAX_BODY) -> dict:
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


def build_app(
    data_dir: Path,
    workers: int = 2,
    registry=None,
    max_searches: int | None = None,
    access: Access | None = None,
    expire: float = parse_duration(DEFAULT_EXPIRE),
) -> Starlette:
    """The app behind its guard (guard.py: `access`, by default a loopback server on
    port 8000), removing rooms and tables idle for `expire` seconds (expiry.py)."""
    if registry is None:
        from plugins.manager import default_registry

        registry = default_registry()

    state = {}

    @asynccontextmanager
    async def lifespan(app):
        storage = StorageThread(lambda: Store(data_dir))
        searches = Searches(workers, max_searches)
        searches.start()
        hub = Hub(registry, storage, searches)
        await hub.load()
        state["hub"] = hub
        tables = Tables(registry, storage, searches)
        await tables.load()
        state["tables"] = tables
        expiring = asyncio.get_running_loop().create_task(expire_idle(hub, tables, expire))
        try:
            yield
        finally:
            expiring.cancel()
            searches.shutdown()
            storage.shutdown()

    async def index(request):
        return FileResponse(STATIC / "index.html")

    async def games(request):
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
        return JSONResponse(
            {"games": listing, "levels": levels, "hint_levels": hint_level_choices()}
        )

    async def new_room(request):
        try:
            data = await json_body(request)
            players = data.get("players")
            seat = data.get("seat", 0)
            strengths = data.get("strengths", {})
            for name, value in (("players", players), ("seat", seat)):
                if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                    raise BadRequest(f"{name} must be an integer")
            if not isinstance(strengths, dict) or not all(
                isinstance(k, str) and k.isdigit() and isinstance(v, str)
                for k, v in strengths.items()
            ):
                raise BadRequest("strengths maps seat numbers to levels, as strings")
            variant = data.get("variant")
            if variant is not None and not isinstance(variant, str):
                raise BadRequest("variant must be a string")
            room = Room.new(
                registry,
                data.get("game"),
                players,
                variant,
                seat,
                {int(k): v for k, v in strengths.items()},
                humans=data.get("humans", []),
            )
            await state["hub"].create(room)
        except NotSaved as exc:
            return error(str(exc), 503)
        except (BadRequest, CadenzaError) as exc:
            return error(str(exc))
        # Every person's seat link (the creator hands them out); the token is the secret.
        links = [{"seat": i, "token": room.seats[i].token} for i in room.human_seats()]
        return JSONResponse(
            {"room": room.id, "seat": seat, "token": room.seats[seat].token, "links": links}
        )

    async def new_table(request):
        try:
            data = await json_body(request)
            for name in ("players", "seat"):
                value = data.get(name)
                if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                    raise BadRequest(f"{name} must be an integer")
            variant = data.get("variant")
            if variant is not None and not isinstance(variant, str):
                raise BadRequest("variant must be a string")
            table = await state["tables"].create(
                data.get("game"),
                data.get("players"),
                variant,
                data.get("seat", 0),
                level=data.get("level"),
            )
        except NotSaved as exc:
            return error(str(exc), 503)
        except (BadRequest, CadenzaError) as exc:
            return error(str(exc))
        return JSONResponse({"table": table.id, "token": table.token})

    async def play_table(websocket: WebSocket):
        await serve_messages(websocket, TABLE_MESSAGES, TablePeer(websocket, state["tables"]))

    async def play_socket(websocket: WebSocket):
        await serve_messages(websocket, MESSAGES, SeatPeer(websocket, state["hub"]))

    async def download(request):
        """The seat's game as a file (cli/serve/gamefile.py says what it holds)."""
        hub: Hub = state["hub"]
        try:
            room = hub.room(request.path_params["room"])
            seat = room.seat_of(request.query_params.get("token"))
            if seat is None:
                raise BadRequest("that seat link is not valid")
            # The file's copy is kept from a draft: the room may move on meanwhile.
            doc = await saved(hub.store.submit(game_file, room.draft(), seat), room.id)
        except NotSaved as exc:
            return error(str(exc), 503)
        except (BadRequest, CadenzaError) as exc:
            return error(str(exc))
        name = f"cadenza-{room.game.name}-{room.id}.json"
        return JSONResponse(doc, headers={"content-disposition": f'attachment; filename="{name}"'})

    async def upload(request):
        """A new room that goes on with an uploaded game file; the new seat link.
        `?new_position=1` starts an open game from the file as it is, even one this
        server did not write (the room then says so)."""
        hub: Hub = state["hub"]
        try:
            new_position = request.query_params.get("new_position", "0")
            if new_position not in ("0", "1"):
                raise BadRequest("new_position must be 0 or 1")
            doc = await json_body(request, MAX_UPLOAD)
            room, seat = await hub.store.submit(resume_room, registry, doc, new_position == "1")
            await hub.create(room)
        except NotSaved as exc:
            return error(str(exc), 503)
        except (BadRequest, FileError, CadenzaError) as exc:
            return error(str(exc))
        return JSONResponse({"room": room.id, "seat": seat, "token": room.seats[seat].token})

    routes = [
        Route("/", index),
        Route("/api/rooms/{room}/file", download),
        Route("/api/upload", upload, methods=["POST"]),
        Route("/api/games", games),
        Route("/api/rooms", new_room, methods=["POST"]),
        WebSocketRoute("/ws", play_socket),
        Route("/api/tables", new_table, methods=["POST"]),
        WebSocketRoute("/ws/table", play_table),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.registry = registry
    return security_headers(Guard(app, access or Access("127.0.0.1", 8000)))
