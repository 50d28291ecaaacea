"""`read_recurrence` and the schema of its word list `timeparse/recurrence_de.json`."""

from __future__ import annotations

import re

import pytest

from novaberg.timeparse.recurrence import (
    ERROR_ENDS_BEFORE,
    ERROR_NEVER,
    load_recurrence_words,
    read_recurrence,
    repetition_words,
    without_series_words,
)
from tests.support import berlin

NOW = berlin(2026, 11, 30, 9, 30)  # Monday
WORD = re.compile(r"^[a-zäöüß]+( [a-zäöüß]+)*$")


def test_schema_of_recurrence_words():
    raw = load_recurrence_words()
    assert set(raw) == {"schema_version", "every", "always", "step_ordinals", "step_numbers", "frequency_adverbs",
                        "frequency_units", "workdays", "in_the_month", "count_numbers", "until_words", "from_words",
                        "end_words", "now_words"}  # the statement words moved to text/series_de.json
    assert raw["schema_version"] == 1
    for key, value in raw.items():
        if key == "schema_version":
            continue
        words = list(value) if isinstance(value, (list, dict)) else []
        assert words and all(isinstance(w, str) and WORD.match(w) for w in words), key
    assert set(raw["frequency_adverbs"].values()) | set(raw["frequency_units"].values()) <= {
        "DAILY", "WEEKLY", "MONTHLY", "YEARLY"}
    assert all(isinstance(n, int) and n != 0 for n in raw["step_ordinals"].values())
    assert all(isinstance(n, int) and n > 1 for n in raw["count_numbers"].values())


@pytest.mark.parametrize(("text", "rule", "first"), [
    ("jeden Montag um 18 Uhr", "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 11, 30, 18)),
    ("jeden Montag um 9 Uhr", "FREQ=WEEKLY;BYDAY=MO", berlin(2026, 12, 7, 9)),  # 9:00 today is past at 9:30
    ("montags und donnerstags um 8 Uhr", "FREQ=WEEKLY;BYDAY=MO,TH", berlin(2026, 12, 3, 8)),
    ("jeden letzten Freitag im Monat", "FREQ=MONTHLY;BYDAY=-1FR", berlin(2026, 12, 25, 0)),
    # the left-over gap: without „im Monat“ the first (last) weekday of the month all the same
    ("jeden ersten Montag", "FREQ=MONTHLY;BYDAY=1MO", berlin(2026, 12, 7, 0)),
    ("jeden ersten Montag um 19 Uhr", "FREQ=MONTHLY;BYDAY=1MO", berlin(2026, 12, 7, 19)),
    ("jeden letzten Freitag", "FREQ=MONTHLY;BYDAY=-1FR", berlin(2026, 12, 25, 0)),
    ("jeden 15.", "FREQ=MONTHLY;BYMONTHDAY=15", berlin(2026, 12, 15, 0)),
    ("täglich um 8", "FREQ=DAILY", berlin(2026, 12, 1, 8)),
    ("jeden Montag um 18 Uhr bis zum 15.12.", "FREQ=WEEKLY;BYDAY=MO;UNTIL=20261215T225959Z", berlin(2026, 11, 30, 18)),
    ("jeden Montag ab dem 1.2. um 18 Uhr", "FREQ=WEEKLY;BYDAY=MO", berlin(2027, 2, 1, 18)),
])
def test_rules_and_first_occurrence(text, rule, first):
    reading = read_recurrence(text, NOW)
    assert reading is not None and (reading.rule, reading.start, reading.error) == (rule, first, None)


def test_bis_ende_juni_asked_in_december_is_the_coming_june():
    reading = read_recurrence("jeden Montag bis Ende Juni", NOW)
    assert reading is not None and reading.rule == "FREQ=WEEKLY;BYDAY=MO;UNTIL=20270630T215959Z"


@pytest.mark.parametrize(("text", "error"), [
    ("jeden 31. Februar", ERROR_NEVER),
    ("jährlich am 30. Februar", ERROR_NEVER),
    ("jeden Montag ab dem 1.3.2027 bis zum 1.2.2027", ERROR_ENDS_BEFORE),
])
def test_impossible_rules_are_errors(text, error):
    reading = read_recurrence(text, NOW)
    assert reading is not None and reading.error == error and reading.rule is None


@pytest.mark.parametrize("text", ["morgen um 10", "am Montag um 18 Uhr", "nächste Woche", "Volleyball"])
def test_a_one_off_is_no_recurrence(text):
    assert read_recurrence(text, NOW) is None


def test_series_words_leave_the_title():
    assert without_series_words("freitags Putzen") == "Putzen"
    assert without_series_words("Brunch bei Oma") == "Brunch bei Oma"


def test_the_words_of_the_repetition_phrase_leave_the_title_and_no_other():
    """*„Trag jeden Tag um 10 Uhr Tabletten ein“* was saved as „Tag Tabletten“."""
    said = repetition_words("Trag jeden Tag um 10 Uhr Tabletten ein")
    assert said == {"jeden", "tag"}
    assert without_series_words("Tag Tabletten", said) == "Tabletten"
    assert repetition_words("alle zwei Wochen freitags") == {"alle", "zwei", "wochen", "freitags"}
    assert repetition_words("jeden ersten Sonntag im Monat") == {"jeden", "ersten", "sonntag", "im", "monat"}
    monday = repetition_words("Trag jeden Montag Tag der offenen Tür ein")
    assert without_series_words("Tag der offenen Tür", monday) == "Tag der offenen Tür"
