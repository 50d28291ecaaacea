"""Schema of `novaberg/text/consent_words.json` (CONTRIBUTING.md "German is data": German vocabulary is data with a schema test).

The spec's fixed values (notizen.md §7 "Die geschlossene Annahme", dateien.md §2a.2) stay verbatim.
"""

from __future__ import annotations

import json
import unicodedata
from importlib import resources

import pytest

from novaberg.text.consent import SERVICES
from novaberg.text.lexicon import QUESTION_WORDS
from novaberg.text.words import APOSTROPHES, is_word_char, words

WORD_LISTS = (
    "refusal",
    "consent_words",
    "filler_words",
    "excluded_words",
    "asking_verbs",
    "subject_words",
)
SIGN_LISTS = ("dropped_signs", "clause_separators")


def _data() -> dict:
    raw = resources.files("novaberg.text").joinpath("consent_words.json").read_text(encoding="utf-8")
    return json.loads(raw)


SERVICE_DATA = _data()["services"]


def test_every_service_of_the_public_api_has_lists_and_no_other() -> None:
    """The service is 'notizen' | 'dateien_wurzeln' | 'direktiven'."""
    assert set(SERVICE_DATA) == set(SERVICES)
    assert _data()["_comment"]


@pytest.mark.parametrize("service", SERVICES)
def test_every_service_has_every_list_and_says_where_it_came_from(service: str) -> None:
    entry = SERVICE_DATA[service]
    assert set(entry) == {"_sources", "refusal_match", *WORD_LISTS, *SIGN_LISTS}
    assert entry["refusal_match"] in {"stem", "word"}
    assert set(entry["_sources"]) == {*WORD_LISTS, *SIGN_LISTS}
    assert all(isinstance(note, str) and note for note in entry["_sources"].values())


@pytest.mark.parametrize("service", SERVICES)
@pytest.mark.parametrize("name", WORD_LISTS)
def test_word_lists_are_unique_lower_case_nfc_single_words(service: str, name: str) -> None:
    listed = SERVICE_DATA[service][name]
    assert listed, f"{service}.{name} is empty"
    assert len(set(listed)) == len(listed), f"{service}.{name} has duplicates"
    for word in listed:
        assert isinstance(word, str)
        assert word == unicodedata.normalize("NFC", word).lower(), word
        assert words(word) == [word], f"{word!r} is not exactly one word"


@pytest.mark.parametrize("service", SERVICES)
def test_dropped_signs_and_clause_separators_are_the_spec_verbatim(service: str) -> None:
    """notizen.md §7 (c)/(d), dateien.md §2a.2: ASCII whitespace and `. , ! ; : - ( )`; clauses end at `, . ! ; :`."""
    entry = SERVICE_DATA[service]
    assert set(entry["dropped_signs"]) == set(" \t\n\r\x0b\x0c.,!;:-()")
    assert entry["clause_separators"] == [",", ".", "!", ";", ":"]
    assert set(entry["clause_separators"]) <= set(entry["dropped_signs"])
    for sign in entry["dropped_signs"]:
        assert len(sign) == 1 and not is_word_char(sign) and sign not in APOSTROPHES
    assert "?" not in entry["dropped_signs"]


@pytest.mark.parametrize("service", SERVICES)
def test_no_word_is_consent_and_refusal_or_consent_and_filler(service: str) -> None:
    entry = SERVICE_DATA[service]
    consent, filler, refusal = (set(entry[k]) for k in ("consent_words", "filler_words", "refusal"))
    assert not consent & refusal
    assert not consent & filler
    if entry["refusal_match"] == "word":
        assert not filler & refusal


@pytest.mark.parametrize("service", SERVICES)
def test_fillers_are_never_excluded_or_question_words_or_numbers(service: str) -> None:
    """notizen.md §7 (b): nie ein Nomen, eine Zahl, ein Fragewort, ein Wort der Einschränkung oder des
    Aufschubs (aber … morgen) und nie na, nun, also."""
    entry = SERVICE_DATA[service]
    accepted = set(entry["consent_words"]) | set(entry["filler_words"])
    assert not accepted & set(entry["excluded_words"])
    assert not accepted & QUESTION_WORDS  # the one list (text/lexicon_de.json)
    assert not any(char.isdigit() for word in accepted for char in word)
    spec_excluded = {
        "aber",
        "sondern",
        "statt",
        "erst",
        "nur",
        "noch",
        "lieber",
        "später",
        "morgen",
        "na",
        "nun",
        "also",
    }
    assert spec_excluded <= set(entry["excluded_words"])


