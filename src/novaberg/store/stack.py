"""The storage stack of one process: data directory, PostgreSQL (embedded or by URL), Redis, schema.

On an embedded data directory the process either owns the servers (holds the directory's lock, starts and
stops them) or, beside a lasting owner (`serve`, `chat`), attaches to that owner's Unix sockets and starts and
stops nothing (`Stack.open(settings, role=...)`). Only an owner migrates; an attached process checks that the schema
is this version's and refuses clearly when it is behind (the owner runs an older version).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from novaberg.core import startup
from novaberg.core.errors import DatabaseError, DataDirInUseError
from novaberg.core.settings import Settings
from novaberg.store.datadir import DEFAULT_ROLE, LASTING_ROLES, DataDir, Owner
from novaberg.store.db import Database
from novaberg.store.embedded import EmbeddedPostgres, ready_url
from novaberg.store.embedded_redis import EmbeddedRedis, running_socket
from novaberg.store.migrations import migrate, require_current_schema
from novaberg.store.redis_store import connect_redis

__all__ = ["Stack", "stop_embedded", "CLAIM_SECONDS", "SOLE_ROLES"]

# How long a process waits for the data directory: for a one-shot owner to finish, or for a lasting owner's
# servers to answer while it starts.
CLAIM_SECONDS = 120.0
# Roles that never attach: a `serve` beside a lasting owner is refused (two HTTP servers on one embedded database
# would each believe they own it), and waits for a one-shot owner like any command; the facade's default role
# keeps the old refusal beside any owner.
SOLE_ROLES = frozenset({"serve", DEFAULT_ROLE})
_SAY_WAITING_AFTER = 1.0
_log = logging.getLogger("novaberg.store")


@dataclass
class Stack:
    db: Database
    redis: Any
    data_dir: DataDir | None = None
    embedded_pg: EmbeddedPostgres | None = None
    embedded_redis: EmbeddedRedis | None = None
    timings: dict[str, float] = field(default_factory=dict)
    owner: Owner | None = None  # attached: the process that owns the embedded servers
    _redis_stop: threading.Thread | None = field(default=None, repr=False)  # Redis stopping beside PostgreSQL

    @classmethod
    def open(cls, settings: Settings, role: str = DEFAULT_ROLE) -> Stack:
        """Start what is embedded, connect, migrate (an attached process only checks the schema). On failure
        everything started so far is stopped.

        `role` says what this process runs (written into the data directory's lock). A process whose role is
        not in SOLE_ROLES attaches to the servers of a lasting owner; every role but the facade's default waits
        for a one-shot owner to finish."""
        embedded = not settings.database_url or not settings.redis_url
        data_dir, owner = _claim(settings, role) if embedded else (None, None)
        if owner is not None:
            return cls._attach(settings, owner[0], owner[1], owner[2])
        return cls._start(settings, data_dir)

    @classmethod
    def _attach(cls, settings: Settings, owner: Owner, pg_url: str, redis_socket: str) -> Stack:
        """Connect to the owner's sockets (a URL setting still wins) and check that the schema is current: only
        the owner migrates (at its start); a schema behind this version is refused with a clear message."""
        started = time.perf_counter()
        db = Database(settings.database_url or pg_url)
        try:
            require_current_schema(db, owner)
            redis = connect_redis(settings.redis_url or f"unix://{redis_socket}")
        except BaseException:
            db.close()
            raise
        return cls(db=db, redis=redis, owner=owner, timings={"attach": time.perf_counter() - started})

    @classmethod
    def _start(cls, settings: Settings, data_dir: DataDir | None) -> Stack:
        timings: dict[str, float] = {}
        pg: EmbeddedPostgres | None = None
        redis_server: EmbeddedRedis | None = None
        db: Database | None = None
        try:
            startup.reached("begin")
            started = time.perf_counter()
            if settings.database_url:
                url = settings.database_url
            else:
                assert data_dir is not None
                pg = EmbeddedPostgres(data_dir.pg_dir)
                url = pg.url
            timings["postgres_start"] = time.perf_counter() - started
            started = time.perf_counter()
            db = Database(url, on_unavailable=pg.ensure_running if pg is not None else None)
            startup.reached("migrate")
            migrate(db)
            timings["migrate"] = time.perf_counter() - started
            started = time.perf_counter()
            if not settings.redis_url:
                assert data_dir is not None
                redis_server = EmbeddedRedis(data_dir.redis_file)
            redis = connect_redis(settings.redis_url, redis_server)
            timings["redis_start"] = time.perf_counter() - started
            startup.reached("stack")
        except BaseException:
            if db is not None:
                db.close()
            stop_embedded(redis_server, pg, data_dir)
            raise
        return cls(db=db, redis=redis, data_dir=data_dir, embedded_pg=pg, embedded_redis=redis_server,
                   timings=timings)

    def close(self) -> None:
        """Clean shutdown in reverse order; safe to call twice."""
        if self.redis is not None:
            try:
                self.redis.close()
            except Exception:  # noqa: BLE001 - shutdown goes on
                pass
            self.redis = None
        redis_server, self.embedded_redis = self.embedded_redis, None
        # the two servers stop at once (each waits on its own child's exit: Redis saving its dump, PostgreSQL
        # its checkpoint); the directory's lock goes only when both are gone
        if redis_server is not None:
            self._redis_stop = threading.Thread(target=redis_server.stop, name="novaberg-redis-stop")
            self._redis_stop.start()
        if self.db is not None:
            self.db.close()
            self.db = None  # type: ignore[assignment]
        pg, self.embedded_pg = self.embedded_pg, None
        if pg is not None:
            pg.stop()
        if self._redis_stop is not None:  # also a second close after a signal cut the first one short here
            self._redis_stop.join()
            self._redis_stop = None
        data_dir, self.data_dir = self.data_dir, None
        stop_embedded(None, None, data_dir)


def _claim(settings: Settings, role: str) -> tuple[DataDir | None, tuple[Owner, str, str] | None]:
    """Own the data directory, or (beside a lasting owner) its servers' addresses: (owner, PostgreSQL URL,
    Redis socket). A one-shot owner is waited for, saying so once; a sole role is refused beside a lasting
    owner, and the facade's default role beside any."""
    began = time.monotonic()
    said = False
    while True:
        try:
            return DataDir.open(settings.data_dir, role=role), None
        except DataDirInUseError as busy:
            owner, refusal = Owner.of(busy), busy
            if role == DEFAULT_ROLE or (role in SOLE_ROLES and owner.role in LASTING_ROLES):
                raise
        if owner.role in LASTING_ROLES:
            addresses = _servers_of(settings)
            if addresses is not None:
                return None, (owner, *addresses)
        waited = time.monotonic() - began
        if waited > CLAIM_SECONDS:
            raise DataDirInUseError(f"{refusal} (waited {CLAIM_SECONDS:.0f} s for it)", owner.pid, owner.role)
        if not said and waited > _SAY_WAITING_AFTER:
            _log.warning("waiting for novaberg process %s (%s) on %s", owner.pid, owner.role, settings.data_dir)
            said = True
        time.sleep(0.05)


def _servers_of(settings: Settings) -> tuple[str, str] | None:
    """The PostgreSQL URL and Redis socket of the owner's embedded servers once both answer, else None."""
    data_dir = settings.data_dir.expanduser()
    pg_url = ready_url(data_dir / "pg")
    try:
        redis_socket = running_socket(data_dir / "redis.db")
    except DatabaseError:
        return None
    return (pg_url, str(redis_socket)) if pg_url is not None and redis_socket.exists() else None


def stop_embedded(redis_server: EmbeddedRedis | None, pg: EmbeddedPostgres | None, data_dir: DataDir | None) -> None:
    """Stop what a data directory's embedded servers started, in reverse order: Redis, PostgreSQL, then the
    directory's lock (`Stack`, and a backup that started the servers itself)."""
    if redis_server is not None:
        redis_server.stop()
    if pg is not None:
        pg.stop()
    if data_dir is not None:
        data_dir.release()
