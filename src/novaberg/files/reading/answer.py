"""Everyday questions answered from the shared files (issue 27 items 1–2; dateien.md §8.1, §8.1b, §5.6).

A `wann / bis wann / wie viel / wie viele / wie hoch / wer / wo / welche` question names what it asks for:
a date, an amount, a name, a place, a value. `asked_kind` reads that from the question's opening words.
`answer_from_files` then searches the pair's own roots (the same retrieval as the reading service), opens the
best few files once each (`zoom.open_said`, the watcher's boundary checks) and picks the one line that names a
term of the question **and** carries the asked kind — never a heading alone. A current file is preferred to
an archived one (§5.6), and an answer from an archived file says so. No line of the asked kind: the answer
says that honestly and quotes nothing. Read-only; no model call beyond the reading service's classification.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from novaberg.agents.services import AgentRequest, ServiceResult
from novaberg.core.errors import ModelAnswerError, ModelError
from novaberg.files.allowlist import AllowListRepository
from novaberg.files.blocks import location, shown_path
from novaberg.files.labels import is_archived
from novaberg.files.reading import texts
from novaberg.files.reading.classify import TASK, read_classification
from novaberg.files.reading.zoom import MAX_TERMS, OpenedFile, open_said
from novaberg.files.repository import RootsRepository
from novaberg.files.retrieval import Hit, Retriever
from novaberg.text.words import fold
from novaberg.timeparse import TIME_VOCABULARY

__all__ = ["DATE", "AMOUNT", "NAME", "PLACE", "VALUE", "asked_kind", "carries", "current_first", "Passage",
           "best_passage", "answer_from_files", "SOURCE"]

logger = logging.getLogger(__name__)

SOURCE = "dateien"
DATE, AMOUNT, NAME, PLACE, VALUE = "datum", "menge", "name", "ort", "wert"
CANDIDATES = 3  # files opened at most (one access each, §8.1b)
LEXICAL = ("scharf", "inhalt")  # a strong hit: the words of the question found it, not the dense channel alone
_QUOTE_CHARS = 160

_OPENING = r"^\W*(?:(?:und|sag mal|weisst du|kannst du mir sagen)\W+)?"  # the _ASKED patterns read folded text
_ASKED = (
    (re.compile(_OPENING + r"(?:(?:bis|ab|seit)\s+)?wann\b"), DATE),
    (re.compile(_OPENING + r"(?:wie\s*viele?|wie\s+hoch|wie\s+teuer|wie\s+schwer|wie\s+alt|wie\s+lange?)\b"), AMOUNT),
    (re.compile(_OPENING + r"(?:wer|wem|wen|(?:bei|von|mit|an)\s+wem)\b"), NAME),
    (re.compile(_OPENING + r"(?:wo|wohin|woher)\b"), PLACE),
    (re.compile(_OPENING + r"welche[rsmn]?\b"), VALUE),
)
_MONTHS = "|".join(sorted((re.escape(m) for m in TIME_VOCABULARY.months), key=len, reverse=True))
_DATE = re.compile(rf"\b\d{{1,2}}\.\s?\d{{1,2}}\.(?:\d{{2,4}})?|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
                   rf"|(?:\b\d{{1,2}}\.\s*)?\b(?:{_MONTHS})\b(?:\s+\d{{4}})?", re.IGNORECASE)
_NUMBER = re.compile(r"\d")
_NAME = re.compile(r"\b(?:Herr|Frau|Dr\.|Prof\.|Firma|Praxis|Kanzlei|Agentur|Hausverwaltung)\s+[A-ZÄÖÜ]"
                   r"|\b[A-ZÄÖÜ][\w\-]+\s*&\s*[A-ZÄÖÜ]|\b(?:GmbH|AG|KG|e\.\s?V\.)(?:\W|$)")
_PLACE = re.compile(r"\b(?:im|in\s+der|in\s+dem|auf\s+dem|auf\s+der|hinter|neben|unter|beim|bei|am)\s+\w"
                    r"|\w(?:straße|strasse|weg|platz|gasse)\b", re.IGNORECASE)
_VALUE = re.compile(r":\s*\S")
_HEADING = re.compile(r"^\s*#|^\s*[=\-]{3,}\s*$")


def asked_kind(text: str) -> str | None:
    """What the question asks for (DATE, AMOUNT, NAME, PLACE, VALUE), read from its opening words; else None."""
    for pattern, kind in _ASKED:
        if pattern.search(fold(text)):
            return kind
    return None


def carries(line: str, kind: str) -> bool:
    """Whether `line` carries the asked kind: a date, a number (beside any date), a name, a place, a value."""
    if kind == DATE:
        return bool(_DATE.search(line))
    if kind == AMOUNT:
        return bool(_NUMBER.search(_DATE.sub(" ", line)))
    if kind == NAME:
        return bool(_NAME.search(line))
    if kind == PLACE:
        return bool(_PLACE.search(line))
    return bool(_VALUE.search(line))


def current_first(hits: list[Hit]) -> list[Hit]:
    """§5.6: an archived file ranks below every current one found for the same question (stable otherwise)."""
    return sorted(hits, key=lambda hit: is_archived(hit.relative or hit.path))


@dataclass(frozen=True)
class Passage:
    hit: Hit
    line: int  # 1-based
    text: str
    terms: int  # distinct question terms the line names
    file_terms: int = 0  # distinct question terms the whole file names (headings too): the topic's match


def _is_heading(lines: tuple[str, ...], index: int) -> bool:
    following = lines[index + 1] if index + 1 < len(lines) else ""
    return bool(_HEADING.match(lines[index])) or bool(re.match(r"^\s*[=\-]{3,}\s*$", following))


def _named(line: str, terms: list[str]) -> int:
    folded = line.casefold()
    return sum(1 for term in terms if term.casefold() in folded)


def best_passage(hit: Hit, opened: OpenedFile, terms: list[str], kind: str) -> tuple[Passage | None, bool]:
    """The line naming the most terms that carries `kind` (the earliest of equals), never a heading; and
    whether any non-heading line names a term at all (the file speaks of it, without the asked kind)."""
    best: Passage | None = None
    spoken = False
    for index, raw in enumerate(opened.lines):
        if not raw.strip() or _is_heading(opened.lines, index):
            continue
        named = _named(raw, terms)
        if not named:
            continue
        spoken = True
        if carries(raw, kind) and (best is None or named > best.terms):
            best = Passage(hit, index + 1, _quoted(raw), named)
    if best is not None:
        best = replace(best, file_terms=_named("\n".join(opened.lines), terms))
    return best, spoken


def _quoted(line: str) -> str:
    flat = " ".join(line.strip().lstrip("-*•·").split()).rstrip(".")
    return flat if len(flat) <= _QUOTE_CHARS else flat[:_QUOTE_CHARS].rsplit(" ", 1)[0] + " …"


def _terms(request: AgentRequest, deps: Any) -> list[str]:
    try:
        reading = read_classification(deps.asker.ask(TASK, {"text": request.text}).fields)
    except (ModelError, ModelAnswerError) as err:
        logger.error("files answer: the question could not be classified: %s", err)
        return []
    return reading["begriffe"][:MAX_TERMS]


def answer_from_files(request: AgentRequest, deps: Any) -> ServiceResult | None:
    """The files' answer to an everyday question, or None (no asked kind, no roots, no strong hit, no line
    naming a term). A line of the asked kind is quoted with its place; a file that speaks of the terms without
    one gives an honest „no such line" (status `rejected`, nothing quoted)."""
    kind = asked_kind(request.text)
    if kind is None or not RootsRepository(deps.db).active(request.user_id, request.character_id):
        return None
    terms = _terms(request, deps)
    if not terms:
        return None
    found = Retriever(deps.db, deps.embedder).run(request.user_id, request.character_id, " ".join(terms),
                                                  request.now, k=CANDIDATES, track=False)
    strong = current_first([hit for hit in found.hits if set(hit.channels) & set(LEXICAL)])
    steps: list[dict[str, Any]] = [{"schritt": "alltagsfrage", "art": kind, "begriffe": terms,
                                    "kandidaten": [shown_path(hit) for hit in strong]}]
    if not strong:
        return None
    boundary: tuple[Path, ...] = AllowListRepository(deps.db).of(request.user_id)
    passages: list[Passage] = []
    spoken: list[Hit] = []
    problems: list[str] = []
    for hit in strong[:CANDIDATES]:
        opened = open_said(hit, boundary, problems)
        if opened is None:
            continue
        passage, speaks = best_passage(hit, opened, terms, kind)
        if passage is not None:
            passages.append(passage)
        elif speaks:
            spoken.append(hit)
    steps.append({"schritt": "zugriffe", "anzahl": min(len(strong), CANDIDATES)})
    if passages:
        # the file on the question's topic (most terms named), current before archived among equals (§5.6),
        # then the line naming most terms, then the retrieval's order
        order = {id(p.hit): i for i, p in enumerate(passages)}
        chosen = min(passages, key=lambda p: (-p.file_terms, is_archived(p.hit.relative), -p.terms, order[id(p.hit)]))
        place = location(replace(chosen.hit, lines=(chosen.line, chosen.line)))
        template = texts.EVERYDAY_ARCHIVED if is_archived(chosen.hit.relative) else texts.EVERYDAY_ANSWER
        steps.append({"schritt": "zeile", "datei": shown_path(chosen.hit), "zeile": chosen.line})
        return ServiceResult(SOURCE, "abgeschlossen", template.format(zeile=chosen.text, fundstelle=place), steps,
                             data={"fundstellen": [shown_path(chosen.hit)], "zeilen": [chosen.line],
                                   "alltagsfrage": kind})
    if spoken:
        hit = spoken[0]
        answer = texts.EVERYDAY_NO_LINE.format(fundstelle=location(hit), art=texts.KIND_NAMES[kind],
                                               begriffe=", ".join(terms))
        steps.append({"schritt": "zeile", "datei": shown_path(hit), "zeile": None})
        return ServiceResult(SOURCE, "rejected", answer, steps, data={"fundstellen": [shown_path(hit)],
                                                                      "alltagsfrage": kind, "ohne_zeile": True})
    return None
