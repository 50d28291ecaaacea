"""The BM25 statistics of the full-text channel (schema files/008).

`TermsWriter` is the one writer of `dateien_terme` (postings: section × lexeme with its count and the
section's length), `dateien_lexem_df` (per root: sections carrying a lexeme) and `dateien_statistik` (per
root: sections and their summed length). It runs with the watcher's cursor inside the transaction that
writes the index rows and sections, so the counts always describe exactly the sections of the active
files. `sync(cur, ids)` brings the given files to their state: their postings go (counts subtracted),
and an active file's postings come back from its sections (counts added) — the same call serves a new,
changed, retired and returning file. The postings are read from the sections' tsvector (the german
configuration's lexemes with their positions); the reversed head forms of schema 006 (`~…`) are not words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["TermsWriter", "CHUNK", "WRITE_SECONDS"]

CHUNK = 16  # files per statement: a long file has up to 500 sections and thousands of postings
WRITE_SECONDS = 120.0  # the watcher's batch transaction may take this long per statement (a background job)

_REMOVE = """
WITH weg AS (
    DELETE FROM dateien_terme WHERE index_id = ANY(%(ids)s) RETURNING wurzel_id, lexem, abschnitt_id, laenge
), df AS (
    UPDATE dateien_lexem_df d SET df = d.df - w.n
    FROM (SELECT wurzel_id, lexem, count(*) AS n FROM weg GROUP BY wurzel_id, lexem ORDER BY 1, 2) w
    WHERE d.wurzel_id = w.wurzel_id AND d.lexem = w.lexem
    RETURNING 1
), stat AS (
    UPDATE dateien_statistik s SET abschnitte = s.abschnitte - w.a, woerter = s.woerter - w.l
    FROM (SELECT wurzel_id, count(*) AS a, sum(laenge) AS l
          FROM (SELECT DISTINCT wurzel_id, abschnitt_id, laenge FROM weg) x GROUP BY wurzel_id) w
    WHERE s.wurzel_id = w.wurzel_id
    RETURNING 1
)
SELECT (SELECT count(*) FROM weg) AS postings, (SELECT count(*) FROM df) AS lexeme, (SELECT count(*) FROM stat) AS roots
"""
_ADD = """
WITH neu AS (
    INSERT INTO dateien_terme (wurzel_id, lexem, abschnitt_id, index_id, tf, laenge)
    SELECT i.wurzel_id, t.lexeme, a.id, a.index_id, coalesce(cardinality(t.positions), 1), l.laenge
    FROM dateien_index i JOIN dateien_abschnitte a ON a.index_id = i.id
    CROSS JOIN LATERAL (SELECT sum(coalesce(cardinality(x.positions), 1))::int AS laenge
                        FROM unnest(a.suchtext) x WHERE left(x.lexeme, 1) <> '~') l
    CROSS JOIN LATERAL unnest(a.suchtext) t
    WHERE i.id = ANY(%(ids)s) AND i.aktiv AND left(t.lexeme, 1) <> '~' AND l.laenge >= 1
    ON CONFLICT DO NOTHING
    RETURNING wurzel_id, lexem, abschnitt_id, laenge
), df AS (
    INSERT INTO dateien_lexem_df AS d (wurzel_id, lexem, df)
    SELECT wurzel_id, lexem, count(*) FROM neu GROUP BY wurzel_id, lexem ORDER BY 1, 2
    ON CONFLICT (wurzel_id, lexem) DO UPDATE SET df = d.df + EXCLUDED.df
    RETURNING 1
), stat AS (
    INSERT INTO dateien_statistik AS s (wurzel_id, abschnitte, woerter)
    SELECT wurzel_id, count(*), sum(laenge)
    FROM (SELECT DISTINCT wurzel_id, abschnitt_id, laenge FROM neu) x GROUP BY wurzel_id
    ON CONFLICT (wurzel_id) DO UPDATE SET abschnitte = s.abschnitte + EXCLUDED.abschnitte,
                                          woerter = s.woerter + EXCLUDED.woerter
    RETURNING 1
)
SELECT (SELECT count(*) FROM neu) AS postings, (SELECT count(*) FROM df) AS lexeme, (SELECT count(*) FROM stat) AS roots
"""
# one writer at a time per root: two index runs at once (the heartbeat and the CLI) would each see the other's
# sections only after its commit, and a section deleted under the other's feet takes its postings along uncounted
_LOCK = "SELECT pg_advisory_xact_lock(7201927, r) FROM unnest(%s::int[]) r ORDER BY r"
_IDS_OF_PATHS = "SELECT id FROM dateien_index WHERE wurzel_id = %s AND pfad = ANY(%s)"
_FORGET_ROOT = ("DELETE FROM dateien_lexem_df WHERE wurzel_id = %(root)s; "
                "DELETE FROM dateien_statistik WHERE wurzel_id = %(root)s")


class TermsWriter:
    """The one writer of the BM25 tables; every call runs on the caller's cursor, in its transaction."""

    @staticmethod
    def lock(cur: Any, root_ids: Sequence[int]) -> None:
        """The roots' statistics for this transaction alone (taken before anything of them is read)."""
        if root_ids:
            cur.execute(_LOCK, (sorted(set(root_ids)),))

    @staticmethod
    def sync(cur: Any, ids: Sequence[int]) -> None:
        """The files `ids` (index row ids) to their state: postings and counts of an active file from its
        sections, none for a retired one."""
        TermsWriter.withdraw(cur, ids)
        TermsWriter.enter(cur, ids)

    @staticmethod
    def withdraw(cur: Any, ids: Sequence[int]) -> None:
        """The files' postings out, their counts subtracted — before their sections are replaced (the
        sections' delete would take the postings along without the counts)."""
        ordered = sorted(set(ids))
        for start in range(0, len(ordered), CHUNK):
            cur.execute(_REMOVE, {"ids": ordered[start:start + CHUNK]})

    @staticmethod
    def enter(cur: Any, ids: Sequence[int]) -> None:
        """The active files' postings from their sections, their counts added (a posting already there is kept
        and not counted twice)."""
        ordered = sorted(set(ids))
        for start in range(0, len(ordered), CHUNK):
            cur.execute(_ADD, {"ids": ordered[start:start + CHUNK]})

    @staticmethod
    def ids_of(cur: Any, batch: Sequence[dict[str, Any]]) -> list[int]:
        """The index row ids of the watcher's rows, named by (wurzel_id, pfad); a file not yet indexed has none."""
        by_root: dict[int, list[str]] = {}
        for row in batch:
            by_root.setdefault(row["wurzel_id"], []).append(row["pfad"])
        ids: list[int] = []
        for root_id, paths in by_root.items():
            cur.execute(_IDS_OF_PATHS, (root_id, paths))
            ids.extend(int(found["id"]) for found in cur.fetchall())
        return ids

    @staticmethod
    def forget_root(conn: Any, root_id: int) -> None:
        """§2a.3 vergessen: the root's index rows are deleted (their postings with them); its counts go too."""
        for statement in _FORGET_ROOT.split("; "):
            conn.execute(statement, {"root": root_id})
