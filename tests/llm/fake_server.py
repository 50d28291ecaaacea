"""A small fake model server on loopback, answering like Ollama or an OpenAI-compatible server."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@contextmanager
def fake_server(routes: dict[str, Any]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """routes: path -> (status, body dict) or callable(request_json) -> (status, body). Yields (url, requests).

    A reply to a client that gave up (its deadline passed) is dropped quietly; a handler still at work when the
    block ends does not hold its end up (the one-slot server of `tests.model_server` hangs a task on purpose)."""
    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _reply(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            with suppress(OSError):  # the client gave up
                self.end_headers()
                self.wfile.write(data)

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length", 0))
            request = json.loads(self.rfile.read(length) or b"{}")
            seen.append({"path": self.path, "json": request})
            route = routes.get(self.path)
            if route is None:
                self._reply(404, {"error": "not found"})
                return
            status, body = route(request) if callable(route) else route
            self._reply(status, body)

        def do_GET(self) -> None:  # noqa: N802
            route = routes.get(self.path)
            status, body = (route(None) if callable(route) else route) if route else (404, {})
            self._reply(status, body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def raw_server(serve: Callable[[socket.socket, int], None]) -> Iterator[tuple[str, list[int]]]:
    """A bare TCP server on loopback: `serve(connection, number)` runs per accepted connection (numbered
    from 0) in its own thread — to hang, trickle or hang up. Yields (url, numbers of accepted connections)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.1)
    accepted: list[int] = []
    stop = threading.Event()
    connections: list[socket.socket] = []

    def accept_loop() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            connections.append(conn)
            accepted.append(len(accepted))
            threading.Thread(target=_serve_quietly, args=(serve, conn, accepted[-1]), daemon=True).start()

    thread = threading.Thread(target=accept_loop, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}", accepted
    finally:
        stop.set()
        thread.join(timeout=2)
        listener.close()
        for conn in connections:
            with suppress(OSError):
                conn.close()


def _serve_quietly(serve: Callable[[socket.socket, int], None], conn: socket.socket, number: int) -> None:
    with suppress(OSError):
        serve(conn, number)
