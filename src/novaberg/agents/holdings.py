"""Where a bare order's object stands in the person's data: on which of her lists, in which
appointment titles of the pair. The router asks it only for a bare order (*„Lösch Käse“*: no list, no
appointment word, no time) — read-only, bound to the person (lists) and the pair (appointments). The reads
themselves are the notes' and the timeline's repositories' (`graph.holdings` puts them together).

The callers pass what to look for, read the way the services read it: the list types, the item (matched as
whole words against each line by the caller, the statement only narrows by `ILIKE`), the title patterns (every
one must be in the title, as the timeline's title search does). No writes: the services stay the writers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

__all__ = ["HeldObjects", "Holdings", "HOLDINGS_LIMIT", "like_pattern"]

HOLDINGS_LIMIT = 20  # rows per side: enough to tell none, one and several apart


@dataclass(frozen=True)
class HeldObjects:
    lists: tuple[tuple[str, str], ...] = ()  # (list name, its text) of the person's lists that may hold the item
    titles: tuple[str, ...] = ()  # titles of the pair's active rows that hold every title pattern


class Holdings(Protocol):
    """The read the router may make for a bare order (a fake in tests)."""

    def held(self, user_id: str, character_id: str, *, list_types: Sequence[str], item_patterns: Sequence[str],
             title_patterns: Sequence[str]) -> HeldObjects: ...


def like_pattern(word: str) -> str:
    """`%word%` with LIKE's wildcards escaped (backslash, the default escape)."""
    escaped = word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"

