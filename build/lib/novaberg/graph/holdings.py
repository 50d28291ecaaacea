"""The bare-order read (issue 26 follow-up) from the two owners of the rows: the person's lists from the notes'
repository, the pair's appointment titles from the timeline's — each repository keeps its own SQL."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from novaberg.agents.holdings import HOLDINGS_LIMIT, HeldObjects
from novaberg.notes.repository import NotesRepository
from novaberg.timeline.repository import TimelineRepository

__all__ = ["RepositoryHoldings"]


class RepositoryHoldings:
    """`agents.holdings.Holdings` over the repositories: at most one statement per side, none for an empty side."""

    def __init__(self, db: Any) -> None:
        self._notes = NotesRepository(db)
        self._timeline = TimelineRepository(db)

    def held(self, user_id: str, character_id: str, *, list_types: Sequence[str], item_patterns: Sequence[str],
             title_patterns: Sequence[str]) -> HeldObjects:
        lists = self._notes.lists_holding(user_id, list_types, item_patterns, HOLDINGS_LIMIT)
        titles = self._timeline.titles_holding(user_id, character_id, title_patterns, HOLDINGS_LIMIT)
        return HeldObjects(tuple(lists), tuple(titles))
