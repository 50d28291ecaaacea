"""Whether a sentence carries what a question asks for: a date for *wann*, a number for *wie viel*, a name for
*wer*, a place for *wo*, a reason for *warum* — said by a word the question itself does not contain (the
answer to *Wann wurde X 1855 gegründet?* is not its own year). Pure functions over one sentence."""

from __future__ import annotations

from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES
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

__all__ = ["abbreviations", "carries", "names_someone", "refers_back", "says_another_kind_of"]

_MONTHS = frozenset(fold(m) for m in MONTH_NAMES)
_WEEKDAYS = frozenset(fold(d) for d in WEEKDAY_NAMES)  # the lexicon holds only the forms beyond the names


def _new(token: Token, asked: frozenset[str]) -> bool:
    return stem(token.surface) not in asked


def _is_year(token: Token) -> bool:
    return token.is_number and len(token.surface) == 4 and 1000 <= int(token.surface) <= 2199


def _dates(tokens: list[Token], text: str, asked: frozenset[str]) -> bool:
    lex = lexicon()
    for index, token in enumerate(tokens):
        if not _new(token, asked):
            continue
        if token.folded in _MONTHS or token.folded in _WEEKDAYS or token.folded in lex["weekdays"] \
                or token.folded in lex["seasons"]:
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


def abbreviations(sentence: str) -> list[str]:
    """The words of a sentence written in capitals (*TÜV*, *ASU*, *EU*), as written; not a sentence's first word."""
    return [t.surface for t in tokenize(sentence)[1:] if len(t.surface) >= 2 and t.surface.isupper()
            and t.surface.isalpha()]


def names_someone(sentence: str) -> bool:
    """A title or company word before a name (*Frau Dr. Lange*, *Firma Krause*, *Krause GmbH*), or a first
    name and a surname (*Irina Petrova*): a person or an organisation is named."""
    tokens = tokenize(sentence)
    lex = lexicon()
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if token.folded in lex["name_markers"] and (following is None or following.capitalised or index > 0):
            return True
        if index and following is not None and _bare_capital(tokens, index) and following.capitalised \
                and not following.is_number:
            return True
    return False


def _bare_capital(tokens: list[Token], index: int) -> bool:
    """A capitalised word said without an article, adjective or number before it."""
    token = tokens[index]
    if not token.capitalised or token.is_number or index == 0:
        return False
    before = tokens[index - 1]
    return not (before.folded in lexicon()["determiners"] or before.is_number or before.capitalised
                or before.folded.endswith(("en", "em", "er", "es", "e")))


def _capitalised_names(tokens: list[Token], asked: frozenset[str], sentence: str) -> bool:
    """Someone named (`names_someone`), or a capitalised word said without an article after *von*, *bei*,
    *mit* … (*bei Schmidt*) that the question does not contain."""
    if names_someone(sentence):
        return True
    lex = lexicon()
    for index, token in enumerate(tokens):
        if not index or not _new(token, asked) or not token.capitalised or token.is_number:
            continue
        before = tokens[index - 1].folded
        if before in lex["name_prepositions"]:
            return True  # *bei Schmidt*
        if index >= 2 and before in ("der", "dem", "den") and tokens[index - 2].folded in lex["name_prepositions"] \
                and _looks_like_a_name(token):
            return True  # *bei der HUK-Coburg*, *von der Kanzlei Lehmann*
    return False


def _looks_like_a_name(token: Token) -> bool:
    return any(c.isupper() for c in token.surface[1:]) or token.folded in lexicon()["name_markers"]


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
        return _capitalised_names(tokens, asked, sentence)
    if kind == PLACE:
        return _places(tokens, asked)
    if kind == NAME:
        return ":" in sentence or "„" in sentence or '"' in sentence or _capitalised_names(tokens, asked, sentence) \
            or any(any(c.isdigit() for c in t.surface) for t in tokens)
    if kind == DEFINITION:
        return any(t.folded in lex["definition_markers"] for t in tokens)
    if kind == REASON:
        return any(t.folded in lex["reason_markers"] for t in tokens)
    return True


def refers_back(sentence: str) -> bool:
    """A word among the first three points to the sentence before (*Sie kostet 148 Euro*, *Abgegeben wurde sie …*)."""
    return any(t.folded in lexicon()["referring_openers"] for t in tokenize(sentence)[:3])


def says_another_kind_of(sentence: str, adjective: str, noun: str) -> bool:
    """The sentence says the noun with another adjective before it than the question (*die gelbe Tonne* for *die
    blaue Tonne*): it speaks of a sibling of the thing asked about. `adjective` and `noun` are stems."""
    tokens = tokenize(sentence)
    for index, token in enumerate(tokens[1:], start=1):
        before = tokens[index - 1]
        if stem(token.surface) != noun or before.capitalised or before.is_number:
            continue
        if before.folded.endswith(("e", "en", "er", "es", "em")) and before.folded not in lexicon()["determiners"] \
                and stem(before.surface) != adjective:
            return True
    return False
