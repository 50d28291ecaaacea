"""Fresh test databases made ahead and dropped behind, off the test's own time (growth of the suite).

Every test that takes `db` still gets a database of its own, copied from the migrated template. What changes is
when the copies are made and dropped: one background thread per test session creates the next test's database
while the current test runs, and drops a used one after its test. `DROP DATABASE` waits for a forced checkpoint
and `CREATE DATABASE` copies the template: ~0.1 s of waiting per test under load, in set-up and teardown, that
now overlaps with the tests. Both run on one admin connection kept for the session, not a new one per
statement. A failed create or drop is raised in the next test that takes a database (or at the session's end),
never swallowed."""

from __future__ import annotations

import uuid
from concurrent.futures import Future, ThreadPoolExecutor

import psycopg
from psycopg import pq

__all__ = ["DatabaseSupply"]


class DatabaseSupply:
    """Databases copied from `template` on the server at `admin_url`, one ahead of the tests that take them."""

    def __init__(self, admin_url: str, template: str, prefix: str = "novaberg_t_") -> None:
        self._admin_url = admin_url
        self._template = template
        self._prefix = prefix
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-databases")
        self._conn: psycopg.Connection | None = None  # used on the background thread only
        self._next: Future[str] | None = None
        self._drops: list[Future[None]] = []
        self._file_copy: bool | None = None

    def take(self) -> str:
        """The name of a fresh database for one test; the one after it is started at once."""
        self._raise_failed_drops()
        ready = self._next or self._thread.submit(self._create)
        self._next = self._thread.submit(self._create)
        return ready.result()

    def give_back(self, name: str) -> None:
        """The test is done with `name` (its connections closed): it is dropped in the background."""
        self._drops.append(self._thread.submit(self._drop, name))

    def close(self) -> None:
        """Drops the database made ahead, waits for every drop and raises the first that failed."""
        try:
            if self._next is not None:
                spare, self._next = self._next, None
                self.give_back(spare.result())
        finally:
            self._thread.shutdown(wait=True)
            if self._conn is not None:
                self._conn.close()
        self._raise_failed_drops()

    def _raise_failed_drops(self) -> None:
        done = [drop for drop in self._drops if drop.done()]
        self._drops = [drop for drop in self._drops if not drop.done()]
        for drop in done:
            drop.result()  # raises what the drop raised

    def _create(self) -> str:
        name = f"{self._prefix}{uuid.uuid4().hex[:10]}"
        self._execute(f'CREATE DATABASE "{name}" TEMPLATE "{self._template}"{self._strategy()}')
        return name

    def _strategy(self) -> str:
        """FILE_COPY where the server has it (15+): the template's files copied whole, not each block written
        through the WAL — ~30 % less server CPU per copy; its checkpoint waits here, on the background thread."""
        if self._file_copy is None:
            self._execute("SELECT 1")  # connects
            assert self._conn is not None
            self._file_copy = self._conn.info.server_version >= 150000
        return " STRATEGY FILE_COPY" if self._file_copy else ""

    def _drop(self, name: str) -> None:
        self._execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def _execute(self, statement: str) -> None:
        """On the admin connection; a connection a test ended (a terminated backend) is opened again once."""
        for attempt in (1, 2):
            if self._conn is None or self._conn.closed or self._conn.broken:
                self._conn = psycopg.connect(self._admin_url, autocommit=True)
            try:
                _send(self._conn, statement)
                return
            except psycopg.OperationalError:
                if attempt == 2 or not (self._conn.closed or self._conn.broken):
                    raise


def _send(conn: psycopg.Connection, statement: str) -> None:
    """One statement on the admin connection below `psycopg.Cursor.execute`: tests that count the statements their
    code sends spy on that method for the whole process, and this thread's CREATE/DROP of the next and the last
    test's database must not show up among them (a statement test failed on a CREATE DATABASE in a fresh clone)."""
    result = conn.pgconn.exec_(statement.encode())
    if result.status in (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK):
        return
    message = (result.error_message or conn.pgconn.error_message or b"").decode(errors="replace").strip()
    if conn.pgconn.status != pq.ConnStatus.OK:
        raise psycopg.OperationalError(message or "the admin connection was lost")
    state = result.error_field(pq.DiagnosticField.SQLSTATE)
    try:  # the server's SQLSTATE as psycopg's own class (InvalidCatalogName …), as `execute` would raise it
        error = psycopg.errors.lookup(state.decode()) if state else psycopg.DatabaseError
    except KeyError:
        error = psycopg.DatabaseError
    raise error(message or f"{statement.split()[0]} failed")
