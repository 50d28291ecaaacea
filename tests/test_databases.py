"""The test databases made ahead and dropped behind (tests/databases.py): each test still gets a fresh copy of
the migrated template, nothing is left on the server, and a failed drop is loud."""

from __future__ import annotations

import psycopg
import pytest
from psycopg.conninfo import make_conninfo

from tests.databases import DatabaseSupply


def _databases(admin_url: str, prefix: str) -> set[str]:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        rows = conn.execute("SELECT datname FROM pg_database WHERE datname LIKE %s", (prefix + "%",)).fetchall()
    return {row[0] for row in rows}


def test_each_take_is_a_fresh_copy_of_the_template_and_nothing_is_left_after_close(pg_admin_url, template_db):
    supply = DatabaseSupply(pg_admin_url, template_db, prefix="novaberg_supply_a_")
    first = supply.take()
    with psycopg.connect(make_conninfo(pg_admin_url, dbname=first), autocommit=True) as conn:
        conn.execute("CREATE TABLE written_by_the_first_test (x int)")
    supply.give_back(first)
    second = supply.take()
    with psycopg.connect(make_conninfo(pg_admin_url, dbname=second)) as conn:
        assert conn.execute("SELECT to_regclass('written_by_the_first_test')").fetchone()[0] is None
        assert conn.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] > 0
    assert first != second
    supply.give_back(second)
    supply.close()
    assert _databases(pg_admin_url, "novaberg_supply_a_") == set()


def test_a_database_still_in_use_is_dropped_all_the_same(pg_admin_url, template_db):
    supply = DatabaseSupply(pg_admin_url, template_db, prefix="novaberg_supply_b_")
    name = supply.take()
    held = psycopg.connect(make_conninfo(pg_admin_url, dbname=name))  # a connection the test forgot to close
    supply.give_back(name)
    supply.close()
    held.close()
    assert _databases(pg_admin_url, "novaberg_supply_b_") == set()


def test_a_failed_create_is_raised_not_swallowed(pg_admin_url):
    supply = DatabaseSupply(pg_admin_url, "novaberg_no_such_template", prefix="novaberg_supply_c_")
    with pytest.raises(psycopg.errors.InvalidCatalogName):
        supply.take()
    with pytest.raises(psycopg.errors.InvalidCatalogName):
        supply.close()  # the database made ahead failed the same way
