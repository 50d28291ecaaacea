"""„Weißt du was über X" is one request over several stores (dateien.md §3.0c): the person's notes, the
pair's appointments, what she told Nova (memory), Nova's own knowledge (`knowledge/`) and the shared files
are asked together, and each finding is labelled with the store it comes from. The web is no service
(§3.0c) and is not asked.

Read-only: every store is read through its repository's read calls; no model call here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import psycopg
import redis as redis_lib

from novaberg.core.errors import DatabaseError, ModelError
from novaberg.core.settings import MEMORY_BLOCK_FLOOR
from novaberg.embed.cache import embed_cached
from novaberg.files.labels import label as archive_label
from novaberg.files.reading import texts
from novaberg.memory.repository import LongTermRepository
from novaberg.memory.short_term import ShortTermMemory

__all__ = ["other_stores", "memory_lines", "knowledge_lines", "MAX_PER_STORE"]

logger = logging.getLogger(__name__)

MAX_PER_STORE = 3
_MEMORY_CANDIDATES = 20  # nearest long-term nodes looked at; a node counts when near enough or naming a term
_EXCERPT = 140  # one line per finding: the overview has up to five stores to fit into one short answer


def _flat(text: str, limit: int = _EXCERPT) -> str:
    flat = " ".join(str(text or "").split())
    return flat if len(flat) <= limit else flat[:limit].rsplit(" ", 1)[0] + " …"


def _names_a_term(text: str, terms: Sequence[str]) -> bool:
    folded = text.casefold()
    return any(term.casefold() in folded for term in terms if len(term) >= 3)


def _notes(deps: Any, user_id: str, terms: list[str]) -> list[str]:
    holdings = deps.holdings_read()
    found: dict[int, dict[str, Any]] = {}
    for term in terms[:2]:
        for row in holdings.notes_naming(user_id, term, MAX_PER_STORE):
            found.setdefault(row["id"], row)
    return [_note_line(row) for row in list(found.values())[:MAX_PER_STORE]]


def _note_line(row: dict[str, Any]) -> str:
    """`- <name>: <text>` — a note whose name is its text's beginning (a note said in one sentence) once."""
    name, text = " ".join(str(row.get("name") or "").split()), _flat(row.get("text") or "", 160)
    return f"- {text}" if not name or text.startswith(name) else f"- {name}: {text}"


def _appointments(deps: Any, user_id: str, character_id: str, terms: list[str]) -> list[str]:
    holdings = deps.holdings_read()
    found: dict[int, dict[str, Any]] = {}
    for term in terms[:2]:
        for row in holdings.appointments_naming(user_id, character_id, term, MAX_PER_STORE):
            found.setdefault(row["id"], row)
    lines = []
    for row in list(found.values())[:MAX_PER_STORE]:
        moment = row.get("event_time")
        when = moment.astimezone(deps.zone).strftime("%d.%m.%Y %H:%M") if moment is not None else ""
        lines.append(f"- {when} {row.get('title') or ''}".rstrip())
    return lines


def memory_lines(deps: Any, user_id: str, character_id: str, terms: Sequence[str], now: datetime) -> list[str]:
    """What the person told Nova about the terms: long-term nodes near the terms or naming one, and fresh
    short-term entries naming one — in her words, with the day, the pair's own only."""
    found: list[tuple[str, datetime | None]] = []
    seen: set[str] = set()
    if terms:
        repo = LongTermRepository(deps.db)
        query = embed_cached(deps.embedder, [" ".join(terms)])[0]
        dims = repo.dimensions_for(deps.embedder, now)
        for node in repo.similar(user_id, character_id, query, dims, _MEMORY_CANDIDATES):
            said = " ".join(str(node["inhalt"]).split())
            if said and said not in seen and (node["cosine"] >= MEMORY_BLOCK_FLOOR or _names_a_term(said, terms)):
                seen.add(said)
                found.append((said, node.get("kzg_erstellt_am")))
    try:
        fresh = ShortTermMemory(deps.redis).fresh_above_mid(user_id, character_id, now)
    except redis_lib.RedisError as err:
        logger.error("dateien: the short-term memory is unreachable for the overview: %s", err)
        fresh = []
    for entry in fresh:
        said = " ".join(str(entry["inhalt"]).split())
        if said and said not in seen and _names_a_term(said, terms):
            seen.add(said)
            found.append((said, entry.get("erstellt_am")))
    lines = []
    for said, day in found[:MAX_PER_STORE]:
        told = texts.OVERVIEW_MEMORY_DAY.format(tag=day.astimezone(deps.zone).strftime("%d.%m.%Y")) \
            if isinstance(day, datetime) else ""
        lines.append(f"- „{_flat(said)}“{told}")
    return lines


def knowledge_lines(found: tuple[str, str] | None, terms: Sequence[str]) -> list[str]:
    """Her own knowledge text on the topic (from the early gate's look, §3.0d): the first paragraph naming a
    term (her text can be long; the file name says where the rest is)."""
    if found is None:
        return []
    name, body = found
    paragraphs = [p for p in (" ".join(part.split()) for part in body.split("\n\n")) if p]
    naming = [p for p in paragraphs if _names_a_term(p, terms)] or paragraphs
    return [f"- {archive_label('knowledge/' + name)}: {_flat(p)}" for p in naming[:1]]


def other_stores(deps: Any, user_id: str, character_id: str, terms: list[str], now: datetime,
                 knowledge: tuple[str, str] | None = None) -> list[str]:
    """The labelled sections of every store but the shared files, for these terms (empty stores left out):
    notes, appointments, memory, her own knowledge. A store that cannot be read is logged and left out."""
    sections: list[str] = []
    reads = ((texts.OVERVIEW_NOTES, lambda: _notes(deps, user_id, terms)),
             (texts.OVERVIEW_APPOINTMENTS, lambda: _appointments(deps, user_id, character_id, terms)),
             (texts.OVERVIEW_MEMORY, lambda: memory_lines(deps, user_id, character_id, terms, now)),
             (texts.OVERVIEW_KNOWLEDGE, lambda: knowledge_lines(knowledge, terms)))
    for label, read in reads:
        try:
            lines = read()
        except (DatabaseError, psycopg.Error, ModelError, ValueError) as err:
            logger.error("dateien: %s could not be read for the overview: %s", label, err)
            continue
        if lines:
            sections.append("\n".join([label, *lines]))
    return sections
