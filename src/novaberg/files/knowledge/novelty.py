"""A proposed paragraph must bring at least one new sentence (dateien.md §4b.3, „_bringt_neues").

Compared sentence by sentence, anchors left out, by trigram similarity (pg_trgm's measure, computed in
code: a database call for a text comparison would add a silent failure path). Three zones per sentence:

    similarity ≥ 0.65   a copy            — rejected without asking
    0.35 – 0.65         undecidable       — ONE model question for this sentence (it writes nothing)
    similarity < 0.35   far apart         — new, without asking

A paragraph with no comparable sentence counts as new (too short to judge). A failed judgement counts as
new and is logged as an error: a doubled paragraph is visible and revertible, a lost finding is gone.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from novaberg.files.knowledge.versions import strip_marks
from novaberg.text.trigram import similarity, trigrams
from novaberg.text.words import split_sentences

__all__ = ["COPY", "ASK", "Verdict", "brings_new"]

logger = logging.getLogger(__name__)

COPY = 0.65  # AEHNLICH_GENUG: at and above, a copy
ASK = 0.35  # below: far apart; between: one model question per sentence

Judge = Callable[[str, str], bool]  # (sentence, nearest existing sentence) -> is it a duplicate? raises on failure


@dataclass
class Verdict:
    new: bool
    scores: list[tuple[str, float]] = field(default_factory=list)  # each proposed sentence, its nearest similarity
    asked: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def weakest(self) -> float | None:
        """The lowest similarity of the paragraph's sentences (logged with every rejection, §4b.3)."""
        return min((score for _, score in self.scores), default=None)


def _sentences(text: str) -> list[str]:
    """Sentences, anchors left out; a paragraph's end is always a sentence's end (a paragraph ending in
    a year — *begann 1806.* — would otherwise run into the next one)."""
    return [s for paragraph in re.split(r"\n\s*\n", text)
            for s in (strip_marks(part) for part in split_sentences(strip_marks(paragraph))) if trigrams(s)]


def brings_new(proposed: str, existing: str, judge: Judge | None = None) -> Verdict:
    """Whether `proposed` carries at least one sentence that is not yet in `existing`."""
    candidates = _sentences(proposed)
    if not candidates:
        return Verdict(True)
    known = _sentences(existing)
    verdict = Verdict(False)
    middle: list[tuple[str, str]] = []
    for sentence in candidates:
        nearest, score = max(((k, similarity(sentence, k)) for k in known), key=lambda pair: pair[1],
                             default=("", 0.0))
        verdict.scores.append((sentence, round(score, 3)))
        if score < ASK:
            verdict.new = True
        elif score < COPY:
            middle.append((sentence, nearest))
    if verdict.new or not middle:
        return verdict
    for sentence, nearest in middle:  # one question per sentence, until one is a finding
        verdict.asked += 1
        if judge is None:
            verdict.new = True
            verdict.errors.append("kein Urteil verfügbar: eingearbeitet")
            break
        try:
            duplicate = judge(sentence, nearest)
        except Exception as err:  # noqa: BLE001 - a failed judgement incorporates (§4b.3) and is logged
            logger.error("knowledge: the duplicate judgement failed, the sentence is incorporated: %s", err)
            verdict.errors.append(str(err))
            verdict.new = True
            break
        if not duplicate:
            verdict.new = True
            break
    return verdict
