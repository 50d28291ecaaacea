"""Redis access: a server by URL (NOVABERG_REDIS_URL) or the embedded one; pending questions live here."""

from __future__ import annotations

from typing import Any

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from novaberg.core.errors import DatabaseError
from novaberg.core.redact import redact_credentials
from novaberg.core.settings import CONNECT_TIMEOUT_SECONDS

__all__ = ["connect_redis", "CLIENT_OPTIONS"]

# Every client, embedded or not: a server that does not answer is an error within seconds, not a hang.
# A refused connection is tried twice more within ~0.1 s (redis-py's own default backs off for up to ~7 s
# per command, which made one turn during an outage wait for every Redis call in turn); a time-out is not
# retried — the server that did not answer in CONNECT_TIMEOUT_SECONDS will not answer the next try either.
CLIENT_OPTIONS: dict[str, Any] = {"socket_timeout": CONNECT_TIMEOUT_SECONDS,
                                  "socket_connect_timeout": CONNECT_TIMEOUT_SECONDS, "health_check_interval": 30,
                                  "retry": Retry(ExponentialBackoff(cap=0.05, base=0.02), 2,
                                                 supported_errors=(redis.ConnectionError,))}


def connect_redis(url: str | None = None, server: Any = None) -> Any:
    """A redis client answering str, for `url` or an embedded server; pings once so an unreachable server is
    a clear error at start. The URL's credentials never appear in a message."""
    if url:
        try:
            client = redis.Redis.from_url(url, decode_responses=True, **CLIENT_OPTIONS)
        except ValueError as err:
            raise DatabaseError(f"NOVABERG_REDIS_URL is not a Redis URL: {redact_credentials(str(err))}") from err
    elif server is not None:
        client = server.client(**CLIENT_OPTIONS)
    else:
        raise DatabaseError("no Redis: set NOVABERG_REDIS_URL or give a data directory")
    try:
        client.ping()
    except redis.RedisError as err:
        where = redact_credentials(url) if url else "embedded"
        raise DatabaseError(f"cannot reach Redis ({where}): {redact_credentials(str(err))}") from err
    return client
