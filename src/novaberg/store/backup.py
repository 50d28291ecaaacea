"""Backup of one data directory: `novaberg backup DEST` (restore: `store/restore.py`, the format: `store/backup_archive.py`).

One archive (an uncompressed tar) holds:

- `database.pgdump`: `pg_dump --format=custom` of the embedded PostgreSQL — one snapshot, taken while
  the server runs (pg_dump reads in one repeatable-read transaction);
- `redis.jsonl`: every Redis key with its remaining time to live and its `DUMP` payload, read by one Lua
  script — Redis runs a script atomically, so the keys are one consistent state;
- `files/…`: every file of the data directory the servers do not own (knowledge zones and their archives,
  the API token, the person tokens, the data directory marker);
- `manifest.json`, written last: format, versions (app, schema migrations, PostgreSQL, Redis), the
  non-secret settings, and the size and sha256 of every other member.

The database snapshot and the Redis read are a moment apart (each is consistent in itself): a turn that
ends between them may be in one and not the other — at worst a short-term entry or a pending question
without its turn, never a half-written row.

The archive is written under a `.partial` name and linked to its final name only when complete; an
interrupted backup leaves no file that looks like one (and a truncated tar has no manifest, so `restore`
refuses it). `restore` reads and checks the whole archive before it creates anything, writes only into an
empty or missing directory, and removes what it wrote when it fails half-way.

A database or Redis given by URL (an external server) is not in the archive: `backup` checks it answers and
says what the operator's own backup of that server must include.
"""

from __future__ import annotations

import contextlib
import json
import os
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import psycopg
import redis as redis_lib

from novaberg.core.errors import DataDirInUseError
from novaberg.core.redact import redact_credentials
from novaberg.core.settings import Settings
from novaberg.store.backup_archive import (
    ARCHIVE_FORMAT,
    ARCHIVE_VERSION,
    DB_MEMBER,
    DUMP_SCRIPT,
    EPHEMERAL_KEYS,
    EPHEMERAL_PREFIXES,
    FILES_PREFIX,
    LAST_BACKUP_NAME,
    MANIFEST,
    OLD_CLUSTER,
    REDIS_MEMBER,
    SERVER_ENTRIES,
    BackupError,
    add_bytes,
    add_file,
    app_version,
    b64,
    file_digest,
    fsync_dir,
    fsync_file,
    run_tool,
)
from novaberg.store.datadir import MARKER_NAME, DataDir
from novaberg.store.embedded import EmbeddedPostgres, server_bin_dir, socket_url
from novaberg.store.embedded_redis import EmbeddedRedis, running_socket
from novaberg.store.stack import stop_embedded

__all__ = ["BackupReport", "create_backup", "last_backup", "redis_state", "redis_dump_lines", "LAST_BACKUP_NAME",
           "ARCHIVE_FORMAT", "ARCHIVE_VERSION", "EPHEMERAL_KEYS", "BackupError"]


@dataclass
class BackupReport:
    archive: Path | None
    created_at: str
    bytes: int = 0
    sha256: str = ""
    members: dict[str, int] = field(default_factory=dict)
    external: dict[str, str] = field(default_factory=dict)  # part -> what the operator's own backup must hold

    def as_dict(self) -> dict[str, Any]:
        return {"archiv": str(self.archive) if self.archive else None, "erstellt": self.created_at,
                "bytes": self.bytes, "sha256": self.sha256, "teile": self.members, "extern": self.external}



# --- backup ---------------------------------------------------------------------------------------------