@pytest.mark.parametrize("service", SERVICES)
def test_spec_named_fillers_and_consent_words_are_present(service: str) -> None:
    """notizen.md §7 (b): das Hilfsverb *ist*, *mal, doch, ruhig, sehr*, *danke*; consent words the spec's
    examples use (*ja, gerne, meinetwegen, mach, ok, klar, bitte*). *gut* is neither (*„gut, ja“* asks again)."""
    entry = SERVICE_DATA[service]
    assert {"ist", "mal", "doch", "ruhig", "sehr", "danke", "das", "ich"} <= set(entry["filler_words"])
    assert {"ja", "gerne", "meinetwegen", "mach", "ok", "klar", "bitte", "sicher"} <= set(
        entry["consent_words"]
    )
    assert "gut" not in set(entry["consent_words"]) | set(entry["filler_words"])


@pytest.mark.parametrize("service", SERVICES)
def test_asking_verbs_and_subject_words_can_stand_in_a_consent(service: str) -> None:
    """(d) only matters for words (b) lets through: asking verbs are consent or filler, subjects are fillers."""
    entry = SERVICE_DATA[service]
    accepted = set(entry["consent_words"]) | set(entry["filler_words"])
    assert set(entry["asking_verbs"]) <= accepted
    assert set(entry["subject_words"]) <= set(entry["filler_words"])


def test_passt_is_consent_and_asking_verb_for_notizen_and_direktiven() -> None:
    """notizen.md §7 (d): ASKING_VERBS (*ist*, *passt*); dateien.md §2a.2: anders als in Direktiven und Notizen."""
    for service in ("notizen", "direktiven"):
        assert "passt" in SERVICE_DATA[service]["consent_words"]
        assert SERVICE_DATA[service]["asking_verbs"] == ["ist", "passt"]


def test_passt_is_not_a_consent_word_for_dateien_wurzeln() -> None:
    """dateien.md §2a.2: *passt* ist hier kein Zustimmungswort; ASKING_VERBS is *ist* alone."""
    entry = SERVICE_DATA["dateien_wurzeln"]
    assert "passt" not in entry["consent_words"]
    assert "passt" not in entry["filler_words"]
    assert entry["asking_verbs"] == ["ist"]


def test_notizen_refusal_stems_are_the_spec_verbatim() -> None:
    """notizen.md §7 nicht_gefunden: REFUSAL_STEMS as substrings."""
    entry = SERVICE_DATA["notizen"]
    assert entry["refusal_match"] == "stem"
    assert entry["refusal"] == [
        "nein",
        "ne",
        "nee",
        "nicht",
        "kein",
        "lass",
        "abbruch",
        "abbrech",
        "stopp",
        "stop",
    ]


def test_direktiven_take_the_same_lists_as_a_copy() -> None:
    """notizen.md §7: Die Direktiven nehmen dieselben Wortlisten als Kopie."""
    notes = {k: v for k, v in SERVICE_DATA["notizen"].items() if k != "_sources"}
    directives = {k: v for k, v in SERVICE_DATA["direktiven"].items() if k != "_sources"}
    assert directives == notes


def test_dateien_wurzeln_refuses_by_whole_words_without_nichts_and_keinesfalls() -> None:
    """dateien.md §2a.2: ABLEHNUNGS_WOERTER, ganze Wörter; *„ja, bitte nichts“* and *„ok, keinesfalls“* are UNKLAR."""
    entry = SERVICE_DATA["dateien_wurzeln"]
    assert entry["refusal_match"] == "word"
    assert {"nein", "nicht", "kein", "stopp", "abbrechen"} <= set(entry["refusal"])
    assert not {"nichts", "keinesfalls"} & set(entry["refusal"])


def test_the_words_of_asking_back_are_single_words_and_never_consent_or_refusal() -> None:
    """The list that keeps *„Bist du sicher?“* an unclear answer to the waiting offer (notizen.md §7) is data; no
    word of it may consent or refuse on its own."""
    listed = _data()["asking_back_words"]
    assert listed and len(set(listed)) == len(listed) and _data()["_asking_back_source"]
    for word in listed:
        assert word == unicodedata.normalize("NFC", word).lower() and words(word) == [word], word
    for entry in SERVICE_DATA.values():
        assert not set(listed) & (set(entry["consent_words"]) | set(entry["refusal"]))
