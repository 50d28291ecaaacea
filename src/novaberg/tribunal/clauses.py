"""An answer cut into sentences and clauses (*Satzteile*) for the storage-claim check.

Before cutting, stage directions in stars (*\\*nickt\\**) are removed and every short quotation is
masked: a quote is what someone else said, and commas or full stops inside it must not end the
clause (tribunal.md, "ein kurzes Zitat im Satz beendet den Satzteil nicht"). A clause ends at a
comma (not one before a date or a time), semicolon, colon, bracket or dash, and before a
subordinating conjunction or *aber, sondern, denn*. Words are lower case; apostrophes split
(*hab's* → *hab*, *s*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from novaberg.text.claim_vocabulary import VOCABULARY
from novaberg.text.clause_breaks import split_at_clause_breaks
from novaberg.text.words import split_sentences, words

__all__ = ["Clause", "Sentence", "sentences"]

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_STAGE_DIRECTION = re.compile(r"\*[^*\n]+\*")
_QUOTE_MAX = 200
_QUOTE_PAIRS = (("„", '“”"'), ("»", "«"), ("«", "»"), ("“", "”"), ('"', '"'), ("‚", "‘’"))
_QUOTES = tuple(
    re.compile(f"{re.escape(opening)}[^{re.escape(closing)}\n]{{0,{_QUOTE_MAX}}}[{re.escape(closing)}]")
    for opening, closing in _QUOTE_PAIRS
)
_PLACEHOLDER = re.compile(r"⟦q([a-z]+)⟧(?:\u2063\.)?")
_NEXT_SENTENCE = re.compile(r"\s+[A-ZÄÖÜ]")
# A comma before a date or a time continues the clause (*für Montag, 10 Uhr eingetragen*).
_DATE_AT_END = re.compile(r"(?<![\w.])\d{1,2}\.\s?\d{1,2}\.$")
_GOES_ON = re.compile(r"[a-zäöüß\d]")
_SENTENCE_TAIL = " \t\n)]}\"'“”»«’"
# A clause is cut before these words unless they open it (see `_split_words`).
_CUT_BEFORE = VOCABULARY.subordinators.words | VOCABULARY.clause_coordinators.words


@dataclass(frozen=True)
class Clause:
    words: tuple[str, ...]
    opener: str | None  # the conjunction it begins with (*dass*, *wenn*, *aber*, *und*), if any
    question: bool  # part of a question (see `sentences`)


@dataclass(frozen=True)
class Sentence:
    text: str  # as written, quotes restored, stage directions removed
    clauses: tuple[Clause, ...]
    words: tuple[str, ...]
    question: bool


def _letters(index: int) -> str:
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def _mask_quotes(text: str) -> tuple[str, list[str]]:
    quotes: list[str] = []

    def masked(pattern: re.Pattern[str], source: str) -> str:
        def mask(match: re.Match[str]) -> str:
            quotes.append(match.group())
            placeholder = f"⟦q{_letters(len(quotes) - 1)}⟧"
            # a quote that ends its own sentence before a capital ends the outer one too
            if match.group()[-2:-1] in (".", "!", "?") and _NEXT_SENTENCE.match(source, match.end()):
                placeholder += "\u2063."  # an invisible mark, removed again by _restore
            return placeholder

        return pattern.sub(mask, source)

    for pattern in _QUOTES:
        text = masked(pattern, text)
    return text, quotes


def _restore(text: str, quotes: list[str]) -> str:
    def unmask(match: re.Match[str]) -> str:
        index = 0
        for char in match.group(1):
            index = index * 26 + (ord(char) - ord("a") + 1)
        return quotes[index - 1]

    return _PLACEHOLDER.sub(unmask, text)


def _split_words(piece: str) -> list[list[str]]:
    """Cut before a subordinating conjunction or *aber/sondern/denn* that does not open the piece."""
    clauses: list[list[str]] = []
    current: list[str] = []
    for word in words(piece, join_apostrophes=False):
        if word in _CUT_BEFORE and current and not all(w in VOCABULARY.bare_coordinators for w in current):
            clauses.append(current)
            current = []
        current.append(word)
    if current:
        clauses.append(current)
    return clauses


def _opener(clause: list[str]) -> str | None:
    """The conjunction the clause begins with, looking past *und/oder/doch* (*und wenn du willst*)."""
    for word in clause:
        if word in VOCABULARY.subordinators or word in VOCABULARY.clause_coordinators:
            return word
        if word not in VOCABULARY.bare_coordinators:
            return None
    return None


def _is_question_clause(clause: list[str], is_last: bool) -> bool:
    """In a question sentence the last clause asks, and so does any clause that opens with a
    finite verb or a question word (*Soll ich das eintragen, oder …?*). A clause that opens with
    its subject (*Ich habe es eingetragen, passt das?*) still states."""
    if is_last:
        return True
    first = clause[0]
    return (
        first in VOCABULARY.finite_openers
        or first in VOCABULARY.present_forms
        or first in VOCABULARY.question_words
    )


def _sentences_keeping_dates(text: str) -> list[str]:
    """`split_sentences`, which already keeps a date that is a word of its own (*am 20.08. um 14 Uhr*);
    here also one glued to a sign (*Mittwoch,20.08. um 14 Uhr*) when the text goes on in lower case
    or with a digit. Moving this into `split_sentences` would also join such a date with a following
    capitalised sentence, a change of behaviour the claim check has not been measured with."""
    merged: list[str] = []
    for piece in split_sentences(text):
        if merged and _DATE_AT_END.search(merged[-1]) and _GOES_ON.match(piece):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    return merged


def sentences(text: str) -> list[Sentence]:
    """The sentences of an answer with their clauses, ready for the claim rules."""
    cleaned = _STAGE_DIRECTION.sub(" ", _BOLD.sub(r"\1", text))
    masked, quotes = _mask_quotes(cleaned)
    out: list[Sentence] = []
    for raw in _sentences_keeping_dates(masked):
        is_question = raw.rstrip(_SENTENCE_TAIL).endswith("?")
        pieces: list[list[str]] = []
        for piece in split_at_clause_breaks(raw):
            pieces.extend(_split_words(piece))
        clauses = tuple(
            Clause(
                words=tuple(words_),
                opener=_opener(words_),
                question=is_question and _is_question_clause(words_, index == len(pieces) - 1),
            )
            for index, words_ in enumerate(pieces)
        )
        if clauses:
            all_words = tuple(w for clause in clauses for w in clause.words)
            out.append(Sentence(_restore(raw, quotes), clauses, all_words, is_question))
    return out
