"""A throw-away cluster of the system's PostgreSQL (Debian layout, `/usr/lib/postgresql/*/bin`), for the
tests and benchmarks that need what the embedded server lacks (pg_trgm). Not used by the product.

`NOVABERG_BENCH_TRGM_URL` names an existing server instead; without either, `system_trgm_cluster` yields None.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

import psycopg
from psycopg.conninfo import make_conninfo

from novaberg.store.db import Database

__all__ = ["system_trgm_cluster", "scratch_database", "apply_notes_schema"]


@contextmanager
def system_trgm_cluster() -> Iterator[str | None]:
    """A throw-away cluster of the system PostgreSQL, if it has pg_trgm; else None."""
    url = os.environ.get("NOVABERG_BENCH_TRGM_URL")
    if url:
        yield url
        return
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    shares = sorted(glob.glob("/usr/share/postgresql/*/extension/pg_trgm.control"))
    if not bins or not shares:
        yield None
        return
    bindir = Path(bins[-1]).parent
    folder = Path(tempfile.mkdtemp(prefix="bench_notes_trgm_"))
    os.chmod(folder, 0o777)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    data = folder / "data"
    try:
        subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                        "--encoding=utf8", "--locale=C.UTF-8"], check=True, capture_output=True)
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "-o",
                        f"-p {port} -k {folder} -c listen_addresses=''", "start"], check=True, capture_output=True)
        yield f"postgresql://postgres@/postgres?host={folder}&port={port}"
    except (subprocess.CalledProcessError, FileNotFoundError) as err:
        print(f"(pg_trgm cluster could not start: {err})")
        yield None
    finally:
        subprocess.run([*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"],
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def scratch_database(admin_url: str, prepare: Callable[[Database], None], max_size: int = 2) -> Iterator[Database]:
    """A database of its own on the server of `admin_url`, prepared by `prepare`, dropped afterwards."""
    name = f"scratch_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    db = Database(make_conninfo(admin_url, dbname=name), max_size=max_size)
    try:
        prepare(db)
        yield db
    finally:
        db.close()
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def apply_notes_schema(db: Database) -> None:
    """pg_trgm and the notes module's schema alone (the system package has no pgvector, which the full
    migration needs)."""
    folder = resources.files("novaberg.store") / "schema" / "notes"
    with db.transaction() as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        for entry in sorted(e.name for e in folder.iterdir() if e.name.endswith(".sql")):
            conn.execute((folder / entry).read_text())
