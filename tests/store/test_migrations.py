"""Migrations: a fresh empty database reaches the current schema in one call; re-runs change nothing;
modules run in dependency order, never folder order (dateien.md §4)."""

from __future__ import annotations

import pytest

from novaberg.core.errors import DatabaseError
from novaberg.store.db import Database
from novaberg.store.migrations import discover, migrate, migration_order


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
