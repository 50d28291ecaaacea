"""Where a German sentence of an answer breaks into clauses for the claim checks: a comma (not the one before a
number, *am Montag, den 3.*), a semicolon, a colon, brackets, a dash between words.
"""

from __future__ import annotations

import re

__all__ = ["split_at_clause_breaks"]

_CLAUSE_BREAK = re.compile(r",(?!\s*(?:(?:den|dem|der|um|ab|gegen)\s+)?\d)|[;:()\[\]]|\s[-–—]\s|[–—]")


def split_at_clause_breaks(sentence: str) -> list[str]:
    return _CLAUSE_BREAK.split(sentence)
