"""One files search sends a fixed number of statements, however many words the
question has — no statement per question word (N+1), and the channels' per-word work stays inside the two
search statements (`search_sql.SEARCH`, `fulltext.FULLTEXT`). The full-text statement and the allow-list run
beside the channels' statement on a second connection (p95 < 50 ms with margin)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest

from novaberg.files.fulltext import FULLTEXT
from novaberg.files.retrieval import ITERATIVE_SCAN, Retriever
from novaberg.files.search_sql import SEARCH
from novaberg.store.db import Database
from tests.files.helpers import NOW, shared, write

SHORT = "Entkalker?"
LONG = ("Wo steht, wie oft die Kaffeemaschine entkalkt wird, welcher Entkalker in den Wassertank kommt und wann "
        "der Filter der Heizung getauscht werden muss?")


def _sent(monkeypatch: Any, db: Database, prepared: dict[str, Any] | None = None) -> list[str]:
    """The statements sent to the test's own database: the test database supply makes the next test's database on a
    thread of its own meanwhile (tests/databases.py, CREATE DATABASE on an admin connection) — none of the search's."""
    sent: list[str] = []
    original = psycopg.Cursor.execute
    with db.transaction() as conn:
        own = conn.info.dbname

    def spy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if query == "" or isinstance(query, psycopg.sql.Composable) or self.connection.info.dbname != own:
            # the pool's health check of a connection idle a while, and the vector types' look-up on a connection new
            # to the pool (pgvector's TypeInfo.fetch): upkeep that load brings on, none of the search's statements
            # (a run at load 7 once failed on them)
            return original(self, query, *args, **kwargs)
        sent.append("SEARCH" if query is SEARCH else "FULLTEXT" if query is FULLTEXT else str(query)[:60])
        if prepared is not None:
            prepared[sent[-1]] = kwargs.get("prepare")
        return original(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", spy)
    return sent


def test_a_search_sends_the_same_statements_for_one_word_and_for_twenty(db: Any, tmp_path: Path,
                                                                          monkeypatch: Any) -> None:
    """p95 < 50 ms needs a bounded number of round trips — a one-word and a twenty-word question
    send the same statements, each search statement once."""
    root = tmp_path / "haushalt"
    write(root / "kaffee.md", "# Kaffeemaschine\n\nDer Entkalker kommt in den Wassertank.\n\nAlle acht Wochen entkalken.\n")
    write(root / "heizung.md", "# Heizung\n\nDer Filter der Heizung wird im Herbst getauscht.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    retriever.run("u1", "nova", SHORT, NOW, track=False)  # once: the index's dimension is read and kept
    sent = _sent(monkeypatch, db)
    short = retriever.run("u1", "nova", SHORT, NOW, track=False)
    short_sent = list(sent)
    sent.clear()
    long = retriever.run("u1", "nova", LONG, NOW, track=False)
    assert short.hits and long.hits  # both searches found something: the statements did their work
    # the full-text statement and the allow-list run beside the channels' statement, on a connection of their own
    # (p95), so the order in which the two threads send is not fixed; what is sent is
    assert sorted(short_sent) == sorted(sent), (short_sent, sent)
    assert sent.count("SEARCH") == 1 and sent.count("FULLTEXT") == 1
    assert sum(1 for query in sent if query.startswith("SET LOCAL hnsw.iterative_scan")) == 2
    # the roots check, the scan settings on each of the two connections, two search statements, the allow-list
    assert len(sent) == 6, sent


def test_the_search_statements_are_prepared_and_planned_for_each_question(db: Any, tmp_path: Path,
                                                                         monkeypatch: Any) -> None:
    """The two search statements are prepared (parsed and analysed once per connection) and planned
    with each question's own values — a generic plan, the question's tsqueries unknown, was several times slower."""
    root = tmp_path / "haushalt"
    write(root / "kaffee.md", "# Kaffeemaschine\n\nDer Entkalker kommt in den Wassertank.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    prepared: dict[str, Any] = {}
    sent = _sent(monkeypatch, db, prepared)
    for _ in range(7):  # past psycopg's threshold and PostgreSQL's five custom plans before a generic one
        assert retriever.run("u1", "nova", SHORT, NOW, track=False).hits
    assert prepared["SEARCH"] is True and prepared["FULLTEXT"] is True
    assert "plan_cache_mode = force_custom_plan" in ITERATIVE_SCAN and sent.count("SEARCH") == 7
    with db.transaction() as conn:
        plans = conn.execute("SELECT generic_plans, custom_plans FROM pg_prepared_statements "
                             "WHERE statement LIKE '%%dateien_terme%%'").fetchall()
    assert all(row["generic_plans"] == 0 for row in plans), plans


def test_the_full_text_statement_runs_beside_the_channels_statement(db: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """Speed (p95 < 50 ms with margin): the BM25 statement needs nothing of the channels' statement, so it is sent
    from a thread of its own while the channels' statement runs — and the hits are the same as when the two run one
    after the other on a pool of one connection."""
    root = tmp_path / "haushalt"
    write(root / "kaffee.md", "# Kaffeemaschine\n\nDer Entkalker kommt in den Wassertank.\n\nAlle acht Wochen entkalken.\n")
    write(root / "heizung.md", "# Heizung\n\nDer Filter der Heizung wird im Herbst getauscht.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    seen: dict[str, int] = {}
    original = psycopg.Cursor.execute

    def spy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if query is SEARCH or query is FULLTEXT:
            seen["SEARCH" if query is SEARCH else "FULLTEXT"] = threading.get_ident()
        return original(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", spy)
    beside = retriever.run("u1", "nova", LONG, NOW, track=False)
    # another thread (a connection of its own while both run; a connection the other gave back when it finished first)
    assert seen["SEARCH"] != seen["FULLTEXT"], seen
    single = Database(db.url, max_size=1)  # one connection: the two statements take turns, nothing waits forever
    try:
        in_turn = Retriever(single, svc.embedder).run("u1", "nova", LONG, NOW, track=False)
    finally:
        single.close()
    assert beside.hits and [hit.as_dict() for hit in in_turn.hits] == [hit.as_dict() for hit in beside.hits]
    assert beside.ranked == in_turn.ranked and "volltext" in beside.ranked and beside.ranked["volltext"]


def test_a_failed_search_ends_with_nothing_still_running_beside(db: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """The statement beside the channels' statement is part of the search — when the channels' statement
    fails, the error reaches the caller only after the other thread's statement is over (the turn ends whole)."""
    root = tmp_path / "haushalt"
    write(root / "kaffee.md", "# Kaffeemaschine\n\nDer Entkalker kommt in den Wassertank.\n")
    svc = shared(db, tmp_path, root, NOW)
    retriever = Retriever(db, svc.embedder)
    never = threading.Event()  # nobody sets it: the full-text statement is held back for a second
    over = threading.Event()
    original = psycopg.Cursor.execute

    def spy(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if query is SEARCH:
            raise RuntimeError("the channels' statement failed")
        if query is FULLTEXT:
            never.wait(timeout=1.0)
            result = original(self, query, *args, **kwargs)
            over.set()
            return result
        return original(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", spy)
    with pytest.raises(RuntimeError, match="channels' statement failed"):
        retriever.run("u1", "nova", SHORT, NOW, track=False)
    assert over.is_set()
