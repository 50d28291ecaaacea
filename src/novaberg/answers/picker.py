"""The sentence that answers: each candidate that may answer is scored by a weighed sum of what it says of the
question, and it answers only when it clearly stands out from the others — else no sentence answers.

A candidate may answer when it names every name and number the question requires (or says none of another),
carries a value of the asked kind where the kind has a form of its own (a date, a number, an amount, a
duration — `text.answer_kinds.carries`), and names enough of the question's weight itself (`MIN_OWN`) and with
its context (`MIN_COVERAGE`). Its score sums `FEATURE_WEIGHTS` times its features: the question's words it names
(weighted by how rare they are among the candidates, stems and compound parts counted; as Okapi BM25 and as
shares of the weight), what its context names (heading, title, the sentence before), whether it carries the
asked kind, whether its file names the whole question and where the search ranked that file, whether it says
the question's neighbouring words close together. The weights were fitted on the development part of XQuAD
(German) as a choice among each question's candidates; the share of the best candidate among all (a softmax of
the scores) must exceed `MIN_SHARE`: a sentence that beats its neighbours only narrowly is a guess, and a guess
is no answer.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from novaberg.answers.candidates import Candidate
from novaberg.text.answer_kinds import abbreviations, carries, names_someone, says_another_kind_of
from novaberg.text.question import AMOUNT, COST, DATE, DURATION, NAME, PERSON, SINCE, UNTIL, Question, Term
from novaberg.text.stems import HEAD, SHARED_MIN, base, meet, stems
from novaberg.text.words import contains_words, words

__all__ = ["Choice", "Picked", "pick", "features_of", "FEATURE_WEIGHTS", "MIN_COVERAGE", "MIN_SHARE"]

K1, B = 1.2, 0.3  # BM25; a long sentence is weighed down less than in documents
MIN_COVERAGE = 0.3  # of the question's weight, named by the sentence or around it
MIN_OWN = 0.25  # of the question's weight, named by the sentence itself (not only by its section or title)
MIN_SHARE = 0.5  # the best candidate's share of all (softmax of the scores): at or below it none stands out
_REFERRED = 0.4  # the words of the sentence a pronoun points back to
SECTION_OWN = 0.5  # a word of the question in the sentence's own sub-heading counts this much as the sentence's own
_PAIR_GAP = 3  # two neighbouring words of the question said at most this many words apart count as a pair
_STRICT_KINDS = frozenset({DATE, SINCE, UNTIL, AMOUNT, COST, DURATION})  # without its form, no answer at all
_FOCUS_WEIGHT = 0.3  # the asked noun (*welche Stadt*) is said beside the answer less often than the other words
_VERB_WEIGHT = 0.6
_UNMET_WEIGHT = 0.5
_PSEUDO = 20  # sentences that hold none of the words, added to every pool: a few candidates give no stable idf
# fitted on XQuAD's development part: `python -m bench.answers.fit` (a conditional logit over each question's
# candidates)
FEATURE_WEIGHTS = {
    "own": 1.34,  # the question's weight the sentence names itself (a share)
    "ctx": 0.51,  # … that only its context names
    "bm": 1.36,  # Okapi BM25 of the sentence, as a share of the question's weight
    "sharp": 1.14,  # the same with squared weights: the rare words count more
    "rel": 1.72,  # its BM25 against the best BM25 among the candidates
    "kind": 0.84,  # it carries a value of the asked kind
    "frac": 1.21,  # the share of the question's words it names (each counted once)
    "focusm": 1.48,  # it names the asked noun (*welche Stadt* — *die Stadt Sydney*)
    "named": 0.34,  # *wer*, *wie heißt*: it names someone
    "unm": -0.6,  # the weight of the heaviest word of the question said neither in it nor around it
    "len": -0.24,  # its length against the candidates' (log)
    "pairs": 0.71,  # neighbouring words of the question said close together
    "filecov": 0.18,  # the question's weight its file names in all
    "filebest": 0.26,  # its file names the most of the question
    "file0": 0.19,  # its file is the search's first
    "filerank": -0.94,  # the search's rank of its file (log)
    "missed": -0.45,  # a word of the question that another candidate says is said neither in it nor around it
    "key": 0.04,  # a `key: value` line whose key names a word of the question
}


@dataclass(frozen=True)
class Choice:
    candidate: Candidate
    score: float
    coverage: float
    complete: bool = False  # every word of the question (but the asked noun) is met by the sentence or around it
    share: float = 1.0  # its share of all candidates' (a softmax of the scores)


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

    def partial(self, stem: str) -> dict[str, float]:
        """The words of the candidates that meet a question stem partly, with how well."""
        return self._partial.get(stem, {})

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
    scored, near = _scored(question, candidates, pool, meets)
    if not scored:
        return Picked(None, near)
    sums = [sum(FEATURE_WEIGHTS[name] * value for name, value in features.items()) for _, features, _ in scored]
    highest = max(sums)
    shares = [math.exp(value - highest) for value in sums]
    at = sums.index(highest)
    share = shares[at] / sum(shares)
    candidate, _, coverage = scored[at]
    if share <= MIN_SHARE:  # no sentence stands out from the others: a guess between them is no answer
        return Picked(None)
    return Picked(Choice(candidate, highest, coverage, _names_everything(question, candidate, meets), share))


def features_of(question: Question, candidates: Sequence[Candidate]) -> list[tuple[Candidate, dict[str, float]]]:
    """The current candidates that may answer `question`, each with its features (`FEATURE_WEIGHTS`' names): what
    the weights are fitted on (`bench.answers.fit`)."""
    meets = _Meets(question, candidates)
    current = [c for c in candidates if not c.archived]
    if not current or not question.terms:
        return []
    return [(candidate, features) for candidate, features, _ in _scored(question, current, candidates, meets)[0]]


def _scored(question: Question, candidates: Sequence[Candidate], pool: Sequence[Candidate],
            meets: _Meets) -> tuple[list[tuple[Candidate, dict[str, float], float]], Choice | None]:
    """The candidates that may answer with their features and coverage, and the best one that speaks of the
    question without a value of its strict kind (the `near` of `Picked`)."""
    if not candidates or not question.terms:
        return [], None
    weights = _weights(question, pool, meets)
    enforced = _enforced(question, pool, meets)
    unheard = _unheard(question, pool, meets)
    total = sum(weights.values()) or 1.0
    squares = sum(weight * weight for weight in weights.values()) or 1.0
    average = sum(len(c.stems) for c in pool) / len(pool) or 1.0
    files = _Files(question, pool, meets, weights, total)
    pairs = _Pairs(question, meets)
    asked_years = {t.surface for t in question.terms if _is_year(t.surface)}
    said_anywhere = frozenset().union(*(meets.own(c) | c.context_stems for c in pool))
    spoken = frozenset(t for t in question.terms if meets.best(t.stem, said_anywhere))
    if _only_siblings(question, pool, meets):
        return [], None  # *die gelbe Tonne* does not answer for *die blaue Tonne*
    scored: list[tuple[Candidate, dict[str, float], float]] = []
    near: Choice | None = None
    for candidate in candidates:
        if not _subject_named(question, candidate, meets):
            continue
        if asked_years and _years_of(candidate.context) and not asked_years & _years_of(candidate.context):
            continue  # under the heading *Steuererklärung 2023* nothing answers a question about 2024
        features = _features(question, candidate, meets, weights, enforced, unheard, total, squares, average,
                             spoken)
        if features is None:
            continue
        coverage = features.pop("covered")
        features.update(files.of(candidate))
        features["pairs"] = pairs.share(candidate)
        if not carries(candidate.text, question):
            if question.kind in _STRICT_KINDS or candidate.heading:  # no value of the asked kind: no answer
                if near is None or features["bm"] > near.score:
                    near = Choice(candidate, features["bm"], coverage)
                continue
            features["kind"] = 0.0
        scored.append((candidate, features, coverage))
    top_bm = max((features["bm"] for _, features, _ in scored), default=0.0) or 1.0
    for _, features, _ in scored:
        features["rel"] = features["bm"] / top_bm
    return scored, near


def _only_siblings(question: Question, pool: Sequence[Candidate], meets: _Meets) -> bool:
    """The question says which thing by an adjective (*die blaue Tonne*) that no candidate says, and a candidate
    says the thing with another one (*die gelbe Tonne*): the candidates speak of its siblings, not of it."""
    terms = question.terms
    pairs = [(term.stem, following.stem) for term, following in zip(terms, terms[1:], strict=False)
             if term.noun and term.surface[:1].islower() and not term.surface.isdigit() and not following.focus
             and following.surface[:1].isupper() and f"{term.surface} {following.surface}" in question.text]
    if not pairs:
        return False
    said = frozenset().union(*(meets.own(c) | c.context_stems for c in pool))
    return any(adjective not in said and any(says_another_kind_of(c.text, adjective, noun) for c in pool)
               for adjective, noun in pairs)


def _features(question: Question, candidate: Candidate, meets: _Meets, weights: dict[Term, float],
              enforced: frozenset[Term], unheard: frozenset[Term], total: float, squares: float,
              average: float, spoken: frozenset[Term]) -> dict[str, float] | None:
    """The sentence's own features (`FEATURE_WEIGHTS`), or None when it cannot answer: it lacks a name or number
    the question requires, names none of its other words, or names too little of the question itself."""
    own_sum = around_sum = bm = sharp = covered = own_covered = 0.0
    own_needed = total
    unmet = missed = 0.0
    topical = not any(not term.required for term in weights)  # all names: the names are the topic
    length = len(candidate.stems) / average
    said = meets.own(candidate)
    named = asked = 0
    focus_met = False
    nouns = noun_met = False
    for term, weight in weights.items():
        plain = meets.best(term.stem, said, candidate)
        own = plain
        if own < 1.0 and candidate.previous:  # *Sie kostet …*: the sentence before names what *sie* is
            own = max(own, _REFERRED * meets.best(term.stem, candidate.previous, candidate))
        around = meets.best(term.stem, candidate.context_stems, candidate) if own < 1.0 else 0.0
        scored_own, scored_around = own, around
        if own and term.noun and meets.best(term.stem, candidate.titled) >= 1.0:
            scored_own, scored_around = 0.0, max(around, own)  # the file's name or heading says it (*Bruno* in
            # `hund-bruno.md`): a line repeating it tells the file, not the line — it scores as its context
        if own == 0 and around == 0 and (term in unheard or term.required and term in enforced
                                         and (not _shaped(term) or _says_another(term, candidate))):
            return None
        if (own or around) and not term.required:
            topical = True
        own_sum += weight * scored_own
        around_sum += weight * max(0.0, scored_around - scored_own)
        if scored_own:
            bm += weight * scored_own * (K1 + 1) / (scored_own + K1 * (1 - B + B * length))
            sharp += weight * weight * scored_own
        covered += weight * (own or around * 0.8)
        own_covered += weight * (own or SECTION_OWN * (meets.best(term.stem, candidate.section) if around else 0))
        if term.required and not own and around:
            own_needed -= weight  # a name in the heading (*Katze Mimi*) is not the sentence's to repeat
        if term.noun and not term.focus:
            nouns = True
            noun_met = noun_met or bool(own or around)
        if term.focus:
            focus_met = focus_met or plain > 0
        else:
            asked += 1
            named += plain > 0
            if not own and not around:
                unmet = max(unmet, weight / total)
                missed = 1.0 if term in spoken else missed
    coverage = covered / total
    if nouns and not noun_met:
        return None  # *Warum heizen wir mit Gas?* is not answered by a sentence that says only *heizen*
    if not topical or not bm and not around_sum or own_covered < MIN_OWN * own_needed or coverage < MIN_COVERAGE:
        return None
    return {"own": own_sum / total, "ctx": around_sum / total, "bm": bm / total, "sharp": sharp / squares,
            "kind": 1.0, "len": math.log(length + 0.1), "unm": unmet, "frac": named / max(1, asked),
            "focusm": float(focus_met), "missed": missed, "key": float(_keyed(candidate, question, meets)),
            "named": float(question.kind in (PERSON, NAME) and names_someone(candidate.text)),
            "covered": coverage}


class _Files:
    """What each file (or note) of the pool names of the question as a whole, and where the search ranked it:
    the sentence that answers mostly stands in the file that speaks of the whole question."""

    def __init__(self, question: Question, pool: Sequence[Candidate], meets: _Meets, weights: dict[Term, float],
                 total: float) -> None:
        said: dict[str, set[str]] = {}
        for candidate in pool:
            said.setdefault(_file_of(candidate), set()).update(meets.own(candidate))
        self.rank = {name: index for index, name in enumerate(said)}
        self.coverage = {name: sum(weight for term, weight in weights.items()
                                   if meets.best(term.stem, frozenset(words)) > 0) / total
                         for name, words in said.items()}
        self.best = max(self.coverage.values(), default=1.0)

    def of(self, candidate: Candidate) -> dict[str, float]:
        name = _file_of(candidate)
        rank, coverage = self.rank.get(name, len(self.rank)), self.coverage.get(name, 0.0)
        return {"filecov": coverage, "filebest": float(coverage >= self.best), "file0": float(rank == 0),
                "filerank": math.log1p(rank)}


def _file_of(candidate: Candidate) -> str:
    return candidate.place.split(", ")[0]


class _Pairs:
    """How many neighbouring words of the question a sentence says close together in the same order (*Stadt
    Sydney* … *in Sydney*): a sentence that says the question's phrases, not only its words."""

    def __init__(self, question: Question, meets: _Meets) -> None:
        self.terms = [term.stem for term in question.terms]
        self.meeting = [{term} | ({word for word, found in meets.partial(term).items() if found >= HEAD}
                                  if len(term) > 3 else set()) for term in self.terms]

    def share(self, candidate: Candidate) -> float:
        if len(self.terms) < 2:
            return 0.0
        at: list[list[int]] = [[] for _ in self.terms]
        for index, word in enumerate(candidate.stems):
            for term, meeting in enumerate(self.meeting):
                if word in meeting:
                    at[term].append(index)
        found = sum(1 for term in range(len(self.terms) - 1)
                    if any(0 < after - before <= _PAIR_GAP for before in at[term] for after in at[term + 1]))
        return found / (len(self.terms) - 1)
