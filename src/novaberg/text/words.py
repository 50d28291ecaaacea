"""German text utilities: words, signs, clauses, sentences, whole-word matching.

Pure functions over `str`. A *word* is a maximal run of letters (any script, so ä, ö, ü, ß count)
and digits, lower-cased after Unicode NFC. An *apostrophe* (`'` or `’`) is neither a word character
nor a sign: callers choose whether it joins (*ger'ne* → *gerne*) or splits (*mach's* → *mach*, *s*).
Every other character is a *sign*. Vocabulary is not kept here; callers pass their lists in.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from functools import cache

from novaberg.text.calendar import MONTH_ABBREVIATIONS, WEEKDAY_ABBREVIATIONS
from novaberg.text.data_files import read_json

__all__ = [
    "APOSTROPHES",
    "CLAUSE_SEPARATORS",
    "normalize",
    "is_word_char",
    "words",
    "signs",
    "contains_word",
    "contains_words",
    "without_words",
    "split_clauses",
    "split_sentences",
    "fold_umlauts",
    "fold",
    "ascii_fold",
    "alternation",
    "is_abbreviation",
]

APOSTROPHES = frozenset("'\u2019")
CLAUSE_SEPARATORS = ",.!;:"

_UMLAUT_FOLDS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
_SENTENCE_END = re.compile(r"[.!?…]+(?=\s|$)")


def normalize(text: str) -> str:
    """NFC, then lower case: decomposed umlauts (a + U+0308) compare equal to composed ones."""
    return unicodedata.normalize("NFC", text).lower()


def is_word_char(char: str) -> bool:
    """Letters of any script and digits; never an apostrophe, a space or a sign."""
    return char.isalnum()


# A word character is exactly `str.isalnum` (letters of any script and digits): `re`'s `\w` is isalnum or `_`.
_WORD_RUN = re.compile(r"[^\W_]+")
_DROP_APOSTROPHES = str.maketrans(dict.fromkeys(APOSTROPHES))


def words(text: str, *, join_apostrophes: bool = True) -> list[str]:
    """The lower-cased words of `text` in order; apostrophes join by default, else they split."""
    folded = normalize(text)
    return _WORD_RUN.findall(folded.translate(_DROP_APOSTROPHES) if join_apostrophes else folded)


def signs(text: str) -> list[str]:
    """Every character of the normalised text that is neither a word character nor an apostrophe,
    in order, spaces included (a lower-casing artefact such as U+0307 from *İ* counts as a sign)."""
    return [c for c in normalize(text) if not is_word_char(c) and c not in APOSTROPHES]


def contains_word(text: str, word: str) -> bool:
    """Whether `word` (or a phrase of several words) occurs as whole words: *ja* is not in *Jahr*.

    Apostrophes split here, so *mach's* contains *mach*.
    """
    return contains_words(words(text, join_apostrophes=False), words(word, join_apostrophes=False))


def contains_words(hay: Sequence[str], needle: Sequence[str]) -> bool:
    """Whether the word sequence `needle` occurs in the word sequence `hay` (both read by `words`); for a caller
    that looks for many phrases in one text and reads the text once (an empty needle is never found)."""
    size = len(needle)
    if not size:
        return False
    needle = list(needle)
    hay = list(hay)
    first = needle[0]
    return any(hay[i] == first and hay[i : i + size] == needle for i in range(len(hay) - size + 1))


def without_words(text: str, drop: Collection[str]) -> str:
    """`text` normalised, with every whole word found in `drop` replaced by a space.

    Apostrophes stay in the text and end a word, so *ger'ne* keeps both halves.
    """
    out: list[str] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            word = "".join(current)
            out.append(" " if word in drop else word)
            current.clear()

    for char in normalize(text):
        if is_word_char(char):
            current.append(char)
        else:
            flush()
            out.append(char)
    flush()
    return "".join(out)


def split_clauses(
    text: str, separators: str = CLAUSE_SEPARATORS, conjunctions: Collection[str] = ()
) -> list[list[str]]:
    """The words of each clause. A clause ends at any character of `separators` and, when given,
    before a whole word of `conjunctions` (which starts the next clause). Empty clauses are dropped.
    Apostrophes join, as in `words`.
    """
    pieces = re.split("[" + re.escape(separators) + "]", text) if separators else [text]
    clauses: list[list[str]] = []
    for piece in pieces:
        current: list[str] = []
        for word in words(piece):
            if word in conjunctions and current:
                clauses.append(current)
                current = []
            current.append(word)
        if current:
            clauses.append(current)
    return clauses


def split_sentences(text: str) -> list[str]:
    """Sentences of `text`, stripped, with their end signs. A sentence ends at `. ! ? …` before a
    space or the end of text, but not after a number (*am 12. Oktober*), a date without year
    (*am 20.08. um 14 Uhr*) or a listed abbreviation. A date with year (*1.12.2026.*) may end one.
    """
    sentences: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        before = text[start : match.start()].split()
        last = before[-1].lstrip("([{\"'„“‚") if before else ""
        if match.group() == "." and (last.isdigit() or _DAY_MONTH.match(last) or normalize(last) in _abbreviations()):
            continue
        sentences.append(text[start : match.end()].strip())
        start = match.end()
    rest = text[start:].strip()
    if rest:
        sentences.append(rest)
    return [s for s in sentences if s]


_DAY_MONTH = re.compile(r"^\d{1,2}\.\d{1,2}$")


def fold_umlauts(text: str) -> str:
    """ä → ae, ö → oe, ü → ue, ß → ss: only for comparing with text that was typed without umlauts."""
    return unicodedata.normalize("NFC", text).translate(_UMLAUT_FOLDS)


def fold(text: str) -> str:
    """The one folding for comparing words: NFC, umlauts folded (ä → ae, ß → ss), lower case. Fold the input
    once and compare it with folded words — not each pattern with umlaut alternatives."""
    return fold_umlauts(text).lower()


def ascii_fold(text: str, *, umlaut_e: bool = True) -> str:
    """Plain lower-case ASCII for names on disk: ß → ss, ä → ae (`umlaut_e=False`: ä → a, the form the pair
    directories were created with and must keep), other accents dropped (é → e), other characters removed."""
    text = fold_umlauts(text) if umlaut_e else unicodedata.normalize("NFC", text).replace("ß", "ss")
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


@cache
def _abbreviations() -> frozenset[str]:
    raw = read_json(__package__, "words_de.json")
    calendar = {short.lower() for short in (*WEEKDAY_ABBREVIATIONS, *MONTH_ABBREVIATIONS)}  # Mo., Sept.: one copy
    listed = {word.rstrip(".") for word in raw["abbreviations"]}
    return frozenset((listed | calendar) - {word.rstrip(".") for word in raw["not_abbreviations"]})


def is_abbreviation(word: str) -> bool:
    """A listed abbreviation (*Dr*, *z*, *Nr*, *Sept*), given without its point."""
    return normalize(word.rstrip(".")) in _abbreviations()


def ascii_variants(word: str) -> tuple[str, ...]:
    """The word and, if it has umlauts or ß, its ASCII spelling — people type both."""
    plain = fold_umlauts(word)
    return (word,) if plain == word else (word, plain)


CONTENT_MIN = 4  # an Inhaltswort: capitalised, at least four letters
_CONTENT_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def content_words(text: str) -> list[str]:
    """Capitalised words of at least four letters, as written (hyphenated parts count one by one)."""
    found = []
    for match in _CONTENT_WORD.finditer(text):
        for part in match.group().split("-"):
            if len(part) >= CONTENT_MIN and part[0].isupper():
                found.append(part)
    return found


def alternation(phrases: Iterable[str]) -> str:
    """A regex alternation of literal phrases, longest first, so a phrase never loses to its own beginning
    (*bis Ende* before *bis*) — the one helper behind every word-list pattern."""
    return "|".join(re.escape(w) for w in sorted(phrases, key=len, reverse=True))
