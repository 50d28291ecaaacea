"""The connection pool (psycopg 3) and the transaction helper every repository uses."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from novaberg.core.errors import DatabaseError

__all__ = ["Database"]


class Database:
    """A pool of connections returning rows as dicts; `transaction()` is the unit of work."""

    def __init__(self, url: str, min_size: int = 1, max_size: int = 8) -> None:
        self.url = url
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            kwargs={"row_factory": dict_row, "autocommit": False},
            open=False,
            name="novaberg",
        )
        try:
            self._pool.open(wait=True, timeout=30)
        except psycopg.Error as err:
            raise DatabaseError(f"cannot connect to the database: {err}") from err
        except Exception as err:  # psycopg_pool.PoolTimeout
            raise DatabaseError(f"cannot connect to the database at {_redact(url)}: {err}") from err

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection]:
        """One connection, one transaction: committed on success, rolled back on any error."""
        with self._pool.connection() as conn, conn.transaction():
            yield conn

    def maintain(self, statement: str) -> None:
        """Run a statement that cannot run inside a transaction (VACUUM), on a pooled connection."""
        with self._pool.connection() as conn:
            conn.autocommit = True
            try:
                conn.execute(statement)
            finally:
                conn.autocommit = False

    def close(self) -> None:
        self._pool.close()


def _redact(url: str) -> str:
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url
