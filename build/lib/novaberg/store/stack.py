"""The storage stack of one process: data directory, PostgreSQL (embedded or by URL), Redis, schema."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from novaberg.core import startup
from novaberg.core.settings import Settings
from novaberg.store.datadir import DataDir
from novaberg.store.db import Database
from novaberg.store.embedded import EmbeddedPostgres
from novaberg.store.embedded_redis import EmbeddedRedis
from novaberg.store.migrations import migrate
from novaberg.store.redis_store import connect_redis

__all__ = ["Stack", "stop_embedded"]


@dataclass
class Stack:
    db: Database
    redis: Any
    data_dir: DataDir | None = None
    embedded_pg: EmbeddedPostgres | None = None
    embedded_redis: EmbeddedRedis | None = None
    timings: dict[str, float] = field(default_factory=dict)

    @classmethod
    def open(cls, settings: Settings) -> Stack:
        """Start what is embedded, connect, migrate. On failure everything started so far is stopped."""
        timings: dict[str, float] = {}
        embedded = not settings.database_url or not settings.redis_url
        data_dir = DataDir.open(settings.data_dir) if embedded else None
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
        if redis_server is not None:
            redis_server.stop()
        if self.db is not None:
            self.db.close()
            self.db = None  # type: ignore[assignment]
        pg, self.embedded_pg = self.embedded_pg, None
        data_dir, self.data_dir = self.data_dir, None
        stop_embedded(None, pg, data_dir)


def stop_embedded(redis_server: EmbeddedRedis | None, pg: EmbeddedPostgres | None, data_dir: DataDir | None) -> None:
    """Stop what a data directory's embedded servers started, in reverse order: Redis, PostgreSQL, then the
    directory's lock (`Stack`, and a backup that started the servers itself)."""
    if redis_server is not None:
        redis_server.stop()
    if pg is not None:
        pg.stop()
    if data_dir is not None:
        data_dir.release()
