"""Restore of one data directory from a backup archive (`novaberg restore`): the whole archive is read and checked
before anything is created, it writes only into an empty or missing directory, and it removes what it wrote when it
fails half-way.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import io
import json
import os
import shutil
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO, Any

import psycopg
import redis as redis_lib

from novaberg.store.backup_archive import (
    ARCHIVE_FORMAT,
    ARCHIVE_VERSION,
    CHUNK,
    DB_MEMBER,
    FILES_PREFIX,
    MANIFEST,
    REDIS_MEMBER,
    BackupError,
    run_tool,
    safe_member_name,
    stream_digest,
)
from novaberg.store.datadir import MARKER_NAME, DataDir
from novaberg.store.embedded import PG_MAJOR, EmbeddedPostgres, server_bin_dir
from novaberg.store.embedded_redis import EmbeddedRedis
from novaberg.store.migrations import discover

__all__ = ["RestoreReport", "restore_backup", "read_manifest"]


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
                if entry.name not in listed or not entry.isfile() or not safe_member_name(entry.name):
                    raise BackupError(f"{archive_path} holds {entry.name!r}, which its manifest does not list")
            for name, expected in listed.items():
                if name not in by_name:
                    raise BackupError(f"{archive_path} lacks {name!r}, which its manifest lists")
                digest, size = stream_digest(archive.extractfile(by_name[name]))
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
                run_tool([str(server_bin_dir() / "pg_restore"), "--exit-on-error", "--single-transaction",
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
        while chunk := source.read(CHUNK):
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


