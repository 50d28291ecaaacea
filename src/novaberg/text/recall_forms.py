"""How the words of a told sentence meet the words of a memory question (German word forms for the recall):
one word in two forms up to a short ending (*Schwester*/*Schwestern*, *arbeite*/*Arbeit*), a compound's head
(*Tierhaarallergie* for *Allergien*), the word families a general word widens to (*Sport* finds *Volleyball*), and
never the relative of the other gender (*Freundin* is not *Freund*). The words are data (`recall_de.json`); the
memory's scorer (`memory/recall_scoring.py`) asks these questions of each told sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from novaberg.text.recall_patterns import DRUG_ENDING as _DRUG
from novaberg.text.recall_patterns import SHARED as _SHARED
from novaberg.text.recall_patterns import recall_words
from novaberg.text.told_slots import RELATIVES, SYNONYMS, TIME_NOUNS, relative_of, subject_of
from novaberg.text.words import fold

__all__ = ["WORDS", "FAMILIES", "KIND_FAMILIES", "COLLECTIVE_KIN", "STOP", "KIN_WORDS", "ENDINGS", "OWN_VERBS",
           "NAMING", "KIN_TAILS", "words_of", "sentence_tokens", "widened", "same", "shares", "bare_answer",
           "relative_word", "sentence_subject", "compound_heads", "topic_words", "partner_words", "asked_words", "sentence_words", "forms",
           "forms_of"]

WORDS = recall_words()  # `text/recall_de.json`
# Word families: a topic word finds the told sentences holding any of its family (folded, whole words). In a
# family of kinds only its general words (`heads`) widen so — *Sport* finds *Tennis*, *Volleyball* finds only
# itself, never a neighbour of the same kind; a head finds the families it `includes` too (*Hobbys*: the sports).
_BY_NAME = {f["name"]: frozenset(f["words"]) for f in WORDS["families"]}
FAMILIES: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(f["heads"] or f["words"]),
     _BY_NAME[f["name"]].union(*(_BY_NAME[name] for name in f["includes"]))) for f in WORDS["families"])
# Families of kinds (a sport, a music, an instrument, a hobby): a compound ending in a member is a kind too
# (*Rennrad*, *Beachvolleyball*, *E-Gitarre*, *Kirchenchor*) — the others' words (*Haus*, *Stelle*) are no heads.
KIND_FAMILIES = frozenset(w for f in WORDS["families"] if f["kind"] for w in f["words"] if len(w) >= 3)
# The family as a whole (*Krankheiten in meiner Familie*): a question about her relatives, not about herself.
COLLECTIVE_KIN = frozenset(WORDS["collective_kin"])
STOP = frozenset(WORDS["stop_words"])  # words that never make a topic
# the family as a whole: every relative word, and the plurals that are no short ending away (*Brüder*, *Söhne*)
KIN_WORDS = frozenset(RELATIVES - set(WORDS["pets"]) | set(WORDS["kin_plurals"]))  # a pet is no relative here
ENDINGS = tuple(WORDS["endings"])


def words_of(text: str) -> list[str]:
    """The folded words of a text (`sentence_tokens`) as a list."""
    return list(sentence_tokens(text))


@lru_cache(maxsize=8192)
def sentence_tokens(text: str) -> tuple[str, ...]:
    """The folded words of a text, with *medikament* added when it tells a medicine she takes (see `_TAKES`)."""
    words = tuple(re.findall(r"[a-z0-9]+", fold(text)))
    if _TAKES.isdisjoint(words) or not any(_DRUG.search(word) for word in words if len(word) >= 6):
        return words
    return (*words, "medikament")  # *Ich nehme Ipratropium und Metformin*: she told what medicines she takes


# A medicine by its name's ending (*Metformin*, *Ipratropium*, *Ramipril*, *Ibuprofen*, *Pantoprazol*), taken
# (*nehme*): the sentence tells her medicines, though it never says *Tabletten* (a GerMedIQ answer, as told).
_TAKES = frozenset(WORDS["takes"])


def widened(words: Iterable[str]) -> frozenset[str]:
    out = set(words)
    for word in list(out):
        for heads, family in FAMILIES:
            if any(same(word, head) for head in heads):
                out |= family
    return frozenset(out)


def same(word: str, topic: str) -> bool:
    """One word in two forms (*Schwester*/*Schwestern*, *arbeite*/*Arbeit*): equal up to a short ending."""
    short, long = sorted((word, topic), key=len)
    return long.startswith(short) and long[len(short):] in ENDINGS and len(short) >= 3


# her own verb of a slot's kind (*ich wohne … in Köln*, however far the place is from the verb)
OWN_VERBS = {slot: frozenset(verbs) for slot, verbs in WORDS["own_verbs"].items()}


def shares(said: str, who: frozenset[str]) -> bool:
    """She says it of herself and the asked person together (*mit meinem Mann*, *Mein Mann und ich*, *Wir*)."""
    return any(found["we"] or relative_word(found["with"] or found["first"] or "") in who
               for found in _SHARED.finditer(fold(said)))


@lru_cache(maxsize=16384)
def bare_answer(said: str, verbs: frozenset[str]) -> bool:
    """*Ich trinke 4mal die Woche.* for *Wie oft trinke ich Alkohol?*: she says the asked verb of herself and names
    no thing (her only nouns say when) — it answers though it lacks the asked noun; *Ich trinke jeden Morgen
    Kaffee* names another thing and never does."""
    tokens = re.findall(r"[\wäöüÄÖÜß]+", said)
    folded = [fold(token) for token in tokens]
    if "ich" not in folded or verbs.isdisjoint(folded):
        return False
    return all(fold(token) in TIME_NOUNS or fold(token) in STOP for token in tokens[1:] if token[:1].isupper())


@lru_cache(maxsize=16384)
def relative_word(word: str) -> str | None:
    return relative_of(word)


@lru_cache(maxsize=16384)
def sentence_subject(said: str, names: frozenset[tuple[str, str]]) -> str | None:
    """`slots.subject_of` per sentence and the pair's names, cached: the same told sentences are read every turn."""
    return subject_of(said, dict(names))


