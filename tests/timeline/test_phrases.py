"""The German phrasings of the timeline as data (CONTRIBUTING.md "German is data") and the rules over them (§3, §3a, §7.2)."""

from __future__ import annotations

import re

import pytest

from novaberg.timeline.phrases import (
    is_read_question,
    is_title,
    keyword_hints,
    keywords_of,
    load_raw_phrases,
    time_expression,
    title_of,
    title_words,
    type_of,
)

_LIST_KEYS = ("past_tense_words", "title_edge_words", "not_a_title", "title_suffixes", "time_links",
              "span_openers_dropped", "stop_words")


def test_data_file_schema():
    raw = load_raw_phrases()
    assert raw["schema_version"] == 1
    assert set(raw["action_patterns"]) == set(raw["action_priority"])
    assert set(raw["action_priority"]) == {"reschedule", "reschedule_with_time", "delete", "update", "create",
                                           "create_with_time", "read"}
    for patterns in raw["action_patterns"].values():
        assert patterns and all(isinstance(p, str) for p in patterns)
        for pattern in patterns:
            re.compile(pattern)
    for key in _LIST_KEYS:
        words = raw[key]
        assert words and all(isinstance(w, str) and w == w.lower() and w.strip() == w for w in words), key
    assert set(raw["type_words"]) <= {"geburtstag", "deadline", "jahrestag"}
    re.compile(raw["reminder_pattern"])


@pytest.mark.parametrize("text,action", [
    ("Trag mir morgen um 10 den Zahnarzt ein", "create"),
    ("Merk dir den Elternabend am Donnerstag um 19 Uhr", "create"),
    ("Erinnere mich morgen um 8 an die Steuererklärung", "create"),
    ("Was steht diese Woche an?", "read"),
    ("Habe ich morgen Termine?", "read"),
    ("Verschieb den Zahnarzt auf Freitag", "reschedule"),
    ("Verleg das Meeting auf 15 Uhr", "reschedule"),
    ("Lösch den Zahnarzt", "delete"),
    ("Streich den Friseur", "delete"),
])
def test_section7_2_keyword_hints_name_the_order(text, action):
    assert keyword_hints(text)[0] == action


@pytest.mark.parametrize("text", [
    "Morgen um 10 habe ich Zahnarzt",
    "Am Donnerstag habe ich Zahnarzt",
    "Morgen habe ich einen Termin beim Zahnarzt",
    "Merk dir, dass ich Tee mag",  # merk dir without a time is not the timeline's
    "ja",
    "den zweiten",
])
def test_section3a_statements_carry_no_hint(text):
    assert keyword_hints(text) == []


@pytest.mark.parametrize("text,expression,title", [
    ("Trag mir morgen um 10 den Zahnarzt ein", "morgen um 10", "Zahnarzt"),
    ("Verschieb den Zahnarzt auf Freitag um 16 Uhr", "Freitag um 16 Uhr", "Zahnarzt"),
    ("Trag mir Kaffee mit Mona am Freitag von 10 bis 12 Uhr ein", "am Freitag von 10 bis 12 Uhr", "Kaffee mit Mona"),
    ("Trag mir den Zahnarzt bei Dr. Müller morgen um 10 ein", "morgen um 10", "Zahnarzt bei Dr. Müller"),
    ("Kannst du mir bitte in drei Tagen um 9 die Abgabe eintragen?", "in drei Tagen um 9", "Abgabe"),
    ("Verschieb den Kaffee auf halb elf", "halb elf", "Kaffee"),
    ("Lösch den Termin am Freitag", "am Freitag", ""),
])
def test_section3_time_expression_is_literal_and_title_is_what_remains(text, expression, title):
    assert time_expression(text, drop_opener=True) == expression
    assert title_of(text) == title


def test_types_from_the_wording():
    assert type_of("Trag mir Annas Geburtstag ein") == "geburtstag"
    assert type_of("Trag mir die Abgabe der Steuer ein") == "deadline"
    assert type_of("Erinnere mich morgen an den Müll") == "erinnerung"
    assert type_of("Trag mir den Zahnarzt ein") == "termin"


@pytest.mark.parametrize("target,expected", [
    ("Zahnarzt", True), ("Kaffee mit Mona", True), ("ihn", False), ("den zweiten", False), ("ja", False),
    ("am 9.", False), ("", False), ("Termin", False),
])
def test_section4_5_what_names_an_appointment(target, expected):
    assert is_title(target) is expected


def test_section4_4_title_words_and_search_keywords():
    assert title_words("Zahnarzt bei Dr. Müller") == {"zahnarzt", "müller"}
    assert keywords_of("Zahnarzttermin") == ["zahnarzt"]
    assert keywords_of("Zahnarztstermin") == ["zahnarzt"]


def test_read_questions():
    assert is_read_question("Was steht diese Woche an?")
    assert not is_read_question("Trag mir morgen den Zahnarzt ein")


@pytest.mark.parametrize(("text", "title"), [
    ("Plane haar-termin am montag um 14 uhr", "haar-termin"),
    ("Trag den Arzt-Termin am Montag um 14 Uhr ein", "Arzt-Termin"),
    ("Trag Zahnarzt-Termin morgen um 9 Uhr ein", "Zahnarzt-Termin"),
    ("Trag die Termin-Absprache mit Anna am Freitag um 10 Uhr ein", "Termin-Absprache mit Anna"),
])
def test_section3_a_hyphenated_compound_keeps_its_parts_in_the_title(text, title):
    """§3: the title is what remains — a word joined by a hyphen is one word, its *-Termin* no edge word (s12: the
    Bot Framework sentence „Plane haar-termin am montag um 14 uhr“ entered „haar“, a title nobody said); the search
    still finds it by its content word."""
    assert title_of(text.replace("Plane", "Trag") + (" ein" if text.startswith("Plane") else "")) == title
    assert "termin" not in keywords_of(title)
