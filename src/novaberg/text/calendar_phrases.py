"""The words of calendar orders and questions (`calendar_phrases_de.json`), read once into `Phrases`: the action
patterns and their priority, the type words, the title edges, the time links, the words of elliptic orders and of
questions. The timeline's phrase reader (`timeline/phrases.py`) joins them with the time parser's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from novaberg.text.data_files import read_json
from novaberg.text.lexicon import NEGATIONS, question_word_spellings

__all__ = ["Phrases", "phrases", "load_raw_phrases"]


@dataclass(frozen=True)
class Phrases:
    action_patterns: dict[str, tuple[re.Pattern[str], ...]]
    action_priority: tuple[str, ...]
    past_tense_words: frozenset[str]
    title_edge_words: frozenset[str]
    not_a_title: frozenset[str]
    title_suffixes: tuple[str, ...]
    time_links: frozenset[str]
    span_openers_dropped: frozenset[str]
    type_words: dict[str, frozenset[str]]
    reminder_pattern: re.Pattern[str]
    stop_words: frozenset[str]
    elliptic_heads: tuple[str, ...]
    elliptic_not: frozenset[str]
    query_heads: frozenset[str]
    query_openers: frozenset[str]
    verb_first_questions: frozenset[str]
    availability_words: frozenset[str]
    generic_title_words: frozenset[str]
    all_words: frozenset[str]
    own_openers: frozenset[str]


def load_raw_phrases() -> dict[str, Any]:
    """The data file as written (for its schema test)."""
    return read_json(__package__, "calendar_phrases_de.json")


@cache
def phrases() -> Phrases:
    raw = load_raw_phrases()
    return Phrases(
        action_patterns={action: tuple(re.compile(p) for p in patterns)
                         for action, patterns in raw["action_patterns"].items()},
        action_priority=tuple(raw["action_priority"]),
        past_tense_words=frozenset(raw["past_tense_words"]),
        title_edge_words=frozenset(raw["title_edge_words"]) | frozenset(question_word_spellings()),
        not_a_title=frozenset(raw["not_a_title"]),
        title_suffixes=tuple(raw["title_suffixes"]),
        time_links=frozenset(raw["time_links"]),
        span_openers_dropped=frozenset(raw["span_openers_dropped"]),
        type_words={name: frozenset(words) for name, words in raw["type_words"].items()},
        reminder_pattern=re.compile(raw["reminder_pattern"]),
        stop_words=frozenset(raw["stop_words"]),
        elliptic_heads=tuple(raw["elliptic_heads"]),
        elliptic_not=frozenset(raw["elliptic_not"]) | NEGATIONS,  # the lexicon's one negation list
        query_heads=frozenset(raw["query_heads"]),
        query_openers=frozenset(raw["query_openers"]),
        verb_first_questions=frozenset(raw["verb_first_questions"]),
        availability_words=frozenset(raw["availability_words"]),
        generic_title_words=frozenset(raw["generic_title_words"]),
        all_words=frozenset(raw["all_words"]),
        own_openers=frozenset(raw["own_openers"]),
    )