NAMING = frozenset(WORDS["naming"])
KIN_TAILS = frozenset(rel for rel in RELATIVES if len(rel) >= 4)  # *Schwiegermutter*, *Großvater*


def compound_heads(asked: frozenset[str], topics: frozenset[str]) -> frozenset[str]:
    """The heads a compound may end in: an asked word of four or more letters in any of its forms (*Allergien* →
    *Tierhaarallergie*), or a kind of a kind family (*Beachvolleyball*)."""
    return frozenset(form for topic in asked if len(topic) >= 4 for form in forms(topic)
                     if len(form) >= 4 and form not in partner_words(topic)) | (topics & KIND_FAMILIES)


@lru_cache(maxsize=1024)
def topic_words(topics: frozenset[str]) -> frozenset[str]:
    """The words that are a topic word up to a short ending, either way round, or share a stem of four or more
    letters with it (*Klettern*/*klettere*) — never the other gender of a relative (`partner_words`)."""
    stems = forms_of(topics)
    words = stems | topics | {topic + end for topic in topics if len(topic) >= 3 for end in ENDINGS} \
        | {stem + end for stem in stems if len(stem) >= 4 for end in ENDINGS}
    return words - frozenset().union(*(partner_words(topic) for topic in topics)) if topics else words


def _partner(word: str) -> str | None:
    """The relative of the other gender (*Freund*/*Freundin*, *Enkel*/*Enkelin*, *Kollege*/*Kollegin*, *Cousin*/
    *Cousine*) — a neighbour of the same kind, never the asked one."""
    for male, female in _GENDER_PAIRS:
        if word == male:
            return female
        if word == female:
            return male
    return None


_GENDER_PAIRS = tuple(sorted({(w, w + "in") for w in RELATIVES if w + "in" in RELATIVES}
                             | {(w, w[:-1] + "in") for w in RELATIVES if w.endswith("e") and w[:-1] + "in" in RELATIVES}
                             | {(w, w + "e") for w in RELATIVES if w + "e" in RELATIVES and w + "in" not in RELATIVES}))


@lru_cache(maxsize=1024)
def partner_words(topic: str) -> frozenset[str]:
    """The partner relative's words (its forms with every short ending) that are not the topic's own forms."""
    partner = _partner(SYNONYMS.get(topic, topic)) or _partner(next((f for f in forms(topic) if f in RELATIVES),
                                                                    topic))
    if partner is None:
        return frozenset()
    own = {topic + end for end in _OWN_ENDINGS if topic + end != partner} | (
        {topic + "nen"} if topic.endswith("in") else set())
    return frozenset({partner + end for end in ENDINGS} | forms(partner)) - own


_OWN_ENDINGS = tuple(WORDS["own_endings"])  # a relative's own plural and case forms (*Freunde*, *Enkeln*)


@lru_cache(maxsize=4096)
def asked_words(topic: str) -> frozenset[str]:
    """The whole words that hold an asked word: its two forms (equal up to a short ending, three letters or more
    each) and, not a stop word, its first or last five or more letters when three or more are left over."""
    same = forms(topic) | {topic + end for end in ENDINGS} | {stem + end for stem in forms(topic)
                                                                 if len(stem) >= 4 for end in ENDINGS} \
        if len(topic) >= 3 else frozenset()
    parts = {part for size in range(5, len(topic) - 2) for part in (topic[:size], topic[-size:])}
    return (frozenset(same) | (frozenset(parts) - STOP)) - partner_words(topic)


@lru_cache(maxsize=8192)
def sentence_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    """The sentence's words, and every ending of a word after its first three letters that is three or more
    letters long (where a compound's head can be)."""
    words = sentence_tokens(said)
    return frozenset(words), frozenset(word[cut:] for word in words for cut in range(3, len(word) - 2))


@lru_cache(maxsize=65536)
def forms(word: str) -> frozenset[str]:
    """The word and the words it is up to a short ending (`same`): *schwestern* → schwestern, schwester, …"""
    return frozenset(word[: len(word) - len(end)] for end in ENDINGS
                     if word.endswith(end) and len(word) - len(end) >= 3) | {word}


@lru_cache(maxsize=1024)
def forms_of(topics: frozenset[str]) -> frozenset[str]:
    return frozenset().union(*(forms(topic) for topic in topics)) if topics else frozenset()
