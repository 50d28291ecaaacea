"""The per-person sign-in tokens live in the database (one row per person, only the digest): an older version's
token file is taken over once, a broken one is left for the operator and signs nobody in, and each person's token
opens only that person."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest

from novaberg.api.person_tokens import (
    PERSON_TOKENS_FILE_NAME,
    PersonTokens,
    adopt_token_file,
    token_digest,
)
from novaberg.core.errors import InputError

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _old_file(folder, persons: dict[str, str]) -> None:
    entries = {user: {"sha256": token_digest(token), "erstellt": "2025-11-01T10:00:00+01:00"}
               for user, token in persons.items()}
    (folder / PERSON_TOKENS_FILE_NAME).write_text(json.dumps({"personen": entries}), encoding="utf-8")


def test_an_older_versions_token_file_is_taken_over_once_and_its_tokens_still_sign_in(db, tmp_path):
    _old_file(tmp_path, {"anna": "alter-token-anna", "bob": "alter-token-bob", "ich": "darf-nie"})
    tokens = PersonTokens(db)
    assert adopt_token_file(tokens, tmp_path, NOW) == 2
    assert tokens.find("alter-token-anna") == "anna" and tokens.find("alter-token-bob") == "bob"
    assert tokens.find("darf-nie") is None  # the operator's own person never had a token that counts
    assert not (tmp_path / PERSON_TOKENS_FILE_NAME).exists()
    assert (tmp_path / f"{PERSON_TOKENS_FILE_NAME}.imported").is_file()
    assert adopt_token_file(tokens, tmp_path, NOW) == 0  # nothing left to take over


def test_an_old_file_entry_whose_id_breaks_the_id_rules_is_not_taken_over(db, tmp_path):
    _old_file(tmp_path, {"anna": "alter-token-anna", "an\x00na": "mit-nul", "   ": "nur-leer", "x" * 201: "zu-lang"})
    tokens = PersonTokens(db)
    assert adopt_token_file(tokens, tmp_path, NOW) == 1
    assert tokens.persons() == ["anna"] and tokens.find("mit-nul") is None and tokens.find("zu-lang") is None


def test_a_token_created_in_the_table_wins_over_the_old_file(db, tmp_path):
    tokens = PersonTokens(db)
    new = tokens.create("anna", NOW)
    _old_file(tmp_path, {"anna": "alter-token-anna"})
    assert adopt_token_file(tokens, tmp_path, NOW) == 0
    assert tokens.find(new) == "anna" and tokens.find("alter-token-anna") is None


def test_a_broken_old_file_stays_for_the_operator_and_signs_nobody_in(db, tmp_path, caplog):
    (tmp_path / PERSON_TOKENS_FILE_NAME).write_text("{kaputt", encoding="utf-8")
    tokens = PersonTokens(db)
    with caplog.at_level(logging.ERROR, logger="novaberg.api"):
        assert adopt_token_file(tokens, tmp_path, NOW) == 0
    assert "unreadable" in caplog.text
    assert (tmp_path / PERSON_TOKENS_FILE_NAME).read_text(encoding="utf-8") == "{kaputt"
    assert tokens.persons() == []
    assert tokens.find(tokens.create("anna", NOW)) == "anna"  # the table works beside it


def test_each_persons_token_opens_only_that_person_and_a_revoke_ends_only_theirs(db):
    tokens = PersonTokens(db)
    anna, bob = tokens.create("anna", NOW), tokens.create("bob", NOW)
    assert (tokens.find(anna), tokens.find(bob)) == ("anna", "bob")
    assert tokens.revoke("anna") and not tokens.revoke("anna")
    assert tokens.find(anna) is None and tokens.find(bob) == "bob" and tokens.persons() == ["bob"]


def test_parallel_creates_for_one_person_leave_exactly_one_working_token(db):
    tokens = PersonTokens(db)
    with ThreadPoolExecutor(max_workers=8) as pool:
        created = list(pool.map(lambda _: tokens.create("anna", NOW), range(16)))
    working = [token for token in created if tokens.find(token) == "anna"]
    assert len(working) == 1 and tokens.persons() == ["anna"]


@pytest.mark.parametrize("user", ["", "   ", "an\x00na", "an\nna", "x" * 10_000])
def test_the_one_writer_refuses_an_id_that_breaks_the_edge_rules_and_writes_nothing(db, user):
    tokens = PersonTokens(db)
    with pytest.raises(InputError):
        tokens.create(user, NOW)
    assert tokens.persons() == []


class _RowsHandedBack:
    """The database, counting the rows its statements hand back (a SELECT's rowcount)."""

    def __init__(self, db: Any) -> None:
        self._db = db
        self.rows = 0

    @contextmanager
    def transaction(self, seconds: float | None = None) -> Iterator[Any]:
        with self._db.transaction(seconds) as conn:
            yield self._counted(conn)

    @contextmanager
    def read(self) -> Iterator[Any]:
        with self._db.read() as conn:
            yield self._counted(conn)

    def _counted(self, conn: Any) -> Any:
        counter = self

        class Counted:
            def execute(self, *args: Any, **kwargs: Any) -> Any:
                cursor = conn.execute(*args, **kwargs)
                counter.rows += max(cursor.rowcount, 0)
                return cursor

        return Counted()


def test_a_bearer_token_reads_only_its_own_row_and_a_revoked_one_reads_none(db):
    """A sign-in looks the token up by its digest: among many persons it reads the bearer's row, and nothing for a
    revoked or unknown token — not every person's digest on every request."""
    tokens = PersonTokens(db)
    issued = {user: tokens.create(user, NOW) for user in ("anna", "bob", *(f"person{i}" for i in range(30)))}
    assert tokens.revoke("bob")
    counted = _RowsHandedBack(db)
    asked = PersonTokens(counted)
    assert asked.find(issued["anna"]) == "anna" and counted.rows == 1
    assert asked.find(issued["bob"]) is None and counted.rows == 1
    assert asked.find("kein-token") is None and counted.rows == 1
    assert asked.find(issued["person7"]) == "person7" and counted.rows == 2


def test_a_row_for_the_operators_own_person_signs_nobody_in(db):
    """Whatever put it there: a reserved id found by its digest is no person (`RESERVED_PERSONS`)."""
    with db.transaction() as conn:
        conn.execute("INSERT INTO person_tokens (user_id, sha256, created_at) VALUES ('ich', %s, %s)",
                     (token_digest("geraten"), NOW))
    assert PersonTokens(db).find("geraten") is None


def test_the_lookup_by_digest_can_use_an_index(db):
    with db.transaction() as conn:
        conn.execute("SET LOCAL enable_seqscan = off")
        plan = " ".join(row["QUERY PLAN"] for row in conn.execute(
            "EXPLAIN SELECT user_id FROM person_tokens WHERE sha256 = %s", (token_digest("x"),)).fetchall())
    assert "Index" in plan and "person_tokens_sha256" in plan, plan
