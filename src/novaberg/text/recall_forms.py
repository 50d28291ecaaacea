"""How the words of a told sentence meet the words of a memory question (German word forms for the recall):
one word in two forms up to a short ending (*Schwester*/*Schwestern*, *arbeite*/*Arbeit*), a compound's head
(*Tierhaarallergie* for *Allergien*), the word families a general word widens to (*Sport* finds *Volleyball*), and
never the relative of the other gender (*Freundin* is not *Freund*). The words are data (`recall_de.json`); the
memory's scorer (`memory/recall_scoring.py`) asks these questions of each told sentence. A reading of a person's
words is kept once per turn, or in the store the memory keeps with the pair's told words (`text.per_turn.read_kept`),
never in a process-wide cache.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from novaberg.text.per_turn import read_kept
from novaberg.text.recall_patterns import DRUG_ENDING as _DRUG
from novaberg.text.recall_patterns import SHARED as _SHARED
from novaberg.text.recall_patterns import recall_words
from novaberg.text.tokens import tokenize
from novaberg.text.told_slots import RELATIVES, SYNONYMS, TIME_NOUNS, relative_of, subject_of
from novaberg.text.words import fold
from novaberg.text.words import words as _words

__all__ = ["WORDS", "COMPANIONS", "FAMILIES", "KIND_FAMILIES", "COLLECTIVE_KIN", "STOP", "KIN_WORDS", "ENDINGS", "OWN_VERBS",
           "NAMING", "KIN_TAILS", "words_of", "sentence_tokens", "widened", "same", "shares", "bare_answer",
           "relative_word", "sentence_subject", "compound_heads", "topic_words", "partner_words", "asked_words", "sentence_words", "forms",
           "forms_of", "main_words", "ongoing_words", "collapsed", "with_collapsed", "sentence_fronts", "plain_vowel", "umlauted"]

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
COMPANIONS = frozenset(WORDS["companions"])  # with whom one lives besides a relative or a name (*allein*, *WG*)


def words_of(text: str) -> list[str]:
    """The folded words of a text (`sentence_tokens`) as a list."""
    return list(sentence_tokens(text))


def sentence_tokens(text: str) -> tuple[str, ...]:
    """The folded words of a text, with *medikament* added when it tells a medicine she takes (see `_TAKES`)."""
    return read_kept("recall_forms.sentence_tokens", text, lambda: _sentence_tokens(text))


def _sentence_tokens(text: str) -> tuple[str, ...]:
    words = tuple(_words(fold(text), join_apostrophes=False))
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


def bare_answer(said: str, verbs: frozenset[str]) -> bool:
    """*Ich trinke 4mal die Woche.* for *Wie oft trinke ich Alkohol?*: she says the asked verb of herself and names
    no thing (her only nouns say when) — it answers though it lacks the asked noun; *Ich trinke jeden Morgen
    Kaffee* names another thing and never does; nor does *… nur wenn ich zu wenig trinke* (a side clause)."""
    return read_kept("recall_forms.bare_answer", (said, verbs), lambda: _bare_answer(said, verbs))


def _bare_answer(said: str, verbs: frozenset[str]) -> bool:
    tokens = tokenize(said)
    folded = [token.folded for token in tokens]
    if "ich" not in folded or verbs.isdisjoint(main_words(said)[0]):  # said in a side clause, it tells no habit
        return False
    return all(token.folded in TIME_NOUNS or token.folded in STOP for token in tokens[1:] if token.capitalised)


def relative_word(word: str) -> str | None:
    return read_kept("recall_forms.relative_word", word, lambda: _relative_word(word))


def _relative_word(word: str) -> str | None:
    return relative_of(word)


def sentence_subject(said: str, names: frozenset[tuple[str, str]]) -> str | None:
    """`slots.subject_of` per sentence and the pair's names, kept (`read_kept`): the same told sentences are read
    every turn."""
    return read_kept("recall_forms.sentence_subject", (said, names), lambda: _sentence_subject(said, names))


def _sentence_subject(said: str, names: frozenset[tuple[str, str]]) -> str | None:
    return subject_of(said, dict(names))


NAMING = frozenset(WORDS["naming"])
KIN_TAILS = frozenset(rel for rel in RELATIVES if len(rel) >= 4)  # *Schwiegermutter*, *Großvater*


def compound_heads(asked: frozenset[str], topics: frozenset[str]) -> frozenset[str]:
    """The heads a compound may end in: an asked word of four or more letters in any of its forms (*Allergien* →
    *Tierhaarallergie*), or a kind of a kind family (*Beachvolleyball*). A form cut shorter than five letters is no
    head (*Lunge* → *lung* would end every *Behandlung*)."""
    return frozenset(form for topic in asked if len(topic) >= 4 for form in forms(topic)
                     if (len(form) >= 5 or form == topic) and form not in partner_words(topic)) \
        | (topics & KIND_FAMILIES)


def topic_words(topics: frozenset[str]) -> frozenset[str]:
    """The words that are a topic word up to a short ending, either way round, or share a stem of four or more
    letters with it (*Klettern*/*klettere*) — never the other gender of a relative (`partner_words`)."""
    return read_kept("recall_forms.topic_words", topics, lambda: _topic_words(topics))


def _topic_words(topics: frozenset[str]) -> frozenset[str]:
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


def partner_words(topic: str) -> frozenset[str]:
    """The partner relative's words (its forms with every short ending) that are not the topic's own forms."""
    return read_kept("recall_forms.partner_words", topic, lambda: _partner_words(topic))


def _partner_words(topic: str) -> frozenset[str]:
    partner = _partner(SYNONYMS.get(topic, topic)) or _partner(next((f for f in forms(topic) if f in RELATIVES),
                                                                    topic))
    if partner is None:
        return frozenset()
    own = {topic + end for end in _OWN_ENDINGS if topic + end != partner} | (
        {topic + "nen"} if topic.endswith("in") else set())
    return frozenset({partner + end for end in ENDINGS} | forms(partner)) - own


_OWN_ENDINGS = tuple(WORDS["own_endings"])  # a relative's own plural and case forms (*Freunde*, *Enkeln*)


def asked_words(topic: str) -> frozenset[str]:
    """The whole words that hold an asked word: its two forms (equal up to a short ending, three letters or more
    each, the umlaut either way: *Arzt*/*Ärztin*, *Zähne*/*Zahn*) and, not a stop word, its first or last five or
    more letters when three or more are left over."""
    return read_kept("recall_forms.asked_words", topic, lambda: _asked_words(topic))


def _asked_words(topic: str) -> frozenset[str]:
    stems = forms(topic) | {shifted for stem in forms(topic) if len(stem) >= 4
                            for shifted in (umlauted(stem), plain_vowel(stem)) if shifted and len(shifted) >= 4}
    same = stems | {topic + end for end in ENDINGS} | {stem + end for stem in stems if len(stem) >= 4 for end in ENDINGS} \
        if len(topic) >= 3 else frozenset()
    parts = {part for size in range(5, len(topic) - 2) for part in (topic[:size], topic[-size:])}
    return (frozenset(same) | (frozenset(parts) - STOP)) - partner_words(topic)


def sentence_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    """The sentence's words, and every ending of a word after its first three letters that is three or more
    letters long (where a compound's head can be)."""
    return read_kept("recall_forms.sentence_words", said, lambda: _sentence_words(said))


def _sentence_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    return _words_and_tails(sentence_tokens(said))


def _words_and_tails(words: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    words = with_collapsed(frozenset(words))
    return words, frozenset(word[cut:] for word in words for cut in range(3, len(word) - 2))


def sentence_fronts(said: str) -> frozenset[str]:
    """Every beginning of a word of four or more letters before three or more others (where a compound's first
    part can be: *Lungenkrebs*, *Zahnfleischbluten*)."""
    return read_kept("recall_forms.sentence_fronts", said, lambda: frozenset(
        word[:cut] for word in sentence_words(said)[0] for cut in range(4, len(word) - 2)))


_SUBORDINATORS = frozenset(WORDS["subordinators"])
_CLAUSE_SUBJECTS = frozenset(WORDS["clause_subjects"])
_CLAUSE_ENDS = re.compile(r"[,.;:!?()\[\]–—]")


def main_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    """`sentence_words` of the sentence's main clauses alone: a clause opened by a subordinating word (*weil*,
    *wenn*, *dass*, and *da* before its subject — *da das …*, not *da ist …*) runs to the next sign and tells a side
    matter (*… da das auch meine Rückenschmerzen verstärken kann*, *… nur wenn ich zu wenig trinke*), and so does
    an infinitive clause after a comma (*Ich habe Angst, zum Zahnarzt zu gehen*)."""
    return read_kept("recall_forms.main_words", said, lambda: _main_words(said))


def _main_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    kept: list[str] = []
    for index, piece in enumerate(_CLAUSE_ENDS.split(fold(said))):
        words = _words(piece, join_apostrophes=False)
        if index and len(words) >= 2 and words[-2] == "zu":  # *…, zum Zahnarzt zu gehen*: an infinitive clause
            continue
        for at, word in enumerate(words):
            if word in _SUBORDINATORS or word == "da" and at + 1 < len(words) and words[at + 1] in _CLAUSE_SUBJECTS:
                break
            kept.append(word)
    return _words_and_tails(kept)


_NO_LONGER = WORDS["no_longer"]
_NEGATIONS, _LONGER = frozenset(_NO_LONGER["negations"]), frozenset(_NO_LONGER["marks"])
_COMPARISONS = frozenset(_NO_LONGER["comparisons"])


def ongoing_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    """`sentence_words` of the clauses that do not say a thing is done no more: *Tennis spielen geht nicht mehr*,
    *Ich trinke keinen Kaffee mehr* tell what she gave up, not what she does (a negation with *mehr* up to three
    words after it; *nicht mehr als zwei* compares and stays)."""
    return read_kept("recall_forms.ongoing_words", said, lambda: _ongoing_words(said))


def _ongoing_words(said: str) -> tuple[frozenset[str], frozenset[str]]:
    kept: list[str] = []
    for piece in _CLAUSE_ENDS.split(fold(said)):
        words = _words(piece, join_apostrophes=False)
        if not _no_longer(words):
            kept.extend(words)
    return _words_and_tails(kept)


def _no_longer(words: list[str]) -> bool:
    for at, word in enumerate(words):
        if word not in _NEGATIONS:
            continue
        for after in range(at + 1, min(at + 4, len(words))):
            if words[after] in _LONGER and (after + 1 == len(words) or words[after + 1] not in _COMPARISONS):
                return True
    return False


def collapsed(word: str) -> str:
    """The word with each doubled letter once (*Hausstaubalergie* meets *Allergie*, *tättowiert* *tätowiert*): how
    a long word is typed with one letter too many or too few."""
    return re.sub(r"(.)\1+", r"\1", word)


def with_collapsed(words: frozenset[str]) -> frozenset[str]:
    """The words and the `collapsed` form of each of six or more letters."""
    extra = {collapsed(word) for word in words if len(word) >= 6}
    return words | extra if extra - words else words


def forms(word: str) -> frozenset[str]:
    """The word and the words it is up to a short ending (`same`): *schwestern* → schwestern, schwester, …"""
    return read_kept("recall_forms.forms", word, lambda: _forms(word))


def _forms(word: str) -> frozenset[str]:
    return frozenset(word[: len(word) - len(end)] for end in ENDINGS
                     if word.endswith(end) and len(word) - len(end) >= 3) | {word}


_VOWELS = frozenset("aeiou")


def _last_vowel(stem: str) -> int:
    """Where the stem's last vowel letter is (-1: none)."""
    return max((at for at, letter in enumerate(stem) if letter in _VOWELS), default=-1)


def plain_vowel(stem: str) -> str | None:
    """The stem without the umlaut of its last vowel (*zaehn* → zahn, *aerzt* → arzt, *gehoer* → gehor): the
    plural and the feminine of many nouns put it there; None when it has none (an *e* after *a*, *o*, *u* that is
    no vowel before it: *steuer* keeps its *ue*)."""
    at = _last_vowel(stem)
    if at >= 1 and stem[at] == "e" and stem[at - 1] in "aou" and (at < 2 or stem[at - 2] not in _VOWELS):
        return stem[:at] + stem[at + 1:]
    return None


def umlauted(stem: str) -> str | None:
    """The stem with its last vowel as an umlaut (*arzt* → aerzt, *zahn* → zaehn, *haus* → haeus); None when its
    last vowel takes none."""
    at = _last_vowel(stem)
    if at < 0 or stem[at] not in "aou" or at >= 1 and stem[at - 1] in _VOWELS and stem[at - 1:at + 1] != "au":
        return None
    if stem[at] == "u" and at >= 1 and stem[at - 1] == "a":  # *au* → *äu*
        return stem[:at] + "e" + stem[at:]
    return stem[: at + 1] + "e" + stem[at + 1:]


def forms_of(topics: frozenset[str]) -> frozenset[str]:
    return read_kept("recall_forms.forms_of", topics, lambda: _forms_of(topics))


def _forms_of(topics: frozenset[str]) -> frozenset[str]:
    return frozenset().union(*(forms(topic) for topic in topics)) if topics else frozenset()
