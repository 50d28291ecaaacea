"""The tokenizer of the language package: each word once, as said and folded, with its character offsets.

A token is a maximal run of letters and digits (`text.words`' definition; an apostrophe joins, a hyphen
splits; `compounds=True` keeps a word joined by a hyphen whole, as the list reader names *To-do-Liste*).
`folded` is `text.words.fold` of the word (ä → ae, ß → ss, lower case), so callers compare with
folded vocabulary without folding again; `start`/`end` point into the text as given, so a reader can quote
or cut the original words.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from novaberg.text.words import APOSTROPHES, fold

__all__ = ["Token", "tokenize"]

_TOKEN = re.compile(r"[^\W_]+(?:[" + "".join(APOSTROPHES) + r"][^\W_]+)*")


@dataclass(frozen=True)
class Token:
    surface: str  # the word as written (apostrophes dropped)
    folded: str
    start: int
    end: int

    @property
    def capitalised(self) -> bool:
        return self.surface[:1].isupper()

    @property
    def is_number(self) -> bool:
        return self.surface.isdigit()


@cache
def _compound_pattern(marks: str) -> re.Pattern[str]:
    joiners = re.escape("-" + "".join(sorted(APOSTROPHES)))
    word = r"[^\W_]+(?:[" + joiners + r"][^\W_]+)*"
    return re.compile(word + (r"|[" + re.escape(marks) + "]" if marks else ""))


def tokenize(text: str, *, compounds: bool = False, marks: str = "") -> list[Token]:
    """The tokens of `text` (NFC first, so offsets point into the NFC form of `text`).

    `compounds`: a word joined by a hyphen or an apostrophe is one token, its surface exactly as written
    (*To-do-Liste*, *Kellogg's*); `marks` (only with `compounds`): each of these signs is a token of its own
    (the list reader's `,` and `;` that end an item)."""
    text = unicodedata.normalize("NFC", text)
    found = []
    if compounds:
        for match in _compound_pattern(marks).finditer(text):
            found.append(Token(match.group(), fold(match.group()), match.start(), match.end()))
        return found
    if marks:
        raise ValueError("marks are tokens only with compounds=True")
    for match in _TOKEN.finditer(text):
        surface = "".join(c for c in match.group() if c not in APOSTROPHES)
        found.append(Token(surface, fold(surface), match.start(), match.end()))
    return found
