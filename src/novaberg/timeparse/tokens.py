"""Text → tokens: one precompiled pass, shared by the parser, the reading and the period reader.

Numbers are ASCII digits only (a Unicode digit is no time people type), letters are the German
lower-case alphabet; everything else separates. Dotted numbers are classified here once, because
*11.30* (minutes 13..59, never a month) is a clock time before any date reading (§5.2
`dotted_clock_times`), while *17.11.* is a date and *10.12* stays ambiguous for the context to decide.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

__all__ = [
    "MAX_TEXT_CHARS",
    "Token",
    "dotted_clock_times",
    "prepare",
    "tokenize",
]

# A time expression or an utterance is a sentence or two; anything far longer is not read at all,
# so a pasted 100 kB document never costs more than a length check (issue 3, bad input).
MAX_TEXT_CHARS = 2000

# Control characters other than tab and line breaks mean the text is not speech: no reading.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\ufeff]")

_TOKEN = re.compile(
    r"(?P<iso>(?<![\d.])(?P<iso_y>\d{4})-(?P<iso_m>\d{1,2})-(?P<iso_d>\d{1,2})(?!\d))"
    r"|(?P<dmy>(?<![\d.:])(?P<dmy_d>\d{1,2})\.(?P<dmy_m>\d{1,2})\.(?P<dmy_y>\d{4}(?!\d)|\d{2}(?!\d))?)"
    r"|(?P<colon>(?<![\d:])(?P<col_h>\d{1,2}):(?P<col_m>\d{2})(?![\d:]))"
    r"|(?P<pair>(?<![\d.])(?P<pair_a>\d{1,2})\.(?P<pair_b>\d{1,2})(?![\d.]))"
    r"|(?P<dec>\d+,\d+)"
    r"|(?P<num>(?P<num_v>\d+)(?P<num_dot>\.)?)"
    r"|(?P<word>(?P<word_v>[a-zäöüß]+)(?P<word_dot>\.)?)"
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
    for m in _TOKEN.finditer(prepared):
        kind = m.lastgroup
        start = m.start()
        if kind == "word":
            append(Token("word", m.group("word_v"), None, m.group("word_dot") is not None, start))
        elif kind == "num":
            append(Token("num", m.group("num_v"), int(m.group("num_v")), m.group("num_dot") is not None, start))
        elif kind == "punct":
            append(Token("punct", m.group(), None, False, start))
        elif kind == "dmy":
            day, month, year = int(m.group("dmy_d")), int(m.group("dmy_m")), m.group("dmy_y")
            if year is None and 13 <= month <= 59:
                # *10.30.* at the end of a sentence: minutes, never a month (dotted_clock_times).
                append(Token("clock", m.group(), (day, month), True, start))
            else:
                full_year = None if year is None else (int(year) + 2000 if len(year) == 2 else int(year))
                append(Token("date", m.group(), (day, month, full_year), False, start))
        elif kind == "colon":
            append(Token("clock", m.group(), (int(m.group("col_h")), int(m.group("col_m"))), False, start))
        elif kind == "pair":
            first, second_text = int(m.group("pair_a")), m.group("pair_b")
            second = int(second_text)
            if len(second_text) == 2 and (second == 0 or 13 <= second <= 59):
                append(Token("clock", m.group(), (first, second), False, start))
            else:
                append(Token("pair", m.group(), (first, second, len(second_text)), False, start))
        elif kind == "iso":
            value = (int(m.group("iso_d")), int(m.group("iso_m")), int(m.group("iso_y")))
            append(Token("date", m.group(), value, False, start))
        else:  # dec: *1,5 Stunden* — a fraction no reading here understands
            append(Token("dec", m.group(), None, False, start))
    return out
