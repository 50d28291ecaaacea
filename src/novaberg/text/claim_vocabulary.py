"""The German words of the computed checks, loaded once from `claim_vocabulary.json` into `VOCABULARY`.

Words are data (CONTRIBUTING.md "German is data"); the checks are code. The file keeps one spelling per word, lower case
with umlauts; the ASCII spellings (*geloescht*, *moechtest*) are derived here with the time
`text.words.ascii_variants`, because people and models type both. Weekday and month words are not
kept here: the printed weekday names come from `text/calendar_de.json` (their one copy), the date check reads
the words from `novaberg.timeparse.TIME_VOCABULARY`; the negations and the question words are the one lists of
`text/lexicon_de.json`. An entry of several words (*nehme an*, *bei mir*) is a phrase: it matches as a
run of whole words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.data_files import read_json
from novaberg.text.lexicon import NEGATIONS, QUESTION_WORDS
from novaberg.text.words import ascii_variants

__all__ = ["VOCABULARY", "StorageVerb", "Vocabulary", "WordSet", "ascii_variants", "load_raw_vocabulary"]

_FILE = "claim_vocabulary.json"


def load_raw_vocabulary() -> dict[str, Any]:
    """The data file as written, for the schema test; the checks read `VOCABULARY`."""
    return read_json(__package__, _FILE)


@dataclass(frozen=True)
class WordSet:
    """Single words and phrases (runs of words) of one list, ASCII spellings included."""

    words: frozenset[str]
    phrases: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, entries: Iterable[str]) -> WordSet:
        singles: set[str] = set()
        phrases: set[tuple[str, ...]] = set()
        for entry in entries:
            for variant in ascii_variants(entry):
                parts = tuple(variant.split())
                if len(parts) == 1:
                    singles.add(parts[0])
                else:
                    phrases.add(parts)
        return cls(frozenset(singles), tuple(sorted(phrases)))

    def first_in(self, words: Sequence[str]) -> str | None:
        """The first entry found in `words` (a phrase as its words joined by a space), or None."""
        for index, word in enumerate(words):
            if word in self.words:
                return word
            for phrase in self.phrases:
                if tuple(words[index : index + len(phrase)]) == phrase:
                    return " ".join(phrase)
        return None

    def __contains__(self, word: object) -> bool:
        return word in self.words


@dataclass(frozen=True)
class StorageVerb:
    """One verb that reports a write: its participle, first-person present forms and particle."""

    participle: str
    present: frozenset[str]  # 1st person singular/plural present (*trage*, *tragen*)
    particle: str | None  # separable particle that must stand in the clause (*trage … ein*)
    infinitive: str | None  # after *werde*/*werden* (*ich werde das eintragen*)
    ambiguous: bool  # counts only with a reference in the same clause (tribunal.md, "mehrdeutiges Partizip")
    needs_one_of: frozenset[str]  # one of these must stand in the clause (*mir* for *gemerkt*)


@dataclass(frozen=True)
class Vocabulary:
    weekday_names: tuple[str, ...]  # Monday = 0, as written in an order
    # service → write action → the participles that report it (every write the services make)
    write_actions: Mapping[str, Mapping[str, tuple[str, ...]]]
    date_articles: WordSet
    verbs: tuple[StorageVerb, ...]
    short_only_participles: WordSet
    short_participle_prepositions: WordSet
    short_fillers: WordSet
    perfect_auxiliaries: WordSet
    first_person_ellipsis_auxiliaries: WordSet  # *Hab's eingetragen*: the subject left out
    state_auxiliaries: WordSet
    future_auxiliaries: WordSet
    location_verbs: WordSet
    location_prepositions: WordSet
    storage_places: WordSet
    references: WordSet
    reference_phrases: WordSet
    not_items: WordSet  # capitalised words of a sentence that are no item of a note
    first_person_subjects: WordSet
    person_subjects: WordSet
    person_verbs: WordSet
    negations: WordSet
    modal_verbs: WordSet
    subjunctives: WordSet
    thought_experiments: WordSet
    conditions: WordSet
    open_subordinators: WordSet
    subordinators: WordSet
    clause_coordinators: WordSet
    bare_coordinators: WordSet
    main_clause_openers: WordSet
    wishes_and_suppositions: WordSet
    offer_markers: WordSet
    question_words: WordSet
    finite_openers: WordSet

    @property
    def participles(self) -> Mapping[str, StorageVerb]:
        return _PARTICIPLES

    @property
    def present_forms(self) -> frozenset[str]:
        return _PRESENT_FORMS


def _verb(raw: Mapping[str, Any]) -> tuple[StorageVerb, ...]:
    """One entry per ASCII variant of the participle, so *geloescht* reads like *gelöscht*."""
    present = frozenset(v for form in raw["present"] for v in ascii_variants(form))
    infinitive = raw["infinitive"]
    return tuple(
        StorageVerb(
            participle=participle,
            present=present,
            particle=raw["particle"],
            infinitive=infinitive,
            ambiguous=raw["ambiguous"],
            needs_one_of=frozenset(raw.get("needs_one_of", ())),
        )
        for participle in ascii_variants(raw["participle"])
    )


_WORD_LISTS = (
    "date_articles",
    "short_only_participles",
    "short_participle_prepositions",
    "short_fillers",
    "perfect_auxiliaries",
    "first_person_ellipsis_auxiliaries",
    "state_auxiliaries",
    "future_auxiliaries",
    "location_verbs",
    "location_prepositions",
    "storage_places",
    "references",
    "reference_phrases",
    "not_items",
    "first_person_subjects",
    "person_subjects",
    "person_verbs",
    "modal_verbs",
    "subjunctives",
    "thought_experiments",
    "conditions",
    "open_subordinators",
    "subordinators",
    "clause_coordinators",
    "bare_coordinators",
    "main_clause_openers",
    "wishes_and_suppositions",
    "offer_markers",
    "finite_openers",
)


def _build(raw: Mapping[str, Any]) -> Vocabulary:
    verbs = tuple(v for entry in raw["storage_verbs"] for v in _verb(entry))
    lists = {name: WordSet.of(raw[name]) for name in _WORD_LISTS}
    return Vocabulary(
        weekday_names=WEEKDAY_NAMES,
        write_actions=MappingProxyType({
            service: MappingProxyType({action: tuple(words) for action, words in actions.items()})
            for service, actions in raw["write_actions"].items()
        }),
        verbs=verbs,
        negations=WordSet.of(NEGATIONS),
        question_words=WordSet.of(QUESTION_WORDS),
        **lists,
    )


VOCABULARY: Vocabulary = _build(load_raw_vocabulary())
_PARTICIPLES: Mapping[str, StorageVerb] = MappingProxyType({v.participle: v for v in VOCABULARY.verbs})
_PRESENT_FORMS: frozenset[str] = frozenset(form for v in VOCABULARY.verbs for form in v.present)
