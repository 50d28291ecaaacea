"""Backup and restore of one data directory: `novaberg backup DEST`, `novaberg restore`.

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

import base64
import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import IO, Any

import psycopg
import redis as redis_lib

from novaberg.core.errors import DataDirInUseError, NovabergError
from novaberg.core.redact import redact_credentials
from novaberg.core.settings import Settings
from novaberg.store.datadir import MARKER_NAME, DataDir
from novaberg.store.embedded import PG_MAJOR, EmbeddedPostgres, server_bin_dir, socket_url
from novaberg.store.embedded_redis import EmbeddedRedis, running_socket
from novaberg.store.migrations import discover
from novaberg.store.person_gate import GATE_PREFIX
from novaberg.store.stack import stop_embedded

__all__ = ["ARCHIVE_FORMAT", "ARCHIVE_VERSION", "BackupError", "BackupReport", "RestoreReport", "LAST_BACKUP_NAME",
           "create_backup", "restore_backup", "read_manifest", "last_backup", "EPHEMERAL_KEYS", "redis_state"]

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
_SERVER_ENTRIES = frozenset({"pg", "pg.init", "pg.log", "novaberg.lock", "redis.db", "redis.db.aof", "redis.db.log",
                             "redis.db.pid", "redis.db.sock", "appendonlydir", LAST_BACKUP_NAME})
_OLD_CLUSTER = re.compile(r"^pg\d+-backup(-\d+)?$")  # kept by `migrate-data`: an operator's copy, not state
_DUMP_SCRIPT = """
local out = {}
for _, key in ipairs(redis.call('KEYS', '*')) do
  out[#out + 1] = key
  out[#out + 1] = redis.call('PTTL', key)
  out[#out + 1] = redis.call('DUMP', key)
end
return out
"""
_TOOL_SECONDS = 600
_CHUNK = 1 << 20


class BackupError(NovabergError):
    """A backup that cannot be written, or an archive or target that restore refuses; nothing was changed."""


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


@dataclass
class RestoreReport:
    data_dir: Path
    tables: int
    redis_keys: int
    files: int
    external: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"data_dir": str(self.data_dir), "tabellen": self.tables, "redis_schluessel": self.redis_keys,
                "dateien": self.files, "extern": self.external}


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
            versions: dict[str, Any] = {"app": _app_version()}
            if sources.db_url is not None:
                with tempfile.TemporaryDirectory(prefix="novaberg-backup-") as scratch:
                    dump = Path(scratch) / DB_MEMBER
                    _run([str(server_bin_dir() / "pg_dump"), "--format=custom", "--no-owner", "--file", str(dump),
                          "--dbname", sources.db_url])
                    members[DB_MEMBER] = _add_file(archive, DB_MEMBER, dump)
                versions.update(_database_versions(sources.db_url))
            if sources.redis is not None:
                payload, count = redis_dump_lines(sources.redis)
                members[REDIS_MEMBER] = _add_bytes(archive, REDIS_MEMBER, payload) | {"keys": count}
                versions["redis"] = sources.redis.info("server").get("redis_version")
            for path, name in _data_files(data_path):
                members[name] = _add_file(archive, name, path) | {"mode": path.stat().st_mode & 0o777}
            manifest = {"format": ARCHIVE_FORMAT, "version": ARCHIVE_VERSION, "created_at": created_at,
                        "versions": versions, "settings": _public_settings(settings), "external": external,
                        "members": members}
            _add_bytes(archive, MANIFEST, json.dumps(manifest, indent=2, sort_keys=True).encode())
        _fsync(partial)
        try:
            os.link(partial, target)  # never over an existing file; the complete archive appears at once
        except FileExistsError as err:
            raise BackupError(f"{target} exists already; nothing was overwritten") from err
    finally:
        partial.unlink(missing_ok=True)
    _fsync_dir(target.parent)
    digest, size = _digest(target)
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
        flat = client.eval(_DUMP_SCRIPT, 0)
    except redis_lib.RedisError as err:
        raise BackupError(f"Redis could not be dumped: {err}") from err
    rows = []
    for index in range(0, len(flat), 3):
        key, ttl, payload = flat[index], int(flat[index + 1]), flat[index + 2]
        if _ephemeral(key) or payload is None:
            continue  # a key that expired between KEYS and DUMP cannot happen inside one script; kept safe
        rows.append((key, ttl, payload))
    rows.sort()
    lines = [json.dumps({"key": _b64(key), "pttl": ttl, "dump": _b64(payload)}) for key, ttl, payload in rows]
    return ("\n".join(lines) + ("\n" if lines else "")).encode(), len(rows)


def redis_state(client: Any) -> dict[bytes, bytes]:
    """key → DUMP payload of every non-ephemeral key (tests compare two servers with it)."""
    flat = client.eval(_DUMP_SCRIPT, 0)
    return {flat[i]: flat[i + 2] for i in range(0, len(flat), 3) if not _ephemeral(flat[i])}


def _ephemeral(key: bytes) -> bool:
    name = key.decode(errors="replace")
    return name in EPHEMERAL_KEYS or name.startswith(EPHEMERAL_PREFIXES)


def _data_files(data_path: Path) -> list[tuple[Path, str]]:
    """Every regular file the servers do not own, with its archive name; symlinks are never followed."""
    found: list[tuple[Path, str]] = []
    for top in sorted(data_path.iterdir()):
        if top.name in _SERVER_ENTRIES or _OLD_CLUSTER.match(top.name) or top.is_symlink():
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


# --- restore --------------------------------------------------------------------------------------------

def read_manifest(archive_path: Path) -> dict[str, Any]:
    """The manifest of a complete, intact archive this novaberg can restore; BackupError otherwise. Every
    member is read and its checksum compared: nothing is trusted that was not checked."""
    try:
        with tarfile.open(archive_path, mode="r:") as archive:
            entries = archive.getmembers()
            by_name = {entry.name: entry for entry in entries}
            if MANIFEST not in by_name:
                raise BackupError(f"{archive_path} has no {MANIFEST}: not a complete novaberg backup")
            manifest = _load_manifest(archive, by_name[MANIFEST])
            listed: dict[str, Any] = manifest["members"]
            for entry in entries:
                if entry.name == MANIFEST:
                    continue
                if entry.name not in listed or not entry.isfile() or not _safe_name(entry.name):
                    raise BackupError(f"{archive_path} holds {entry.name!r}, which its manifest does not list")
            for name, expected in listed.items():
                if name not in by_name:
                    raise BackupError(f"{archive_path} lacks {name!r}, which its manifest lists")
                digest, size = _digest_stream(archive.extractfile(by_name[name]))
                if digest != expected.get("sha256") or size != expected.get("size"):
                    raise BackupError(f"{archive_path}: {name!r} does not match its checksum (corrupt archive)")
    except (tarfile.TarError, OSError, EOFError) as err:
        raise BackupError(f"{archive_path} is not a readable novaberg backup ({err})") from err
    _check_compatible(manifest)
    return manifest


def _load_manifest(archive: tarfile.TarFile, entry: tarfile.TarInfo) -> dict[str, Any]:
    try:
        manifest = json.loads(archive.extractfile(entry).read())  # type: ignore[union-attr]
    except (ValueError, AttributeError) as err:
        raise BackupError(f"the manifest is unreadable ({err}): not a novaberg backup") from err
    if not isinstance(manifest, dict) or manifest.get("format") != ARCHIVE_FORMAT:
        raise BackupError("the archive is not a novaberg backup (foreign manifest)")
    if not isinstance(manifest.get("members"), dict) or not isinstance(manifest.get("versions"), dict):
        raise BackupError("the manifest of the archive is incomplete")
    return manifest


def _check_compatible(manifest: dict[str, Any]) -> None:
    if manifest.get("version") != ARCHIVE_VERSION:
        raise BackupError(f"the archive has format version {manifest.get('version')!r}; this novaberg reads "
                          f"version {ARCHIVE_VERSION}")
    versions = manifest["versions"]
    if DB_MEMBER in manifest["members"]:
        major = str(versions.get("postgres", "")).split(".")[0]
        if not major.isdigit() or int(major) > PG_MAJOR:
            raise BackupError(f"the database dump is of PostgreSQL {versions.get('postgres')!r}; this novaberg "
                              f"restores up to PostgreSQL {PG_MAJOR}")
        known = {(m.module, m.version): m.checksum for m in discover()}
        for applied in versions.get("schema_migrations", []):
            key = (applied.get("module"), applied.get("version"))
            if known.get(key) != applied.get("checksum"):
                raise BackupError(f"the archive's schema has migration {key[0]}/{key[1]} that this novaberg "
                                  "does not know (made by a newer or different version): restore it with that one")


def restore_backup(archive_path: Path, target: Path, say: Callable[[str], None] = lambda _text: None) -> RestoreReport:
    """Rebuild a data directory from `archive_path` into `target` (missing or empty)."""
    target = Path(target).expanduser().absolute()
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BackupError(f"{target} is not empty: a restore writes only into an empty or new directory; "
                          "nothing was changed")
    manifest = read_manifest(archive_path)
    say("archive checked: manifest and every checksum match")
    existed = target.exists()
    try:
        return _restore_into(Path(archive_path), target, manifest, say)
    except BaseException:
        _clear(target, keep_folder=existed)  # it was empty: what is there now is ours, half-written
        raise


def _restore_into(archive_path: Path, target: Path, manifest: dict[str, Any],
                  say: Callable[[str], None]) -> RestoreReport:
    members = manifest["members"]
    data_dir = DataDir.open(target)
    pg: EmbeddedPostgres | None = None
    redis_server: EmbeddedRedis | None = None
    tables = keys = files = 0
    try:
        with tarfile.open(archive_path, mode="r:") as archive, \
                tempfile.TemporaryDirectory(prefix="novaberg-restore-") as scratch:
            if DB_MEMBER in members:
                dump = Path(scratch) / DB_MEMBER
                _extract_checked(archive, DB_MEMBER, members[DB_MEMBER], dump)
                os.chmod(scratch, 0o755)  # pg_restore runs as us; the server never reads the file
                pg = EmbeddedPostgres(data_dir.pg_dir)
                _run([str(server_bin_dir() / "pg_restore"), "--exit-on-error", "--single-transaction",
                      "--no-owner", "--dbname", pg.url, str(dump)])
                with psycopg.connect(pg.url) as conn:
                    tables = conn.execute("SELECT count(*) FROM information_schema.tables "
                                          "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'").fetchone()[0]
                say(f"database restored ({tables} tables)")
            if REDIS_MEMBER in members:
                buffer = io.BytesIO()
                _extract_checked(archive, REDIS_MEMBER, members[REDIS_MEMBER], buffer)
                redis_server = EmbeddedRedis(data_dir.redis_file)
                keys = _restore_keys(redis_server.socket, buffer.getvalue())
                say(f"Redis restored ({keys} keys)")
            for name, expected in members.items():
                if not name.startswith(FILES_PREFIX):
                    continue
                destination = target.joinpath(*PurePosixPath(name[len(FILES_PREFIX):]).parts)
                _make_private_parents(destination, target)
                fresh = destination != target / MARKER_NAME  # the marker DataDir.open just wrote is replaced
                with open(destination, "xb" if fresh else "wb") as out:
                    _extract_checked(archive, name, expected, out)
                os.chmod(destination, int(expected.get("mode", 0o600)) & 0o700 or 0o600)
                files += 1
            say(f"{files} files restored")
    finally:
        if redis_server is not None:
            redis_server.stop()  # saves its dump
        if pg is not None:
            pg.stop()
        data_dir.release()
    return RestoreReport(target, int(tables), keys, files, dict(manifest.get("external") or {}))


def _restore_keys(socket: Path, payload: bytes) -> int:
    client = redis_lib.Redis(unix_socket_path=str(socket), socket_timeout=60, socket_connect_timeout=5)
    count = 0
    try:
        pipe = client.pipeline(transaction=True)
        for line in payload.splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            ttl = int(row["pttl"])
            pipe.restore(base64.b64decode(row["key"]), max(ttl, 0), base64.b64decode(row["dump"]), replace=True)
            count += 1
        pipe.execute()
        client.save()
    except (redis_lib.RedisError, ValueError, KeyError) as err:
        raise BackupError(f"the Redis keys could not be restored: {err}") from err
    finally:
        client.close()
    return count


def _extract_checked(archive: tarfile.TarFile, name: str, expected: dict[str, Any], out: Path | IO[bytes]) -> None:
    """Copy one member out, checking its checksum again on the way (the archive may have changed since)."""
    source = archive.extractfile(name)
    if source is None:
        raise BackupError(f"{name!r} is not a file in the archive")
    digest = hashlib.sha256()
    size = 0
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(open(out, "xb")) if isinstance(out, Path) else out
        while chunk := source.read(_CHUNK):
            digest.update(chunk)
            size += len(chunk)
            sink.write(chunk)
    if digest.hexdigest() != expected.get("sha256") or size != expected.get("size"):
        raise BackupError(f"{name!r} changed while it was restored (corrupt archive)")


def _make_private_parents(destination: Path, root: Path) -> None:
    folder = destination.parent
    missing: list[Path] = []
    while folder != root and not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for path in reversed(missing):
        path.mkdir(mode=0o700)


def _clear(target: Path, keep_folder: bool) -> None:
    if not target.exists():
        return
    if not keep_folder:
        shutil.rmtree(target, ignore_errors=True)
        return
    for entry in target.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


# --- helpers --------------------------------------------------------------------------------------------

def _safe_name(name: str) -> bool:
    path = PurePosixPath(name)
    return not path.is_absolute() and ".." not in path.parts and name in (DB_MEMBER, REDIS_MEMBER) \
        or (name.startswith(FILES_PREFIX) and not path.is_absolute() and ".." not in path.parts
            and len(path.parts) > 1)


def _add_file(archive: tarfile.TarFile, name: str, path: Path) -> dict[str, Any]:
    digest, size = _digest(path)
    info = tarfile.TarInfo(name)
    info.size = size
    info.mode = 0o600
    with open(path, "rb") as source:
        archive.addfile(info, source)
    return {"sha256": digest, "size": size}


def _add_bytes(archive: tarfile.TarFile, name: str, payload: bytes) -> dict[str, Any]:
    info = tarfile.TarInfo(name)
    info.size = len(payload)
    info.mode = 0o600
    archive.addfile(info, io.BytesIO(payload))
    return {"sha256": hashlib.sha256(payload).hexdigest(), "size": len(payload)}


def _digest(path: Path) -> tuple[str, int]:
    with open(path, "rb") as source:
        return _digest_stream(source)


def _digest_stream(source: IO[bytes] | None) -> tuple[str, int]:
    if source is None:
        return "", -1
    digest = hashlib.sha256()
    size = 0
    while chunk := source.read(_CHUNK):
        digest.update(chunk)
        size += len(chunk)
    return digest.hexdigest(), size


def _b64(value: bytes) -> str:
    return base64.b64encode(value).decode()


def _run(command: list[str]) -> None:
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=_TOOL_SECONDS)
    except subprocess.CalledProcessError as err:
        lines = (err.stderr or b"").decode(errors="replace").strip().splitlines()
        raise BackupError(f"{Path(command[0]).name} failed: {redact_credentials(' | '.join(lines[-3:]))}") from err
    except (OSError, subprocess.TimeoutExpired) as err:
        raise BackupError(f"{Path(command[0]).name} failed: {err}") from err


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _app_version() -> str:
    try:
        return metadata.version("novaberg")
    except metadata.PackageNotFoundError:
        return "unknown"
