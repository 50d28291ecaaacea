"""The backup archive's format and the small file tools backup and restore share: member names, the manifest's
format and version, what a data directory holds that the servers own, digests, fsync and the external tools' run.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import io
import os
import re
import subprocess
import tarfile
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import IO, Any

from novaberg.core.errors import NovabergError
from novaberg.core.redact import redact_credentials
from novaberg.store.person_gate import GATE_PREFIX

__all__ = ["ARCHIVE_FORMAT", "ARCHIVE_VERSION", "MANIFEST", "DB_MEMBER", "REDIS_MEMBER", "FILES_PREFIX",
           "LAST_BACKUP_NAME", "EPHEMERAL_KEYS", "EPHEMERAL_PREFIXES", "SERVER_ENTRIES", "OLD_CLUSTER", "DUMP_SCRIPT",
           "TOOL_SECONDS", "CHUNK", "BackupError", "safe_member_name", "add_file", "add_bytes", "file_digest",
           "stream_digest", "b64", "run_tool", "fsync_file", "fsync_dir", "app_version"]

ARCHIVE_FORMAT = "novaberg-backup"
ARCHIVE_VERSION = 1
MANIFEST = "manifest.json"
DB_MEMBER = "database.pgdump"
REDIS_MEMBER = "redis.jsonl"
FILES_PREFIX = "files/"
LAST_BACKUP_NAME = "last-backup.json"
# Keys that describe a running process, not a person's state: the heartbeat lock of the process that was
# running would keep the restored one's heartbeat away for a minute.
# The person gate's counts and marks (`store/person_gate.py`) belong to running turns and erasures likewise.
EPHEMERAL_KEYS = frozenset({"pixie:lock"})
EPHEMERAL_PREFIXES = (GATE_PREFIX,)
# What the embedded servers (and this module) own at the top of a data directory: never copied as files.
SERVER_ENTRIES = frozenset({"pg", "pg.init", "pg.log", "novaberg.lock", "redis.db", "redis.db.aof", "redis.db.log",
                             "redis.db.pid", "redis.db.sock", "appendonlydir", LAST_BACKUP_NAME})
OLD_CLUSTER = re.compile(r"^pg\d+-backup(-\d+)?$")  # kept by `migrate-data`: an operator's copy, not state
DUMP_SCRIPT = """
local out = {}
for _, key in ipairs(redis.call('KEYS', '*')) do
  out[#out + 1] = key
  out[#out + 1] = redis.call('PTTL', key)
  out[#out + 1] = redis.call('DUMP', key)
end
return out
"""
TOOL_SECONDS = 600
CHUNK = 1 << 20



class BackupError(NovabergError):
    """A backup that cannot be written, or an archive or target that restore refuses; nothing was changed."""



# --- helpers --------------------------------------------------------------------------------------------

def safe_member_name(name: str) -> bool:
    path = PurePosixPath(name)
    return not path.is_absolute() and ".." not in path.parts and name in (DB_MEMBER, REDIS_MEMBER) \
        or (name.startswith(FILES_PREFIX) and not path.is_absolute() and ".." not in path.parts
            and len(path.parts) > 1)


def add_file(archive: tarfile.TarFile, name: str, path: Path) -> dict[str, Any]:
    digest, size = file_digest(path)
    info = tarfile.TarInfo(name)
    info.size = size
    info.mode = 0o600
    with open(path, "rb") as source:
        archive.addfile(info, source)
    return {"sha256": digest, "size": size}


def add_bytes(archive: tarfile.TarFile, name: str, payload: bytes) -> dict[str, Any]:
    info = tarfile.TarInfo(name)
    info.size = len(payload)
    info.mode = 0o600
    archive.addfile(info, io.BytesIO(payload))
    return {"sha256": hashlib.sha256(payload).hexdigest(), "size": len(payload)}


def file_digest(path: Path) -> tuple[str, int]:
    with open(path, "rb") as source:
        return stream_digest(source)


def stream_digest(source: IO[bytes] | None) -> tuple[str, int]:
    if source is None:
        return "", -1
    digest = hashlib.sha256()
    size = 0
    while chunk := source.read(CHUNK):
        digest.update(chunk)
        size += len(chunk)
    return digest.hexdigest(), size


def b64(value: bytes) -> str:
    return base64.b64encode(value).decode()


def run_tool(command: list[str]) -> None:
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=TOOL_SECONDS)
    except subprocess.CalledProcessError as err:
        lines = (err.stderr or b"").decode(errors="replace").strip().splitlines()
        raise BackupError(f"{Path(command[0]).name} failed: {redact_credentials(' | '.join(lines[-3:]))}") from err
    except (OSError, subprocess.TimeoutExpired) as err:
        raise BackupError(f"{Path(command[0]).name} failed: {err}") from err


def fsync_file(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def app_version() -> str:
    try:
        return metadata.version("novaberg")
    except metadata.PackageNotFoundError:
        return "unknown"
