"""The system user the embedded PostgreSQL runs as when novaberg runs as root (PostgreSQL refuses root).

Only what that user needs is opened to it: its own cluster folder (owned by it, 0700) and search
permission (x, never read) on the folders above; the data directory itself is handed to it with 0700,
root keeps access through its privileges.
"""

from __future__ import annotations

import logging
import os
import pwd
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

from novaberg.core.errors import DatabaseError

__all__ = ["ServiceUser", "service_user", "SERVICE_USER_NAME"]

SERVICE_USER_NAME = "novaberg-pg"
_log = logging.getLogger("novaberg.store")


@dataclass(frozen=True)
class ServiceUser:
    name: str
    uid: int
    gid: int

    def own(self, path: Path) -> None:
        os.chown(path, self.uid, self.gid)

    def can_traverse(self, folder: Path) -> bool:
        info = folder.stat()
        if info.st_uid == self.uid:
            return bool(info.st_mode & stat.S_IXUSR)
        if info.st_gid == self.gid:
            return bool(info.st_mode & stat.S_IXGRP)
        return bool(info.st_mode & stat.S_IXOTH)

    def grant_traversal(self, folder: Path) -> None:
        """Make `folder` and every folder above it passable for this user. The data directory (the folder
        given) is handed over with 0700; above it only the search bit for others is added, where missing."""
        folder = folder.resolve()
        if folder.stat().st_uid != self.uid:
            self.own(folder)
        folder.chmod(0o700)
        for above in folder.parents:
            if not self.can_traverse(above):
                above.chmod(above.stat().st_mode | stat.S_IXOTH)
                _log.warning("gave others search permission (x, not read) on %s so that the database user "
                             "%s can reach the data directory", above, self.name)


def service_user() -> ServiceUser:
    """The service user, created on first use (useradd --system)."""
    try:
        entry = pwd.getpwnam(SERVICE_USER_NAME)
    except KeyError:
        useradd = shutil.which("useradd") or "/usr/sbin/useradd"
        try:
            subprocess.run([useradd, "--system", "--no-create-home", "--home-dir", "/nonexistent",
                            "--shell", "/usr/sbin/nologin", SERVICE_USER_NAME],
                           check=True, capture_output=True, timeout=30)
        except (OSError, subprocess.SubprocessError) as err:
            raise DatabaseError(
                f"novaberg runs as root, and PostgreSQL does not: creating the system user "
                f"{SERVICE_USER_NAME!r} failed ({err}). Run novaberg as an ordinary user, or create that user"
            ) from err
        entry = pwd.getpwnam(SERVICE_USER_NAME)
    return ServiceUser(SERVICE_USER_NAME, entry.pw_uid, entry.pw_gid)
