"""The files search reads the pair's active file ids (N of the idf, and the owner filter of the sections found
through a compound's head) from the partial index of the active files that carries the id (schema files/011):
the planner answers that part of the statement the search really runs by an index-only scan of that index, not
by a sequential scan over every file row of the database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from novaberg.files.retrieval import ITERATIVE_SCAN, Retriever
from novaberg.files.search_sql import SEARCH
from novaberg.store.vectors import with_vectors
from tests.files.helpers import NOW, allow, shared, write

INDEX = "idx_dateien_index_aktiv_id"


class _RecordingDatabase:
    """The test database, noting the search statement and its values as the search runs it."""

    def __init__(self, db: Any) -> None:
        self._db, self.seen = db, []

    @contextmanager
    def transaction(self, seconds: float | None = None) -> Iterator[Any]:
        with self._db.transaction(seconds) as conn:
            execute = conn.execute

            def noting(query: Any, params: Any = None, **kwargs: Any) -> Any:
                if query == SEARCH:
                    self.seen.append((query, params))
                return execute(query, params, **kwargs)

            conn.execute = noting
            try:
                yield conn
            finally:
                del conn.execute  # the pooled connection goes back as it came

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


def _nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", ()):
        yield from _nodes(child)


def _cte(plan: dict[str, Any], name: str) -> dict[str, Any]:
    return next(node for node in _nodes(plan) if node.get("Subplan Name") == f"CTE {name}")


def test_the_search_reads_the_active_file_ids_by_an_index_only_scan(db: Any, home: Path) -> None:
    write(home / "docs" / "haus" / "gastherme.md", "# Gastherme\n\nDie letzte Wartung machte die Firma Kaltenbach.\n")
    write(home / "docs" / "kueche" / "suppe.md", "# Linsensuppe\n\nLinsen mit Möhren und etwas Essig.\n")
    allow(db, home, "u1")
    svc = shared(db, home, home / "docs", NOW)
    recording = _RecordingDatabase(db)
    Retriever(recording, svc.embedder, svc.log).run("u1", "nova", "Wer hat die Gastherme gewartet?", NOW)
    assert len(recording.seen) == 1, "the search ran no statement of its own"
    query, params = recording.seen[0]
    with db.transaction() as conn:
        with_vectors(conn)
        conn.execute(ITERATIVE_SCAN)
        # a table of two files: the planner's costs would pick any plan; with the whole-table and the bitmap
        # plans priced out, it scans that index only if its condition answers this very query, and index-only
        # only if the index carries the id
        conn.execute("SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off")
        plan = conn.execute("EXPLAIN (FORMAT JSON) " + query, params).fetchone()
    (explained,) = plan.values()
    active = _cte(explained[0]["Plan"], "aktive")
    scans = [(node["Node Type"], node.get("Index Name")) for node in _nodes(active)
             if node.get("Relation Name") == "dateien_index"]
    assert scans and all(kind == "Index Only Scan" and index == INDEX for kind, index in scans), scans
