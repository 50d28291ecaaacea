"""Where a question's candidate sentences come from: the files the pair's search finds for the question's
words (current before archived, each opened once within the watcher's boundary), Nova's own knowledge zone of
the pair, and the person's notes. Read-only; a store that fails is logged and left out, never an error."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import psycopg

from novaberg.answers.candidates import Candidate, from_lines
from novaberg.core.errors import DatabaseError, InputError
from novaberg.files.allowlist import AllowListRepository
from novaberg.files.blocks import QUESTION_FILES, shown_path, turn_hits
from novaberg.files.knowledge.pairs import pair_zone
from novaberg.files.knowledge.versions import ANCHOR, ARCHIVE_RULE
from novaberg.files.labels import is_archived
from novaberg.files.reading import texts as reading_texts
from novaberg.files.reading.zoom import open_said
from novaberg.files.repository import RootsRepository

__all__ = ["Gathered", "gather", "NOTES_READ", "KNOWLEDGE_FILES"]

logger = logging.getLogger(__name__)

NOTES_READ = 200  # the person's most recently changed notes
KNOWLEDGE_FILES = 50
_KNOWLEDGE_BYTES = 200_000


@dataclass
class Gathered:
    candidates: list[Candidate] = field(default_factory=list)
    searched: list[str] = field(default_factory=list)  # the stores looked in ('datei', 'wissen', 'notiz')
    problems: list[str] = field(default_factory=list)


def _files(gathered: Gathered, deps: Any, turn: dict[str, Any]) -> None:
    user_id, character_id = turn["user_id"], turn["character_id"]
    if not RootsRepository(deps.db).active(user_id, character_id):
        return
    gathered.searched.append("datei")
    found_hits = turn_hits(turn, deps, QUESTION_FILES)  # the blocks' search of this turn, cached: one per turn
    hits = sorted(found_hits, key=lambda hit: is_archived(hit.relative or hit.path))
    boundary: tuple[Path, ...] = AllowListRepository(deps.db).of(user_id)
    for hit in hits:
        opened = open_said(hit, boundary, gathered.problems)
        if opened is None:
            continue
        archived = is_archived(hit.relative or hit.path)
        place = shown_path(hit) + ", " + reading_texts.LINE + (" " + reading_texts.ARCHIVED if archived else "")
        name = Path(hit.relative).stem.replace("_", " ").replace("-", " ")
        source = "wissen" if hit.eigentum == "figur" else "datei"  # a root she owns holds her own finds (§1a.5)
        gathered.candidates.extend(_file_candidates("\n".join(opened.lines), place, name, archived, source))


@lru_cache(maxsize=512)
def _file_candidates(text: str, place: str, name: str, archived: bool, source: str) -> tuple[Candidate, ...]:
    """A file's sentences, kept by its text: a file asked about again is not cut and stemmed again (a changed
    file is another text, so nothing stale is kept)."""
    return tuple(from_lines(text.split("\n"), source, place, name, archived))


def _knowledge(gathered: Gathered, deps: Any, user_id: str, character_id: str) -> None:
    if deps.data_dir is None:
        return
    zone = pair_zone(Path(deps.data_dir), user_id, character_id)
    if not zone.is_dir():
        return
    gathered.searched.append("wissen")
    for path in sorted(zone.glob("*.md"))[:KNOWLEDGE_FILES]:
        try:
            if path.is_symlink() or path.stat().st_size > _KNOWLEDGE_BYTES:
                continue
            current = path.read_text(encoding="utf-8").split(ARCHIVE_RULE, 1)[0]  # older wordings are no answer
            lines = [ANCHOR.sub("", line) for line in current.splitlines()]
        except (OSError, UnicodeDecodeError) as err:
            logger.error("answers: knowledge text %s unreadable: %s", path.name, err)
            continue
        gathered.candidates.extend(from_lines(lines, "wissen", f"knowledge/{path.name}, Zeile {{zeile}}",
                                              path.stem.replace("_", " ").replace("-", " ")))


def _notes(gathered: Gathered, deps: Any, user_id: str) -> None:
    gathered.searched.append("notiz")
    for note in deps.holdings_read().recent_notes(user_id, NOTES_READ):
        name = str(note.get("name") or "")
        gathered.candidates.extend(from_lines(str(note.get("text") or "").splitlines(), "notiz", name, name))


def gather(deps: Any, turn: dict[str, Any]) -> Gathered:
    """The candidates of every store that can hold the answer; a store that fails is left out and logged.
    `turn`: turn_id, user_id, character_id, text, now — the turn whose files' search is reused."""
    gathered = Gathered()
    user_id, character_id = turn["user_id"], turn["character_id"]
    for name, read in (("datei", lambda: _files(gathered, deps, turn)),
                       ("wissen", lambda: _knowledge(gathered, deps, user_id, character_id)),
                       ("notiz", lambda: _notes(gathered, deps, user_id))):
        try:
            read()
        except (DatabaseError, InputError, psycopg.Error, OSError) as err:
            logger.error("answers: the %s store failed this turn: %s", name, err)
            gathered.problems.append(name)
    return gathered
