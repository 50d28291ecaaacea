"""The connection pool (psycopg 3) and the transaction helper every repository uses.

Faults (issue 10): a server that does not answer is a clear `DatabaseUnavailableError` within
`CONNECT_TIMEOUT_SECONDS`, not a 30 s stall; a connection found dead is dropped on checkout (health
check) and the pool reconnects when the server is back. A pool that is only busy is waited for longer:
after the first wait a direct probe tells a busy pool from a dead server.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from novaberg.core.errors import DatabaseError, DatabaseUnavailableError
from novaberg.core.redact import redact_credentials
from novaberg.core.settings import CONNECT_TIMEOUT_SECONDS

__all__ = ["Database", "OneTransaction", "hold_lock", "BUSY_POOL_WAIT_SECONDS"]

BUSY_POOL_WAIT_SECONDS = 60.0  # how long a turn waits for a connection of a busy (not dead) pool
_UNAVAILABLE = "the database does not answer right now"
# Writers of one owner queue on an advisory lock on a hash of the owner for the rest of their transaction,
# at most this long (a hash collision only makes two owners wait for each other).
_LOCK_TIMEOUT = "SET LOCAL lock_timeout = '10s'"
_ADVISORY_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))"
_WAIT_STEP_SECONDS = 0.5
_log = logging.getLogger("novaberg.store")


class Database:
    """A pool of connections returning rows as dicts; `transaction()` is the unit of work.

    `on_unavailable` is called when the server does not answer (the embedded stack restarts its server
    there); it returns True when it did something worth one more try."""

    def __init__(self, url: str, min_size: int = 1, max_size: int = 8,
                 on_unavailable: Callable[[], bool] | None = None,
                 connect_timeout: float = CONNECT_TIMEOUT_SECONDS) -> None:
        self.url = url
        self.on_unavailable = on_unavailable
        self._connect_timeout = connect_timeout
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            kwargs={"row_factory": dict_row, "autocommit": False,
                    "connect_timeout": max(1, round(connect_timeout))},
            check=ConnectionPool.check_connection,
            open=False,
            name="novaberg",
            timeout=connect_timeout,
            reconnect_timeout=24 * 3600.0,  # keep trying: the server may come back
        )
        try:
            self._pool.open(wait=True, timeout=connect_timeout)
        except (psycopg.Error, PoolTimeout) as err:
            self._pool.close()
            raise DatabaseError(f"cannot connect to the database at {redact_credentials(url)} within "
                                f"{connect_timeout:.0f} s: "
                                f"{self._probe(1) or 'the server answers now, but the pool could not fill in time'}"
                                ) from err

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection]:
        """One connection, one transaction: committed on success, rolled back on any error. A server that
        does not answer is `DatabaseUnavailableError`; the body's own errors pass unchanged."""
        conn = self._checkout()
        try:
            with conn.transaction():
                yield conn
        except psycopg.OperationalError as err:
            if conn.broken or conn.closed:
                self._revive()
                raise DatabaseUnavailableError(_UNAVAILABLE) from err
            raise
        finally:
            self._pool.putconn(conn)

    def maintain(self, statement: str) -> None:
        """Run a statement that cannot run inside a transaction (VACUUM), on a pooled connection."""
        conn = self._checkout()
        try:
            conn.autocommit = True
            conn.execute(statement)
        finally:
            if not conn.closed:
                conn.autocommit = False
            self._pool.putconn(conn)

    def close(self) -> None:
        self._pool.close()

    def _checkout(self) -> psycopg.Connection:
        """A healthy connection. Waits in short steps: a dead embedded server is restarted at once (the
        revive hook is cheap); after `connect_timeout` a probe decides between busy (wait on) and dead."""
        started = time.monotonic()
        revived = False
        next_probe = self._connect_timeout
        while True:
            try:
                return self._pool.getconn(timeout=_WAIT_STEP_SECONDS)
            except PoolTimeout as err:
                if not revived and self._revive():
                    revived = True
                    self._pool.check()  # drop the dead connections, open new ones now
                    continue
                waited = time.monotonic() - started
                if waited < next_probe:
                    continue
                next_probe = waited + self._connect_timeout  # a busy pool: probe again only after a while
                if self._probe(self._connect_timeout / 2) is not None:
                    raise DatabaseUnavailableError(_UNAVAILABLE) from err
                if waited >= BUSY_POOL_WAIT_SECONDS:
                    raise DatabaseUnavailableError("the database is overloaded: no connection became free") from err

    def _probe(self, timeout: float) -> str | None:
        """None when the server accepts a connection of its own (outside the pool), else its reason."""
        try:
            with psycopg.connect(self.url, connect_timeout=max(1, round(timeout))):
                return None
        except psycopg.Error as err:
            return _reason(err)

    def _revive(self) -> bool:
        if self.on_unavailable is None:
            return False
        try:
            return bool(self.on_unavailable())
        except Exception as err:  # noqa: BLE001 - recovery must not mask the fault being reported
            _log.error("restarting the database failed: %s", err)
            return False


class OneTransaction:
    """A connection inside an open transaction, offered as a database: every `transaction()` of a repository
    over it is that same transaction (committed or rolled back by its owner, never in between)."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self._conn = conn

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection]:
        yield self._conn


def hold_lock(conn: psycopg.Connection, key: str) -> OneTransaction:
    """Take the advisory lock `key` until `conn`'s transaction ends (the writers of one owner queue there:
    check, write and read-back see one state) and offer the connection as a database. Inside, use only
    what it returns: a second pooled connection could wait for one held by a waiter of this very lock."""
    conn.execute(_LOCK_TIMEOUT)
    conn.execute(_ADVISORY_LOCK, (key,))
    return OneTransaction(conn)


def _reason(err: BaseException) -> str:
    """The library's message on one line, credentials removed."""
    text = " ".join(line.strip() for line in str(err).strip().splitlines()) or type(err).__name__
    return redact_credentials(text)
