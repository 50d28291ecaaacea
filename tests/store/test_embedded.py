"""The embedded PostgreSQL 18 (issue 10 §1, §5): our child on a private socket, both extensions present,
first start atomic, old clusters refused untouched, orphans stopped, a dead server revived, unreachable
servers a clear error within seconds — tested with real processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import psycopg
import pytest

from novaberg.core.errors import DatabaseError, DatabaseUnavailableError, DataDirError
from novaberg.core.settings import Settings
from novaberg.store.db import Database
from novaberg.store.embedded import PG_MAJOR, EmbeddedPostgres
from novaberg.store.migrations import REQUIRED_EXTENSIONS, extension_versions, migrate
from novaberg.store.redis_store import connect_redis
from novaberg.store.stack import Stack
from tests.store.processes import servers_of, wait_no_servers
from tests.support import copy_data_dir


def _postgres_pids(folder: Path) -> list[int]:
    return servers_of(folder, ("postgres",))


def _wait_gone(folder: Path) -> bool:
    return wait_no_servers(folder, names=("postgres",)) == []


def _holder(pg_dir: Path, in_thread: bool = False) -> subprocess.Popen[str]:
    """A process that starts the embedded server (on its main thread, or on another one, where the
    parent-death stop is not armed), prints READY and waits."""
    code = textwrap.dedent(f"""
        import sys, threading, time
        from pathlib import Path
        from novaberg.store.embedded import EmbeddedPostgres
        box = []
        start = lambda: box.append(EmbeddedPostgres(Path({str(pg_dir)!r})))
        if {in_thread}:
            t = threading.Thread(target=start); t.start(); t.join()
        else:
            start()
        print("READY", flush=True)
        time.sleep(120)
    """)
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "READY"
    return process


@pytest.fixture
def made_cluster(tmp_path, started_data_dir) -> Path:
    """A cluster folder as its first start leaves it (copied: no initdb per test), for tests whose subject is
    not the first start."""
    return copy_data_dir(started_data_dir / "pg", tmp_path / "pg")


@pytest.fixture
def cluster(made_cluster):
    server = EmbeddedPostgres(made_cluster)
    yield server
    server.stop()


def test_postgres_18_with_both_extensions(cluster):
    """Issue 10 §1: PostgreSQL 18 with pg_trgm and pgvector 0.8 on the embedded default."""
    db = Database(cluster.url, max_size=1)
    try:
        migrate(db)
        with db.transaction() as conn:
            version = conn.execute("SHOW server_version_num").fetchone()["server_version_num"]
        assert int(version) // 10000 == PG_MAJOR
        versions = extension_versions(db)
        assert set(versions) == set(REQUIRED_EXTENSIONS)
        assert tuple(int(part) for part in versions["vector"].split(".")[:2]) >= (0, 8)
    finally:
        db.close()


def test_listens_on_a_private_socket_only(cluster):
    """Nothing listens on TCP; the socket folder is the cluster's own (0700)."""
    with psycopg.connect(cluster.url) as conn:
        assert conn.execute("SHOW listen_addresses").fetchone()[0] == ""
    assert oct(cluster.pg_dir.stat().st_mode & 0o777) == "0o700"


def test_a_killed_owner_takes_its_server_along(tmp_path, made_cluster):
    """Issue 10 §5: after kill -9 of the owning process, the server stops on its own (parent-death signal)."""
    holder = _holder(made_cluster)
    assert _postgres_pids(tmp_path / "pg")
    holder.kill()
    holder.wait()
    assert _wait_gone(tmp_path / "pg"), "postgres outlived its owner"


