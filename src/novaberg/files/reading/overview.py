"""„Weißt du was über X" is one request over several stores (dateien.md §3.0c): the person's notes, the
pair's appointments and the shared files are asked together, and each finding is labelled with the store
it comes from. Memory reaches the composer through its own block; the web is no service (§3.0c).

Read-only: the notes and the timeline are read through their repositories' read calls.
"""

from __future__ import annotations

import logging
from typing import Any

from novaberg.core.errors import DatabaseError
from novaberg.files.reading import texts

__all__ = ["other_stores", "MAX_PER_STORE"]

logger = logging.getLogger(__name__)

MAX_PER_STORE = 3


def _notes(deps: Any, user_id: str, terms: list[str]) -> list[str]:
    from novaberg.notes.repository import NotesRepository

    repo = NotesRepository(deps.db)
    found: dict[int, dict[str, Any]] = {}
    for term in terms[:2]:
        for row in repo.by_fulltext(user_id, term, limit=MAX_PER_STORE):
            found.setdefault(row["id"], row)
    return [f"- {row.get('name') or ''}: {' '.join(str(row.get('text') or '').split())[:160]}"
            for row in list(found.values())[:MAX_PER_STORE]]


def _appointments(deps: Any, user_id: str, character_id: str, terms: list[str]) -> list[str]:
    from novaberg.timeline.repository import TimelineRepository

    repo = TimelineRepository(deps.db)
    found: dict[int, dict[str, Any]] = {}
    for term in terms[:2]:
        for row in repo.find_by_keyword(user_id, character_id, term, limit=MAX_PER_STORE):
            found.setdefault(row["id"], row)
    lines = []
    for row in list(found.values())[:MAX_PER_STORE]:
        moment = row.get("event_time")
        when = moment.astimezone(deps.zone).strftime("%d.%m.%Y %H:%M") if moment is not None else ""
        lines.append(f"- {when} {row.get('title') or ''}".rstrip())
    return lines


def other_stores(deps: Any, user_id: str, character_id: str, terms: list[str]) -> list[str]:
    """The labelled sections of the notes and the appointments for these terms (empty stores left out)."""
    sections: list[str] = []
    for label, read in ((texts.OVERVIEW_NOTES, lambda: _notes(deps, user_id, terms)),
                        (texts.OVERVIEW_APPOINTMENTS, lambda: _appointments(deps, user_id, character_id, terms))):
        try:
            lines = read()
        except (DatabaseError, ValueError) as err:
            logger.error("dateien: %s could not be read for the overview: %s", label, err)
            continue
        if lines:
            sections.append("\n".join([label, *lines]))
    return sections
