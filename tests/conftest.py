"""Shared fixtures: one PostgreSQL per test session, a fresh database per test (from a migrated template),
one Redis per session flushed per test, a pinned time zone and fixed clocks.

Under pytest-xdist a session is one worker: each worker starts its own embedded PostgreSQL and Redis, in
folders of its own; an external Redis (NOVABERG_TEST_REDIS_URL) gets one database number per worker, an
external PostgreSQL one uniquely named template and test databases per worker.

Cheap by construction: every test folder is in RAM where /dev/shm is writable (`support.TEMP_ROOT`); a test
that needs a data directory but not its very first start takes `data_dir`, a copy of one started, migrated and
stopped once per session; each test's database is copied from the template one test ahead and dropped after it on
a background thread (`tests/databases.py`); the longest modules are collected first, by their measured seconds in
tests/durations.json (`tests/durations.py`; refresh it with `pytest --store-durations`)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg.conninfo import make_conninfo

from novaberg.agents.deps import Deps
from novaberg.llm.offline import OfflineLLM
from novaberg.store.db import Database
from novaberg.store.migrations import migrate
from tests.databases import DatabaseSupply
from tests.durations import DurationRecorder, SessionSetupMeter, read_durations, slowest_modules_first
from tests.support import copy_data_dir, make_deps, make_nova, make_offline_llm, temp_folder

os.environ["NOVABERG_TIMEZONE"] = "Europe/Berlin"


def pytest_addoption(parser: Any) -> None:
    parser.addoption("--store-durations", action="store_true",
                     help="write each test module's measured seconds to tests/durations.json (the order of later runs)")


def pytest_configure(config: Any) -> None:
    if config.getoption("--store-durations"):
        config.pluginmanager.register(SessionSetupMeter(), "novaberg-session-setup")
        if not hasattr(config, "workerinput"):
            config.pluginmanager.register(DurationRecorder(), "novaberg-durations")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """The longest modules first, by tests/durations.json (see tests/durations.py)."""
    slowest_modules_first(items, read_durations())


@pytest.fixture
def tmp_path() -> Iterator[Path]:
    """A temporary folder per test outside pytest's basetemp: a concurrent pytest run on the same machine
    rotates old basetemps away, and with them the data directories of servers that are still running."""
    with temp_folder("novaberg-test-") as folder:
        yield Path(folder)


@pytest.fixture(scope="session")
def started_data_dir() -> Iterator[Path]:
    """A data directory after its first start — cluster made, schema migrated, Redis file written — and a
    clean stop: the template of `data_dir`."""
    from novaberg.core.settings import Settings
    from novaberg.store.stack import Stack

    with temp_folder("novaberg-test-datadir-") as folder:
        data = Path(folder) / "data"
        Stack.open(Settings(data_dir=data)).close()
        yield data


@pytest.fixture
def data_dir(tmp_path: Path, started_data_dir: Path) -> Path:
    """A data directory as the first start leaves it, copied from the session's template (0.2 s instead of
    initdb and all migrations, 3–7 s), for tests whose subject is not the very first start."""
    return copy_data_dir(started_data_dir, tmp_path / "data")


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """NOVABERG_TEST_DATABASE_URL when given (a PostgreSQL with pgvector and pg_trgm), else the embedded one."""
    external = os.environ.get("NOVABERG_TEST_DATABASE_URL")
    if external:
        yield external
        return
    from novaberg.store.embedded import EmbeddedPostgres

    # Not under pytest's basetemp: a concurrent pytest run rotates old basetemps away, data directory included.
    with temp_folder("novaberg-test-pg-") as folder:
        server = EmbeddedPostgres(Path(folder) / "data")
        _without_durability(server.url)
        yield server.url
        server.stop()


# The test server's data is thrown away: no fsync, no full-page images, no waiting for the WAL flush. That
# makes CREATE/DROP DATABASE per test (and every commit) several times cheaper; what a transaction sees is
# unchanged. Only the embedded test server gets this, never the product's and never an external one.
_NO_DURABILITY = {"fsync": "off", "full_page_writes": "off", "synchronous_commit": "off"}


def _without_durability(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        for name, value in _NO_DURABILITY.items():
            conn.execute(f"ALTER SYSTEM SET {name} = '{value}'")
        conn.execute("SELECT pg_reload_conf()")


def _worker_index() -> int:
    """0 for a run without xdist and its first worker gw0, N for gwN."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(worker.removeprefix("gw") or 0)


def _redis_url_of_this_worker(url: str) -> str:
    """An external Redis URL with this worker's database number, so parallel workers never flush each
    other's keys. A URL that already names a database is kept for a run without xdist only."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return url
    if parts.path.strip("/"):
        raise pytest.UsageError("NOVABERG_TEST_REDIS_URL names a database; under xdist each worker takes "
                                "database <worker number>: give the URL without one")
    return urlunsplit(parts._replace(path=f"/{_worker_index()}"))


def _admin(url: str) -> psycopg.Connection:
    return psycopg.connect(url, autocommit=True)


@pytest.fixture(scope="session")
def template_db(pg_admin_url: str) -> Iterator[str]:
    name = f"novaberg_tpl_{uuid.uuid4().hex[:8]}"
    with _admin(pg_admin_url) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = make_conninfo(pg_admin_url, dbname=name)
    db = Database(url, max_size=2)
    migrate(db)
    db.close()
    yield name
    with _admin(pg_admin_url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def empty_db_url(pg_admin_url: str) -> Iterator[str]:
    """A fresh database with nothing in it (for migration tests)."""
    name = f"novaberg_e_{uuid.uuid4().hex[:10]}"
    with _admin(pg_admin_url) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield make_conninfo(pg_admin_url, dbname=name)
    with _admin(pg_admin_url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def database_supply(pg_admin_url: str, template_db: str) -> Iterator[DatabaseSupply]:
    """The session's copies of the template, made one test ahead and dropped behind (tests/databases.py)."""
    supply = DatabaseSupply(pg_admin_url, template_db)
    yield supply
    supply.close()


@pytest.fixture
def db(pg_admin_url: str, database_supply: DatabaseSupply) -> Iterator[Database]:
    """A fresh, migrated database per test."""
    name = database_supply.take()
    database = Database(make_conninfo(pg_admin_url, dbname=name), max_size=4)
    try:
        yield database
    finally:
        database.close()
        database_supply.give_back(name)


@pytest.fixture(scope="session")
def redis_server() -> Iterator[Any]:
    from novaberg.store.embedded_redis import EmbeddedRedis
    from novaberg.store.redis_store import connect_redis

    url = os.environ.get("NOVABERG_TEST_REDIS_URL")
    if url:
        yield connect_redis(_redis_url_of_this_worker(url))
        return
    with temp_folder("novaberg-test-redis-") as folder:
        server = EmbeddedRedis(Path(folder) / "r.db")
        client = connect_redis(server=server)
        yield client
        client.close()
        server.stop()  # before its folder goes


@pytest.fixture
def redis(redis_server: Any) -> Any:
    redis_server.flushdb()
    return redis_server


@pytest.fixture
def offline_llm() -> OfflineLLM:
    return make_offline_llm()


@pytest.fixture
def deps(db: Database, redis: Any, offline_llm: OfflineLLM) -> Deps:
    return make_deps(db, redis, offline_llm)


@pytest.fixture
def nova(db: Database, redis: Any, offline_llm: OfflineLLM, tmp_path: Path) -> Any:
    return make_nova(db, redis, offline_llm, tmp_path)
