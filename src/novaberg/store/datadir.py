"""The data directory: where the embedded servers keep their files, guarded by one process lock.

The process holding the lock owns the embedded servers (starts and stops them); its lock file says its pid and
what it runs (its role). A `serve` or `chat` owner lasts, so other commands attach to its servers instead of
waiting for it (`store.stack`); a one-shot owner is waited for. The lock is an flock: a killed owner's lock is
gone with the process, and the next start takes over.
"""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from novaberg.core.errors import DataDirError, DataDirInUseError

__all__ = ["DataDir", "MARKER_NAME", "FORMAT_VERSION", "LASTING_ROLES", "DEFAULT_ROLE", "Owner"]

MARKER_NAME = "novaberg.json"
FORMAT_VERSION = 1
_LOCK_NAME = "novaberg.lock"
DEFAULT_ROLE = "novaberg"  # an owner that did not say what it runs (the Python facade, a backup)
# Owners that run until stopped: the others attach to their servers (the rest are waited for)
LASTING_ROLES = frozenset({"serve", "chat"})


@dataclass(frozen=True)
class Owner:
    """The process that holds a data directory's lock: its pid and what it runs."""

    pid: int | None
    role: str

    @classmethod
    def of(cls, busy: DataDirInUseError) -> Owner:
        return cls(busy.pid, busy.role or DEFAULT_ROLE)

    def __str__(self) -> str:
        return f"pid {self.pid or 'unknown'}, {self.role}"


@dataclass
class DataDir:
    """An opened data directory; holds an exclusive lock until `release()`."""

    path: Path
    _lock: IO[str] | None = None

    @classmethod
    def open(cls, path: Path, role: str = DEFAULT_ROLE) -> DataDir:
        """Create on first use, refuse what looks corrupt (nothing is ever deleted), lock against a second process;
        `role` (one word: what this process runs) goes into the lock file beside the pid."""
        path = Path(path).expanduser()
        if path.exists() and not path.is_dir():
            raise DataDirError(f"data directory {path} exists but is not a directory")
        if not path.exists():
            # the default lives under ~/.local/share, which a fresh machine may not have
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            path.mkdir(mode=0o700, exist_ok=True)
        marker = path / MARKER_NAME
        if marker.exists():
            _check_marker(marker)
        elif any(path.iterdir()):
            if (path / "pg").exists() or (path / "redis.db").exists():
                raise DataDirError(
                    f"data directory {path} holds database files but no {MARKER_NAME}: it looks corrupt or "
                    "belongs to another program. Nothing was changed; move it away or choose another --data-dir"
                )
        data_dir = cls(path)
        data_dir._acquire(role)
        if not marker.exists():
            marker.write_text(json.dumps({"format": FORMAT_VERSION}) + "\n")
        data_dir.make_private()
        return data_dir

    def make_private(self) -> None:
        """0700 for the directory, 0600 for the files we keep in it (nothing of a person readable by another account); the embedded
        servers' own folders keep the modes their servers insist on (PostgreSQL: 0700 and 0600)."""
        if self.path.stat().st_uid == os.geteuid():
            self.path.chmod(0o700)
        for entry in self.path.iterdir():
            if entry.is_file() and not entry.is_symlink() and entry.stat().st_uid == os.geteuid():
                entry.chmod(0o600)

    @property
    def pg_dir(self) -> Path:
        return self.path / "pg"

    @property
    def redis_file(self) -> Path:
        return self.path / "redis.db"

    def _acquire(self, role: str) -> None:
        lock_path = self.path / _LOCK_NAME
        descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        lock_file = os.fdopen(descriptor, "a+")  # held for the process lifetime
        try:
            fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            lock_file.seek(0)
            pid, held_by = _holder(lock_file.read())
            lock_file.close()
            raise DataDirInUseError(
                f"data directory {self.path} is in use by another novaberg process (pid {pid or 'unknown'}, "
                f"{held_by}), which runs its embedded database. Only one `serve` or `chat` can run it; the other "
                "commands work beside that process. Stop it, choose another --data-dir, or point "
                "NOVABERG_DATABASE_URL and NOVABERG_REDIS_URL at shared servers", pid=pid, role=held_by,
            ) from err
        lock_file.seek(0)
        lock_file.truncate()
        lock_file.write(f"{os.getpid()} {role.split()[0] if role.strip() else DEFAULT_ROLE}")
        lock_file.flush()
        self._lock = lock_file

    def release(self) -> None:
        if self._lock is not None:
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None


def _holder(content: str) -> tuple[int | None, str]:
    """The pid and role a lock file names ("<pid> <role>"; an older novaberg wrote the pid alone)."""
    words = content.split()
    pid = int(words[0]) if words and words[0].isdigit() else None
    return pid, words[1] if len(words) > 1 else DEFAULT_ROLE


def _check_marker(marker: Path) -> None:
    try:
        content = json.loads(marker.read_text())
        version = content["format"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise DataDirError(f"{marker} is unreadable or corrupt ({err}); nothing was changed") from err
    if version != FORMAT_VERSION:
        raise DataDirError(f"{marker} has format {version!r}, this novaberg reads format {FORMAT_VERSION}")
