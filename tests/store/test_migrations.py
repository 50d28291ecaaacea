"""Migrations: a fresh empty database reaches the current schema in one call; re-runs change nothing;
modules run in dependency order, never folder order (dateien.md §4)."""

from __future__ import annotations

import pytest

from novaberg.core.errors import DatabaseError
from novaberg.store.db import Database
from novaberg.store.migrations import discover, migrate, migration_order, not_applied, require_current_schema


def _tables(db: Database) -> set[str]:
    with db.transaction() as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    return {r["tablename"] for r in rows}


def test_empty_database_reaches_current_schema_in_one_call(empty_db_url):
    db = Database(empty_db_url)
    try:
        applied = migrate(db)
        assert applied == [f"{m.module}/{m.version:03d}_{m.name}" for m in discover()]
        assert {"turns", "pipeline_log", "hintergrund_log", "schema_migrations"} <= _tables(db)
        with db.transaction() as conn:
            assert conn.execute("SELECT count(*) AS n FROM pg_extension WHERE extname = 'vector'").fetchone()["n"] == 1
            assert conn.execute("SELECT similarity('Hund', 'Hund') AS s").fetchone()["s"] == pytest.approx(1.0)
    finally:
        db.close()


def test_second_run_applies_nothing_and_keeps_data(empty_db_url):
    db = Database(empty_db_url)
    try:
        migrate(db)
        with db.transaction() as conn:
            conn.execute("INSERT INTO hintergrund_log (task, status, created_at) VALUES ('t', 'ok', now())")
        assert migrate(db) == []
        with db.transaction() as conn:
            assert conn.execute("SELECT count(*) AS n FROM hintergrund_log").fetchone()["n"] == 1
    finally:
        db.close()


def test_changed_migration_after_apply_is_loud(empty_db_url):
    db = Database(empty_db_url)
    try:
        migrate(db)
        with db.transaction() as conn:
            conn.execute("UPDATE schema_migrations SET checksum = 'x' WHERE module = 'core' AND version = 1")
        with pytest.raises(DatabaseError, match="changed after it was applied"):
            migrate(db)
    finally:
        db.close()


def test_the_schema_check_names_what_is_missing_and_creates_nothing(empty_db_url):
    """What a process beside the data directory's owner runs instead of migrating: read only."""
    db = Database(empty_db_url)
    try:
        assert not_applied(db) == [f"{m.module}/{m.version:03d}_{m.name}" for m in discover()]
        with pytest.raises(DatabaseError, match="schema is behind"):
            require_current_schema(db, "pid 1, serve")
        assert _tables(db) == set()
        migrate(db)
        require_current_schema(db, "pid 1, serve")
        with db.transaction() as conn:
            conn.execute("UPDATE schema_migrations SET checksum = 'x' WHERE module = 'core' AND version = 1")
        with pytest.raises(DatabaseError, match="changed after it was applied"):
            not_applied(db)
    finally:
        db.close()


def test_dependency_order_not_folder_order():
    """dateien.md §4: a module whose tables reference another's must run after it, whatever the names."""
    order = migration_order({"zeta": (), "alpha": ("zeta",), "core": (), "beta": ("alpha", "core")})
    assert order.index("zeta") < order.index("alpha") < order.index("beta")
    assert order.index("core") < order.index("beta")
    assert migration_order()[0] == "core"
    assert migration_order().index("timeline") < migration_order().index("notes")


def test_cycle_and_unknown_module_are_loud():
    with pytest.raises(DatabaseError, match="cycle"):
        migration_order({"a": ("b",), "b": ("a",)})
    with pytest.raises(DatabaseError, match="not declared"):
        migration_order({"a": ("ghost",)})


def test_a_reworded_comment_is_no_change_but_a_changed_statement_is():
    """The checksum binds the statements: a full-line comment or a blank line may change after the file was
    applied; a changed statement may not."""
    from novaberg.store.migrations import Migration

    applied = Migration("core", 1, "logs", "-- old words\nCREATE TABLE t (a INT);\n")
    reworded = Migration("core", 1, "logs", "-- new words, longer\n\nCREATE TABLE t (a INT);\n")
    changed = Migration("core", 1, "logs", "-- old words\nCREATE TABLE t (a BIGINT);\n")
    assert reworded.checksum == applied.checksum
    assert changed.checksum != applied.checksum


def test_a_record_of_the_whole_text_from_an_older_version_is_taken_and_rewritten(empty_db_url):
    """Databases migrated before the checksum bound the statements recorded the whole text's checksum: the present
    text's and an earlier wording's (same statements, other comments) are accepted and rewritten; any other
    value stays an error."""
    import hashlib

    from novaberg.store.migrations import _earlier_wordings

    earlier = _earlier_wordings()
    first = discover()[0]
    db = Database(empty_db_url)
    try:
        migrate(db)
        whole_text = hashlib.sha256(first.sql.encode()).hexdigest()
        assert first.key in earlier, "the first migration has an earlier wording, so that path is exercised"
        old_wording = sorted(earlier[first.key])[0]
        for recorded in (whole_text, old_wording):
            with db.transaction() as conn:
                conn.execute("UPDATE schema_migrations SET checksum = %s WHERE module = %s AND version = %s",
                             (recorded, first.module, first.version))
            assert migrate(db) == []
            with db.transaction() as conn:
                row = conn.execute("SELECT checksum FROM schema_migrations WHERE module = %s AND version = %s",
                                   (first.module, first.version)).fetchone()
            assert row["checksum"] == first.checksum
    finally:
        db.close()


def test_every_earlier_wording_names_a_present_file_and_not_its_statements_checksum():
    """The list of earlier wordings names only files that exist; a checksum there is never the statements'
    checksum of the present file (that one needs no entry). That an earlier wording had the same statements cannot
    be checked from its checksum alone: it is checked against the file's history when an entry is added."""
    from novaberg.store.migrations import _earlier_wordings

    present = {m.key: m for m in discover()}
    for key, checksums in _earlier_wordings().items():
        assert key in present, key
        assert present[key].checksum not in checksums
