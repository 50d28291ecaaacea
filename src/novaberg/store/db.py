"""The connection pool (psycopg 3) and the transaction helper every repository uses.

Faults: a server that does not answer is a clear `DatabaseUnavailableError` within
`CONNECT_TIMEOUT_SECONDS`, not a 30 s stall; a connection found dead is dropped on checkout (health
check) and the pool reconnects when the server is back. A pool that is only busy is waited for longer:
after the first wait a direct probe tells a busy pool from a dead server.

Deadlines: the server ends a statement, a lock wait and an idle transaction by itself
(`statement_timeout`, `lock_timeout`, `idle_in_transaction_session_timeout`, set per connection), and
the client does not trust it to: every wait of a connection for the server carries its own deadline.
A frozen server (SIGSTOP) enforces nothing, so when that deadline passes the connection is closed under
the statement; the server rolls the transaction back when it wakes (a connection that is gone never
commits) and nothing is retried. For a few seconds after such a stall every check-out fails at once,
so the rest of a turn does not wait on the same frozen server again.
"""

from __future__ import annotations

import logging
import os
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from novaberg.core.errors import DatabaseError, DatabaseUnavailableError
from novaberg.core.redact import redact_credentials
from novaberg.core.settings import CONNECT_TIMEOUT_SECONDS

__all__ = ["Database", "OneTransaction", "hold_lock", "reading", "escape_like", "BUSY_POOL_WAIT_SECONDS",
           "STATEMENT_SECONDS", "CLIENT_DEADLINE_SECONDS", "STALL_COOLDOWN_SECONDS", "LONG_SECONDS"]

BUSY_POOL_WAIT_SECONDS = 60.0  # how long a turn waits for a connection of a busy (not dead) pool
_UNAVAILABLE = "the database does not answer right now"
# Writers of one owner queue on an advisory lock on a hash of the owner for the rest of their transaction,
# at most this long (a hash collision only makes two owners wait for each other).
_LOCK_TIMEOUT = "SET LOCAL lock_timeout = '5s'"
# Server-side limits of every pooled connection: a statement, a lock wait, a transaction left idle.
STATEMENT_SECONDS = 5.0
_LOCK_SECONDS = 5.0
_IDLE_IN_TRANSACTION_SECONDS = 30.0
# The client's own limit on one wait for the server (a frozen server enforces nothing of the above); the
# pool's health check of an idle connection gets less. After a stall, check-outs fail at once this long.
CLIENT_DEADLINE_SECONDS = STATEMENT_SECONDS + 1.0
_CHECK_DEADLINE_SECONDS = 2.5
# a connection given back less than this long ago is checked out without a round trip when its
# socket has nothing to read (a server that ended — killed, restarted — closes it, and that reads as ready);
# one idle longer gets the pool's full check (a firewall or a timeout may have cut it silently).
IDLE_CHECK_SECONDS = 30.0
STALL_COOLDOWN_SECONDS = 5.0
LONG_SECONDS = 600.0  # VACUUM and the like (`maintain`), and the long jobs that ask for it (`transaction(seconds=…)`)
_SERVER_LIMITS = (f"-c statement_timeout={round(STATEMENT_SECONDS * 1000)} -c lock_timeout={round(_LOCK_SECONDS * 1000)} "
                  f"-c idle_in_transaction_session_timeout={round(_IDLE_IN_TRANSACTION_SECONDS * 1000)}")
