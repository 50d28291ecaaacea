"""A small fake model server on loopback, answering like Ollama or an OpenAI-compatible server."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@contextmanager
def fake_server(routes: dict[str, Any]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """routes: path -> (status, body dict) or callable(request_json) -> (status, body). Yields (url, requests)."""
    seen: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _reply(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
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
