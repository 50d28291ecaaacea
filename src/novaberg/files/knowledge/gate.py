"""The early gate (dateien.md §3.0d): whether a shared file is opened is a question of need, answered at
her own knowledge — before the file access, not after it.

A gap is absence **or** contradiction: no text on the topic (`abwesenheit`), a thin text (`ergaenzung`),
a text that contradicts the index's summary (`widerspruch`, the most important case — otherwise the file
that would correct her stays closed). Only a text that covers the summary closes the gate (`abgedeckt`).
The comparison of the two texts is one model question without a file access; a failed judgement opens
the file (opening costs one read, a wrongly closed gate costs the correction).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from novaberg.files.knowledge.versions import parse, strip_marks
from novaberg.files.knowledge.zone import KnowledgeZone
from novaberg.files.labels import is_archived
from novaberg.llm.reader import read_text

__all__ = ["TASK", "GAPS", "GateDecision", "early_gate", "topic_text", "THIN_WORDS"]

logger = logging.getLogger(__name__)

TASK = "knowledge_gap"
GAPS = ("abwesenheit", "ergaenzung", "widerspruch", "abgedeckt")
THIN_WORDS = 25  # a knowledge text below this many words is thin: a supplement is due
_WORD = re.compile(r"[^\W\d_]{4,}")


@dataclass(frozen=True)
class GateDecision:
    open: bool
    gap: str
    source: str | None = None  # the knowledge file that was compared


def offline_gate(data: Mapping[str, Any]) -> dict[str, Any]:
    """Without a model: the share of the summary's words that her text already carries."""
    known = {w.casefold() for w in _WORD.findall(str(data.get("wissen", "")))}
    wanted = {w.casefold() for w in _WORD.findall(str(data.get("zusammenfassung", "")))}
    share = len(wanted & known) / len(wanted) if wanted else 1.0
    return {"luecke": "abgedeckt" if share >= 0.8 else "ergaenzung"}


def topic_text(zone: KnowledgeZone, terms: Sequence[str]) -> tuple[str, str] | None:
    """Her knowledge text on the topic: the first file of the zone whose name or text carries a term, a current
    one before an archived one (§5.6) — (path relative to the zone, so `archiv/` stays visible; text
    without the version marks) — or None."""
    root = zone.root
    if not root.is_dir():
        return None
    wanted = [t.casefold() for t in terms if t.strip()]
    ordered = sorted(root.rglob("*"), key=lambda p: (is_archived(p.relative_to(root).as_posix()), p))
    for path in ordered:
        if path.suffix.lower() not in (".md", ".txt") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        body = strip_marks(" ".join(parse(text).paragraphs)) if "[" in text else text
        haystack = f"{path.stem} {body}".casefold()
        if any(term in haystack for term in wanted):
            return path.relative_to(root).as_posix(), body
    return None


_UNREAD: Any = object()


def early_gate(zone: KnowledgeZone, terms: Sequence[str], summary: str, asker: Any,
               found: Any = _UNREAD) -> GateDecision:
    """Open the file unless her knowledge text on the topic covers the index summary (`found`: the
    caller's `topic_text` result, so the zone is read once per turn)."""
    if found is _UNREAD:
        found = topic_text(zone, terms)
    if found is None:
        return GateDecision(True, "abwesenheit")
    name, body = found
    if len(body.split()) < THIN_WORDS:
        return GateDecision(True, "ergaenzung", name)
    try:
        answer = asker.ask(TASK, {"wissen": body, "zusammenfassung": summary})
        gap = read_text(answer.fields, "luecke", "").strip()
        if gap not in GAPS:
            raise ValueError(f"luecke {gap!r} is not one of {', '.join(GAPS)}")
    except Exception as err:  # noqa: BLE001 - a failed judgement opens the file (§3.0d asymmetry)
        logger.error("knowledge gate: judgement failed, the file is opened: %s", err)
        return GateDecision(True, "ergaenzung", name)
    return GateDecision(gap != "abgedeckt", gap, name)
