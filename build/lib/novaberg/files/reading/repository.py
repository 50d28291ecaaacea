"""Read-only SQL of the reading service `dateien` (§8.1: it writes nothing): index rows of the pair by
name and the size of the pair's stock. Every statement carries the pair in its condition (§2a.1)."""

from __future__ import annotations

from typing import Any

from novaberg.core.edge import check_id

__all__ = ["ReadingRepository"]

_COLUMNS = """i.id, i.pfad, i.name, i.thema, i.zusammenfassung, i.struktur, i.zeilen, i.groesse, w.id AS root_id,
       w.pfad AS wurzel_pfad, w.eigentum"""
_NAMED = f"""
SELECT {_COLUMNS} FROM dateien_index i JOIN dateien_wurzeln w ON w.id = i.wurzel_id
WHERE w.user_id = %s AND w.character_id = %s AND w.aktiv AND i.aktiv
  AND (lower(i.name) = lower(%s) OR lower(i.pfad) = lower(%s))
ORDER BY i.pfad LIMIT 5
"""
_COUNT = """
SELECT count(*) AS n FROM dateien_index i JOIN dateien_wurzeln w ON w.id = i.wurzel_id
WHERE w.user_id = %s AND w.character_id = %s AND w.aktiv AND i.aktiv
"""
_BY_IDS = f"""
SELECT {_COLUMNS} FROM dateien_index i JOIN dateien_wurzeln w ON w.id = i.wurzel_id
WHERE w.user_id = %s AND w.character_id = %s AND w.aktiv AND i.aktiv AND i.id = ANY(%s)
"""


class ReadingRepository:
    def __init__(self, db: Any) -> None:
        self._db = db

    @staticmethod
    def _pair(user_id: str, character_id: str) -> tuple[str, str]:
        return check_id(user_id, "user_id"), check_id(character_id, "character_id")

    def named(self, user_id: str, character_id: str, name: str) -> list[dict[str, Any]]:
        with self._db.transaction() as conn:
            return conn.execute(_NAMED, (*self._pair(user_id, character_id), name, name)).fetchall()

    def count(self, user_id: str, character_id: str) -> int:
        with self._db.transaction() as conn:
            return int(conn.execute(_COUNT, self._pair(user_id, character_id)).fetchone()["n"])

    def by_ids(self, user_id: str, character_id: str, ids: list[int]) -> dict[int, dict[str, Any]]:
        with self._db.transaction() as conn:
            rows = conn.execute(_BY_IDS, (*self._pair(user_id, character_id), ids)).fetchall()
        return {row["id"]: row for row in rows}
