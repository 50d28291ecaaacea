"""A command beside the owner of an embedded data directory (a running `serve` or `chat`) never migrates: the owner
migrated at its start; the command only checks that the schema is this version's, and refuses clearly — exit not
0, nothing changed — when it is behind (the owner still runs an older version).

The owner here is a lasting `Stack` of this test process (role `chat`); the command is a real `novaberg` process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from novaberg.core.settings import Settings
from novaberg.store.embedded import ready_url
from novaberg.store.migrations import discover
from novaberg.store.stack import Stack

NOVABERG = Path(sys.executable).with_name("novaberg")
_MIGRATION_LOCK = 7_201_911  # store/migrations.py: the advisory lock every migration takes first
_LAST = discover()[-1]
_LAST_NAME = f"{_LAST.module}/{_LAST.version:03d}_{_LAST.name}"


def _memory_show(data: Path, user: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NOVABERG_")}
    env.update({"NOVABERG_TIMEZONE": "Europe/Berlin", "NOVABERG_LLM": "offline", "COLUMNS": "200"})
    return subprocess.run([str(NOVABERG), "memory", "show", "--json", "--user", user, "--character", "nova",
                           "--data-dir", str(data)], capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture
def owner(data_dir: Path) -> Iterator[tuple[Path, str]]:
    """The data directory with a lasting owner holding its servers, and the owner's PostgreSQL URL."""
    stack = Stack.open(Settings(data_dir=data_dir), role="chat")
    try:
        url = ready_url(data_dir / "pg")
        assert url is not None
        yield data_dir, url
    finally:
        stack.close()


def _recorded(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT module, version, name FROM schema_migrations").fetchall()
    return {f"{module}/{version:03d}_{name}" for module, version, name in rows}


def test_a_command_beside_the_owner_takes_no_migration_lock_and_runs(owner):
    """While the owner holds the migration lock (as it does while migrating), a command beside it still runs at
    once: it never asks for the lock, so no migration statement of its own runs. Two persons each see their own."""
    data, url = owner
    before = _recorded(url)
    with psycopg.connect(url, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", (_MIGRATION_LOCK,))
        try:
            done = {user: _memory_show(data, user) for user in ("anna", "bob")}
        except subprocess.TimeoutExpired:
            pytest.fail("the command beside the owner waited for the migration lock")
    for user, shown in done.items():
        assert shown.returncode == 0, shown.stderr[-1500:]
        assert json.loads(shown.stdout)["kurzzeit"] == [], user
    assert _recorded(url) == before


def test_a_command_beside_an_owner_with_an_older_schema_is_refused_and_changes_nothing(owner):
    data, url = owner
    with psycopg.connect(url) as conn:  # the schema as an owner of the version before the last migration left it
        conn.execute("DELETE FROM schema_migrations WHERE module = %s AND version = %s", (_LAST.module, _LAST.version))
    shown = _memory_show(data, "anna")
    assert shown.returncode != 0
    message = " ".join(shown.stderr.split())
    assert "schema is behind this version" in message and _LAST_NAME in message, message
    assert "restart it" in message and "chat" in message, message
    assert _LAST_NAME not in _recorded(url)  # nothing was applied: the owner migrates, at its next start
