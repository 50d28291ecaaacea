"""Which errors say that a server does not answer: the product's own `DatabaseUnavailableError` and the drivers'
time-outs and lost connections (psycopg, redis-py), also when a repository wrapped one in its `DatabaseError`.
Kept free of the web framework: the facade (`api/nova.py`) and the HTTP edge (`api/outage.py`) share it."""

from __future__ import annotations

import psycopg
import redis

from novaberg.core.errors import DatabaseUnavailableError

__all__ = ["SERVER_DOWN", "is_outage"]

SERVER_DOWN: tuple[type[BaseException], ...] = (DatabaseUnavailableError, psycopg.OperationalError,
                                                redis.ConnectionError, redis.TimeoutError)


def is_outage(err: BaseException) -> bool:
    """Whether `err` or an error it was raised from says that a server does not answer."""
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        if isinstance(current, SERVER_DOWN):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False
