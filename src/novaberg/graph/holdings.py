"""`agents.holdings.Holdings` from the two owners of the rows: the person's notes and lists from the notes'
repository, the pair's appointments from the timeline's — each repository keeps its own SQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.holdings import HOLDINGS_LIMIT, HeldObjects
from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository

__all__ = ["RepositoryHoldings"]


class RepositoryHoldings:
    """`agents.holdings.Holdings` over the repositories (a bare order's read: at most one statement per side)."""

    def __init__(self, db: Any) -> None:
        self._notes = NotesRepository(db)
        self._timeline = TimelineRepository(db)

    def held(self, user_id: str, character_id: str, *, list_types: Sequence[str], item_patterns: Sequence[str],
             title_patterns: Sequence[str]) -> HeldObjects:
        lists = self._notes.lists_holding(user_id, list_types, item_patterns, HOLDINGS_LIMIT)
        titles = self._timeline.titles_holding(user_id, character_id, title_patterns, HOLDINGS_LIMIT)
        return HeldObjects(tuple(lists), tuple(titles))

    def appointments(self, user_id: str, character_id: str, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        return self._timeline.find_by_ids(user_id, character_id, list(ids)) if ids else {}

    def appointments_at(self, user_id: str, character_id: str, moment: datetime,
                        zone: ZoneInfo) -> list[dict[str, Any]]:
        return self._timeline.find_at_moment(user_id, character_id, moment, zone)

    def appointments_naming(self, user_id: str, character_id: str, term: str, limit: int) -> list[dict[str, Any]]:
        return self._timeline.find_by_keyword(user_id, character_id, term, limit=limit)

    def note(self, user_id: str, note_id: int) -> dict[str, Any] | None:
        return self._notes.get(note_id, user_id)

    def notes(self, user_id: str) -> list[dict[str, Any]]:
        return self._notes.list(user_id)

    def notes_naming(self, user_id: str, term: str, limit: int) -> list[dict[str, Any]]:
        return self._notes.by_fulltext(user_id, term, limit=limit)

    def recent_notes(self, user_id: str, limit: int) -> list[dict[str, Any]]:
        return self._notes.recent_texts(user_id, limit)
