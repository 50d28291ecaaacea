"""The notes agent's German vocabulary, read from `vocabulary.json` (data, with a schema test)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["vocabulary", "vocabulary_map", "words_of", "LIST_KEYS", "MAP_KEYS"]

LIST_KEYS = (
    "container_words", "generic_containers", "content_prepositions", "content_particles", "articles",
    "item_fillers", "delete_verbs", "clear_verbs", "rename_verbs", "read_verbs",
    "update_verbs", "append_verbs", "create_verbs", "note_openers", "reference_words", "need_verbs",
    "choice_two_first", "choice_two_second", "duplicate_update", "duplicate_new", "missing_refusal",
    "non_item_words", "item_verb_openers", "item_lead_nouns", "note_words", "content_links",
)
MAP_KEYS = ("type_by_word", "choice_ordinals", "activity_words", "list_of_type", "name_synonyms")


@cache
def vocabulary() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath("vocabulary.json").read_text(encoding="utf-8")
    return json.loads(raw)


def words_of(key: str) -> tuple[str, ...]:
    return tuple(vocabulary()[key])


def vocabulary_map(key: str) -> dict[str, Any]:
    return dict(vocabulary()[key])
