"""The one read of a person's holdings for the packages that own none of them: the Lage (which rows a turn wrote or
read), the inventory check, the files service's overview, and the router's bare orders (*„Lösch Käse“*: on which
of her lists, in which appointment titles of the pair). Read-only and bound to the person (notes) or the pair
(appointments); the statements are the notes' and the timeline's repositories' (`graph.holdings` puts them
together), and the running Nova hands it to every node and agent in `Deps.holdings`.

The callers pass what to look for, read the way the services read it: the list types, the item (matched as
whole words against each line by the caller, the statement only narrows by `ILIKE`), the title patterns (every
one must be in the title, as the timeline's title search does). No writes: the services stay the writers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from novaberg.store.db import escape_like

__all__ = ["HeldObjects", "Holdings", "HOLDINGS_LIMIT", "like_pattern"]

HOLDINGS_LIMIT = 20  # rows per side: enough to tell none, one and several apart


@dataclass(frozen=True)
class HeldObjects:
    lists: tuple[tuple[str, str], ...] = ()  # (list name, its text) of the person's lists that may hold the item
    titles: tuple[str, ...] = ()  # titles of the pair's active rows that hold every title pattern


class Holdings(Protocol):
    """What may be read of a person's holdings outside their owners (a fake in tests)."""

    def held(self, user_id: str, character_id: str, *, list_types: Sequence[str], item_patterns: Sequence[str],
             title_patterns: Sequence[str]) -> HeldObjects: ...

    def appointments(self, user_id: str, character_id: str, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """The pair's rows with these ids (active or not), by id."""
        ...

    def appointments_at(self, user_id: str, character_id: str, moment: datetime,
                        zone: ZoneInfo) -> list[dict[str, Any]]:
        """The pair's active rows at this moment."""
        ...

    def appointments_naming(self, user_id: str, character_id: str, term: str, limit: int) -> list[dict[str, Any]]:
        """The pair's active rows whose title or details name the term."""
        ...

    def note(self, user_id: str, note_id: int) -> dict[str, Any] | None:
        """The person's note with this id, else None."""
        ...

    def notes(self, user_id: str) -> list[dict[str, Any]]:
        """The person's active notes."""
        ...

    def notes_naming(self, user_id: str, term: str, limit: int) -> list[dict[str, Any]]:
        """The person's active notes whose text names the term (full text)."""
        ...

    def recent_notes(self, user_id: str, limit: int) -> list[dict[str, Any]]:
        """Name and text of the person's most recently changed active notes."""
        ...


def like_pattern(word: str) -> str:
    """`%word%` with LIKE's wildcards escaped (backslash, the default escape)."""
    return f"%{escape_like(word)}%"