def create_backup(settings: Settings, dest: Path, now: datetime) -> BackupReport:
    """Write one archive of the data directory of `settings` to `dest` (a file name, or a folder to put a
    dated name in); the servers may be running (`novaberg serve` holds the directory) or not."""
    data_path = Path(settings.data_dir).expanduser()
    embedded = not settings.database_url or not settings.redis_url
    if embedded and not (data_path / MARKER_NAME).is_file():
        raise BackupError(f"{data_path} is no novaberg data directory ({MARKER_NAME} missing): nothing to back up")
    if not data_path.is_dir():
        raise BackupError(f"the data directory {data_path} does not exist: nothing to back up")
    created_at = now.isoformat()
    target = _target(Path(dest).expanduser(), now)
    if target.absolute().resolve().is_relative_to(data_path.absolute().resolve()):
        raise BackupError(f"{target} lies inside the data directory {data_path}: choose a place outside it")
    external = _check_external(settings)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    members: dict[str, dict[str, Any]] = {}
    try:
        with _sources(settings, data_path) as sources, open(partial, "xb") as raw, \
                tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as archive:
            os.chmod(partial, 0o600)
            versions: dict[str, Any] = {"app": app_version()}
            if sources.db_url is not None:
                with tempfile.TemporaryDirectory(prefix="novaberg-backup-") as scratch:
                    dump = Path(scratch) / DB_MEMBER
                    run_tool([str(server_bin_dir() / "pg_dump"), "--format=custom", "--no-owner", "--file", str(dump),
                          "--dbname", sources.db_url])
                    members[DB_MEMBER] = add_file(archive, DB_MEMBER, dump)
                versions.update(_database_versions(sources.db_url))
            if sources.redis is not None:
                payload, count = redis_dump_lines(sources.redis)
                members[REDIS_MEMBER] = add_bytes(archive, REDIS_MEMBER, payload) | {"keys": count}
                versions["redis"] = sources.redis.info("server").get("redis_version")
            for path, name in _data_files(data_path):
                members[name] = add_file(archive, name, path) | {"mode": path.stat().st_mode & 0o777}
            manifest = {"format": ARCHIVE_FORMAT, "version": ARCHIVE_VERSION, "created_at": created_at,
                        "versions": versions, "settings": _public_settings(settings), "external": external,
                        "members": members}
            add_bytes(archive, MANIFEST, json.dumps(manifest, indent=2, sort_keys=True).encode())
        fsync_file(partial)
        try:
            os.link(partial, target)  # never over an existing file; the complete archive appears at once
        except FileExistsError as err:
            raise BackupError(f"{target} exists already; nothing was overwritten") from err
    finally:
        partial.unlink(missing_ok=True)
    fsync_dir(target.parent)
    digest, size = file_digest(target)
    _record_last_backup(data_path, {"at": created_at, "archive": str(target.absolute()), "bytes": size,
                                    "sha256": digest})
    return BackupReport(target, created_at, size, digest, {name: int(m["size"]) for name, m in members.items()},
                        external)


def _target(dest: Path, now: datetime) -> Path:
    if dest.is_dir():
        dest = dest / f"novaberg-backup-{now.strftime('%Y%m%dT%H%M%S%z')}.tar"
    if dest.exists():
        raise BackupError(f"{dest} exists already; nothing was overwritten")
    if not dest.parent.is_dir():
        raise BackupError(f"the folder {dest.parent} does not exist")
    return dest


@dataclass
class _Sources:
    db_url: str | None
    redis: Any  # a client answering bytes, or None for an external Redis


@contextlib.contextmanager
def _sources(settings: Settings, data_path: Path) -> Iterator[_Sources]:
    """The embedded servers of the data directory: those of the running process when it holds the
    directory, else started here (and stopped after) under the directory's lock."""
    embedded_pg = not settings.database_url
    embedded_redis = not settings.redis_url
    data_dir: DataDir | None = None
    if embedded_pg or embedded_redis:  # the lock guards the embedded servers only (shared servers: no lock)
        with contextlib.suppress(DataDirInUseError):
            data_dir = DataDir.open(data_path)
    pg: EmbeddedPostgres | None = None
    redis_server: EmbeddedRedis | None = None
    client: Any = None
    try:
        db_url: str | None = None
        if embedded_pg:
            if data_dir is None:
                db_url = socket_url(data_path / "pg")
            else:
                pg = EmbeddedPostgres(data_dir.pg_dir)
                db_url = pg.url
        if embedded_redis:
            if data_dir is None:
                socket = running_socket(data_path / "redis.db")
            else:
                redis_server = EmbeddedRedis(data_path / "redis.db")
                socket = redis_server.socket
            client = redis_lib.Redis(unix_socket_path=str(socket), socket_timeout=60, socket_connect_timeout=5)
            try:
                client.ping()
            except redis_lib.RedisError as err:
                raise BackupError(f"the embedded Redis of {data_path} does not answer: {err}") from err
        yield _Sources(db_url, client)
    finally:
        if client is not None:
            client.close()
        stop_embedded(redis_server, pg, data_dir)


def redis_dump_lines(client: Any) -> tuple[bytes, int]:
    """Every key (but the ephemeral ones) as JSON lines: key, remaining ms (-1: none), DUMP payload."""
    try:
        flat = client.eval(DUMP_SCRIPT, 0)
    except redis_lib.RedisError as err:
        raise BackupError(f"Redis could not be dumped: {err}") from err
    rows = []
    for index in range(0, len(flat), 3):
        key, ttl, payload = flat[index], int(flat[index + 1]), flat[index + 2]
        if _ephemeral(key) or payload is None:
            continue  # a key that expired between KEYS and DUMP cannot happen inside one script; kept safe
        rows.append((key, ttl, payload))
    rows.sort()
    lines = [json.dumps({"key": b64(key), "pttl": ttl, "dump": b64(payload)}) for key, ttl, payload in rows]
    return ("\n".join(lines) + ("\n" if lines else "")).encode(), len(rows)


