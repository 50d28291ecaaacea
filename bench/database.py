"""The database of a benchmark: NOVABERG_BENCH_DATABASE_URL, else a throw-away embedded PostgreSQL 18, and
a migrated database of its own on it, dropped afterwards."""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from psycopg.conninfo import make_conninfo

from novaberg.store.db import Database
from novaberg.store.migrations import migrate

__all__ = ["bench_database"]


@contextmanager
def _server(prefix: str) -> Iterator[str]:
    if os.environ.get("NOVABERG_BENCH_DATABASE_URL"):
        yield os.environ["NOVABERG_BENCH_DATABASE_URL"]
        return
    from novaberg.store.embedded import EmbeddedPostgres

    folder = Path(tempfile.mkdtemp(prefix=f"{prefix}_pg_"))
    server = EmbeddedPostgres(folder / "pg")
    try:
        yield server.url
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def bench_database(prefix: str, max_size: int = 2) -> Iterator[Database]:
    """A migrated database named after the benchmark on the bench server; dropped at the end. `max_size`: the pool's
    connections (the product's stack keeps 8; a bench that runs a background writer beside its searches needs them)."""
    with _server(prefix) as admin_url:
        name = f"{prefix}_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        db = Database(make_conninfo(admin_url, dbname=name), max_size=max_size)
        try:
            migrate(db)
            yield db
        finally:
            db.close()
            with psycopg.connect(admin_url, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
