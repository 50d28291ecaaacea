"""Storage claims in an answer (tribunal.md, "Die Speicherbehauptung in der Auswertung", "Was als
Behauptung zählt").

An answer that says something was written — noted, entered, created, changed, deleted — needs a
service of this turn that wrote it. This module only finds the claims; `evaluate` weighs them.
Four sentence forms, at most one finding per sentence:

- `kurz` — the clause consists of nothing else (*Notiert.*, *Alles klar, ist erledigt.*); also a
  participle that opens a clause and is followed only by a prepositional phrase (*Eingetragen für
  Freitag.*), because that is the same statement with its object added.
- `erste_person` — perfect tense with *ich/wir*, in either order (*das habe ich mir notiert*), and
  the chat ellipsis without subject (*Hab's dir eingetragen*).
- `zustand` — state or passive (*Morgen um 10 Uhr ist notiert*, *steht jetzt fest in der Timeline*,
  *bleibt auf der Liste*, *…, dass der Termin in deiner Timeline eingeplant ist*). A person as the
  subject excludes; in a subordinate clause only a storage place counts, and a wish or a
  supposition before it excludes.
- `vollzug` — first person present or future (*dann reserviere ich zwei Stunden*, *ich werde das
  einzeichnen*).

The coupling is tight because a false alarm sends a right answer into the correction round: an
ambiguous participle (*verankert, fixiert, gesetzt, …*) counts only with a reference in the same
clause (a storage place or service object, *bei mir*, *für mich*, or a time with a digit).
Negation, question, condition, offer and thought experiment exclude; a condition is also an order to
the person followed by *dann/und* (*Nenne mir die Uhrzeit, dann trage ich es ein*).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from novaberg.text.claim_vocabulary import VOCABULARY, StorageVerb
from novaberg.text.grammar import REQUEST, analyse
from novaberg.tribunal.clauses import Clause, Sentence, sentences
from novaberg.tribunal.const import FORM_FIRST_PERSON, FORM_SHORT, FORM_STATE, FORM_UNDERTAKING

__all__ = ["StorageClaim", "find_storage_claims"]

V = VOCABULARY
_INFLECTION = ("", "e", "n", "en", "s", "es", "er", "ern")
_CONSEQUENCE = frozenset({"dann", "und", "so"})  # *Sag mir X, dann/und ich …*: what follows an order
_PLACE_REACH = 3  # words between a preposition and its storage place (*in deiner neuen Timeline*)


@dataclass(frozen=True)
class StorageClaim:
    form: str  # 'kurz' | 'erste_person' | 'zustand' | 'vollzug'
    word: str  # the storage word as it stands (*eingetragen*, *trage ein*, *steht*), lower case
    sentence: str  # the whole sentence, for the correction order; never logged


def find_storage_claims(text: str) -> list[StorageClaim]:
    """Every sentence of `text` that reports a write, with its form and word, in order."""
    token = _NAMED.set({})  # one reading per word of this text (`_names`), gone with the call
    try:
        return _claims_of(text)
    finally:
        _NAMED.reset(token)


def _claims_of(text: str) -> list[StorageClaim]:
    claims: list[StorageClaim] = []
    for sentence in sentences(text):
        if V.thought_experiments.first_in(sentence.words):
            continue
        excluded = _excluded_clauses(sentence)
        for index, clause in enumerate(sentence.clauses):
            if index in excluded:
                continue
            previous = sentence.clauses[index - 1] if index else None
            found = _claim_in(clause, previous, sentence)
            if found is not None:
                form, word = found
                claims.append(StorageClaim(form, word, sentence.text))
                break
    return claims


def _excluded_clauses(sentence: Sentence) -> set[int]:
    """Clauses that ask, or that depend on a condition or an open subordinate (*ob, bevor, damit*).

    A condition takes its main clause with it: the next clause when the condition comes first
    (*Wenn du willst, trage ich es ein*), else the previous one (*Ich trage es ein, wenn du willst*).
    """
    clauses = sentence.clauses
    excluded: set[int] = set()
    for index, clause in enumerate(clauses):
        if clause.question or clause.opener in V.open_subordinators or clause.words[0] in V.question_words:
            excluded.add(index)
        if index > 0 and clause.words[0] in _CONSEQUENCE and any(_imperative(c) for c in clauses[:index]):
            excluded.add(index)  # *Nenne mir die Uhrzeit, dann trage ich es ein*: the order is the condition
        if clause.opener not in V.conditions:
            continue
        after = clauses[index + 1] if index + 1 < len(clauses) else None
        fronted = (
            index == 0
            or clause.words[0] in V.bare_coordinators
            or (after is not None and (after.words[0] in V.main_clause_openers or _opens_with_verb(after)))
        )
        main = index + 1 if fronted else index - 1
        if 0 <= main < len(clauses):
            excluded.add(main)
    return excluded


def _imperative(clause: Clause) -> bool:
    """A clause that asks the person to do something (*nenne mir …*, *sag Bescheid*) — read by the grammar."""
    return analyse(" ".join(clause.words)).mood == REQUEST


def _opens_with_verb(clause: Clause) -> bool:
    first = clause.words[0]
    return first in V.finite_openers or first in V.present_forms


def _claim_in(clause: Clause, previous: Clause | None, sentence: Sentence) -> tuple[str, str] | None:
    words = clause.words
    if (
        V.negations.first_in(words)
        or V.modal_verbs.first_in(words)
        or V.subjunctives.first_in(words)
        or V.wishes_and_suppositions.first_in(words)
    ):
        return None
    subordinate = clause.opener in V.subordinators
    if subordinate and previous is not None and V.wishes_and_suppositions.first_in(previous.words):
        return None
    for rule in (_short, _first_person, _state, _undertaking):
        found = rule(words, subordinate, sentence)
        if found is not None:
            return found
    return None


def _short(words: Sequence[str], subordinate: bool, sentence: Sentence) -> tuple[str, str] | None:
    if subordinate:
        return None
    content = [w for w in words if w not in V.short_fillers]
    if not content:
        return None
    head = content[0]
    if not (head in V.short_only_participles or _plain_participle(head, words)):
        return None
    rest = content[1:]
    if all(w in V.short_only_participles or _plain_participle(w, words) for w in rest):
        return FORM_SHORT, head
    if rest[0] in V.short_participle_prepositions:  # *Eingetragen für Freitag*
        return FORM_SHORT, head
    return None


def _plain_participle(word: str, words: Sequence[str]) -> bool:
    """A storage participle that counts on its own: unambiguous, with its required companion."""
    verb = V.participles.get(word)
    return verb is not None and not verb.ambiguous and _companion_present(verb, words)


def _first_person(words: Sequence[str], subordinate: bool, sentence: Sentence) -> tuple[str, str] | None:
    with_subject = V.perfect_auxiliaries.first_in(words) and V.first_person_subjects.first_in(words)
    if not (with_subject or _opens_with_ellipsis(words)):
        return None
    participle = _valid_participle(words)
    return (FORM_FIRST_PERSON, participle) if participle else None


def _opens_with_ellipsis(words: Sequence[str]) -> bool:
    """*Hab's dir eingetragen*: a clause that opens with *hab/habe* and states is first person."""
    content = [w for w in words if w not in V.bare_coordinators]
    return bool(content) and content[0] in V.first_person_ellipsis_auxiliaries


