"""Issue 31 item 1: `novaberg backup` / `novaberg restore` of a whole data directory.

One data directory with two persons is built once for the module (turns, notes, appointments, a pending
question in Redis, knowledge files, person tokens, the API token) and backed up *while its Nova holds it*
(the running-server path). The tests restore that archive, corrupt it, cut it short, and aim it at a
non-empty directory.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import redis as redis_lib
from typer.testing import CliRunner

from novaberg.api.auth import PersonTokens, load_or_create_token
from novaberg.api.nova import Nova
from novaberg.cli import app
from novaberg.core.settings import load_settings
from novaberg.store import backup as backup_module
from novaberg.store.backup import BackupError, create_backup, last_backup, redis_state
from novaberg.store.embedded import EmbeddedPostgres
from novaberg.store.embedded_redis import EmbeddedRedis
from novaberg.store.restore import read_manifest, restore_backup
from tests.support import berlin, make_offline_llm, temp_folder

runner = CliRunner()
NOW = berlin(2026, 3, 2, 9)
_TURNS = {"anna": ["Schreib Milch auf die Einkaufsliste", "Ja", "Morgen um 10 Uhr habe ich Zahnarzt",
                   "Schreib Brot auf die Einkaufsliste"],
          "bob": ["Notiere: Reifenwechsel im April", "Übermorgen um 15 Uhr Friseur"]}


def _table_rows(url: str) -> dict[str, list[str]]:
    """Every row of every table of the database, each as text, sorted: two databases compare equal when
    they hold the same rows."""
    with psycopg.connect(url) as conn:
        tables = [row[0] for row in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_type = 'BASE TABLE' ORDER BY 1")]
        return {table: sorted(repr(row) for row in conn.execute(f'SELECT * FROM "{table}"'))  # noqa: S608
                for table in tables}


def _state_of(data_dir: Path) -> tuple[dict[str, list[str]], dict[bytes, bytes], dict[str, bytes]]:
    """Tables, Redis keys and files (not the servers') of a data directory whose servers are not running."""
    pg = EmbeddedPostgres(data_dir / "pg")
    server = EmbeddedRedis(data_dir / "redis.db")
    try:
        tables = _table_rows(pg.url)
        client = redis_lib.Redis(unix_socket_path=str(server.socket))
        keys = redis_state(client)
        client.close()
    finally:
        server.stop()
        pg.stop()
    return tables, keys, _files_of(data_dir)


def _files_of(data_dir: Path) -> dict[str, bytes]:
    return {name: path.read_bytes() for path, name in backup_module._data_files(data_dir)}  # noqa: SLF001


@pytest.fixture(scope="module")
def built() -> Iterator[dict[str, Any]]:
    """A data directory of two persons, its archive (made while Nova holds the directory), and its state."""
    with temp_folder("novaberg-test-backup-") as folder:
        base = Path(folder)
        data = base / "data"
        nova = Nova.open(data_dir=data, llm=make_offline_llm(), embedder="hashing")
        try:
            for user, texts in _TURNS.items():
                for text in texts:
                    nova.turn(user, "nova", text, NOW)
            nova.turn("anna", "nova", "Schreib Eier auf die Packliste", NOW)  # a pending question stays in Redis
            nova.pixie.tick(NOW)  # the heartbeat's last runs are Redis state too (doctor shows the last tick)
            zone = data / "knowledge" / "pairs" / "anna" / "nova"
            zone.mkdir(parents=True, mode=0o700)
            (zone / "napoleon.md").write_text("# Napoleon\nKaiser der Franzosen.\n")
            PersonTokens(nova.stack.db).create("anna", NOW)
            load_or_create_token(data)
            report = create_backup(nova.settings, base / "backup.tar", NOW)  # the directory is held: attach
        finally:
            nova.close()
        state = _state_of(data)
        yield {"base": base, "data": data, "archive": report.archive, "report": report, "state": state}


def test_round_trip_backup_wipe_restore_gives_every_row_key_and_file_back(built):
    """Issue 31 §1: backup → wipe → restore; every table's rows and every Redis key compared."""
    tables, keys, files = built["state"]
    assert sum(len(rows) for rows in tables.values()) > 20 and tables["notizen"] and tables["turns"]
    assert any(key.startswith(b"pending_agent:") for key in keys), sorted(keys)
    assert {"files/api-token", "files/knowledge/pairs/anna/nova/napoleon.md"} <= set(files)

    wiped = built["base"] / "wiped"  # the data directory is gone: a new, empty one
    restore_backup(built["archive"], wiped)

    assert _state_of(wiped) == (tables, keys, files)
    assert oct((wiped / "knowledge" / "pairs" / "anna" / "nova" / "napoleon.md").stat().st_mode & 0o777) == "0o600"
    assert oct((wiped / "knowledge").stat().st_mode & 0o777) == "0o700"
    doctor = runner.invoke(app, ["doctor", "--data-dir", str(wiped), "--llm", "offline"])
    assert doctor.exit_code == 0, doctor.output
    assert "persons" in doctor.output and "2 (anna, bob)" in doctor.output
    assert "last tick 2026-03-02T08:00:00+00:00" in doctor.output  # the restored heartbeat state
    assert "none yet" in doctor.output  # the restored directory made no backup itself
    assert "data directory" in doctor.output and " MB" in doctor.output


def test_the_manifest_names_versions_and_every_checksum_and_the_backup_is_recorded(built):
    manifest = read_manifest(built["archive"])
    assert manifest["format"] == "novaberg-backup" and manifest["versions"]["postgres"].startswith("18")
    assert manifest["versions"]["schema_migrations"] and manifest["versions"]["redis"]
    assert {"database.pgdump", "redis.jsonl", "files/api-token"} <= set(manifest["members"])
    assert all(len(member["sha256"]) == 64 for member in manifest["members"].values())
    assert "llm_api_key" not in json.dumps(manifest)
    record = last_backup(built["data"])
    assert record is not None and record["archive"] == str(built["archive"]) and record["sha256"] == built["report"].sha256


def _rewrite(source: Path, target: Path, change: Any) -> None:
    """A copy of the archive with one member's bytes changed by `change(name, data)`."""
    with tarfile.open(source) as old, tarfile.open(target, "w") as new:
        for entry in old.getmembers():
            data = old.extractfile(entry).read()  # type: ignore[union-attr]
            data = change(entry.name, data)
            entry.size = len(data)
            new.addfile(entry, io.BytesIO(data))


@pytest.mark.parametrize(("case", "reason"), [("flipped byte", "checksum"), ("foreign manifest", "foreign"),
                                              ("truncated", "not a complete novaberg backup|not a readable"),
                                              ("not a tar", "not a readable"), ("extra member", "does not list")])
def test_a_corrupt_or_foreign_archive_is_refused_before_anything_is_written(built, case, reason, tmp_path):
    """Issue 31 "Bad input": a corrupt or foreign archive is refused by its manifest, nothing written."""
    bad = tmp_path / "bad.tar"
    source: Path = built["archive"]
    if case == "flipped byte":
        _rewrite(source, bad, lambda name, data: (data[:100] + bytes([data[100] ^ 1]) + data[101:])
                 if name == "database.pgdump" else data)
    elif case == "foreign manifest":
        _rewrite(source, bad, lambda name, data: json.dumps({"format": "other", "members": {}}).encode()
                 if name == "manifest.json" else data)
    elif case == "truncated":  # a copy cut short: the manifest at the end is missing
        bad.write_bytes(source.read_bytes()[: source.stat().st_size // 2])
    elif case == "not a tar":
        bad.write_bytes(b"hello" * 1000)
    else:
        shutil.copy(source, bad)
        with tarfile.open(bad, "a") as archive:
            extra = tmp_path / "evil"
            extra.write_text("x")
            archive.add(extra, arcname="files/../../evil")
    target = tmp_path / "new"
    with pytest.raises(BackupError, match=reason):
        restore_backup(bad, target)
    assert not target.exists()
    result = runner.invoke(app, ["restore", str(bad), "--data-dir", str(target)])
    assert result.exit_code == 2 and not target.exists()


def test_a_restore_into_a_non_empty_directory_is_refused_and_changes_nothing(built, tmp_path):
    target = tmp_path / "full"
    target.mkdir()
    (target / "mine.txt").write_text("keep me")
    result = runner.invoke(app, ["restore", str(built["archive"]), "--data-dir", str(target)])
    assert result.exit_code == 2 and "not empty" in result.output
    assert [p.name for p in target.iterdir()] == ["mine.txt"] and (target / "mine.txt").read_text() == "keep me"


def test_an_interrupted_backup_leaves_no_file_that_looks_complete(built, tmp_path, monkeypatch):
    """A backup cut off after the database dump (here: Ctrl-C while the files are read) leaves neither the
    archive nor its partial file; the last-backup record is unchanged."""
    before = last_backup(built["data"])

    def interrupted(_data_path: Path) -> list[tuple[Path, str]]:
        raise KeyboardInterrupt

    monkeypatch.setattr(backup_module, "_data_files", interrupted)
    settings = load_settings(data_dir=built["data"])
    with pytest.raises(KeyboardInterrupt):
        create_backup(settings, tmp_path / "cut.tar", NOW)
    assert os.listdir(tmp_path) == []
    assert last_backup(built["data"]) == before


def test_backup_refuses_an_existing_archive_and_a_folder_that_is_no_data_directory(built, tmp_path):
    taken = tmp_path / "taken.tar"
    taken.write_text("mine")
    result = runner.invoke(app, ["backup", str(taken), "--data-dir", str(built["data"])])
    assert result.exit_code == 2 and "exists already" in result.output and taken.read_text() == "mine"
    inside = runner.invoke(app, ["backup", str(built["data"] / "x.tar"), "--data-dir", str(built["data"])])
    assert inside.exit_code == 2 and "inside the data directory" in inside.output
    assert not (built["data"] / "x.tar").exists()
    nothing = runner.invoke(app, ["backup", str(tmp_path / "x.tar"), "--data-dir", str(tmp_path / "none")])
    assert nothing.exit_code == 2 and "no novaberg data directory" in nothing.output
    assert not (tmp_path / "none").exists() and not (tmp_path / "x.tar").exists()


def test_external_servers_are_checked_and_named_and_only_the_files_are_archived(pg_admin_url, tmp_path):
    """Issue 31 §1: for servers given by URL, `backup` checks they answer and says what the operator's own
    backup must include; the archive holds the shared volume's files only, and restores them."""
    shared = tmp_path / "shared"
    zone = shared / "knowledge" / "pairs" / "anna" / "nova"
    zone.mkdir(parents=True)
    (zone / "bach.md").write_text("Bach war Thomaskantor.\n")
    server = EmbeddedRedis(tmp_path / "r.db")
    try:
        settings = load_settings(env={}, data_dir=shared, database_url=pg_admin_url,
                                 redis_url=f"unix://{server.socket}")
        report = create_backup(settings, tmp_path / "files.tar", NOW)
    finally:
        server.stop()
    assert set(report.external) == {"database", "redis"}
    assert "pg_trgm" in report.external["database"] and "BGSAVE" in report.external["redis"]
    assert set(report.members) == {"files/knowledge/pairs/anna/nova/bach.md"}
    restored = tmp_path / "restored"
    restore_backup(report.archive, restored)
    assert (restored / "knowledge" / "pairs" / "anna" / "nova" / "bach.md").read_text() == "Bach war Thomaskantor.\n"

    unreachable = load_settings(env={}, data_dir=shared, database_url=pg_admin_url,
                                redis_url=f"unix://{tmp_path / 'gone.sock'}")
    with pytest.raises(BackupError, match="does not answer"):
        create_backup(unreachable, tmp_path / "never.tar", NOW)
    assert not (tmp_path / "never.tar").exists()
