"""The German words several readers share, in one copy (`lexicon_de.json`): the negations, the delete verbs and
the question words.

`NEGATIONS` (folded words) and `negated(text)` are what every reader asks when it wants to know whether a sentence
is said with a negation; `DELETE_VERBS` are the stems of the verbs of taking away (*lösch*, *streich*, …),
`delete_verb_spellings()` the same with their ASCII spellings for a pattern over raw text, and `is_delete_verb(word)`
tells a word said with one of them.

`QUESTION_WORDS` (lower case, with umlauts) are the words that open a question, *ob* included: what the claim checks
and the closed reading of consent ask. `DIRECT_QUESTION_WORDS` leave out those that open only a subordinate question
(*ob*): what the request grammar and the memory question's frame ask of a sentence's first word.
`QUESTION_DETERMINERS` (*welche*, *welchen*, …) ask with the noun after them.

`NUMBER_WORDS` (*zwei* → 2, as written with umlauts) and `ONE_ARTICLES` (*einer*, *einem*: counting one) are the one
copy of the number words: the time parser merges them into its vocabulary, the memory's periods read them here.
`number_word_spellings(lowest, highest)` gives those of a range in both spellings (*fünf*, *fuenf*) for a pattern.
`AMOUNT_WORDS` (*hundert*, *halbe*, *paar*, *dreimal*) say an amount beyond them: the list items and the files' novelty
read them with the number words. `NEGATING_PREPOSITIONS` (*ohne*) deny a thing, not the sentence.
`question_word_spellings(words)` gives question words in both spellings (*wofür*, *wofuer*) for a pattern.
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType
from typing import Any

from novaberg.text.data_files import read_json
from novaberg.text.words import ascii_variants, fold, words

__all__ = ["NEGATIONS", "DELETE_VERBS", "QUESTION_WORDS", "DIRECT_QUESTION_WORDS", "QUESTION_DETERMINERS",
           "NUMBER_WORDS", "ONE_ARTICLES", "AMOUNT_WORDS", "NEGATING_PREPOSITIONS", "load_raw_lexicon",
           "number_word_spellings", "question_word_spellings", "negated", "delete_verb_spellings", "is_delete_verb"]


def load_raw_lexicon() -> dict[str, Any]:
    """The data file as written (for its schema test)."""
    return read_json(__package__, "lexicon_de.json")


_RAW = load_raw_lexicon()
NEGATIONS: frozenset[str] = frozenset(fold(word) for word in _RAW["negations"])
DELETE_VERBS: tuple[str, ...] = tuple(_RAW["delete_verbs"])
_FOLDED_DELETE = tuple(fold(stem) for stem in DELETE_VERBS)


def _part_of_the_question_words(key: str) -> frozenset[str]:
    """A named part of `question_words`; a word missing from the whole list is an error of the data."""
    part = frozenset(_RAW[key])
    if not part <= QUESTION_WORDS:
        raise ValueError(f"lexicon_de.json: {key} holds {sorted(part - QUESTION_WORDS)}, not in question_words")
    return part


QUESTION_WORDS: frozenset[str] = frozenset(_RAW["question_words"])
DIRECT_QUESTION_WORDS: frozenset[str] = QUESTION_WORDS - _part_of_the_question_words("question_words_of_a_clause_only")
QUESTION_DETERMINERS: frozenset[str] = _part_of_the_question_words("question_words_before_a_noun")
NUMBER_WORDS: MappingProxyType[str, int] = MappingProxyType(dict(_RAW["number_words"]))
ONE_ARTICLES: tuple[str, ...] = tuple(_RAW["one_articles"])
AMOUNT_WORDS: frozenset[str] = frozenset(_RAW["amount_words"])
NEGATING_PREPOSITIONS: frozenset[str] = frozenset(_RAW["negating_prepositions"])


def number_word_spellings(lowest: int = 0, highest: int = 24) -> tuple[str, ...]:
    """The number words from `lowest` to `highest` as written and in ASCII (*zwölf*, *zwoelf*), for a pattern."""
    return tuple(sorted({variant for word, value in NUMBER_WORDS.items() if lowest <= value <= highest
                         for variant in ascii_variants(word)}))


def question_word_spellings(question_words: frozenset[str] = QUESTION_WORDS) -> tuple[str, ...]:
    """Question words (all, or a named part) as written and in ASCII (*worüber*, *worueber*), for a pattern."""
    return tuple(sorted({variant for word in question_words for variant in ascii_variants(word)}))


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
