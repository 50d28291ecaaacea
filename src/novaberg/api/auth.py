"""What guards the HTTP edge before a route runs: the API token, the web page's cookie, the Host allow-list
and the body size limit.

Why each piece:
- Token: any client that reaches the port could otherwise pick any `user_id` and read that person's data.
  Compared with `hmac.compare_digest` so the time of a wrong guess says nothing about the token.
- Cookie: the web page cannot hold a bearer header the browser adds by itself, so sign-in sets an
  HttpOnly, SameSite=Strict cookie naming a server-side session that expires and that /logout ends
  (`api/sessions.py`); it is signed with the API token, which never sits in the browser.
  A cookie is sent by the browser on its own, so a POST carrying only the cookie must also prove it comes
  from the page itself (see `same_origin`).
- Host allow-list: against DNS rebinding (a foreign name resolving to 127.0.0.1 makes the browser treat
  this server as that site). Starlette's TrustedHostMiddleware drops the port before comparing; we
  compare `name:port` exactly for entries that name a port, since the default list names the one port
  we serve, and the name alone for entries without one (`--allowed-host nova.lan`).
- Body limit: a 5 MB text took 16 s and was kept for ever; the limit is checked on Content-Length and
  on the bytes actually streamed (a chunked body has no Content-Length), before anything parses it.
- Per-person tokens: the API token is the operator's key to every person's data; a person signs in to
  the web app with a token of their own that an operator creates (`novaberg token create --user U`). Only
  its SHA-256 is kept, in the table `person_tokens` (`api/person_tokens.py`); a new token for the same
  person replaces the old one, which then stops working — sessions included, since a person's session
  remembers the stored hash it was opened with. A person's session or bearer token is bound to that
  person's `user_id`: every view reads only that person's rows, and a turn for another id is refused.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from novaberg.api.person_tokens import (
    OPERATOR_PERSON,
    PERSON_TOKENS_FILE_NAME,
    RESERVED_PERSONS,
    PersonTokens,
    PersonTokensUnreadableError,
    ReservedPersonError,
    is_reserved_person,
)
from novaberg.api.sessions import SessionStore, read_session_cookie
from novaberg.core.settings import HTTP_BODY_MAX_BYTES

__all__ = [
    "TOKEN_FILE_NAME",
    "TOKEN_ENV",
    "COOKIE_NAME",
    "PAGE_HEADER",
    "load_or_create_token",
    "tokens_match",
    "same_origin",
    "proves_same_origin",
    "default_allowed_hosts",
    "HostAllowListMiddleware",
    "BodyLimitMiddleware",
    "PERSON_TOKENS_FILE_NAME",
    "OPERATOR_PERSON",
    "RESERVED_PERSONS",
    "is_reserved_person",
    "ReservedPersonError",
    "PersonTokensUnreadableError",
    "Principal",
    "PersonTokens",
    "principal_of_session",
]

TOKEN_FILE_NAME = "api-token"
TOKEN_ENV = "NOVABERG_API_TOKEN"
COOKIE_NAME = "novaberg_session"
PAGE_HEADER = "x-novaberg"  # the page's fetch sends `X-Novaberg: 1`; a cross-site form cannot set a header

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# --- the token -------------------------------------------------------------------------------------

def load_or_create_token(data_dir: Path, env: dict[str, str] | None = None) -> tuple[str, bool]:
    """The API token and whether it was created now (then the caller prints it, once).

    `NOVABERG_API_TOKEN` wins; else `<data_dir>/api-token` (0600) is read, or written with a fresh
    `secrets.token_urlsafe(32)`. The data directory (and its parents) is created 0700 when missing,
    since with NOVABERG_DATABASE_URL and NOVABERG_REDIS_URL set nothing else creates it.
    """
    env = dict(os.environ) if env is None else env
    if env.get(TOKEN_ENV, "").strip():
        return env[TOKEN_ENV].strip(), False
    data_dir = Path(data_dir).expanduser()
    _make_private_dirs(data_dir)
    path = data_dir / TOKEN_FILE_NAME
    if path.exists():
        os.chmod(path, 0o600)  # tighten what an older version or a copy left readable
        token = path.read_text(encoding="utf-8").strip()
        if token:
            return token, False
        path.unlink()  # an empty file holds no token: replace it with a new one
    token = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(token + "\n")
    return token, True


def _make_private_dirs(path: Path) -> None:
    missing: list[Path] = []
    current = path
    while not current.exists():
        missing.append(current)
        current = current.parent
    for folder in reversed(missing):
        folder.mkdir(mode=0o700)
        os.chmod(folder, 0o700)  # mkdir's mode passes through the umask


def tokens_match(given: str | None, token: str) -> bool:
    """Constant-time comparison (bytes, so non-ASCII input is no TypeError)."""
    if given is None:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), token.encode("utf-8"))


def bearer_of(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, else None."""
    if not authorization:
        return None
    scheme, _, value = authorization.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def same_origin(headers: Any) -> bool:
    """Whether a cookie-carrying request proves it comes from our own page.

    Proof is the page's `X-Novaberg: 1` header (a cross-site form cannot send custom headers, and a
    cross-site fetch with one needs a CORS preflight we never grant), or an Origin/Referer whose
    host:port equals the Host header.
    """
    if headers.get(PAGE_HEADER) == "1":
        return True
    host = (headers.get("host") or "").lower()
    if not host:
        return False
    for name in ("origin", "referer"):
        value = headers.get(name)
        if value and value != "null":
            return urlsplit(value).netloc.lower() == host
    return False


