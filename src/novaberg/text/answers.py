"""The words that tell an answer to a waiting question from a sentence of its own, as data
(`answers_de.json`, folded with `novaberg.text.words.fold`). Read by `agents.pending`, `graph.bare_orders` and the
timeline's resume node; each keeps its own rule, the words are here."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from novaberg.text.data_files import read_json
from novaberg.text.lexicon import NEGATIONS
from novaberg.text.words import fold

__all__ = ["AnswerWords", "answer_words", "load_raw_answer_words"]


@dataclass(frozen=True)
class AnswerWords:
    own_sentence_openers: frozenset[str]
    which_answer_words: frozenset[str]
    which_item_words: frozenset[str]
    possessives: frozenset[str]
    other_containers: tuple[str, ...]
    negations: frozenset[str]
    time_answer_fillers: frozenset[str]
    time_answer_own_words: frozenset[str]


def load_raw_answer_words() -> dict[str, Any]:
    """The data file as written (for its schema test)."""
    return read_json("novaberg.text", "answers_de.json")


@cache
def answer_words() -> AnswerWords:
    raw = load_raw_answer_words()

    def folded(key: str) -> frozenset[str]:
        return frozenset(fold(w) for w in raw[key])

    return AnswerWords(
        own_sentence_openers=folded("own_sentence_openers"),
        which_answer_words=folded("which_answer_words"),
        which_item_words=folded("which_item_words"),
        possessives=folded("possessives"),
        other_containers=tuple(fold(w) for w in raw["other_containers"]),
        negations=NEGATIONS,
        time_answer_fillers=folded("time_answer_fillers"),
        time_answer_own_words=folded("time_answer_own_words"),
    )
