"""The sentence that answers: scored by the question's words it names (weighted by how rare they are among the
candidates, stems and compound parts counted), kept only when it carries what is asked and its context names
every name and number of the question — else no sentence answers.

The score is Okapi BM25 over the candidate sentences with two changes: a word of the question met only in the
sentence's context (its section, heading, file name) counts at `CONTEXT_WEIGHT`, and a sentence that does not
carry the asked kind (`text.answer_kinds.carries`) counts at `WITHOUT_KIND`. A sentence answers only when it
names at least `MIN_COVERAGE` of the question's weight itself or with its context — the rest is no answer.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from novaberg.answers.candidates import Candidate
from novaberg.text.answer_kinds import abbreviations, carries, marks_the_bound, names_someone
from novaberg.text.question import AMOUNT, COST, DATE, DURATION, NAME, PERSON, SINCE, UNTIL, Question, Term
from novaberg.text.stems import SHARED_MIN, base, meet, stems
from novaberg.text.words import contains_words, words

__all__ = ["Choice", "Picked", "pick", "MIN_COVERAGE"]

K1, B = 1.2, 0.3  # BM25; a long sentence is weighed down less than in documents (tuned on XQuAD's dev part)
CONTEXT_WEIGHT = 0.35  # a word of the question met only around the sentence (heading, title, sentence before)
WITHOUT_KIND = 0.8  # a sentence without the asked kind, for kinds whose reading is weak (person, place, name)
MIN_COVERAGE = 0.4  # of the question's weight, named by the sentence or around it
MIN_OWN = 0.25  # of the question's weight, named by the sentence itself (not only by its section or title)
KEY_BONUS = 1.5  # *Tierärztin: Dr. Holzer* — a line that names a word of the question before its colon
BOUND_BONUS = 1.3  # *bis wann* answered by a sentence saying *bis*, *seit wann* by one saying *seit*
NAMED_BONUS = 1.4  # *wer*, *wie heißt*: a sentence naming someone (*Frau Irina Petrova*) before one that does not
_REFERRED = 0.4  # the words of the sentence a pronoun points back to
SECTION_OWN = 0.5  # a word of the question in the sentence's own sub-heading counts this much as the sentence's own
MISSING_SPOKEN = 0.5  # a word of the question said by another candidate but not by this one or around it
_STRICT_KINDS = frozenset({DATE, SINCE, UNTIL, AMOUNT, COST, DURATION})  # without its form, no answer at all
_FOCUS_WEIGHT = 0.3  # the asked noun (*welche Stadt*) is said beside the answer less often than the other words
_VERB_WEIGHT = 0.6
_UNMET_WEIGHT = 0.5
_PSEUDO = 20  # sentences that hold none of the words, added to every pool: a few candidates give no stable idf


@dataclass(frozen=True)
class Choice:
    candidate: Candidate
    score: float
    coverage: float
    complete: bool = False  # every word of the question (but the asked noun) is met by the sentence or around it


@dataclass(frozen=True)
class Picked:
    choice: Choice | None  # the sentence that answers
    near: Choice | None = None  # no answer: the best sentence that speaks of the question without what it asks
    rival_complete: bool = False  # the candidate at the rival place (a line found another way) names every word


class _Meets:
    """How each question stem meets the words of the candidates, computed once per question over their
    vocabulary: a sentence is then met by a set intersection, not by comparing every word with every term."""

    def __init__(self, question: Question, pool: Sequence[Candidate]) -> None:
        self.sets = {id(c): c.stem_set for c in pool}
        vocabulary: set[str] = set()
        for candidate in pool:
            vocabulary |= self.sets[id(candidate)] | candidate.context_stems | candidate.previous
        by_base: dict[str, list[str]] = {}
        for word in vocabulary:
            by_base.setdefault(base(word), []).append(word)
        self._partial = {}
        for term in question.terms:
            stem = term.stem
            # only a word that holds the stem or is held by it, or shares its base, can meet it at all
            related = {w for w in vocabulary if w != stem and (stem in w or w in stem)}
            related.update(w for w in by_base.get(base(stem), ()) if w != stem)
            if len(stem) >= SHARED_MIN:  # a part one begins with and the other ends with (*Hundehaftpflicht*)
                start = stem[:SHARED_MIN]
                related.update(w for w in vocabulary if len(w) >= SHARED_MIN and start in w)
            self._partial[stem] = {w: m for w in related if (m := meet(stem, w))
                                   and not (term.focus and w.startswith(stem) and len(w) > len(stem))}
            # the asked noun as the first part of another (*Autohaus* for *welches Auto*) names another thing

    def own(self, candidate: Candidate) -> frozenset[str]:
        return self.sets.get(id(candidate)) or candidate.stem_set

    def best(self, stem: str, said: frozenset[str], candidate: Candidate | None = None) -> float:
        """The best meeting of a question stem with one of `said`. A question compound met by its head only
        (*Klavierlehrerin* by *Lehrerin*) counts only when its modifier is said around it (*Geigenunterricht*
        for *Geigenlehrerin*) — else it names another thing."""
        if stem in said:
            return 1.0
        partial = self._partial.get(stem)
        if partial is None:  # a stem of no term (the subject's word): compared directly
            partial = {w: m for w in said if (m := meet(stem, w))}
        best = 0.0
        for word in said & partial.keys():
            found = partial[word]
            if len(stem) > len(word) and stem.endswith(word) and candidate is not None:
                modifier = stem[:len(stem) - len(word)]
                if len(modifier) >= 3 and not _said_around(modifier, candidate):
                    found = 0.0
            best = max(best, found)
        return best


def _said_around(modifier: str, candidate: Candidate) -> bool:
    part = modifier[:max(3, len(modifier) - 2)]  # *geigen* → *geig*: the modifier's own stem, roughly
    return any(word.startswith(part) or part in word for word in (*candidate.stems, *candidate.context_stems))


def _weights(question: Question, candidates: Sequence[Candidate], meets: _Meets) -> dict[Term, float]:
    """BM25's idf of each term over the candidate sentences (a term met nowhere weighs like the rarest)."""
    count = len(candidates)
    frequency: Counter[Term] = Counter()
    for candidate in candidates:
        for term in question.terms:
            if meets.best(term.stem, meets.own(candidate)) > 0:
                frequency[term] += 1
    weights = {}
    for term in question.terms:
        df = frequency[term]
        idf = math.log(1 + (count + _PSEUDO - df + 0.5) / (df + 0.5))
        weight = idf * (_FOCUS_WEIGHT if term.focus else 1.0)
        if not term.noun:
            weight *= _VERB_WEIGHT  # verbs are said in other words more often than nouns
        if df == 0 and not term.noun:
            weight *= _UNMET_WEIGHT  # said in other words by every candidate: it cannot tell them apart
        weights[term] = weight
    return weights