def test_an_orphan_is_stopped_at_the_next_open(tmp_path, made_cluster):
    """Issue 10 §5: a server left running by a dead owner is stopped and the next open works."""
    holder = _holder(made_cluster, in_thread=True)  # started off the main thread: no parent-death stop
    orphans = _postgres_pids(tmp_path / "pg")
    # the orphan is the postmaster; its helper processes come and go on their own (a fresh server's start-up
    # process ends after recovery), so only the postmaster is checked to outlive the owner
    postmaster = int((tmp_path / "pg" / "postmaster.pid").read_text().splitlines()[0])
    holder.kill()
    holder.wait()
    time.sleep(0.3)
    assert postmaster in orphans and postmaster in _postgres_pids(tmp_path / "pg"), "the orphan should still run"
    server = EmbeddedPostgres(tmp_path / "pg")
    try:
        assert not set(orphans) & set(_postgres_pids(tmp_path / "pg"))
        with psycopg.connect(server.url) as conn:
            assert conn.execute("SELECT 1").fetchone()[0] == 1
    finally:
        server.stop()
    assert _wait_gone(tmp_path / "pg")


def test_a_first_start_cut_off_is_started_over(tmp_path):
    """Issue 10 §5: a kill during the first start leaves a side folder (or an empty one); the next open
    makes a complete cluster instead of failing on half-written files."""
    side = tmp_path / "pg.init"
    side.mkdir()
    (side / "PG_VERSION").write_text("18\n")
    (side / "postmaster.pid").write_text("12")
    (tmp_path / "pg").mkdir()
    server = EmbeddedPostgres(tmp_path / "pg")
    try:
        assert not side.exists()
        with psycopg.connect(server.url) as conn:
            assert conn.execute("SELECT 1").fetchone()[0] == 1
    finally:
        server.stop()


def test_a_torn_pid_file_does_not_block_the_start(cluster, tmp_path):
    cluster.stop()
    (cluster.pg_dir / "postmaster.pid").write_text("garb")
    server = EmbeddedPostgres(cluster.pg_dir)
    try:
        with psycopg.connect(server.url) as conn:
            assert conn.execute("SELECT 1").fetchone()[0] == 1
    finally:
        server.stop()


def test_an_old_pgserver_cluster_is_refused_untouched(tmp_path):
    """Issue 10 §1: a PostgreSQL 16 cluster of pgserver is detected, explained, never changed."""
    pg = tmp_path / "pg"
    pg.mkdir()
    (pg / "PG_VERSION").write_text("16\n")
    (pg / "base").mkdir()
    before = sorted(p.name for p in pg.iterdir())
    with pytest.raises(DataDirError, match="migrate-data") as caught:
        EmbeddedPostgres(pg)
    assert "PostgreSQL 16" in str(caught.value)
    assert sorted(p.name for p in pg.iterdir()) == before
    assert (pg / "PG_VERSION").read_text() == "16\n"


