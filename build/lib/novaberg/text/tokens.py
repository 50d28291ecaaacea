"""The tokenizer of the language package: each word once, as said and folded, with its character offsets.

A token is a maximal run of letters and digits (`text.words`' definition; an apostrophe joins, a hyphen
splits). `folded` is `text.words.fold` of the word (ä → ae, ß → ss, lower case), so callers compare with
folded vocabulary without folding again; `start`/`end` point into the text as given, so a reader can quote
or cut the original words.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

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


def tokenize(text: str) -> list[Token]:
    """The tokens of `text` (NFC first, so offsets point into the NFC form of `text`)."""
    text = unicodedata.normalize("NFC", text)
    found = []
    for match in _TOKEN.finditer(text):
        surface = "".join(c for c in match.group() if c not in APOSTROPHES)
        found.append(Token(surface, fold(surface), match.start(), match.end()))
    return found
