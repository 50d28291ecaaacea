"""Whether a sentence carries what a question asks for: a date for *wann*, a number for *wie viel*, a name for
*wer*, a place for *wo*, a reason for *warum* — said by a word the question itself does not contain (the
answer to *Wann wurde X 1855 gegründet?* is not its own year). Pure functions over one sentence."""

from __future__ import annotations

from novaberg.text.calendar import MONTH_NAMES
from novaberg.text.question import (
    AMOUNT,
    COST,
    DATE,
    DEFINITION,
    DURATION,
    NAME,
    PERSON,
    PLACE,
    REASON,
    SINCE,
    UNTIL,
    Question,
    lexicon,
)
from novaberg.text.stems import stem
from novaberg.text.tokens import Token, tokenize
from novaberg.text.words import fold

__all__ = ["carries", "marks_the_bound"]

_MONTHS = frozenset(fold(m) for m in MONTH_NAMES)


def _new(token: Token, asked: frozenset[str]) -> bool:
    return stem(token.surface) not in asked


def _is_year(token: Token) -> bool:
    return token.is_number and len(token.surface) == 4 and 1000 <= int(token.surface) <= 2199


def _dates(tokens: list[Token], text: str, asked: frozenset[str]) -> bool:
    lex = lexicon()
    for index, token in enumerate(tokens):
        if not _new(token, asked):
            continue
        if token.folded in _MONTHS or token.folded in lex["weekdays"] or token.folded in lex["seasons"]:
            return True
        if _is_year(token):
            return True
        if token.is_number and len(token.surface) <= 2 and text[token.end:token.end + 1] == ".":
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            if following is not None and ((following.is_number and len(following.surface) <= 2)
                                          or following.folded in _MONTHS):
                return True  # 3.5.2024, 3. Mai — never 2.340 (a thousands point)
        if token.is_number and text[token.end:token.end + 1] == ":":
            return True  # 14:30
    return False


def _numbers(tokens: list[Token], asked: frozenset[str]) -> list[int]:
    lex = lexicon()
    return [i for i, t in enumerate(tokens) if _new(t, asked) and (any(c.isdigit() for c in t.surface)
                                                                    or t.folded in lex["number_words"])]


def _capitalised_names(tokens: list[Token], asked: frozenset[str]) -> bool:
    """A capitalised word not opening the sentence and not after an article (*bei Schmidt*, *Firma Weber*),
    a title before a name (*Frau Dr. Lange*), or a company form (*GmbH*)."""
    lex = lexicon()
    for index, token in enumerate(tokens):
        if token.folded in lex["name_markers"] and index + 1 < len(tokens) and tokens[index + 1].capitalised:
            return True
        if index == 0 or not token.capitalised or not _new(token, asked):
            continue
        before = tokens[index - 1].folded
        if before not in lex["determiners"] and not before.endswith(("en", "em", "er", "es")):
            return True
    return False


def _places(tokens: list[Token], asked: frozenset[str]) -> bool:
    lex = lexicon()
    for index, token in enumerate(tokens):
        if not _new(token, asked):
            continue
        if any(token.folded.endswith(suffix) for suffix in lex["place_suffixes"]) and len(token.folded) > 4:
            return True
        if index and token.capitalised and tokens[index - 1].folded in lex["place_prepositions"]:
            return True
        if index >= 2 and token.capitalised and tokens[index - 2].folded in lex["place_prepositions"] \
                and tokens[index - 1].folded in lex["determiners"]:
            return True
    return False


def carries(sentence: str, question: Question) -> bool:
    """Whether `sentence` carries an answer of the kind `question` asks for (kinds without a form of their own —
    which, what, how, yes/no — are carried by any sentence)."""
    tokens = tokenize(sentence)
    asked = frozenset(t.stem for t in question.terms if not t.focus)
    kind = question.kind
    lex = lexicon()
    if kind in (DATE, SINCE, UNTIL):
        return _dates(tokens, sentence, asked)
    if kind == AMOUNT:
        return bool(_numbers(tokens, asked))
    if kind == COST:
        return any(t.folded in lex["currency"] for t in tokens) or "€" in sentence or "$" in sentence
    if kind == DURATION:
        units = lex["duration_units"]
        return any(any(t.folded in units for t in tokens[i + 1:i + 3]) for i in _numbers(tokens, asked)) \
            or _dates(tokens, sentence, asked)
    if kind == PERSON:
        return _capitalised_names(tokens, asked)
    if kind == PLACE:
        return _places(tokens, asked)
    if kind == NAME:
        return ":" in sentence or "„" in sentence or '"' in sentence or _capitalised_names(tokens, asked) \
            or any(any(c.isdigit() for c in t.surface) for t in tokens)
    if kind == DEFINITION:
        return any(t.folded in lex["definition_markers"] for t in tokens)
    if kind == REASON:
        return any(t.folded in lex["reason_markers"] for t in tokens)
    return True


def marks_the_bound(sentence: str, question: Question) -> bool:
    """A *bis wann* question and a sentence that names an end (*bis*, *spätestens*, *fällig*), a *seit wann*
    question and one that names a beginning (*seit*, *ab*)."""
    markers = lexicon()["until_markers"] if question.kind == UNTIL else \
        lexicon()["since_markers"] if question.kind == SINCE else ()
    return bool(markers) and any(t.folded in markers for t in tokenize(sentence))