def _state(words: Sequence[str], subordinate: bool, sentence: Sentence) -> tuple[str, str] | None:
    if V.person_subjects.first_in(words) or V.person_verbs.first_in(words):
        return None
    has_place = _storage_place_after_preposition(words)
    if V.state_auxiliaries.first_in(words):
        participle = _valid_participle(words)
        if participle and (not subordinate or _storage_place(words)):
            return FORM_STATE, participle
    verb = V.location_verbs.first_in(words)
    if verb and has_place:
        return FORM_STATE, verb
    return None


def _undertaking(words: Sequence[str], subordinate: bool, sentence: Sentence) -> tuple[str, str] | None:
    if not V.first_person_subjects.first_in(words) or V.offer_markers.first_in(sentence.words):
        return None
    if V.future_auxiliaries.first_in(words):
        for verb in V.verbs:
            if verb.infinitive and verb.infinitive in words and _counts(verb, words):
                return FORM_UNDERTAKING, verb.infinitive
    for verb in V.verbs:
        for position, word in enumerate(words):
            if word not in verb.present or not _counts(verb, words):
                continue
            if verb.particle is None:
                return FORM_UNDERTAKING, word
            if verb.particle in words[position + 1 :]:
                return FORM_UNDERTAKING, f"{word} {verb.particle}"
    return None


def _valid_participle(words: Sequence[str]) -> str | None:
    for word in words:
        verb = V.participles.get(word)
        if verb is not None and _counts(verb, words):
            return word
    return None


def _counts(verb: StorageVerb, words: Sequence[str]) -> bool:
    if not _companion_present(verb, words):
        return False
    return not verb.ambiguous or _has_reference(words)


def _companion_present(verb: StorageVerb, words: Sequence[str]) -> bool:
    return not verb.needs_one_of or any(w in verb.needs_one_of for w in words)


_INFINITIVES = frozenset(v.infinitive for v in V.verbs if v.infinitive)


def _is_verb_form(word: str) -> bool:
    return word in V.participles or word in V.present_forms or word in _INFINITIVES


# Within one `find_storage_claims` call: (word, stems) → `_names`. A long answer (a week read) asks it for every
# word of every clause against a few fixed stem lists; kept for the call only, so no word outlives it.
_NAMED: ContextVar[dict[tuple[str, frozenset[str]], bool] | None] = ContextVar("novaberg_storage_names", default=None)


def _names(word: str, stems: frozenset[str]) -> bool:
    """Whether `word` is one of `stems` or a compound that begins or ends with one (*Einkaufsliste*)."""
    named = _NAMED.get()
    if named is None:
        return _names_read(word, stems)
    key = (word, stems)
    found = named.get(key)
    if found is None:
        found = named[key] = _names_read(word, stems)
    return found


def _names_read(word: str, stems: frozenset[str]) -> bool:
    if _is_verb_form(word):
        return False  # *eintragen* is no *Eintrag*
    return any(
        word.startswith(stem) or any(word.endswith(stem + ending) for ending in _INFLECTION) for stem in stems
    )


def _has_reference(words: Sequence[str]) -> bool:
    if any(any(c.isdigit() for c in w) for w in words):
        return True
    if V.reference_phrases.first_in(words):
        return True
    return any(_names(w, V.references.words) for w in words)


def _storage_place(words: Sequence[str]) -> bool:
    return any(_names(w, V.storage_places.words) for w in words)


def _storage_place_after_preposition(words: Sequence[str]) -> bool:
    for index, word in enumerate(words):
        if word in V.location_prepositions:
            reach = words[index + 1 : index + 1 + _PLACE_REACH]
            if any(_names(w, V.storage_places.words) for w in reach):
                return True
    return False