def proves_same_origin(headers: Any) -> bool:
    """Whether a `/login` or `/logout` comes from our own page.

    `Origin` must equal our own origin (http(s)://<Host>); only without an Origin header may a `Referer` of
    our own origin stand in. `Origin: null` (a sandboxed frame, a redirect chain), a foreign Referer, or
    neither header: refused. The page's `X-Novaberg` header is no proof here — a plain HTML form sends
    none, and these two routes are the browser's cookie flow only (API clients send the token as
    `Authorization: Bearer` on every request and never need them).
    """
    host = (headers.get("host") or "").strip().lower()
    if not host:
        return False
    origin = headers.get("origin")
    if origin is not None:
        return _is_our_origin(origin, host)
    referer = headers.get("referer")
    return referer is not None and _is_our_origin(referer, host)


def _is_our_origin(value: str, host: str) -> bool:
    try:
        parts = urlsplit(value.strip())
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host


# --- who is signed in ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Principal:
    """Who a request speaks for: the operator (API token, or no auth) may act for any person and starts
    as OPERATOR_PERSON; a person (their own token) only ever for `user_id`."""

    user_id: str
    operator: bool

    def may_act_for(self, user_id: str) -> bool:
        return self.operator or user_id == self.user_id


def principal_of_session(value: str | None, token: str, tokens: PersonTokens | None, sessions: SessionStore | None,
                         now: datetime) -> Principal | None:
    """Who a cookie signs in: its signature and expiry hold, its session is alive in the table
    (not revoked by /logout, not expired), and a person's session was opened with the token still on file.
    Anything else: None, the same as no cookie."""
    session = read_session_cookie(value, token, now)
    if session is None or sessions is None:
        return None
    alive = sessions.alive(session, now)
    if alive is None:
        return None
    operator, digest = alive
    if operator:
        return Principal(OPERATOR_PERSON, operator=True) if session.user_id == OPERATOR_PERSON else None
    current = tokens.digest_of(session.user_id) if tokens is not None else None
    if current is None or not hmac.compare_digest(current, digest):
        return None  # the token that opened the session was replaced or revoked
    return Principal(session.user_id, operator=False)


# --- the Host allow-list -----------------------------------------------------------------------------

def default_allowed_hosts(port: int, bind_host: str | None = None) -> list[str]:
    """Loopback names on the served port, plus the bind host (IPv6 in brackets)."""
    hosts = [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"]
    if bind_host:
        name = f"[{bind_host}]" if ":" in bind_host and not bind_host.startswith("[") else bind_host
        hosts.append(f"{name}:{port}")
    return list(dict.fromkeys(hosts))


def _split_host(value: str) -> tuple[str, str | None]:
    value = value.strip().lower()
    if value.startswith("["):
        name, _, rest = value.partition("]")
        name += "]"
        return name, rest[1:] if rest.startswith(":") and rest[1:].isdigit() else None
    name, sep, port = value.rpartition(":")
    if sep and port.isdigit() and ":" not in name:
        return name, port
    return value, None


class HostAllowListMiddleware:
    """Refuse (400) any request whose Host header is not on the list; runs before routing."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str]) -> None:
        self.app = app
        self.exact: set[tuple[str, str]] = set()
        self.any_port: set[str] = set()
        for entry in allowed_hosts:
            name, port = _split_host(entry)
            if port is None:
                self.any_port.add(name)
            else:
                self.exact.add((name, port))

    def allows(self, host: str) -> bool:
        name, port = _split_host(host)
        if not name:
            return False
        if name in self.any_port:
            return True
        if port is None:  # no port in Host: the scheme's default port
            return (name, "80") in self.exact or (name, "443") in self.exact
        return (name, port) in self.exact

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = _header(scope, b"host")
            if host is None or not self.allows(host):
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                else:
                    await _send_json(send, 400, "Host nicht erlaubt (not an allowed Host)")
                return
        await self.app(scope, receive, send)


# --- the body limit ------------------------------------------------------------------------------------

class BodyLimitMiddleware:
    """413 for a body over `max_bytes`: by Content-Length up front, else while it streams in.

    The body is read here (at most `max_bytes`) and replayed to the app, so the app never sees a part
    of an over-long body and a 413 can still be sent before any response started.
    """

    def __init__(self, app: ASGIApp, max_bytes: int = HTTP_BODY_MAX_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = _header(scope, b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                await _send_json(send, 400, "Content-Length ist keine Zahl")
                return
            if int(length) > self.max_bytes:
                await _send_json(send, 413, f"Anfrage zu groß: höchstens {self.max_bytes} Bytes")
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await _send_json(send, 413, f"Anfrage zu groß: höchstens {self.max_bytes} Bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


async def _send_json(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}, ensure_ascii=False).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