def _enforced(question: Question, pool: Sequence[Candidate], meets: _Meets) -> frozenset[Term]:
    """The required terms a sentence must carry in its context: a number or an abbreviation always; a name
    only when some candidate names it — then the sentences that do not speak of someone else (*Minka* is named
    in her own note, so Mimi's sentences cannot answer for her). A name no candidate knows weighs in the coverage
    like any word (it may be a common noun said without an article)."""
    enforced = set()
    for term in question.terms:
        if not term.required:
            continue
        if term.surface.isdigit() or (len(term.surface) >= 2 and term.surface.isupper()):
            enforced.add(term)
        elif any(term.stem in meets.own(c) for c in pool):
            enforced.add(term)
    return frozenset(enforced)


def _shaped(term: Term) -> bool:
    """A number or an abbreviation: a sentence that lacks it may still speak of it in other words (*2015* is the
    season the paragraph is about, *EU* is *die Europäische Union*) — unless it says another one."""
    return term.surface.isdigit() or (len(term.surface) >= 2 and term.surface.isupper())


def _says_another(term: Term, candidate: Candidate) -> bool:
    """The sentence (or the one it points back to) says another number of the same length (*2023* for *2024*)
    or another abbreviation (*TÜV* for *ASU*): it speaks of something else than asked."""
    if term.surface.isdigit():
        return any(word.isdigit() and len(word) == len(term.surface) and word != term.surface
                   for word in (*candidate.stems, *candidate.previous))
    return any(other != term.surface for other in abbreviations(candidate.text))


def _is_year(word: str) -> bool:
    return word.isdigit() and len(word) == 4 and 1000 <= int(word) <= 2199


def _years_of(text: str) -> set[str]:
    return {word for word in text.split() if _is_year(word)}


def _unheard(question: Question, pool: Sequence[Candidate], meets: _Meets) -> frozenset[Term]:
    """Nouns of the question that say whose or which and that no candidate says, in itself or around it
    (*für das Motorrad* where only the car is noted): the question is about something nothing here speaks of,
    so no sentence answers it."""
    spoken = frozenset().union(*(meets.own(c) | c.context_stems for c in pool))
    return frozenset(t for t in question.terms if t.noun and not t.focus and not t.required and t.surface[:1].isupper()
                     and t.qualifies and not meets.best(t.stem, spoken))


def _subject_named(question: Question, candidate: Candidate, meets: _Meets) -> bool:
    """A question about a relative (*mein Mann*) is answered only by a sentence that speaks of them."""
    if question.subject in ("", "ich", "wir"):
        return True
    wanted = next((t.stem for t in question.terms if t.surface.casefold().startswith(question.subject[:4])), "")
    return not wanted or meets.best(wanted, meets.own(candidate)) > 0 or meets.best(wanted, candidate.context_stems) > 0


def _keyed(candidate: Candidate, question: Question, meets: _Meets) -> bool:
    """A `key: value` line whose key names a word of the question."""
    key, colon, value = candidate.text.partition(":")
    if not colon or not value.strip() or len(key) > 60:
        return False
    keys = frozenset(stems(key))
    return any(meets.best(term.stem, keys, candidate) > 0 for term in question.terms)


