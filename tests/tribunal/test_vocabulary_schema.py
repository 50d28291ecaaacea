"""Schema of the tribunal's word data (CONTRIBUTING.md "German is data": vocabulary is data, and the data has a schema test)."""

from __future__ import annotations

import pytest

from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.claim_vocabulary import VOCABULARY, WordSet, ascii_variants, load_raw_vocabulary
from novaberg.text.words import words
from novaberg.timeparse import TIME_VOCABULARY

RAW = load_raw_vocabulary()
WORD_LISTS = [
    key for key, value in RAW.items() if isinstance(value, list) and value and isinstance(value[0], str)
]
VERB_KEYS = {"participle", "present", "particle", "infinitive", "ambiguous"}


def test_schema_version_and_top_level_keys() -> None:
    assert RAW["schema_version"] == 1
    for key in (
        "storage_verbs",
        "negations",
        "short_fillers",
        "subordinators",
    ):
        assert key in RAW, key


@pytest.mark.parametrize("key", WORD_LISTS)
def test_word_lists_are_lower_case_unique_words(key: str) -> None:
    entries = RAW[key]
    assert len(entries) == len(set(entries)), f"{key} has duplicates"
    for entry in entries:
        assert entry == entry.lower().strip(), f"{key}: {entry!r} not lower case"
        assert words(entry, join_apostrophes=False) == entry.split(), f"{key}: {entry!r} is not plain words"


def test_weekday_and_month_words_are_the_time_parsers() -> None:
    """One list of weekday and month words in the project: `novaberg.timeparse.TIME_VOCABULARY`."""
    for key in ("weekdays", "weekday_abbreviations", "months", "month_abbreviations"):
        assert key not in RAW, key
        assert not hasattr(VOCABULARY, key), key


def test_weekday_names_are_monday_first_and_read_back_by_the_time_parser() -> None:
    """Issue 25 item 2: the names have one copy, text/calendar_de.json; the claim checks print them from it."""
    assert "weekday_names" not in RAW
    assert VOCABULARY.weekday_names == WEEKDAY_NAMES
    assert list(VOCABULARY.weekday_names) == [
        "Montag",
        "Dienstag",
        "Mittwoch",
        "Donnerstag",
        "Freitag",
        "Samstag",
        "Sonntag",
    ]
    for index, name in enumerate(VOCABULARY.weekday_names):
        assert TIME_VOCABULARY.weekdays[name.lower()] == index


def test_every_storage_verb_has_the_fields_and_a_unique_participle() -> None:
    participles = [verb["participle"] for verb in RAW["storage_verbs"]]
    assert len(participles) == len(set(participles))
    for verb in RAW["storage_verbs"]:
        assert VERB_KEYS <= set(verb), verb
        assert isinstance(verb["ambiguous"], bool)
        assert isinstance(verb["present"], list)
        assert verb["particle"] is None or verb["particle"] in verb["participle"], verb
        if verb["present"]:
            assert verb["infinitive"], f"{verb['participle']}: present forms need an infinitive"


def test_the_specification_words_are_there() -> None:
    """'Die Speicherbehauptung': notiert, eingetragen, angelegt, geändert, gelöscht; the five
    ambiguous participles; the evasions of run 1 (gelistet, angesetzt, erfasst, geöffnet)."""
    by_participle = {verb["participle"]: verb for verb in RAW["storage_verbs"]}
    for plain in (
        "notiert",
        "eingetragen",
        "angelegt",
        "geändert",
        "gelöscht",
        "gelistet",
        "angesetzt",
        "erfasst",
    ):
        assert by_participle[plain]["ambiguous"] is False, plain
    for ambiguous in ("verankert", "fixiert", "gesetzt", "kalibriert", "registriert", "geöffnet"):
        assert by_participle[ambiguous]["ambiguous"] is True, ambiguous
    assert "erledigt" in RAW["short_only_participles"]
    assert {"timeline", "kalender", "liste", "notiz"} <= set(RAW["storage_places"])
    assert {"bei mir", "für mich"} <= set(RAW["reference_phrases"])


def test_ascii_spellings_are_derived() -> None:
    assert ascii_variants("gelöscht") == ("gelöscht", "geloescht")
    assert "geloescht" in VOCABULARY.participles
    assert "moechtest" in VOCABULARY.wishes_and_suppositions


def test_word_set_matches_phrases_as_runs_of_words() -> None:
    phrases = WordSet.of(["bei mir", "nicht"])
    assert phrases.first_in(["das", "ist", "bei", "mir"]) == "bei mir"
    assert phrases.first_in(["mir", "bei"]) is None
    assert phrases.first_in(["gar", "nicht"]) == "nicht"
