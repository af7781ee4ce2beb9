"""The Starlette application of `cadenza serve`: its routes (the endpoints are
endpoints.py's), the exception handlers that answer a refused request in one line,
the security headers, and the lifespan that loads the rooms and tables and starts
the search pool.

A seat is known only by its secret token, and a WebSocket acts only for the seat it
joined as. The headers forbid inline script and style and any third-party origin
(Content-Security-Policy). In front of it all, guard.py decides who may use the
server at all.
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from cli.serve import endpoints
from cli.serve.commits import NotSaved
from cli.serve.endpoints import STATIC
from cli.serve.errors import BadRequest
from cli.serve.expiry import DEFAULT_EXPIRE, expire_idle, parse_duration
from cli.serve.gamesocket import MESSAGES
from cli.serve.guard import Access, Guard
from cli.serve.hub import Hub
from cli.serve.searches import Searches
from cli.serve.sockets import keys_of
from cli.serve.storage import StorageThread
from cli.serve.store import Store
from cli.serve.tables import Tables
from engine.errors import CadenzaError

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
ROUTES = [
    Route("/", endpoints.index),
    Route("/api/rooms/{room}/file", endpoints.download),
    Route("/api/upload", endpoints.upload, methods=["POST"]),
    Route("/api/games", endpoints.games),
    Route("/api/rooms", endpoints.new_room, methods=["POST"]),
    WebSocketRoute("/ws", endpoints.play_socket),
    Route("/api/tables", endpoints.new_table, methods=["POST"]),
    WebSocketRoute("/ws/table", endpoints.play_table),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
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


def refusal(status: int):
    """An exception handler answering `{"error": the exception's line}` with `status`
    (a WebSocket's own loop answers its messages: sockets.py)."""

    async def handle(request: Request, exc: Exception) -> JSONResponse:
        if request.scope["type"] != "http":
            raise exc
        return JSONResponse({"error": str(exc)}, status_code=status)

    return handle


# A bad request, or one a room, a table or a file refuses, is 400; a change the
# store refused (commits.py) is 503: nothing changed, and it can be sent again.
EXCEPTION_HANDLERS = {
    BadRequest: refusal(400),
    CadenzaError: refusal(400),
    NotSaved: refusal(503),
}


def lifespan_of(data_dir: Path, workers: int, max_searches: int | None, expire: float):
    """The app's lifespan: the store, the search pool, then the rooms and tables
    loaded into the app's state (endpoints.py reads them there), those idle for
    `expire` seconds removed as it runs (expiry.py)."""

    @asynccontextmanager
    async def lifespan(app: Starlette):
        storage = StorageThread(lambda: Store(data_dir))
        searches = Searches(workers, max_searches)
        searches.start()
        hub = Hub(app.state.registry, storage, searches)
        await hub.load()
        app.state.hub = hub
        tables = Tables(app.state.registry, storage, searches)
        await tables.load()
        app.state.tables = tables
        expiring = asyncio.get_running_loop().create_task(expire_idle(hub, tables, expire))
        try:
            yield
        finally:
            expiring.cancel()
            searches.shutdown()
            storage.shutdown()

    return lifespan


def build_app(
    data_dir: Path,
    workers: int = 2,
    registry=None,
    max_searches: int | None = None,
    access: Access | None = None,
    expire: float = parse_duration(DEFAULT_EXPIRE),
) -> Starlette:
    """The app serving the games kept in `data_dir`, searching with `workers`
    processes, at most `max_searches` at once, behind its guard (guard.py: `access`,
    by default a loopback server on port 8000), removing rooms and tables idle for
    `expire` seconds (expiry.py)."""
    if registry is None:
        from plugins.manager import default_registry

        registry = default_registry()
    app = Starlette(
        routes=ROUTES,
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=lifespan_of(data_dir, workers, max_searches, expire),
    )
    app.state.registry = registry
    return security_headers(Guard(app, access or Access("127.0.0.1", 8000)))
