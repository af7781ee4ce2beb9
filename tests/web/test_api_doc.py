"""docs/web-api.md describes every HTTP route of `cadenza serve` and every message of
its two WebSockets, as the code has them: a route or a message type added (or a
field of a page's message, or of the views the server sends) without being written
there fails here."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount, Route, WebSocketRoute

from cli.play.table import TableSession
from cli.serve.app import MESSAGE_KEYS, build_app
from cli.serve.rooms import Room
from cli.serve.tables import Table, table_view
from cli.serve.tablesocket import TABLE_MESSAGE_KEYS
from cli.serve.thinking import progress_message, queued_message
from cli.serve.views import view_for
from cli.specs import level_spec

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "web-api.md"
SERVE = ROOT / "cli" / "serve"
SOCKETS = {"/ws": MESSAGE_KEYS, "/ws/table": TABLE_MESSAGE_KEYS}
SENT_TYPE = re.compile(r"""["']type["']\s*:\s*["'](\w+)["']""")


def sections(text: str) -> list[tuple[int, str, str]]:
    """The page's headings as (level, title, the text up to the next heading)."""
    found = []
    for part in re.split(r"^(?=#{1,4} )", text, flags=re.M):
        heading, _, body = part.partition("\n")
        if heading.startswith("#"):
            level = len(heading) - len(heading.lstrip("#"))
            found.append((level, heading[level:].strip(), body))
    return found


def under(text: str, *path: str) -> dict[str, str]:
    """The sections right below the chain of headings `path` (each a title's start),
    by title: {"`join`": its text, ...}."""
    found, titles = {}, []  # titles[n]: the open heading of level n + 1
    for level, title, body in sections(text):
        titles = titles[: level - 1] + [""] * (level - 1 - len(titles)) + [title]
        parents = titles[level - 1 - len(path) : level - 1]
        if len(parents) == len(path) and all(map(str.startswith, parents, path)):
            found[title] = body
    return found


def starlette_of(asgi) -> Starlette:
    """The Starlette app inside build_app's answer, through its middleware (an
    object's `app`, a function's closure)."""
    todo, seen = [asgi], set()
    while todo:
        obj = todo.pop()
        if isinstance(obj, Starlette):
            return obj
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if getattr(obj, "app", None) is not None:
            todo.append(obj.app)
        for cell in getattr(obj, "__closure__", None) or ():
            todo.append(cell.cell_contents)
    raise AssertionError("build_app's answer holds no Starlette app")


def route_names(routes, prefix: str = "") -> list[str]:
    """How the page names each route: `METHOD /path`, `/path` for a socket, `GET
    /path/{path}` for a mounted folder."""
    names = []
    for route in routes:
        if isinstance(route, Route):
            names += [f"{m} {prefix}{route.path}" for m in sorted(route.methods - {"HEAD"})]
        elif isinstance(route, WebSocketRoute):
            names.append(f"{prefix}{route.path}")
        elif isinstance(route, Mount) and route.routes:
            names += route_names(route.routes, prefix + route.path)
        elif isinstance(route, Mount):
            names.append(f"GET {prefix}{route.path}/{{path}}")
        else:
            raise AssertionError(f"a route of a kind this test does not know: {route!r}")
    return names


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text()


def test_every_route_has_its_section(doc, registry, tmp_path):
    app = starlette_of(build_app(tmp_path, registry=registry))
    names = route_names(app.routes)
    assert "POST /api/rooms" in names and "/ws/table" in names  # the reading works
    headings = [title for _, title, _ in sections(doc)]
    missing = [name for name in names if not any(f"`{name}`" in title for title in headings)]
    assert not missing, f"docs/web-api.md has no section for {missing}"


@pytest.mark.parametrize("path", sorted(SOCKETS))
def test_every_message_a_page_sends_is_described(doc, path):
    described = under(doc, f"WebSocket `{path}`", "Sent by the page")
    assert described, f"docs/web-api.md has no 'Sent by the page' under WebSocket `{path}`"
    for kind, keys in SOCKETS[path].items():
        body = described.get(f"`{kind}`")
        assert body is not None, f"{path}: the message {kind!r} is not described"
        for key in sorted(keys - {"type"}):
            assert f"| `{key}` |" in body, f"{path} {kind}: the field {key!r} is not described"


def test_every_message_the_server_sends_is_described(doc):
    sent = set()
    for source in sorted(SERVE.glob("*.py")):
        sent |= set(SENT_TYPE.findall(source.read_text()))
    assert {"view", "progress", "table", "error"} <= sent  # the reading works
    described = set()
    for path in SOCKETS:
        described |= set(under(doc, f"WebSocket `{path}`", "Sent by the server"))
    missing = sorted(kind for kind in sent if f"`{kind}`" not in described)
    assert not missing, f"docs/web-api.md does not describe the server's {missing}"


def server_message(doc: str, path: str, kind: str) -> str:
    return under(doc, f"WebSocket `{path}`", "Sent by the server")[f"`{kind}`"]


def test_every_field_of_the_views_is_described(doc, registry):
    room = Room.new(registry, "tictactoe", None, None, 0, {}, seed=1)
    report = {"iterations": 10, "ms": 5, "value": 0.5, "pv": [4]}
    game = registry.game("pig")
    players, variant = game.check_config(None, None)
    session = TableSession.start(registry, game, players, variant, 0, 1, level_spec(6))
    messages = {
        ("/ws", "view"): view_for(room, 0),
        ("/ws", "progress"): {**progress_message(room, 1, 0, report), **queued_message(room, 2)},
        ("/ws/table", "table"): table_view(Table("t", "token", session, time.time())),
    }
    for (path, kind), message in messages.items():
        body = server_message(doc, path, kind)
        missing = [key for key in message if key != "type" and f"`{key}`" not in body]
        assert not missing, f"{path} {kind}: the fields {missing} are not described"
