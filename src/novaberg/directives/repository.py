"""All SQL of `direktiven`: every statement carries the pair (user_id AND character_id) in its condition.

Writes are verified by reading the row back in the same transaction; a write that does not read back is an
error, never a success. Input is checked before anything runs (`check_directive_text`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.edge import check_id, check_text
from novaberg.core.errors import DatabaseError, InputError
from novaberg.directives.texts import EMPTY, NO_PAIR, TOO_LONG
from novaberg.store.db import reading

__all__ = ["Directive", "DirectivesRepository", "MAX_DIRECTIVE_CHARS", "check_directive_text", "check_pair"]

MAX_DIRECTIVE_CHARS = 500

_COLUMNS = "id, user_id, character_id, text, created_at"
_INSERT = f"""
INSERT INTO direktiven (user_id, character_id, text, created_at) VALUES (%s, %s, %s, %s)
ON CONFLICT (user_id, character_id, lower(btrim(text))) WHERE aktiv DO NOTHING
RETURNING {_COLUMNS}
"""
_BY_TEXT = (f"SELECT {_COLUMNS} FROM direktiven WHERE user_id = %s AND character_id = %s AND aktiv "
            "AND lower(btrim(text)) = lower(btrim(%s))")
_GET = f"SELECT {_COLUMNS}, aktiv FROM direktiven WHERE id = %s AND user_id = %s AND character_id = %s"
_LIST = (f"SELECT {_COLUMNS} FROM direktiven WHERE user_id = %s AND character_id = %s AND aktiv "
         "ORDER BY created_at, id")
_REMOVE = ("UPDATE direktiven SET aktiv = FALSE, removed_at = %s "
           "WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv")


@dataclass(frozen=True)
class Directive:
    id: int
    user_id: str
    character_id: str
    text: str
    created_at: datetime

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "created_at": self.created_at.isoformat()}


def check_pair(user_id: object, character_id: object) -> tuple[str, str]:
    """The pair by the edge's id rules, checked in the table's one writer for every caller."""
    if not isinstance(user_id, str) or not user_id.strip() or not isinstance(character_id, str) \
            or not character_id.strip():
        raise InputError(NO_PAIR)
    return check_id(user_id, "user_id"), check_id(character_id, "character_id")


def check_directive_text(text: object) -> str:
    """The directive as it is stored: trimmed, 1–500 characters; else InputError with a sentence for the person."""
    if not isinstance(text, str) or not text.strip():
        raise InputError(EMPTY)
    cleaned = " ".join(text.split())
    if len(cleaned) > MAX_DIRECTIVE_CHARS:
        raise InputError(TOO_LONG.format(limit=MAX_DIRECTIVE_CHARS, length=len(cleaned)))
    return check_text(cleaned)  # storable: no NUL, no lone surrogate (the edge's rules, refused not cleaned)


def _row(row: dict[str, Any]) -> Directive:
    return Directive(row["id"], row["user_id"], row["character_id"], row["text"], row["created_at"])


class DirectivesRepository:
    def __init__(self, db: Any) -> None:
        self._db = db

    def list(self, user_id: str, character_id: str) -> list[Directive]:
        user_id, character_id = check_pair(user_id, character_id)
        with reading(self._db) as conn:
            return [_row(r) for r in conn.execute(_LIST, (user_id, character_id)).fetchall()]

    def add(self, user_id: str, character_id: str, text: str, now: datetime) -> tuple[Directive, bool]:
        """(the directive, created?) — an active directive with the same wording is returned, not doubled.
        The new row is read back bound to the pair before it counts."""
        user_id, character_id = check_pair(user_id, character_id)
        cleaned = check_directive_text(text)
        with self._db.transaction() as conn:
            inserted = conn.execute(_INSERT, (user_id, character_id, cleaned, as_utc(now))).fetchone()
            if inserted is None:
                existing = conn.execute(_BY_TEXT, (user_id, character_id, cleaned)).fetchone()
                if existing is None:
                    raise DatabaseError("directive neither written nor found")
                return _row(existing), False
            back = conn.execute(_GET, (inserted["id"], user_id, character_id)).fetchone()
            if back is None or not back["aktiv"] or back["text"] != cleaned:
                raise DatabaseError("the new directive did not read back")
            return _row(back), True

    def remove(self, user_id: str, character_id: str, directive_id: int, now: datetime) -> bool:
        """Deactivate one directive of this pair; True only when it reads back inactive. Another pair's id
        hits no row (the pair is in the condition) and returns False."""
        user_id, character_id = check_pair(user_id, character_id)
        if isinstance(directive_id, bool) or not isinstance(directive_id, int):
            raise InputError("directive id must be a whole number")
        with self._db.transaction() as conn:
            hit = conn.execute(_REMOVE, (as_utc(now), directive_id, user_id, character_id)).rowcount
            if hit != 1:
                return False
            back = conn.execute(_GET, (directive_id, user_id, character_id)).fetchone()
            if back is None or back["aktiv"]:
                raise DatabaseError("the removed directive did not read back as removed")
            return True
