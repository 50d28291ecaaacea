"""Schema files/011 (issue 27, p95 < 50 ms with margin): the search reads the pair's active file ids from one
partial index that carries the id, so the read is index-only instead of a sequential scan over every file row."""

from __future__ import annotations

from typing import Any


def test_the_partial_index_of_the_active_files_carries_their_id(db: Any) -> None:
    """Schema 011 replaces the root-only partial index of schema 001 with one that includes the id."""
    with db.transaction() as conn:
        rows = conn.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'dateien_index'").fetchall()
    definitions = {row["indexname"]: row["indexdef"] for row in rows}
    assert "idx_dateien_index_aktiv" not in definitions, definitions
    covering = definitions.get("idx_dateien_index_aktiv_id", "")
    assert "(wurzel_id) INCLUDE (id) WHERE aktiv" in covering, definitions
