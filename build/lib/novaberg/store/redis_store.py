"""Redis access: a server by URL (NOVABERG_REDIS_URL) or the embedded one; pending questions live here."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from novaberg.core.errors import DatabaseError, DatabaseUnavailableError
from novaberg.core.redact import redact_credentials
from novaberg.core.settings import CONNECT_TIMEOUT_SECONDS

__all__ = ["connect_redis", "CLIENT_OPTIONS", "redis_errors"]

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


_log = logging.getLogger("novaberg.store")


@contextmanager
def redis_errors(what: str) -> Iterator[None]:
    """Redis failures as the product's errors: unreachable → DatabaseUnavailableError (503), any other →
    DatabaseError naming `what`; the detail (socket path, host) only in the log. A WatchError passes through
    (the caller's optimistic transaction retries)."""
    try:
        yield
    except (redis.ConnectionError, redis.TimeoutError) as err:
        _log.error("Redis does not answer (%s): %s", what, err)
        raise DatabaseUnavailableError("Redis does not answer right now") from err
    except redis.WatchError:
        raise
    except redis.RedisError as err:
        _log.error("Redis failed while handling %s: %s", what, err)
        raise DatabaseError(f"Redis failed while handling {what}") from err
