"""The CLI's way to a running `serve`: its address file in the data directory and a small HTTP client.

`serve` writes `<data_dir>/serve.json` (0600) once it listens: its pid, its URL and where its API token comes
from ("file": `<data_dir>/api-token`, "env": NOVABERG_API_TOKEN, "none": --no-auth). The token itself is not
copied: a token from the environment stays off the disk, and the client reads it from its own environment.
`say` and `chat` use the server when the file names a live process of this user that answers with that token;
otherwise they run Nova themselves. A file that another user owns or could have written is not read: it could
send the token and the person's words to someone else's server. Only the standard library is imported here: no LangGraph, no database driver.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

__all__ = ["ADDRESS_FILE_NAME", "ServerAddress", "NovaClient", "ServerRefusal", "ServerUnreachable", "ServerLost",
           "write_address", "remove_address", "running_server", "TURN_SECONDS"]

ADDRESS_FILE_NAME = "serve.json"
_TOKEN_FILE_NAME = "api-token"  # api.auth.TOKEN_FILE_NAME (not imported: that module pulls in FastAPI's world)
_TOKEN_ENV = "NOVABERG_API_TOKEN"  # api.auth.TOKEN_ENV
_CONNECT_SECONDS = 1.0
TURN_SECONDS = 600.0  # a turn with a slow model (several judges, a correction) may take minutes


@dataclass(frozen=True)
class ServerAddress:
    """Where a running `serve` listens and where its token is kept."""

    pid: int
    url: str
    token_from: str  # file | env | none


class ServerRefusal(Exception):
    """The server answered a turn with an error status: its German detail, and the status."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def write_address(data_dir: Path, address: ServerAddress) -> Path:
    """The address file, written 0600 through a temporary file and a rename (a reader never sees half)."""
    path = Path(data_dir).expanduser() / ADDRESS_FILE_NAME
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # servers by URL: nothing else may have made it
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump({"pid": address.pid, "url": address.url, "token": address.token_from}, handle)
        handle.write("\n")
    os.replace(temporary, path)
    return path


def remove_address(data_dir: Path, pid: int) -> None:
    """Remove the address file if it is still this process's (another serve on a shared directory may have
    written its own since)."""
    path = Path(data_dir).expanduser() / ADDRESS_FILE_NAME
    found = _read_address(path)
    if found is not None and found.pid == pid:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()


def running_server(data_dir: Path, env: dict[str, str] | None = None) -> NovaClient | None:
    """A client of the `serve` running for this data directory, or None (no file, a dead process, no usable
    token). Whether it answers is found out by the first request (`ServerUnreachable`)."""
    data_dir = Path(data_dir).expanduser()
    address = _read_address(data_dir / ADDRESS_FILE_NAME)
    if address is None or not _alive(address.pid):
        return None
    token = _token(data_dir, address.token_from, os.environ if env is None else env)
    if token is None and address.token_from != "none":
        return None
    return NovaClient(address.url, token)


class NovaClient:
    """POST /turn, one connection per turn: a turn is never sent twice. Until the request is sent, a failure
    is `ServerUnreachable` (nothing reached the server: the caller may run the turn itself); once it is sent,
    `ServerLost` (the server may have carried the turn out: the caller must not run it again)."""

    def __init__(self, url: str, token: str | None) -> None:
        parts = urlsplit(url)
        self.url = url
        self._host = parts.hostname or "127.0.0.1"
        self._port = parts.port or 80
        self._token = token

    def turn(self, user_id: str, character_id: str, text: str) -> dict[str, Any]:
        """One turn: the server's answer as JSON; ServerRefusal for an error status."""
        body = json.dumps({"user_id": user_id, "character_id": character_id, "text": text}).encode("utf-8")
        headers = {"Content-Type": "application/json"}
        if self._token:
            headers["Authorization"] = f"Bearer {self._token}"
        status, raw = self._post("/turn", body, headers)
        try:
            payload = json.loads(raw or b"{}")
        except ValueError:
            payload = {}
        if status != 200:
            detail = payload.get("detail") if isinstance(payload, dict) else None
            raise ServerRefusal(status, str(detail or f"HTTP {status}"))
        return payload

    def _post(self, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection(self._host, self._port, timeout=_CONNECT_SECONDS)
        try:
            try:
                connection.connect()
            except OSError as err:
                raise ServerUnreachable(f"{self.url}: {err}") from err
            if connection.sock is not None:
                connection.sock.settimeout(TURN_SECONDS)
            try:
                connection.request("POST", path, body=body, headers=headers)
                response = connection.getresponse()
                return response.status, response.read()
            except (OSError, http.client.HTTPException) as err:
                raise ServerLost(f"{self.url}: {err}") from err
        finally:
            connection.close()


class ServerUnreachable(OSError):
    """No connection to the server: the turn was not sent."""


class ServerLost(Exception):
    """The turn was sent and no answer came (the server stopped, the time ran out): it may have been carried out."""


def _read_address(path: Path) -> ServerAddress | None:
    """The address in `path`, or None: missing, malformed, or not this user's own private file."""
    try:
        status = path.stat()
        if status.st_uid != os.geteuid() or status.st_mode & 0o022:
            return None
        raw = json.loads(path.read_text(encoding="utf-8"))
        address = ServerAddress(int(raw["pid"]), str(raw["url"]), str(raw["token"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return address if address.url.startswith("http://") and address.token_from in ("file", "env", "none") else None


def _alive(pid: int) -> bool:
    """Whether `pid` is a live process of this user (a `serve` we may talk to): another user's process under a
    reused pid is not."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def _token(data_dir: Path, token_from: str, env: Any) -> str | None:
    if token_from == "env":
        return (env.get(_TOKEN_ENV) or "").strip() or None
    if token_from == "file":
        try:
            return (data_dir / _TOKEN_FILE_NAME).read_text(encoding="utf-8").strip() or None
        except OSError:
            return None
    return None
