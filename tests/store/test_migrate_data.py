"""`novaberg migrate-data`: an older data directory (PostgreSQL 16 of pgserver) is copied into
PostgreSQL 18; the old cluster is never changed or deleted. Needs the old binaries (pgserver, a dev extra)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import psycopg
import pytest

from novaberg.core.errors import DataDirError
from novaberg.core.settings import Settings
from novaberg.notes.repository import NotesRepository
from novaberg.notes.search import find_notes
from novaberg.store.datadir import DataDir
from novaberg.store.embedded import EmbeddedPostgres, cluster_major
from novaberg.store.migrate_data import migrate_data, old_binaries
from novaberg.store.stack import Stack

_OLD_SCHEMA = """
CREATE TABLE schema_migrations (module text, version int, name text, checksum text);
CREATE TABLE turns (id bigserial PRIMARY KEY, turn_id uuid NOT NULL UNIQUE, user_id text NOT NULL,
                    character_id text NOT NULL, text text NOT NULL, answer text, verdict text,
                    created_at timestamptz NOT NULL);
CREATE TABLE timeline (id serial PRIMARY KEY, user_id text NOT NULL, character_id varchar(50) NOT NULL,
                       event_time timestamptz NOT NULL, event_type varchar(50) NOT NULL,
                       title varchar(255) NOT NULL, precision varchar(15) NOT NULL DEFAULT 'day',
                       aktiv boolean NOT NULL DEFAULT true, nachfolger_id integer REFERENCES timeline (id));
CREATE TABLE notizen (id bigserial PRIMARY KEY, user_id text NOT NULL, name text NOT NULL,
                      typ text NOT NULL DEFAULT 'notiz', text text NOT NULL DEFAULT '',
                      themen text[] NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL,
                      updated_at timestamptz NOT NULL, last_touched timestamptz NOT NULL,
                      name_trgm text[] GENERATED ALWAYS AS (string_to_array(lower(name), ' ')) STORED);
CREATE TABLE notizen_trigramm_posten (user_id text, feld text, trigramm text, codes bytea);
INSERT INTO schema_migrations VALUES ('core', 1, 'logs', 'x');
INSERT INTO turns VALUES (1, 'c5b6b4a4-3f4f-4a8e-9f5e-2f5c8d9e1a01', 'u1', 'nova', 'Hallo', 'Hallo!', 'ok',
                          '2026-10-01 10:00+00');
INSERT INTO timeline (user_id, character_id, event_time, event_type, title, precision, aktiv)
VALUES ('u1', 'nova', '2026-10-02 08:00+00', 'termin', 'Zahnarzt', 'minute', false);
INSERT INTO timeline (user_id, character_id, event_time, event_type, title, precision)
VALUES ('u1', 'nova', '2026-10-03 08:00+00', 'termin', 'Zahnarzt', 'minute');
UPDATE timeline SET nachfolger_id = 2 WHERE id = 1;
INSERT INTO notizen (user_id, name, typ, text, created_at, updated_at, last_touched)
VALUES ('u1', 'Einkaufsliste', 'einkauf', 'Milch, Brot', now(), now(), now());
INSERT INTO notizen_trigramm_posten VALUES ('u1', 'name', 'xyz', '\\x00');
"""


@pytest.fixture(scope="module")
def old_bins() -> Path:
    try:
        return old_binaries("16")
    except DataDirError:
        pytest.skip("the old server package (pgserver) is not installed")


def _old_data_dir(path: Path, old_bins: Path) -> None:
    DataDir.open(path).release()
    server = EmbeddedPostgres(path / "pg", bin_dir=old_bins, major=16)
    try:
        with psycopg.connect(server.url, autocommit=True) as conn:
            conn.execute(_OLD_SCHEMA)
    finally:
        server.stop()


def _fingerprint(folder: Path) -> str:
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "postmaster.opts"):
        digest.update(str(file.relative_to(folder)).encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


def test_an_old_data_directory_is_refused_until_migrated(tmp_path, old_bins):
    data = tmp_path / "data"
    _old_data_dir(data, old_bins)
    before = _fingerprint(data / "pg")
    with pytest.raises(DataDirError, match="migrate-data"):
        Stack.open(Settings(data_dir=data))
    assert _fingerprint(data / "pg") == before


def test_migrate_data_copies_every_row_and_keeps_the_old_cluster(tmp_path, old_bins):
    data = tmp_path / "data"
    _old_data_dir(data, old_bins)
    before = _fingerprint(data / "pg")
    report = migrate_data(data)
    assert report.rows["turns"] == 1 and report.rows["timeline"] == 2 and report.rows["notizen"] == 1
    assert cluster_major(data / "pg") == "18"
    assert cluster_major(report.backup) == "16" and _fingerprint(report.backup) == before
    stack = Stack.open(Settings(data_dir=data))
    try:
        with stack.db.transaction() as conn:
            moved = conn.execute("SELECT title, nachfolger_id FROM timeline WHERE id = 1").fetchone()
            turns = conn.execute("SELECT answer FROM turns").fetchall()
        assert moved == {"title": "Zahnarzt", "nachfolger_id": 2}
        assert turns == [{"answer": "Hallo!"}]
        repo = NotesRepository(stack.db)
        found = find_notes(repo, "u1", "Einkaufsliste")  # the postings were built by the new triggers
        assert [n["name"] for n in found.notes] == ["Einkaufsliste"]
        fresh = repo.insert("u1", "Packliste", "merkliste", "Pass", [], found.notes[0]["created_at"])
        assert fresh["id"] > found.notes[0]["id"]  # the sequences came along
    finally:
        stack.close()


def test_nothing_to_migrate_is_said_plainly(tmp_path):
    with pytest.raises(DataDirError, match="no database yet"):
        migrate_data(tmp_path / "fresh")


def test_a_server_without_pg_trgm_is_a_clear_error_at_start(tmp_path, old_bins):
    """Both extensions are required on every database; pgserver's PostgreSQL 16 has pgvector
    but no pg_trgm — the migration names the missing extension and changes nothing."""
    from novaberg.core.errors import DatabaseError
    from novaberg.store.db import Database
    from novaberg.store.migrations import migrate

    server = EmbeddedPostgres(tmp_path / "pg", bin_dir=old_bins, major=16)
    try:
        db = Database(server.url, max_size=1)
        try:
            with pytest.raises(DatabaseError, match="'pg_trgm'") as caught:
                migrate(db)
            assert "'vector'" not in str(caught.value)
            with db.transaction() as conn:
                assert conn.execute("SELECT to_regclass('schema_migrations') AS t").fetchone()["t"] is None
        finally:
            db.close()
    finally:
        server.stop()
