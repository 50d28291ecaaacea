"""A proposed paragraph must bring at least one new sentence (dateien.md §4b.3, „_bringt_neues"), and a
changed fact is never a copy.

Compared sentence by sentence, anchors left out, by trigram similarity (pg_trgm's measure, computed in
code: a database call for a text comparison would add a silent failure path). Three zones per sentence:

    similarity ≥ 0.65   a copy            — rejected without asking, unless its facts differ (below)
    0.35 – 0.65         undecidable       — ONE model question for this sentence (it writes nothing)
    similarity < 0.35   far apart         — new, without asking

A sentence's facts are its numbers (5 mg / 50 mg, dates, amounts), whether it is negated (nimmt / nimmt
kein / nicht) and its capitalised words after the first (names, in German also nouns). When they differ from
the nearest existing sentence, the sentence is asked about even at ≥ 0.65, and the answer can be
`geaendert`: the sentence replaces the old one (the zone writes it as a versioned change, §3a.2a). A model
that calls such a sentence a copy is overruled: differing numbers or a differing negation are never kept
old silently.

A paragraph with no comparable sentence counts as new (too short to judge). A failed judgement is logged as
an error and decided by the fact rule: a doubled paragraph is visible and revertible, a lost finding is gone.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from novaberg.files.knowledge.versions import strip_marks
from novaberg.text.lexicon import AMOUNT_WORDS, NEGATING_PREPOSITIONS, NEGATIONS, NUMBER_WORDS
from novaberg.text.trigram import similarity, trigrams
from novaberg.text.words import fold, split_sentences

__all__ = ["COPY", "ASK", "DUPLICATE", "NEW", "CHANGED", "Verdict", "brings_new", "fact_differences",
           "fact_rule", "sentences"]

logger = logging.getLogger(__name__)

COPY = 0.65  # AEHNLICH_GENUG: at and above, a copy (when the facts agree)
ASK = 0.35  # below: far apart; between: one model question per sentence

DUPLICATE, NEW, CHANGED = "dublette", "neu", "geaendert"
# (sentence, nearest existing sentence) -> DUPLICATE | NEW | CHANGED (a bool: True = DUPLICATE); raises on failure
Judge = Callable[[str, str], "bool | str"]

_NUMBER = re.compile(r"\d+(?:[.,:/]\d+)*")
# the numbers said as words and the words that deny (*nicht*, *kein*, *ohne*): the one lexicon's, folded
_NUMBER_WORDS = frozenset(fold(word) for word in (*NUMBER_WORDS, *AMOUNT_WORDS))
_NEGATIONS = NEGATIONS | frozenset(fold(word) for word in NEGATING_PREPOSITIONS)
_WORD = re.compile(r"[^\W\d_][\w\-]*")


def _facts(sentence: str) -> tuple[frozenset[str], bool, frozenset[str], frozenset[str]]:
    """(numbers, negated, capitalised words after the first, every word folded)."""
    words = _WORD.findall(sentence)
    numbers = {n.replace(",", ".") for n in _NUMBER.findall(sentence)}
    numbers |= {fold(w) for w in words if fold(w) in _NUMBER_WORDS}
    negated = any(fold(w) in _NEGATIONS for w in words)
    names = frozenset(w.casefold() for w in words[1:] if w[:1].isupper())
    return frozenset(numbers), negated, names, frozenset(w.casefold() for w in words)


def fact_differences(sentence: str, existing: str) -> list[str]:
    """Which facts of the two sentences differ: 'zahl', 'verneinung', 'name' (empty: the same facts). A name
    differs when one sentence carries a capitalised word (not its first) that the other lacks entirely."""
    numbers, negated, names, words = _facts(sentence)
    old_numbers, old_negated, old_names, old_words = _facts(existing)
    other_name = bool(names - old_words or old_names - words)
    return [kind for kind, differs in (("zahl", numbers != old_numbers), ("verneinung", negated != old_negated),
                                       ("name", other_name)) if differs]


def fact_rule(sentence: str, existing: str) -> str:
    """The decision without a model: a differing number or negation changes the old sentence; otherwise the
    sentence is new (in doubt it is incorporated, §4b.3)."""
    differences = fact_differences(sentence, existing)
    if "zahl" in differences or "verneinung" in differences:
        return CHANGED
    return NEW


@dataclass
class Verdict:
    new: bool  # the paragraph brings something: a new sentence or a changed fact
    scores: list[tuple[str, float]] = field(default_factory=list)  # each proposed sentence, its nearest similarity
    asked: int = 0
    errors: list[str] = field(default_factory=list)
    changes: list[tuple[str, str]] = field(default_factory=list)  # (proposed sentence, the existing one it replaces)
    fresh: list[str] = field(default_factory=list)  # proposed sentences that are new (not copies, not changes)

    @property
    def weakest(self) -> float | None:
        """The lowest similarity of the paragraph's sentences (logged with every rejection, §4b.3)."""
        return min((score for _, score in self.scores), default=None)


