"""Where a bare order's object stands in the person's data (issue 26 follow-up): on which of her lists, in which
appointment titles of the pair. The router asks it only for a bare order (*„Lösch Käse“*: no list, no
appointment word, no time) — one statement, read-only, bound to the person (lists) and the pair (appointments).

The callers pass what to look for, read the way the services read it: the list types, the item (matched as
whole words against each line by the caller, the statement only narrows by `ILIKE`), the title patterns (every
one must be in the title, as the timeline's title search does). No writes: the services stay the writers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from novaberg.core.edge import check_id

__all__ = ["HeldObjects", "Holdings", "SqlHoldings", "HOLDINGS_LIMIT", "like_pattern"]

HOLDINGS_LIMIT = 20  # rows per side: enough to tell none, one and several apart

_HOLDINGS = """
(SELECT 'liste' AS art, name, text FROM notizen
 WHERE user_id = %(user_id)s AND aktiv AND typ = ANY(%(list_types)s) AND cardinality(%(item_patterns)s::text[]) > 0
   AND text ILIKE ANY(%(item_patterns)s)
 ORDER BY id LIMIT %(limit)s)
UNION ALL
(SELECT 'termin' AS art, title AS name, '' AS text FROM timeline
 WHERE user_id = %(user_id)s AND character_id = %(character_id)s AND aktiv
   AND cardinality(%(title_patterns)s::text[]) > 0 AND title ILIKE ALL(%(title_patterns)s)
 ORDER BY id LIMIT %(limit)s)
"""


@dataclass(frozen=True)
class HeldObjects:
    lists: tuple[tuple[str, str], ...] = ()  # (list name, its text) of the person's lists that may hold the item
    titles: tuple[str, ...] = ()  # titles of the pair's active rows that hold every title pattern


class Holdings(Protocol):
    """The read the router may make for a bare order (a fake in tests)."""

    def held(self, user_id: str, character_id: str, *, list_types: Sequence[str], item_patterns: Sequence[str],
             title_patterns: Sequence[str]) -> HeldObjects: ...


class SqlHoldings:
    """The one statement over the person's lists and the pair's appointments."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def held(self, user_id: str, character_id: str, *, list_types: Sequence[str], item_patterns: Sequence[str],
             title_patterns: Sequence[str]) -> HeldObjects:
        check_id(user_id, "user_id")
        check_id(character_id, "character_id")
        params = {"user_id": user_id, "character_id": character_id, "list_types": list(list_types),
                  "item_patterns": list(item_patterns), "title_patterns": list(title_patterns),
                  "limit": HOLDINGS_LIMIT}
        with self._db.transaction() as conn:
            rows = conn.execute(_HOLDINGS, params).fetchall()
        return HeldObjects(tuple((str(r["name"]), str(r["text"])) for r in rows if r["art"] == "liste"),
                           tuple(str(r["name"]) for r in rows if r["art"] == "termin"))


def like_pattern(word: str) -> str:
    """`%word%` with LIKE's wildcards escaped (backslash, the default escape)."""
    escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"

