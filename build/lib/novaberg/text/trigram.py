"""pg_trgm's similarity in Python: the reference the SQL fallback is tested against.

Semantics (pg_trgm): lower case; words are runs of letters and digits; each word is padded with two
spaces in front and one behind; the trigram set of a text is the union over its words;
similarity = |A ∩ B| / |A ∪ B|, and 0 when either side has no trigram.
"""

from __future__ import annotations

import re

__all__ = ["trigrams", "similarity"]

_WORD = re.compile(r"[^\W_]+")


def trigrams(text: str) -> frozenset[str]:
    grams: set[str] = set()
    for word in _WORD.findall(text.lower()):
        padded = f"  {word} "
        grams.update(padded[i : i + 3] for i in range(len(padded) - 2))
    return frozenset(grams)


def similarity(left: str, right: str) -> float:
    a, b = trigrams(left), trigrams(right)
    if not a or not b:
        return 0.0
    common = len(a & b)
    return common / (len(a) + len(b) - common)