def sentences(text: str) -> list[str]:
    """Sentences, anchors left out; a paragraph's end is always a sentence's end (a paragraph ending in
    a year — *begann 1806.* — would otherwise run into the next one)."""
    return [s for paragraph in re.split(r"\n\s*\n", text)
            for s in (strip_marks(part) for part in split_sentences(strip_marks(paragraph))) if trigrams(s)]


def _decide(judge: Judge | None, sentence: str, nearest: str, differences: list[str], verdict: Verdict) -> str:
    """One model question for a sentence of the undecidable zone (or a copy whose facts differ)."""
    verdict.asked += 1
    if judge is None:
        verdict.errors.append("kein Urteil verfügbar: nach den Angaben entschieden")
        return fact_rule(sentence, nearest)
    try:
        answer = judge(sentence, nearest)
        decision = DUPLICATE if answer is True else NEW if answer is False else str(answer)
        if decision not in (DUPLICATE, NEW, CHANGED):
            raise ValueError(f"the judgement {answer!r} is none of {DUPLICATE}, {NEW}, {CHANGED}")
    except Exception as err:  # noqa: BLE001 - a failed judgement incorporates (§4b.3) and is logged
        logger.error("knowledge: the duplicate judgement failed, decided by the facts: %s", err)
        verdict.errors.append(str(err))
        return fact_rule(sentence, nearest)
    if decision == DUPLICATE and ("zahl" in differences or "verneinung" in differences):
        logger.warning("knowledge: the judgement called a sentence with other %s a copy; kept as a change: %r",
                       "/".join(differences), sentence)
        return CHANGED
    return decision


def brings_new(proposed: str, existing: str, judge: Judge | None = None) -> Verdict:
    """Whether `proposed` carries at least one sentence that is not yet in `existing` — a new one or one that
    changes an existing sentence's facts (then listed in `changes`)."""
    candidates = sentences(proposed)
    if not candidates:
        return Verdict(True)
    known = sentences(existing)
    verdict = Verdict(False)
    middle: list[tuple[str, str, list[str]]] = []
    for sentence in candidates:
        nearest, score = max(((k, similarity(sentence, k)) for k in known), key=lambda pair: pair[1],
                             default=("", 0.0))
        verdict.scores.append((sentence, round(score, 3)))
        differences = fact_differences(sentence, nearest) if score >= ASK else []
        if score < ASK:
            verdict.fresh.append(sentence)
        elif score < COPY or differences:
            middle.append((sentence, nearest, differences))
    for sentence, nearest, differences in middle:
        if verdict.fresh and not differences and not verdict.changes:
            break  # already a finding: a paraphrase beside it costs no question
        decision = _decide(judge, sentence, nearest, differences, verdict)
        if decision == CHANGED:
            verdict.changes.append((sentence, nearest))
        elif decision == NEW:
            verdict.fresh.append(sentence)
    verdict.new = bool(verdict.fresh or verdict.changes)
    return verdict
