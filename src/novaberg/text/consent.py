"""The closed reading of consent (notizen.md §7 "Die geschlossene Annahme", dateien.md §2a.2).

A gate executes only on an answer that *consists of* consent; everything unsure asks again.
Order: refusal first and it wins; then consent by rules (a)–(d); else 'unklar'.
The word lists are data (`consent_words.json`), one copy per service as the specification keeps them; the question
words, which no service accepts, are the one list of `lexicon_de.json`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from novaberg.text.data_files import read_json
from novaberg.text.grammar import lexeme_of_word  # the one verb lexicon (grammar_de.json)
from novaberg.text.lexicon import QUESTION_WORDS
from novaberg.text.words import signs, split_clauses, without_words, words

__all__ = [
    "ZUSTIMMUNG",
    "ABLEHNUNG",
    "UNKLAR",
    "SERVICES",
    "ConsentLists",
    "consent_lists",
    "read_consent",
    "is_refusal",
    "consists_of_consent",
    "has_refusal_word",
    "REFUSAL_WORDS_SERVICE",
    "speaks_only_of_the_offer",
    "offer_phrase_at",
]

ZUSTIMMUNG = "zustimmung"
ABLEHNUNG = "ablehnung"
UNKLAR = "unklar"
SERVICES = ("notizen", "dateien_wurzeln", "direktiven")

_DATA_FILE = "consent_words.json"
# where a refusal must not be found inside a word (*Donnerstag*, *einen*, *Termine* hold *ne*), the
# list that matches whole words with their inflected forms is read (the gate questions keep their own lists)
REFUSAL_WORDS_SERVICE = "dateien_wurzeln"


@dataclass(frozen=True)
class ConsentLists:
    """The word lists of one service, as read from `consent_words.json`."""

    service: str
    refusal_match: str  # 'stem': substring of the text without consent words; 'word': whole word
    refusal: frozenset[str]
    consent_words: frozenset[str]
    filler_words: frozenset[str]
    question_words: frozenset[str]  # never consent nor filler (the one list of lexicon_de.json)
    asking_verbs: frozenset[str]
    subject_words: frozenset[str]
    dropped_signs: frozenset[str]
    clause_separators: str


@cache
def _raw() -> dict:
    return read_json(__package__, _DATA_FILE)


@cache
def _raw_services() -> dict[str, dict]:
    return _raw()["services"]


@cache
def consent_lists(service: str) -> ConsentLists:
    """The lists of `service`; ValueError names the choices for an unknown one."""
    if not isinstance(service, str):
        raise TypeError(f"service must be a str, not {type(service).__name__}")
    if service not in SERVICES:
        raise ValueError(f"unknown consent service {service!r}; choose one of {', '.join(SERVICES)}")
    entry = _raw_services()[service]
    return ConsentLists(
        service=service,
        refusal_match=entry["refusal_match"],
        refusal=frozenset(entry["refusal"]),
        consent_words=frozenset(entry["consent_words"]),
        filler_words=frozenset(entry["filler_words"]),
        question_words=QUESTION_WORDS,  # the one list (lexicon_de.json), the same for every service
        asking_verbs=frozenset(entry["asking_verbs"]),
        subject_words=frozenset(entry["subject_words"]),
        dropped_signs=frozenset(entry["dropped_signs"]),
        clause_separators="".join(entry["clause_separators"]),
    )


def is_refusal(text: str, lists: ConsentLists) -> bool:
    """The refusal reads the text *with* apostrophes (an apostrophe ends a word, *ger'ne* refuses).

    'stem' (notizen, direktiven): a stem anywhere in the text once the consent words are taken out
    as whole words — *gerne* consents, every other *ne* refuses, also *„ja, leg ne neue an“*.
    'word' (dateien_wurzeln): a refusal word as a whole word.
    """
    if lists.refusal_match == "stem":
        rest = without_words(text, lists.consent_words)
        return any(stem in rest for stem in lists.refusal)
    return any(word in lists.refusal for word in words(text, join_apostrophes=False))


def has_refusal_word(text: str) -> bool:
    """A refusal said as a whole word (*nein*, *nicht*, *keinen*, *lass*) — never a stem inside a word: a
    statement like *„Ich hab am Donnerstag um 10 einen Termin“* refuses nothing (timeline.md §3a)."""
    refusal = consent_lists(REFUSAL_WORDS_SERVICE).refusal
    return any(word in refusal for word in words(text, join_apostrophes=False))


@cache
def _offer_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words an answer about the offer itself may consist of (every service's consent, filler, asking and
    subject words, and the words of asking back), and the question words that never belong to it."""
    allowed: set[str] = set(_raw()["asking_back_words"])
    asking: set[str] = set()
    for service in SERVICES:
        lists = consent_lists(service)
        allowed |= lists.consent_words | lists.filler_words | lists.asking_verbs | lists.subject_words
        asking |= lists.question_words
    return frozenset(allowed), frozenset(asking)


def speaks_only_of_the_offer(text: str) -> bool:
    """Whether `text` is made only of the words of a consent answer — *„ist das ok?“*, *„ist das sicher“*,
    *„passt das?“*, *„bist du sicher?“* — and so speaks of the waiting offer, not of anything of its own (notizen.md §7, dateien.md
    §2a.2: such an unclear answer gets the same question again; it is no sentence of its own that ends it)."""
    found = words(text)
    allowed, asking = _offer_words()
    return bool(found) and all(word in allowed and word not in asking for word in found)


def _repeated_action(found: list[str], offered: tuple[str, ...]) -> frozenset[str]:
    """The words of an imperative that repeats the offered action (*leg sie an* to „Soll ich sie
    anlegen?“) — the verb's imperative forms, and its separable particle, which must then be said too."""
    repeated: set[str] = set()
    for infinitive in offered:
        lexeme = lexeme_of_word(infinitive)
        if lexeme is None or lexeme.key != infinitive:
            raise ValueError(f"offered action {infinitive!r} is no verb of the lexicon")
        if not any(word in lexeme.imperative for word in found):
            continue
        if lexeme.particle and lexeme.particle not in found:
            continue
        repeated |= {*lexeme.imperative, *((lexeme.particle,) if lexeme.particle else ())}
    return frozenset(repeated)


def consists_of_consent(text: str, lists: ConsentLists, offered: tuple[str, ...] = ()) -> bool:
    """Rules (a)–(d) of the closed reading, on the text *without* apostrophes. `offered` names the infinitives
    of the action the question offered (*anlegen*): an imperative of it counts like the consent word *mach*."""
    found = words(text)
    repeated = _repeated_action(found, offered)
    if not any(word in lists.consent_words or word in repeated for word in found):  # (a)
        return False
    allowed = lists.consent_words | lists.filler_words | repeated
    if any(word not in allowed or word in lists.question_words for word in found):  # (b)
        return False
    if any(sign not in lists.dropped_signs for sign in signs(text)):  # (c)
        return False
    return not any(_asks(clause, lists) for clause in split_clauses(text, lists.clause_separators))  # (d)


def _asks(clause: list[str], lists: ConsentLists) -> bool:
    """(d) An asking verb before a subject word in the same clause: *ist das ok*, not *das ist ok*."""
    seen_verb = False
    for word in clause:
        if seen_verb and word in lists.subject_words:
            return True
        seen_verb = seen_verb or word in lists.asking_verbs
    return False


def read_consent(text: str, service: str, offered: tuple[str, ...] = ()) -> str:
    """'zustimmung' | 'ablehnung' | 'unklar' for an answer to a gate question of `service`.

    Refusal is checked first and wins; consent only when the answer consists of consent (with `offered`, an
    imperative repeating the offered action belongs to it: *„Ja, leg sie an“*); anything else is 'unklar'
    (ask the same question again, never execute).
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    lists = consent_lists(service)
    if is_refusal(text, lists):
        return ABLEHNUNG
    if consists_of_consent(text, lists, offered):
        return ZUSTIMMUNG
    return UNKLAR


# the phrases with which an answer offers to do something (*Soll ich …*, *Möchtest du …*, *Darf ich …*)
_OFFER_PHRASE = re.compile(r"\b(?:soll ich|sollen wir|möchtest du|moechtest du|magst du|willst du|darf ich)\b",
                           re.IGNORECASE)


def offer_phrase_at(sentence: str) -> int | None:
    """Where an offer phrase begins in the sentence, else None."""
    match = _OFFER_PHRASE.search(sentence)
    return match.start() if match else None