def redis_state(client: Any) -> dict[bytes, bytes]:
    """key → DUMP payload of every non-ephemeral key (tests compare two servers with it)."""
    flat = client.eval(DUMP_SCRIPT, 0)
    return {flat[i]: flat[i + 2] for i in range(0, len(flat), 3) if not _ephemeral(flat[i])}


def _ephemeral(key: bytes) -> bool:
    name = key.decode(errors="replace")
    return name in EPHEMERAL_KEYS or name.startswith(EPHEMERAL_PREFIXES)


def _data_files(data_path: Path) -> list[tuple[Path, str]]:
    """Every regular file the servers do not own, with its archive name; symlinks are never followed."""
    found: list[tuple[Path, str]] = []
    for top in sorted(data_path.iterdir()):
        if top.name in SERVER_ENTRIES or OLD_CLUSTER.match(top.name) or top.is_symlink():
            continue
        candidates = [top] if top.is_file() else sorted(p for p in top.rglob("*") if not p.is_symlink())
        for path in candidates:
            if path.is_file() and not path.is_symlink():
                found.append((path, FILES_PREFIX + path.relative_to(data_path).as_posix()))
    return found


def _check_external(settings: Settings) -> dict[str, str]:
    """For each part on an external server: that it answers, and what the operator's own backup must hold."""
    external: dict[str, str] = {}
    if settings.database_url:
        where = redact_credentials(settings.database_url)
        try:
            with psycopg.connect(settings.database_url, connect_timeout=5) as conn:
                name = conn.execute("SELECT current_database()").fetchone()[0]
        except psycopg.Error as err:
            raise BackupError(f"the database {where} does not answer: {redact_credentials(str(err))}") from err
        external["database"] = (f"PostgreSQL {where}: the whole database {name!r} (every table, the extensions "
                                "vector and pg_trgm, the table schema_migrations), e.g. pg_dump --format=custom")
    if settings.redis_url:
        where = redact_credentials(settings.redis_url)
        try:
            client = redis_lib.Redis.from_url(settings.redis_url, socket_timeout=5, socket_connect_timeout=5)
            client.ping()
            client.close()
        except (redis_lib.RedisError, ValueError) as err:
            raise BackupError(f"Redis {where} does not answer: {redact_credentials(str(err))}") from err
        external["redis"] = (f"Redis {where}: every key of its database (short-term memory, queues, pending "
                             "questions), e.g. its RDB snapshot (BGSAVE) or AOF")
    return external


def _database_versions(url: str) -> dict[str, Any]:
    with psycopg.connect(url, connect_timeout=5) as conn:
        server = conn.execute("SHOW server_version").fetchone()[0]
        applied = conn.execute("SELECT module, version, checksum FROM schema_migrations "
                               "ORDER BY module, version").fetchall()
    return {"postgres": server.split()[0],
            "schema_migrations": [{"module": m, "version": v, "checksum": c} for m, v, c in applied]}


def _public_settings(settings: Settings) -> dict[str, Any]:
    """The settings that shaped the data (never the model key; URLs without their credentials)."""
    def clean(url: str | None) -> str | None:
        return redact_credentials(url) if url else None

    return {"timezone": settings.timezone, "llm": settings.llm, "llm_url": clean(settings.llm_url),
            "embedder": settings.embedder, "embed_url": clean(settings.embed_url),
            "session_days": settings.session_days, "database_url": clean(settings.database_url),
            "redis_url": clean(settings.redis_url)}


def _record_last_backup(data_path: Path, record: dict[str, Any]) -> None:
    """`<data dir>/last-backup.json`, written atomically; `doctor` shows it."""
    temporary = data_path / f".{LAST_BACKUP_NAME}.{os.getpid()}"
    temporary.write_text(json.dumps(record, indent=2) + "\n")
    os.chmod(temporary, 0o600)
    os.replace(temporary, data_path / LAST_BACKUP_NAME)


def last_backup(data_path: Path) -> dict[str, Any] | None:
    """The record of the last successful backup of this data directory, None when there was none."""
    try:
        record = json.loads((Path(data_path) / LAST_BACKUP_NAME).read_text())
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


