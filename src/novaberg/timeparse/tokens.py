"""Text → tokens: one precompiled pass, shared by the parser, the reading and the period reader.

Numbers are ASCII digits only (a Unicode digit is no time people type), letters are the German
lower-case alphabet; everything else separates. Dotted numbers are classified here once, because
*11.30* (minutes 13..59, never a month) is a clock time before any date reading (§5.2
`dotted_clock_times`), while *17.11.* is a date and *10.12* stays ambiguous for the context to decide.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import NamedTuple

from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = [
    "MAX_TEXT_CHARS",
    "Token",
    "dotted_clock_times",
    "month_at",
    "prepare",
    "tokenize",
    "word_at",
]

# A time expression or an utterance is a sentence or two; anything far longer is not read at all,
# so a pasted 100 kB document never costs more than a length check (bad input).
MAX_TEXT_CHARS = 2000

# Control characters other than tab and line breaks mean the text is not speech: no reading.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\ufeff]")

# First pass: words, runs of digits with their separators, punctuation. Whitespace is skipped by the
# search itself, so most positions cost one character test (a single big alternation was 3× slower).
_CHUNK = re.compile(r"(?P<word>[a-zäöüß]+)(?P<dot>\.)?|(?P<digits>\d[\d.:,\-]*)|(?P<punct>[-–,;!?()/:.])")

# Second pass, only for a digit run that is not a plain number: its one exact shape, or the general
# scanner below for runs that hold several tokens (*10-12*, *30.3.,*).
_NUM = re.compile(r"(\d+)(\.?)")
_DMY = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?")
_COLON = re.compile(r"(\d{1,2}):(\d{2})")
_PAIR = re.compile(r"(\d{1,2})\.(\d{1,2})")
_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_TOKEN = re.compile(
    r"(?P<iso>(?<![\d.])(?P<iso_y>\d{4})-(?P<iso_m>\d{1,2})-(?P<iso_d>\d{1,2})(?!\d))"
    r"|(?P<dmy>(?<![\d.:])(?P<dmy_d>\d{1,2})\.(?P<dmy_m>\d{1,2})\.(?P<dmy_y>\d{4}(?!\d)|\d{2}(?!\d))?)"
    r"|(?P<colon>(?<![\d:])(?P<col_h>\d{1,2}):(?P<col_m>\d{2})(?![\d:]))"
    r"|(?P<pair>(?<![\d.])(?P<pair_a>\d{1,2})\.(?P<pair_b>\d{1,2})(?![\d.]))"
    r"|(?P<dec>\d+,\d+)"
    r"|(?P<num>(?P<num_v>\d+)(?P<num_dot>\.)?)"
    r"|(?P<punct>[-–,;!?()/:.])"
)

_DOTTED_CLOCK = re.compile(r"(?<![\d.:])([01]?\d|2[0-3])\.(1[3-9]|[2-5]\d)(?!\.?\d)")


class Token(NamedTuple):
    """One token. `kind` is word | num | date | clock | pair | dec | punct.

    `value`: word/punct → None; num → int; date → (day, month, year or None); clock → (hour, minute);
    pair → (first, second, second_digits) for an undecided *10.12*. `dot`: a dot directly follows
    (a day number *17.*, an abbreviation *Fr.*).
    """

    kind: str
    text: str
    value: object
    dot: bool
    start: int


def prepare(text: object) -> str | None:
    """Check and normalise input: TypeError for a non-string, None for text that is not read."""
    if not isinstance(text, str):
        raise TypeError(f"time text must be str, not {type(text).__name__}")
    if not text or len(text) > MAX_TEXT_CHARS or _CONTROL.search(text):
        return None
    if not text.isascii():
        text = unicodedata.normalize("NFC", text)
    return text.lower()


def dotted_clock_times(text: str) -> str:
    """Write *11.30* as *11:30* where the minutes (13..59) can never be a month (§5.2).

    Done before any date reading: a normaliser once read *auf 11.30.* at the end of a sentence as
    a date. *10.12* and *17.11.* are left alone — they may be dates.
    """
    return _DOTTED_CLOCK.sub(r"\1:\2", text)


def tokenize(prepared: str) -> list[Token]:
    """Tokens of a text already passed through `prepare` (lower-case, NFC)."""
    out: list[Token] = []
    append = out.append
    for m in _CHUNK.finditer(prepared):
        word = m.group("word")
        if word is not None:
            append(Token("word", word, None, m.group("dot") is not None, m.start()))
            continue
        digits = m.group("digits")
        if digits is None:
            append(Token("punct", m.group(), None, False, m.start()))
            continue
        _digits(digits, m.start(), append)
    return out


def _digits(run: str, start: int, append: Callable[[Token], None]) -> None:
    """Classify one run of digits and separators; a run of several tokens goes to the full scanner."""
    whole = _NUM.fullmatch(run)
    if whole is not None:
        append(Token("num", whole.group(1), int(whole.group(1)), bool(whole.group(2)), start))
        return
    for shape, make in _SHAPES:
        found = shape.fullmatch(run)
        if found is not None:
            append(make(found, start))
            return
    for m in _TOKEN.finditer(run):
        append(_from_general(m, start + m.start()))


def _dmy(m: re.Match[str], start: int) -> Token:
    day, month, year = int(m.group(1)), int(m.group(2)), m.group(3)
    if year is None and 13 <= month <= 59:
        # *10.30.* at the end of a sentence: minutes, never a month (dotted_clock_times).
        return Token("clock", m.group(), (day, month), True, start)
    full_year = None if year is None else (int(year) + 2000 if len(year) == 2 else int(year))
    return Token("date", m.group(), (day, month, full_year), False, start)


def _colon(m: re.Match[str], start: int) -> Token:
    return Token("clock", m.group(), (int(m.group(1)), int(m.group(2))), False, start)


def _pair(m: re.Match[str], start: int) -> Token:
    first, second_text = int(m.group(1)), m.group(2)
    second = int(second_text)
    if len(second_text) == 2 and (second == 0 or 13 <= second <= 59):
        return Token("clock", m.group(), (first, second), False, start)
    return Token("pair", m.group(), (first, second, len(second_text)), False, start)


def _iso(m: re.Match[str], start: int) -> Token:
    return Token("date", m.group(), (int(m.group(3)), int(m.group(2)), int(m.group(1))), False, start)


_SHAPES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str], int], Token]], ...] = (
    (_DMY, _dmy),
    (_COLON, _colon),
    (_PAIR, _pair),
    (_ISO, _iso),
)


def _from_general(m: re.Match[str], start: int) -> Token:
    kind = m.lastgroup
    if kind == "num":
        return Token("num", m.group("num_v"), int(m.group("num_v")), m.group("num_dot") is not None, start)
    if kind == "punct":
        return Token("punct", m.group(), None, False, start)
    if kind == "dmy":
        return _dmy(_DMY.fullmatch(m.group()), start)  # type: ignore[arg-type]
    if kind == "colon":
        return _colon(_COLON.fullmatch(m.group()), start)  # type: ignore[arg-type]
    if kind == "pair":
        return _pair(_PAIR.fullmatch(m.group()), start)  # type: ignore[arg-type]
    if kind == "iso":
        return _iso(_ISO.fullmatch(m.group()), start)  # type: ignore[arg-type]
    return Token("dec", m.group(), None, False, start)  # *1,5 Stunden*: a fraction no reader understands


def word_at(toks: list[Token], j: int) -> str | None:
    """The word at index j, or None for another token or outside the list."""
    if 0 <= j < len(toks) and toks[j].kind == "word":
        return toks[j].text
    return None


def month_at(toks: list[Token], j: int, abbreviations: bool) -> tuple[int, int] | None:
    """(month, next index) for a month name at j; abbreviations only where a day number precedes."""
    w = word_at(toks, j)
    if w is None:
        return None
    if w in V.months:
        return V.months[w], j + 1
    if abbreviations and w in V.month_abbreviations:
        return V.month_abbreviations[w], j + 1
    return None