def pick(question: Question, candidates: Sequence[Candidate], rival: str = "", rival_text: str = "") -> Picked:
    """The best answering candidate, if one names enough of the question with what it asks; a current text is
    preferred to an archived one (dateien.md §5.6), which answers only when no current one does. `rival`: the
    place of a line found another way, `rival_text` what is quoted of it; `Picked.rival_complete` says whether a
    sentence it quotes names every word of the question (a long line cut short is judged by what it shows)."""
    meets = _Meets(question, candidates)
    shown = words(rival_text)
    rival_complete = any(_names_everything(question, c, meets) for c in candidates
                         if rival and c.place == rival and (not rival_text or contains_words(shown, words(c.text))))
    current = _pick(question, [c for c in candidates if not c.archived], candidates, meets)
    if current.choice is not None:
        return replace(current, rival_complete=rival_complete)
    archived = _pick(question, [c for c in candidates if c.archived], candidates, meets)
    return Picked(archived.choice, current.near or archived.near, rival_complete)


def _names_everything(question: Question, candidate: Candidate, meets: _Meets) -> bool:
    """Whether every word of the question but the asked noun is met by the candidate or around it."""
    return all(meets.best(t.stem, meets.own(candidate)) or meets.best(t.stem, candidate.context_stems)
               for t in question.terms if not t.focus)


def _pick(question: Question, candidates: Sequence[Candidate], pool: Sequence[Candidate], meets: _Meets) -> Picked:
    if not candidates or not question.terms:
        return Picked(None)
    weights = _weights(question, pool, meets)
    enforced = _enforced(question, pool, meets)
    unheard = _unheard(question, pool, meets)
    said_anywhere = frozenset().union(*(meets.own(c) | c.context_stems for c in pool))
    spoken_elsewhere = frozenset(t for t in question.terms if meets.best(t.stem, said_anywhere))
    total = sum(weights.values()) or 1.0
    average = sum(len(c.stems) for c in pool) / len(pool) or 1.0
    best: Choice | None = None
    near: Choice | None = None
    asked_years = {t.surface for t in question.terms if _is_year(t.surface)}
    for candidate in candidates:
        if not _subject_named(question, candidate, meets):
            continue
        if asked_years and _years_of(candidate.context) and not asked_years & _years_of(candidate.context):
            continue  # under the heading *Steuererklärung 2023* nothing answers a question about 2024
        score = covered = own_covered = 0.0
        own_needed = total
        missed_spoken = False
        topical = not any(not term.required for term in weights)  # all names: the names are the topic
        length = len(candidate.stems) / average
        refused = False
        for term, weight in weights.items():
            own = meets.best(term.stem, meets.own(candidate), candidate)
            if own < 1.0 and candidate.previous:  # *Sie kostet …*: the sentence before names what *sie* is
                own = max(own, _REFERRED * meets.best(term.stem, candidate.previous, candidate))
            around = meets.best(term.stem, candidate.context_stems, candidate) if own < 1.0 else 0.0
            if own == 0 and around == 0 and not term.focus and term in spoken_elsewhere:
                missed_spoken = True
            if own == 0 and around == 0 and (term in unheard or term.required and term in enforced
                                             and (not _shaped(term) or _says_another(term, candidate))):
                refused = True
                break
            if (own or around) and not term.required:
                topical = True
            if own and term.noun and meets.best(term.stem, candidate.titled) >= 1.0:
                score += weight * CONTEXT_WEIGHT  # the file's name or heading says it (*Bruno* in `hund-bruno.md`):
                # a line repeating it tells the file, not the line
            elif own:
                score += weight * own * (K1 + 1) / (own + K1 * (1 - B + B * length))
            elif around:
                score += weight * CONTEXT_WEIGHT * around
            covered += weight * (own or around * 0.8)
            own_covered += weight * (own or SECTION_OWN * (meets.best(term.stem, candidate.section) if around else 0))
            if term.required and not own and around:
                own_needed -= weight  # a name in the heading (*Katze Mimi*) is not the sentence's to repeat
        if missed_spoken:
            score *= MISSING_SPOKEN
        if refused or not topical or not score or own_covered < MIN_OWN * own_needed:
            continue
        coverage = covered / total
        if coverage < MIN_COVERAGE:
            continue
        if _keyed(candidate, question, meets):
            score *= KEY_BONUS
        if marks_the_bound(candidate.text, question):
            score *= BOUND_BONUS
        if question.kind in (PERSON, NAME) and names_someone(candidate.text):
            score *= NAMED_BONUS
        if not carries(candidate.text, question):
            if question.kind in _STRICT_KINDS or candidate.heading:
                if near is None or score > near.score:
                    near = Choice(candidate, score, coverage)
                continue
            score *= WITHOUT_KIND
        if best is None or score > best.score:
            best = Choice(candidate, score, coverage)
    if best is not None:
        best = replace(best, complete=_names_everything(question, best.candidate, meets))
    return Picked(best, None if best is not None else near)