_WAIT_TIMEOUT = pg_errors._WaitTimeout  # noqa: SLF001 - psycopg's own "wait timeout expired"
# Server-side refusals that mean "not in time": the turn gets a 503 like for a server that is gone.
_LATE = (pg_errors.QueryCanceled, pg_errors.LockNotAvailable)
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
        self._stalled_until = 0.0  # monotonic; check-outs fail at once until then
        self._stall_lock = threading.Lock()
        connection_class = type("NovabergConnection", (DeadlineConnection,), {"on_stall": self._note_stall})
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            connection_class=connection_class,
            kwargs={"row_factory": dict_row, "autocommit": False,
                    "connect_timeout": max(1, round(connect_timeout)), "options": _SERVER_LIMITS},
            check=_check_connection,
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
    def transaction(self, seconds: float | None = None) -> Iterator[psycopg.Connection]:
        """One connection, one transaction: committed on success, rolled back on any error. A server that
        does not answer — or not within the deadline — is `DatabaseUnavailableError`; the body's own errors
        pass unchanged. `seconds`: a longer limit per statement for this transaction (migrations)."""
        conn = self._checkout()
        try:
            with _deadline(conn, seconds), conn.transaction():
                if seconds is not None:  # a long job: a statement, and a pause between two, may take this long
                    conn.execute(f"SET LOCAL statement_timeout = {round(seconds * 1000)}")
                    conn.execute(f"SET LOCAL idle_in_transaction_session_timeout = {round(seconds * 1000)}")
                yield conn
        except psycopg.OperationalError as err:
            self._unavailable(conn, err)
            raise
        finally:
            conn.given_back = time.monotonic()
            self._pool.putconn(conn)

    def _unavailable(self, conn: psycopg.Connection, err: psycopg.OperationalError) -> None:
        """A lost server (the pool revived) or a late statement becomes `DatabaseUnavailableError`; any other
        operational error returns and is raised by the caller unchanged."""
        if conn.broken or conn.closed:
            self._revive()
            raise DatabaseUnavailableError(_UNAVAILABLE) from err
        if isinstance(err, _LATE):
            _log.warning("a statement did not finish in time: %s", _reason(err))
            raise DatabaseUnavailableError("the database did not finish in time") from err

    @contextmanager
    def read(self) -> Iterator[psycopg.Connection]:
        """One connection for read-only statements, each its own snapshot (autocommit): a single SELECT costs one
        round trip instead of three (BEGIN, the statement, COMMIT), and a pipeline's statements share the implicit
        transaction up to its sync (`set_config(…, true)` holds for the statement after it). The limits are those
        of `transaction` (the server's per connection, the client's deadline per wait). Nothing here writes."""
        conn = self._checkout()
        try:
            conn.autocommit = True
            yield conn
        except psycopg.OperationalError as err:
            self._unavailable(conn, err)
            raise
        finally:
            if not conn.closed and not conn.broken:
                try:
                    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                        conn.rollback()
                    conn.autocommit = False
                except psycopg.Error:  # never back into the pool in autocommit: the pool drops a closed one
                    conn.close()
            conn.given_back = time.monotonic()
            self._pool.putconn(conn)

    def maintain(self, statement: str) -> None:
        """Run a statement that cannot run inside a transaction (VACUUM), on a pooled connection."""
        conn = self._checkout()
        try:
            conn.autocommit = True
            with _deadline(conn, LONG_SECONDS):
                conn.execute(f"SET statement_timeout = {round(LONG_SECONDS * 1000)}")
                conn.execute(statement)
                conn.execute("RESET statement_timeout")
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
            self._refuse_while_stalled()
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

    def _note_stall(self) -> None:
        """A wait for the server passed its deadline (the connection is closed already)."""
        with self._stall_lock:
            self._stalled_until = time.monotonic() + STALL_COOLDOWN_SECONDS
        _log.error("the database did not answer within the deadline; the connection was closed and "
                   "check-outs fail for %.0f s", STALL_COOLDOWN_SECONDS)

    def _refuse_while_stalled(self) -> None:
        with self._stall_lock:
            stalled = time.monotonic() < self._stalled_until
        if stalled:
            raise DatabaseUnavailableError("the database did not answer a moment ago")

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


