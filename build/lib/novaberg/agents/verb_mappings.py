"""Learned verb mappings (timeline.md §7.2 Stufe B, notizen.md §6 Stufe B, §10): the one writer of
`verb_mappings`. A mapping is learned when the person confirms a question the agent asked because it
was unsure; from `LEARNED_THRESHOLD` confirmations on the mapping settles the confidence without asking.
Every statement is bound to the pair; a confirmation is one atomic upsert (parallel turns never lose one).
"""

from __future__ import annotations

from datetime import datetime

from novaberg.core.edge import check_id
from novaberg.store.db import Database

__all__ = ["LEARNED_THRESHOLD", "SERVICES", "confirm", "confirmations", "learned"]

LEARNED_THRESHOLD = 3  # notizen.md §10 "Konfidenz-Lernschwelle": from 3 confirmations on, no question
SERVICES = ("timeline", "notizen")
_VERB_MAX = 60

_UPSERT = """
INSERT INTO verb_mappings (user_id, character_id, dienst, verb, aktion, bestaetigungen, updated_at)
VALUES (%s, %s, %s, %s, %s, 1, %s)
ON CONFLICT (user_id, character_id, dienst, verb, aktion)
DO UPDATE SET bestaetigungen = verb_mappings.bestaetigungen + 1, updated_at = EXCLUDED.updated_at
RETURNING bestaetigungen
"""
_SELECT = """
SELECT bestaetigungen FROM verb_mappings
WHERE user_id = %s AND character_id = %s AND dienst = %s AND verb = %s AND aktion = %s
"""


def _key(user_id: str, character_id: str, service: str, verb: str, action: str) -> tuple[str, str, str, str, str]:
    check_id(user_id, "user_id")
    check_id(character_id, "character_id")
    if service not in SERVICES:
        raise ValueError(f"unknown service {service!r}; one of {SERVICES}")
    verb = verb.strip().lower()
    if not verb or len(verb) > _VERB_MAX or not verb.replace("-", "").isalpha():
        raise ValueError(f"not a verb: {verb[:80]!r}")
    if not action or not action.replace("_", "").isalpha():
        raise ValueError(f"not an action: {action[:40]!r}")
    return user_id, character_id, service, verb, action


def confirm(db: Database, user_id: str, character_id: str, service: str, verb: str, action: str,
            now: datetime) -> int:
    """One confirmation of (verb → action) for the pair; returns the new count. Exactly one row or loud."""
    key = _key(user_id, character_id, service, verb, action)
    with db.transaction() as conn:
        row = conn.execute(_UPSERT, (*key, now)).fetchone()
    if row is None:
        raise RuntimeError("verb mapping upsert returned no row")
    return int(row["bestaetigungen"])


def confirmations(db: Database, user_id: str, character_id: str, service: str, verb: str, action: str) -> int:
    """How often the pair confirmed (verb → action); 0 when never, or when `verb` is not a word."""
    try:
        key = _key(user_id, character_id, service, verb, action)
    except ValueError:
        return 0
    with db.transaction() as conn:
        row = conn.execute(_SELECT, key).fetchone()
    return int(row["bestaetigungen"]) if row else 0


def learned(db: Database, user_id: str, character_id: str, service: str, verb: str, action: str) -> bool:
    """Whether the mapping settles the confidence (≥ LEARNED_THRESHOLD confirmations)."""
    return confirmations(db, user_id, character_id, service, verb, action) >= LEARNED_THRESHOLD
