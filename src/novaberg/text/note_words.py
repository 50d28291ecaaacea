"""The notes' German words (`notes_de.json`, data with a schema test): container and list words, the verbs of each
note order, fillers, the words of the answers to the notes' questions. The delete verbs are the lexicon's
(`text.lexicon.DELETE_VERBS`), one copy for every reader."""

from __future__ import annotations

from functools import cache
from typing import Any

from novaberg.text.data_files import read_json
from novaberg.text.lexicon import delete_verb_spellings

__all__ = ["vocabulary", "vocabulary_map", "words_of", "LIST_KEYS", "MAP_KEYS"]

LIST_KEYS = (
    "container_words", "generic_containers", "content_prepositions", "content_particles", "articles",
    "item_fillers", "filler_kept_before", "clear_verbs", "rename_verbs", "read_verbs",
    "update_verbs", "append_verbs", "create_verbs", "note_openers", "reference_words", "need_verbs",
    "choice_two_first", "choice_two_second", "duplicate_update", "duplicate_new", "duplicate_refusals",
    "clause_subjects", "clause_finite_verbs", "clause_time_links",
    "missing_refusal", "non_item_words", "item_verb_openers", "item_lead_nouns", "note_words", "content_links",
)
MAP_KEYS = ("type_by_word", "choice_ordinals", "activity_words", "list_of_type", "name_synonyms")


@cache
def vocabulary() -> dict[str, Any]:
    return read_json(__package__, "notes_de.json")


def words_of(key: str) -> tuple[str, ...]:
    """A word list of the notes; `delete_verbs` is the lexicon's one list (both spellings)."""
    if key == "delete_verbs":
        return delete_verb_spellings()
    return tuple(vocabulary()[key])


def vocabulary_map(key: str) -> dict[str, Any]:
    return dict(vocabulary()[key])