class DeadlineConnection(psycopg.Connection):  # type: ignore[type-arg]
    """A connection whose every wait for the server (statement, commit, rollback, health check) ends by
    `deadline_seconds`. Past it the socket is shut down and the connection closed, so the server — once it
    runs again — sees the client gone and rolls the open transaction back; then `on_stall` is told."""

    deadline_seconds: float = CLIENT_DEADLINE_SECONDS
    on_stall: Callable[[], None] | None = None
    given_back: float = float("-inf")  # monotonic; when a transaction last gave it back to the pool

    def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
        limit = self.deadline_seconds if timeout is None else min(timeout, self.deadline_seconds)
        try:
            return super().wait(gen, interval, limit)
        except _WAIT_TIMEOUT as err:
            self._abandon()
            if self.on_stall is not None:
                self.on_stall()
            raise psycopg.OperationalError(
                f"the database did not answer within {limit:.1f} s; the connection was closed") from err

    def _abandon(self) -> None:
        """Nothing more reaches the server on this connection: shut the socket, then close."""
        with suppress(OSError, psycopg.Error):
            duplicate = socket.socket(fileno=os.dup(self.pgconn.socket))
            try:
                duplicate.shutdown(socket.SHUT_RDWR)
            finally:
                duplicate.close()
        with suppress(psycopg.Error):
            self._closed = True
            self.pgconn.finish()


@contextmanager
def _deadline(conn: psycopg.Connection, seconds: float | None) -> Iterator[None]:
    """The connection's client-side deadline raised to `seconds` (+1 s over the server's) for a while."""
    if seconds is None or not isinstance(conn, DeadlineConnection):
        yield
        return
    conn.deadline_seconds = seconds + 1.0
    try:
        yield
    finally:
        del conn.deadline_seconds  # back to the class's value


def _check_connection(conn: psycopg.Connection) -> None:
    """The pool's health check of an idle connection, with a short deadline of its own — skipped for a
    connection used a moment ago whose socket is quiet (`_recently_used_and_quiet`)."""
    if _recently_used_and_quiet(conn):
        return
    if isinstance(conn, DeadlineConnection):
        conn.deadline_seconds = _CHECK_DEADLINE_SECONDS
    try:
        ConnectionPool.check_connection(conn)
    finally:
        if isinstance(conn, DeadlineConnection) and "deadline_seconds" in vars(conn):
            del conn.deadline_seconds


def _recently_used_and_quiet(conn: psycopg.Connection) -> bool:
    """True for an open, idle connection given back within `IDLE_CHECK_SECONDS` with nothing to read on its
    socket. A server that went away closed the socket (end of file reads as ready), and a server that speaks
    unasked (a notice, a termination message) is ready too: both get the full check. A frozen server is not
    seen here; the client deadline of the first statement catches it, as it would a freeze right after a check."""
    if not isinstance(conn, DeadlineConnection) or conn.closed or conn.broken:
        return False
    if time.monotonic() - conn.given_back > IDLE_CHECK_SECONDS:
        return False
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        return False
    try:
        ready, _, _ = select.select([conn.pgconn.socket], [], [], 0)
    except (OSError, ValueError, psycopg.Error):
        return False
    return not ready


class OneTransaction:
    """A connection inside an open transaction, offered as a database: every `transaction()` of a repository
    over it is that same transaction (committed or rolled back by its owner, never in between)."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self._conn = conn

    @contextmanager
    def transaction(self, seconds: float | None = None) -> Iterator[psycopg.Connection]:
        """The owner's transaction; its limits are the owner's (`seconds` is accepted and not applied)."""
        yield self._conn

    @contextmanager
    def read(self) -> Iterator[psycopg.Connection]:
        """Reads inside the owner's transaction (they see its own writes)."""
        yield self._conn


def reading(db: Any) -> Any:
    """The connection for one read statement: `db.read()` (its own snapshot in one round trip, no BEGIN and
    COMMIT; inside a `OneTransaction` the owner's transaction) where `db` offers it, else `db.transaction()`."""
    read = getattr(db, "read", None)
    return read() if read is not None else db.transaction()


def escape_like(text: str) -> str:
    """`text` with LIKE's wildcards and its escape (backslash, the default) escaped: matched as written."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


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
