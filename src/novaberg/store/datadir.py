"""The data directory: where the embedded servers keep their files, guarded by one process lock."""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from novaberg.core.errors import DataDirError, DataDirInUseError

__all__ = ["DataDir", "MARKER_NAME", "FORMAT_VERSION"]

MARKER_NAME = "novaberg.json"
FORMAT_VERSION = 1
_LOCK_NAME = "novaberg.lock"


@dataclass
class DataDir:
    """An opened data directory; holds an exclusive lock until `release()`."""

    path: Path
    _lock: IO[str] | None = None

    @classmethod
    def open(cls, path: Path) -> DataDir:
        """Create on first use, refuse what looks corrupt (nothing is ever deleted), lock against a second process."""
        path = Path(path).expanduser()
        if path.exists() and not path.is_dir():
            raise DataDirError(f"data directory {path} exists but is not a directory")
        if not path.exists():
            if not path.parent.exists():
                raise DataDirError(
                    f"data directory {path} is missing and its parent {path.parent} does not exist; "
                    "create the parent or choose another --data-dir"
                )
            path.mkdir(mode=0o700)
        marker = path / MARKER_NAME
        if marker.exists():
            _check_marker(marker)
        elif any(path.iterdir()):
            if (path / "pg").exists() or (path / "redis.db").exists():
                raise DataDirError(
                    f"data directory {path} holds database files but no {MARKER_NAME}: it looks corrupt or "
                    "belongs to another program. Nothing was changed; move it away or choose another --data-dir"
                )
        pg_dir = path / "pg"
        if pg_dir.exists() and any(pg_dir.iterdir()) and not (pg_dir / "PG_VERSION").exists():
            raise DataDirError(
                f"{pg_dir} is not a PostgreSQL data directory (PG_VERSION missing): corrupt. Nothing was changed"
            )
        data_dir = cls(path)
        data_dir._acquire()
        if not marker.exists():
            marker.write_text(json.dumps({"format": FORMAT_VERSION}) + "\n")
        return data_dir

    @property
    def pg_dir(self) -> Path:
        return self.path / "pg"

    @property
    def redis_file(self) -> Path:
        return self.path / "redis.db"

    def _acquire(self) -> None:
        lock_file = open(self.path / _LOCK_NAME, "a+")  # noqa: SIM115 - held for the process lifetime
        try:
            fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            lock_file.seek(0)
            holder = lock_file.read().strip() or "unknown"
            lock_file.close()
            raise DataDirInUseError(
                f"data directory {self.path} is in use by another novaberg process (pid {holder}). "
                "The embedded database cannot be shared: stop that process, choose another --data-dir, "
                "or point NOVABERG_DATABASE_URL and NOVABERG_REDIS_URL at shared servers"
            ) from err
        lock_file.seek(0)
        lock_file.truncate()
        lock_file.write(str(os.getpid()))
        lock_file.flush()
        self._lock = lock_file

    def release(self) -> None:
        if self._lock is not None:
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None


def _check_marker(marker: Path) -> None:
    try:
        content = json.loads(marker.read_text())
        version = content["format"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise DataDirError(f"{marker} is unreadable or corrupt ({err}); nothing was changed") from err
    if version != FORMAT_VERSION:
        raise DataDirError(f"{marker} has format {version!r}, this novaberg reads format {FORMAT_VERSION}")
