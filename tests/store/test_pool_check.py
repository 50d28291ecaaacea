"""The pool's health check only after an idle period — and never at the price of a dead connection.

A connection given back a moment ago whose socket is quiet goes out without the check's round trip; a
connection whose server side ended (terminated backend, killed server) reads as ready and gets the full check,
which drops it, so the next transaction works on a fresh connection (found dead on check-out).
"""

from __future__ import annotations

import time

import psycopg
import pytest
from psycopg_pool import ConnectionPool

from novaberg.store import db as db_module
from novaberg.store.db import Database


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The round-trip checks the pool ran (the pool's own `check_connection`, called by our check)."""
    seen: list[object] = []
    original = ConnectionPool.check_connection

    def counted(conn: object) -> None:
        seen.append(conn)
        original(conn)

    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(counted))
    return seen


def _backend(db: Database) -> int:
    with db.transaction() as conn:
        return conn.execute("SELECT pg_backend_pid() AS pid").fetchone()["pid"]


def test_a_connection_used_a_moment_ago_goes_out_without_a_round_trip(db, checks):
    """Twenty transactions in a row after the first run no health check at all."""
    _backend(db)
    checks.clear()
    for _ in range(20):
        _backend(db)
    assert checks == []


def test_a_connection_idle_longer_than_the_window_is_checked(db, checks, monkeypatch):
    """Past `IDLE_CHECK_SECONDS` the full check runs again."""
    _backend(db)
    checks.clear()
    monkeypatch.setattr(db_module, "IDLE_CHECK_SECONDS", 0.0)
    time.sleep(0.01)  # not a timing assumption: any positive idle time exceeds a zero window
    _backend(db)
    assert len(checks) == 1


def test_a_terminated_backend_is_dropped_on_check_out_not_handed_to_the_turn(db, pg_admin_url, checks):
    """The server ended the pooled connection a moment after it was used; the
    next transaction still gets a working connection (the quiet-socket shortcut sees the end and checks)."""
    first = _backend(db)
    with psycopg.connect(pg_admin_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (first,))
        deadline = time.monotonic() + 10
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (first,)).fetchone():
            assert time.monotonic() < deadline, "the backend did not end"
            time.sleep(0.02)
    checks.clear()
    second = _backend(db)  # no DatabaseUnavailableError: the dead connection never reached the body
    assert second != first
    assert checks, "the ended connection went out unchecked"
