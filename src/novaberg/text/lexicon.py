"""The German words several readers share, in one copy (`lexicon_de.json`): the negations and the delete verbs.

`NEGATIONS` (folded words) and `negated(text)` are what every reader asks when it wants to know whether a sentence
is said with a negation; `DELETE_VERBS` are the stems of the verbs of taking away (*lösch*, *streich*, …),
`delete_verb_spellings()` the same with their ASCII spellings for a pattern over raw text, and `is_delete_verb(word)`
tells a word said with one of them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from novaberg.text.data_files import read_json
from novaberg.text.words import ascii_variants, fold, words

__all__ = ["NEGATIONS", "DELETE_VERBS", "load_raw_lexicon", "negated", "delete_verb_spellings", "is_delete_verb"]


def load_raw_lexicon() -> dict[str, Any]:
    """The data file as written (for its schema test)."""
    return read_json(__package__, "lexicon_de.json")


_RAW = load_raw_lexicon()
NEGATIONS: frozenset[str] = frozenset(fold(word) for word in _RAW["negations"])
DELETE_VERBS: tuple[str, ...] = tuple(_RAW["delete_verbs"])
_FOLDED_DELETE = tuple(fold(stem) for stem in DELETE_VERBS)


def negated(text: str) -> bool:
    """Whether a word of the text is a negation (*nicht*, *kein*, *nie*, …)."""
    return any(fold(word) in NEGATIONS for word in words(text))


@cache
def delete_verb_spellings() -> tuple[str, ...]:
    """The delete stems as written and in ASCII (*lösch*, *loesch*): for a pattern over the raw text."""
    return tuple(variant for stem in DELETE_VERBS for variant in ascii_variants(stem))


def is_delete_verb(word: str) -> bool:
    """A word made on a delete stem (*Lösche*, *streichen*, *entfernt*)."""
    folded = fold(word)
    return folded.startswith(_FOLDED_DELETE)
