"""`novaberg migrate-data`: the data of an older data directory (PostgreSQL 16 of `pgserver`) copied into a
new PostgreSQL 18 cluster. Nothing of the old cluster is changed or deleted: a copy of it is started with
the old binaries (the `pgserver` package must be installed for that), its rows are dumped, the new cluster
gets the current schema and the rows in one transaction, the row counts are compared, and only then the
old folder is renamed to a backup and the new one takes its place.

Derived tables (the notes' trigram postings) are not copied: the new cluster's triggers build them.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from novaberg.core.errors import DatabaseError, DataDirError
from novaberg.store.datadir import DataDir
from novaberg.store.db import Database
from novaberg.store.embedded import PG_MAJOR, EmbeddedPostgres, cluster_major, private_umask, server_bin_dir
from novaberg.store.migrations import migrate
from novaberg.store.service_user import ServiceUser, service_user

__all__ = ["MigrationReport", "migrate_data", "old_binaries"]

# Tables the new cluster computes itself, and the migrations' own record.
_NOT_COPIED = ("schema_migrations", "notizen_trigramm_posten")
_TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"


@dataclass
class MigrationReport:
    old_major: str
    backup: Path
    rows: dict[str, int] = field(default_factory=dict)


def old_binaries(major: str) -> Path:
    """The binaries of the server that made an old cluster: the `pgserver` package (PostgreSQL 16)."""
    spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        raise DataDirError(
            f"the old cluster is PostgreSQL {major}; copying it needs the binaries that made it. Install them "
            "into this environment with 'pip install pgserver' and run 'novaberg migrate-data' again "
            "(nothing was changed)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def migrate_data(path: Path, say: Callable[[str], None] = lambda _text: None,
                 old_bins: Path | None = None) -> MigrationReport:
    """Copy the rows of an old cluster under `path` into a new PostgreSQL 18 cluster (see module doc)."""
    data_dir = DataDir.open(path)
    try:
        return _migrate(data_dir, say, old_bins)
    finally:
        data_dir.make_private()
        data_dir.release()


def _migrate(data_dir: DataDir, say: Callable[[str], None], old_bins: Path | None) -> MigrationReport:
    pg_dir = data_dir.pg_dir
    major = cluster_major(pg_dir)
    if major is None:
        raise DataDirError(f"{data_dir.path} holds no database yet: nothing to migrate")
    if major == str(PG_MAJOR):
        raise DataDirError(f"{data_dir.path} already holds a PostgreSQL {PG_MAJOR} database: nothing to migrate")
    bins = old_bins or old_binaries(major)
    copy = data_dir.path / "pg.old-copy"
    new = data_dir.path / "pg.new"
    dump = data_dir.path / "migrate-data.sql"
    for leftover in (copy, new, new.with_name("pg.new.init")):
        shutil.rmtree(leftover, ignore_errors=True)  # our own leftovers of an interrupted run
    try:
        say(f"copying the PostgreSQL {major} cluster (the original stays untouched)")
        shutil.copytree(pg_dir, copy, symlinks=True)
        (copy / "postmaster.pid").unlink(missing_ok=True)
        if os.geteuid() == 0:  # the copy is ours: hand it to the user the server runs as
            _hand_over(copy, service_user())
        old = EmbeddedPostgres(copy, bin_dir=bins, major=int(major))
        try:
            expected = _row_counts(old.url)
            say(f"dumping {sum(expected.values())} rows of {len(expected)} tables")
            with private_umask():
                _run([str(bins / "pg_dump"), "--data-only", "--no-owner", "--no-privileges",
                      *[f"--exclude-table=public.{name}" for name in _NOT_COPIED], "--file", str(dump),
                      old.url], "pg_dump")
        finally:
            old.stop()
        _with_search_path(dump)
        say(f"loading them into a new PostgreSQL {PG_MAJOR} cluster")
        fresh = EmbeddedPostgres(new)
        try:
            db = Database(fresh.url, max_size=1)
            try:
                migrate(db)
            finally:
                db.close()
            _run([str(server_bin_dir() / "psql"), "--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1",
                  "--single-transaction", "--file", str(dump), fresh.url], "psql")
            copied = _row_counts(fresh.url)
        finally:
            fresh.stop()
        wrong = {name: (count, copied.get(name)) for name, count in expected.items() if copied.get(name) != count}
        if wrong:
            raise DatabaseError(f"the copy does not match the original (table: old, new rows): {wrong}; "
                                "nothing was replaced")
        backup = _free_name(data_dir.path / f"pg{major}-backup")
        pg_dir.rename(backup)
        new.rename(pg_dir)
        say(f"done: the new cluster is in place, the old one is kept as {backup.name}")
        return MigrationReport(major, backup, copied)
    finally:
        shutil.rmtree(copy, ignore_errors=True)
        shutil.rmtree(new, ignore_errors=True)
        dump.unlink(missing_ok=True)


def _row_counts(url: str) -> dict[str, int]:
    with psycopg.connect(url, autocommit=True) as conn:
        names = [row[0] for row in conn.execute(_TABLES).fetchall() if row[0] not in _NOT_COPIED]
        return {name: conn.execute(f'SELECT count(*) FROM public."{name}"').fetchone()[0] for name in names}


def _run(command: list[str], name: str) -> None:
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=3600)
    except subprocess.CalledProcessError as err:
        detail = (err.stderr or b"").decode(errors="replace").strip().splitlines()[-3:]
        raise DatabaseError(f"{name} failed: {' | '.join(detail)}; nothing was replaced") from err


def _with_search_path(dump: Path) -> None:
    """pg_dump empties the search path; the triggers that keep the notes' postings name their tables
    unqualified, as the migrations wrote them, so the load keeps `public` on it."""
    text = dump.read_text()
    dump.write_text(text.replace("SELECT pg_catalog.set_config('search_path', '', false);",
                                 "SELECT pg_catalog.set_config('search_path', 'public, pg_catalog', false);"))


def _hand_over(folder: Path, user: ServiceUser) -> None:
    user.own(folder)
    for root, folders, files in os.walk(folder):
        for name in (*folders, *files):
            os.chown(Path(root) / name, user.uid, user.gid, follow_symlinks=False)


def _free_name(path: Path) -> Path:
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}-{number}")
    return candidate