def _children(pid: int) -> list[int]:
    """The live processes whose parent is `pid` (a postmaster's backends and helpers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _wait_pids_gone(pids: list[int], seconds: float = 30.0) -> list[int]:
    """[] once none of `pids` runs any more (a zombie counts as gone); what still runs after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        left = [pid for pid in pids if _running(pid)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def _running(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}") / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _kill_postmaster(cluster: EmbeddedPostgres) -> list[int]:
    """SIGKILL the server's postmaster (the fault under test); its backends, each a session of its own, run
    on until they notice: returns their pids."""
    process = cluster._process  # noqa: SLF001
    assert process is not None
    backends = _children(process.pid)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    return backends


def test_a_killed_server_is_revived(cluster):
    """Issue 10 §5: the embedded server killed under a running process: at most this turn fails with
    DatabaseUnavailableError, quickly; the next one works again."""
    db = Database(cluster.url, max_size=2, on_unavailable=cluster.ensure_running)
    try:
        with db.transaction() as conn:
            conn.execute("SELECT 1")
        backends = _kill_postmaster(cluster)
        # The server is dead once its backends are: until they notice the postmaster's death (slow under
        # load) a pooled connection still answers and nothing has to be revived.
        assert _wait_pids_gone(backends) == []
        started = time.monotonic()
        try:
            with db.transaction() as conn:
                conn.execute("SELECT 1")
        except DatabaseUnavailableError:
            pass
        assert time.monotonic() - started < 12
        with db.transaction() as conn:
            assert conn.execute("SELECT 2 AS two").fetchone()["two"] == 2
        assert cluster.alive()
    finally:
        db.close()


def test_a_killed_server_is_revived_while_a_backend_still_works(cluster):
    """Issue 10 §5, issue 25: a backend busy with a statement outlives its killed postmaster and holds the
    old shared memory, which makes a new server refuse to start; the restart waits for it instead of failing."""
    busy = psycopg.connect(cluster.url, autocommit=True)
    statement = "SELECT count(*) FROM generate_series(1, 3000) a, generate_series(1, 3000) b"
    worker = threading.Thread(target=lambda: _ignore_errors(busy, statement), daemon=True)
    try:
        worker.start()
        with psycopg.connect(cluster.url, autocommit=True) as watcher:
            _wait_until(lambda: watcher.execute("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' "
                                                "AND query LIKE 'SELECT count(*) FROM generate_series%'"
                                                ).fetchone()[0] == 1)
        backends = _kill_postmaster(cluster)
        assert any(_running(pid) for pid in backends), "the busy backend should outlive its postmaster"
        assert cluster.ensure_running() is True
        with psycopg.connect(cluster.url) as conn:
            assert conn.execute("SELECT 3").fetchone()[0] == 3
        assert cluster.alive()
    finally:
        worker.join(30)
        busy.close()


def _ignore_errors(conn: psycopg.Connection, statement: str) -> None:
    try:
        conn.execute(statement)
    except psycopg.Error:
        pass


def _wait_until(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.02)


def test_an_unreachable_database_is_a_clear_error_within_seconds():
    """Issue 10 §5: database unreachable → a clear error within 5 s; the password is never echoed."""
    started = time.monotonic()
    with pytest.raises(DatabaseError, match="cannot connect") as caught:
        Database("postgresql://nova:geheim@127.0.0.1:1/nova", connect_timeout=2)
    assert time.monotonic() - started < 5
    assert "geheim" not in str(caught.value)


def test_an_unreachable_redis_is_a_clear_error_within_seconds():
    started = time.monotonic()
    with pytest.raises(DatabaseError, match="cannot reach Redis") as caught:
        connect_redis("redis://:geheim@127.0.0.1:1/0")
    assert time.monotonic() - started < 6
    assert "geheim" not in str(caught.value)


def test_the_stack_keeps_its_files_private(tmp_path):
    """Issue 10 "Exposure": data directory 0700, every file in it 0600, also after Redis saved and
    whatever the umask of the caller."""
    previous = os.umask(0o022)
    try:
        stack = Stack.open(Settings(data_dir=tmp_path / "data"))
        try:
            stack.redis.set("pending_agent:u", "Trag mir den Zahnarzt ein")
            stack.redis.save()
        finally:
            stack.close()
    finally:
        os.umask(previous)
    data = tmp_path / "data"
    assert data.stat().st_mode & 0o777 == 0o700
    for entry in data.iterdir():
        if entry.is_file():
            assert entry.stat().st_mode & 0o777 == 0o600, entry.name
    assert _wait_gone(data)


def test_closing_the_stack_stops_both_servers_before_the_data_directory_is_free(data_dir, monkeypatch):
    """Redis and PostgreSQL stop at once on close; the directory's lock goes only after both have exited (the
    next owner must not find a server of ours still stopping), and what Redis held is saved."""
    from novaberg.store.datadir import DataDir

    stack = Stack.open(Settings(data_dir=data_dir))
    servers = {"redis": stack.embedded_redis._process, "postgres": stack.embedded_pg._process}
    stack.redis.set("pending_agent:anna", "Trag mir den Zahnarzt ein")
    running_at_release: list[str] = []
    release = DataDir.release

    def watched(self: DataDir) -> None:
        running_at_release.extend(name for name, process in servers.items() if process.poll() is None)
        release(self)

    monkeypatch.setattr(DataDir, "release", watched)
    stack.close()
    assert running_at_release == []
    assert all(process.poll() is not None for process in servers.values())
    again = Stack.open(Settings(data_dir=data_dir))
    try:
        assert again.redis.get("pending_agent:anna") in (b"Trag mir den Zahnarzt ein", "Trag mir den Zahnarzt ein")
    finally:
        again.close()
