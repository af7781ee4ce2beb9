"""Who may use `cadenza serve`: ASGI middleware in front of the app (app.py).

- Host: every request names a host the server serves (Access.hosts). A page of
  another site whose name was pointed at this machine (DNS rebinding) names its
  own host, and is refused.
- Origin: every change (any method but GET and HEAD) and every WebSocket comes from
  the server's own page: its Origin names the host the request was sent to. A
  browser always sends Origin on these; a script sends it too.
- JSON: a change's body is application/json. Another site can make a browser post a
  form or text/plain without asking; JSON it cannot.
- Secret (optional, for a server reachable beyond loopback): every request carries
  it, in the cookie a browser gets by opening /?secret=... once, or in the header
  x-cadenza-secret.
- Rate: new games (rooms, tables, uploads) per client address and hour.

A refusal is one line: `{"error": ...}` under /api/ (like every API error), plain
text elsewhere, and an HTTP refusal of the handshake for a WebSocket.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

from starlette.requests import cookie_parser

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "")
COOKIE = "cadenza-secret"
SECRET_HEADER = "x-cadenza-secret"
SAFE_METHODS = ("GET", "HEAD")
NEW_GAME_PATHS = ("/api/rooms", "/api/tables", "/api/upload")
HOUR = 3600.0


class Refused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def split_host(value: str) -> tuple[str, int | None]:
    """A Host header (`name`, `name:port`, `[v6]:port`) as (name, port), port None
    when not given; a port that is not a number leaves the whole value as the name
    (which no host the server serves matches)."""
    value = value.strip().lower()
    if value.startswith("["):
        name, _, rest = value.partition("]")
        name, port = name + "]", rest.removeprefix(":")
        if rest and not rest.startswith(":"):
            return value, None
    elif value.count(":") == 1:
        name, _, port = value.partition(":")
    else:
        return value, None
    if not port:
        return name, None
    return (name, int(port)) if port.isdigit() else (value, None)


def host_name(host: str) -> str:
    """A bound address as a Host header names it ([v6] in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host.lower()


def is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@dataclass
class Access:
    """What the guard lets through: built from `cadenza serve`'s options."""

    host: str
    port: int
    allow_hosts: tuple = ()  # NAME (any port) or NAME:PORT, e.g. a name behind a proxy
    secret: str | None = None
    rooms_per_hour: int = 60
    hosts: set = field(init=False)

    def __post_init__(self):
        self.hosts = {(name, self.port) for name in LOOPBACK_NAMES}
        self.hosts.add((host_name(self.host), self.port))
        self.hosts.update(split_host(name) for name in self.allow_hosts)

    def serves(self, host: str) -> bool:
        name, port = split_host(host)
        if (name, port) in self.hosts or (name, None) in self.hosts:
            return True
        # Bound to every address: any address of this machine is served. An address
        # cannot be rebound (only a name can), so only names need --allow-host.
        return self.host in WILDCARDS and is_ip_literal(name) and port == self.port


class NewGames:
    """New games per client address within the last hour (a sliding window)."""

    def __init__(self, per_hour: int, clock=time.monotonic):
        self.per_hour = per_hour
        self.clock = clock
        self.made: dict[str, deque] = defaultdict(deque)

    def check(self, address: str) -> None:
        made = self.made.get(address)
        if made is None:
            return
        now = self.clock()
        while made and made[0] <= now - HOUR:
            made.popleft()
        if not made:
            del self.made[address]
        elif len(made) >= self.per_hour:
            minutes = max(1, round((made[0] + HOUR - now) / 60))
            raise Refused(
                429,
                f"at most {self.per_hour} new games an hour from one address:"
                f" try again in {minutes} min",
            )

    def record(self, address: str) -> None:
        self.made[address].append(self.clock())


def matches(offered: str | None, expected: str) -> bool:
    return offered is not None and secrets.compare_digest(offered.encode(), expected.encode())


def headers_of(scope) -> dict[str, str]:
    return {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}


def same_origin(origin: str | None, host: str) -> bool:
    """Whether `origin` (scheme://name[:port]) names the host the request went to."""
    if not origin:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    default = 443 if parts.scheme == "https" else 80
    name, port = split_host(parts.netloc)
    want_name, want_port = split_host(host)
    return (name, port or default) == (want_name, want_port or default)


class Guard:
    """The middleware: `Guard(app, access)`."""

    def __init__(self, app, access: Access):
        self.app = app
        self.access = access
        self.new_games = NewGames(access.rooms_per_hour)
        # The cookie holds a key made from the secret, not the secret: any secret
        # fits in a cookie, and a stolen cookie does not show what to type.
        secret = (access.secret or "").encode()
        self.cookie_value = hmac.new(secret, b"cadenza cookie", hashlib.sha256).hexdigest()

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        try:
            cookie = self.check(scope)
        except Refused as refused:
            return await refuse(scope, send, refused)
        if cookie is not None:
            send = with_header(send, b"set-cookie", cookie.encode("latin-1"))
        if self.counts(scope):
            send = self.recording(scope, send)
        return await self.app(scope, receive, send)

    def check(self, scope) -> str | None:
        """Refused unless the request may go on; the secret's cookie to set, if any."""
        headers = headers_of(scope)
        host = headers.get("host", "")
        if not self.access.serves(host):
            raise Refused(403, f"this server does not serve the host {host[:100]!r}")
        cookie = self.check_secret(scope, headers)
        changes = scope["type"] == "websocket" or scope["method"] not in SAFE_METHODS
        if changes and not same_origin(headers.get("origin"), host):
            raise Refused(403, "only the server's own page may change games (Origin)")
        if scope["type"] == "http" and changes:
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                raise Refused(415, "the request body must be JSON (application/json)")
        if self.counts(scope):
            self.new_games.check(client_address(scope))
        return cookie

    def check_secret(self, scope, headers: dict) -> str | None:
        """Refused without the secret (when there is one); the cookie to set when it
        came in the page's link."""
        secret = self.access.secret
        if secret is None or matches(headers.get(SECRET_HEADER), secret):
            return None
        if matches(cookie_parser(headers.get("cookie", "")).get(COOKIE), self.cookie_value):
            return None
        if scope["type"] == "http" and scope["path"] == "/":
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            if matches(query.get("secret", [None])[-1], secret):
                secure = "; Secure" if scope.get("scheme") == "https" else ""
                return f"{COOKIE}={self.cookie_value}; Path=/; HttpOnly; SameSite=Strict{secure}"
        raise Refused(403, "this server needs its secret: open its link with ?secret=")

    def counts(self, scope) -> bool:
        return (
            scope["type"] == "http"
            and scope["method"] == "POST"
            and scope["path"] in NEW_GAME_PATHS
        )

    def recording(self, scope, send):
        """`send`, recording a new game for the client when the answer is 200."""
        address = client_address(scope)

        async def wrapped(message):
            if message["type"] == "http.response.start" and message["status"] == 200:
                self.new_games.record(address)
            await send(message)

        return wrapped


def client_address(scope) -> str:
    client = scope.get("client")
    return client[0] if client else "?"


def with_header(send, name: bytes, value: bytes):
    async def wrapped(message):
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), (name, value)]
        await send(message)

    return wrapped


async def refuse(scope, send, refused: Refused) -> None:
    """The refusal as one line: JSON under /api/, plain text elsewhere."""
    if scope["path"].startswith("/api/"):
        body, kind = json.dumps({"error": str(refused)}).encode(), b"application/json"
    else:
        body, kind = f"{refused}\n".encode(), b"text/plain; charset=utf-8"
    start = {
        "status": refused.status,
        "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())],
    }
    if scope["type"] == "http":
        await send({"type": "http.response.start", **start})
        await send({"type": "http.response.body", "body": body})
    elif "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", **start})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})
