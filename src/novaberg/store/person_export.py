"""The read side of a person's export: the figures a person has anything with, and the
whole chat history. Read-only; every statement names the person in its condition."""

from __future__ import annotations

from typing import Any

__all__ = ["PersonExportRows"]

FIGURES = """
SELECT character_id FROM turns WHERE user_id = %(u)s
UNION SELECT character_id FROM timeline WHERE user_id = %(u)s
UNION SELECT character_id FROM direktiven WHERE user_id = %(u)s
UNION SELECT character_id FROM lzg_knoten WHERE user_id = %(u)s
UNION SELECT character_id FROM dateien_wurzeln WHERE user_id = %(u)s
ORDER BY 1
"""
TURNS = """
SELECT character_id, turn_id, text, answer, verdict, created_at FROM turns
WHERE user_id = %s ORDER BY character_id, created_at, id
"""


class PersonExportRows:
    def __init__(self, db: Any) -> None:
        self._db = db

    def figures(self, user_id: str) -> list[str]:
        with self._db.transaction() as conn:
            return [str(row["character_id"]) for row in conn.execute(FIGURES, {"u": user_id}).fetchall()]

    def turns(self, user_id: str) -> list[dict[str, Any]]:
        """Every turn of the person, per figure in time order (an unanswered turn has `answer` None)."""
        with self._db.transaction() as conn:
            return [dict(row) for row in conn.execute(TURNS, (user_id,)).fetchall()]
