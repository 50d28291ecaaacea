"""One deadline for a whole model call (the model time-out is a total per call).

httpx times out each socket operation on its own, so a server that accepts and then trickles bytes,
or a retry after a slow failure, could take a multiple of the time-out. Here every connect, read and
write of the call's connections is capped by the time left until one deadline; once it has passed,
the next operation fails at once with a time-out. Also here: URLs out of messages a person may read.
"""

from __future__ import annotations

import functools
import ssl
import time
from typing import Any

import httpcore
import httpx

__all__ = ["Deadline", "deadline_client"]


class Deadline:
    """A moment on the monotonic clock; `cap` gives an operation the time left (or fails when none is)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._at = time.monotonic() + seconds

    def remaining(self) -> float:
        return self._at - time.monotonic()

    def cap(self, timeout: float | None, expired: type[Exception]) -> float:
        left = self.remaining()
        if left <= 0:
            raise expired(f"the call's total time-out of {self.seconds:g} s has passed")
        return left if timeout is None else min(timeout, left)


class _Stream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream, deadline: Deadline) -> None:
        self._stream = stream
        self._deadline = deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, self._deadline.cap(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, self._deadline.cap(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        tls = self._stream.start_tls(ssl_context, server_hostname, self._deadline.cap(timeout, httpcore.ConnectTimeout))
        return _Stream(tls, self._deadline)

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _Backend(httpcore.NetworkBackend):
    def __init__(self, deadline: Deadline) -> None:
        self._inner = httpcore.SyncBackend()
        self._deadline = deadline

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                    socket_options: Any = None) -> httpcore.NetworkStream:
        capped = self._deadline.cap(timeout, httpcore.ConnectTimeout)
        return _Stream(self._inner.connect_tcp(host, port, capped, local_address, socket_options), self._deadline)

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: Any = None) -> httpcore.NetworkStream:
        capped = self._deadline.cap(timeout, httpcore.ConnectTimeout)
        return _Stream(self._inner.connect_unix_socket(path, capped, socket_options), self._deadline)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(min(seconds, max(self._deadline.remaining(), 0.0)))


class _Transport(httpx.HTTPTransport):
    """httpx's own transport, its connection pool built on the deadline's network backend."""

    def __init__(self, deadline: Deadline) -> None:
        super().__init__(verify=_ssl_context(), trust_env=False)
        self._pool = httpcore.ConnectionPool(network_backend=_Backend(deadline), ssl_context=_ssl_context(),
                                             max_connections=1, max_keepalive_connections=0)


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    return httpx.create_ssl_context()


def deadline_client(deadline: Deadline) -> httpx.Client:
    """A client whose every socket operation ends by `deadline` (no proxies from the environment)."""
    return httpx.Client(transport=_Transport(deadline), timeout=httpx.Timeout(deadline.seconds), trust_env=False)
