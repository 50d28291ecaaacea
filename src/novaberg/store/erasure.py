"""The rows of one person, counted and removed in one transaction (`novaberg person erase`).

The one deliberate exception to "one writer per table": erasing a person touches every table, and doing it in
one transaction means a failure half-way leaves every row in place. Each statement names the person in its
condition. `PERSON_TABLES` lists every table with a `user_id` column (a test compares it with
`information_schema.columns`, so a new table cannot be forgotten); `DEPENDENT_TABLES` are the rows that carry
no `user_id` but belong to one of the person's rows (removed first, or by the cascade of their parent).
"""

from __future__ import annotations

from typing import Any

__all__ = ["PERSON_TABLES", "DEPENDENT_TABLES", "PersonRows"]

# Order matters only for readability: no foreign key points from one of these to another person's row.
PERSON_TABLES: tuple[str, ...] = (
    "turns",
    "web_sessions",
    "person_tokens",
    "timeline",
    "kalender_abos",  # the calendar subscription token (timeline/ics)
    "notizen_trigramm_posten",  # before `notizen`, whose delete trigger would otherwise thin them uncounted
    "notizen",
    "verb_mappings",
    "lzg_kanten",
    "lzg_knoten",
    "direktiven",
    "dateien_wurzeln",
    "dateien_schwelle",
    "dateien_erlaubt",
)

# table -> (count statement, delete statement); `%(u)s` is the person, `%(needle)s` their pair-token prefix.
_TRACE = "turn_id IN (SELECT turn_id FROM turns WHERE user_id = %(u)s)"
_OF_ROOTS = "wurzel_id IN (SELECT id FROM dateien_wurzeln WHERE user_id = %(u)s)"
_AUDIT = "(strpos(task, %(needle)s) > 0 OR strpos(payload::text, %(needle)s) > 0)"
DEPENDENT_TABLES: dict[str, str] = {
    "pipeline_log": _TRACE,  # the trace of the person's turns
    "dateien_abschnitte": f"index_id IN (SELECT id FROM dateien_index WHERE {_OF_ROOTS})",
    "dateien_index": _OF_ROOTS,  # the index rows of the person's roots
    "hintergrund_log": _AUDIT,  # heartbeat audits naming one of the person's memory keys or queues
}


class PersonRows:
    """Counts and deletes every database row of one person."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def count(self, user_id: str, pair_needle: str) -> dict[str, int]:
        """Rows per table (only tables with at least one row)."""
        params = {"u": user_id, "needle": pair_needle}
        counts: dict[str, int] = {}
        with self._db.transaction() as conn:
            for table, condition in _conditions():
                row = conn.execute(f"SELECT count(*) AS n FROM {table} WHERE {condition}", params).fetchone()
                if row["n"]:
                    counts[table] = int(row["n"])
        return counts

    def delete(self, user_id: str, pair_needle: str) -> dict[str, int]:
        """Delete them all in one transaction; rows per table as deleted (cascaded rows counted before)."""
        params = {"u": user_id, "needle": pair_needle}
        removed: dict[str, int] = {}
        with self._db.transaction() as conn:
            for table, condition in _conditions():
                cursor = conn.execute(f"DELETE FROM {table} WHERE {condition}", params)
                if cursor.rowcount:
                    removed[table] = removed.get(table, 0) + int(cursor.rowcount)
        return removed


    def characters(self, user_id: str) -> list[str]:
        """Every figure named in a row of the person (the tables with both `user_id` and `character_id`)."""
        with self._db.transaction() as conn:
            tables = [row["table_name"] for row in conn.execute(
                "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND column_name = 'character_id' AND table_name = ANY(%s) ORDER BY 1", (list(PERSON_TABLES),))]
            if not tables:
                return []
            union = " UNION ".join(f"SELECT character_id FROM {table} WHERE user_id = %(u)s" for table in tables)
            return [row["character_id"] for row in conn.execute(f"SELECT character_id FROM ({union}) AS c "
                                                                 "WHERE character_id IS NOT NULL ORDER BY 1",
                                                                 {"u": user_id})]

    def persons(self) -> list[str]:
        """Every person with at least one row anywhere (`doctor` counts them)."""
        union = " UNION ".join(f"SELECT user_id FROM {table}" for table in PERSON_TABLES)
        with self._db.transaction() as conn:
            return [row["user_id"] for row in conn.execute(f"SELECT user_id FROM ({union}) AS p ORDER BY 1")]


def _conditions() -> list[tuple[str, str]]:
    """Dependents first (their conditions read the parents), then every person table."""
    return [*DEPENDENT_TABLES.items(), *((table, "user_id = %(u)s") for table in PERSON_TABLES)]
