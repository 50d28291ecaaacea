"""Issue 29 item 5: the reminder clause read from an order (`timeline/reminders.py`) and its vocabulary."""

from __future__ import annotations

import pytest

from novaberg.timeline.reminders import (
    ReminderRequest,
    alarm_minutes,
    how_it_reaches,
    load_vocabulary,
    read_reminder,
)


@pytest.mark.parametrize(("text", "order", "minutes", "enter"), [
    ("Morgen um 10 Uhr Zahnarzt und erinner mich eine Stunde vorher", "Morgen um 10 Uhr Zahnarzt", 60, True),
    ("Trag mir Donnerstag um 15 Uhr Friseur ein, erinnere mich 30 Minuten vorher",
     "Trag mir Donnerstag um 15 Uhr Friseur ein", 30, False),
    ("Zahnarzt am Montag um 9, und erinnere mich bitte eine halbe Stunde vorher.", "Zahnarzt am Montag um 9", 30, True),
    ("Am 5. Mai Elternabend, erinnere mich am Vortag", "Am 5. Mai Elternabend", 1440, True),
    ("Erinner mich zwei Tage vorher an Omas Geburtstag am 3. April", "Omas Geburtstag am 3. April", 2880, True),
    ("Trag Yoga am Mittwoch um 19 Uhr ein und erinnere mich zehn Minuten davor", "Trag Yoga am Mittwoch um 19 Uhr ein",
     10, False),
])
def test_the_clause_leaves_the_order_and_gives_the_offset(text, order, minutes, enter):
    """A statement that asked for a reminder is kept as said and marked as an entry — never said again as an order."""
    assert read_reminder(text) == ReminderRequest(order, minutes, enter)


@pytest.mark.parametrize("text", [
    "Erinnere mich am Freitag um 8 daran, die Mülltonne rauszustellen",  # a reminder row: no *vorher* clause
    "Trag morgen um 10 Uhr Zahnarzt ein",
    "Erinnerst du dich an den Zahnarzt vorher?",
    "Erinnere mich null Minuten vorher an nichts",  # zero is no offset
    "Erinnere mich 9999 Wochen vorher an den Zahnarzt",  # beyond four weeks: not read
])
def test_text_without_a_readable_clause_stays_as_it_is(text):
    assert read_reminder(text).order_text == text and read_reminder(text).minutes is None


def test_a_reminder_row_reminds_at_its_moment_and_an_appointment_only_when_asked():
    assert alarm_minutes("Erinnere mich am Freitag um 8 daran, die Mülltonne rauszustellen", "erinnerung") == 0
    assert alarm_minutes("Trag morgen um 10 Uhr Zahnarzt ein", "termin") is None
    assert alarm_minutes("Morgen um 10 Uhr Zahnarzt und erinner mich eine Stunde vorher", "termin") == 60


def test_the_answer_says_how_it_reaches_the_person_and_promises_nothing_more():
    """Issue 29 item 5: the feed when subscribed, the app when opened — no push, no message from Nova."""
    without = how_it_reaches(60, False)
    assert "eine Stunde vorher" in without and "App" in without and "von selbst melde ich mich nicht" in without
    subscribed = how_it_reaches(2880, True)
    assert "2 Tage vorher" in subscribed and "Kalender" in subscribed
    assert "am Morgen des Tages" in how_it_reaches(0, False, all_day=True)
    for sentence in (without, subscribed):
        assert not any(word in sentence.lower() for word in ("push", "nachricht", "sms", "e-mail", "schicke"))


def test_vocabulary_schema():
    raw = load_vocabulary()
    assert raw["schema_version"] == 1
    for key in ("verbs", "person", "fillers", "before", "joiners"):
        assert raw[key] and all(isinstance(w, str) and w == w.lower() and " " not in w for w in raw[key]), key
    for key in ("numbers", "unit_minutes", "fixed"):
        assert raw[key] and all(isinstance(v, int) and v > 0 for v in raw[key].values()), key
    assert all("ä" not in w and "ö" not in w and "ü" not in w and "ß" not in w
               for key in ("verbs", "before", "fillers") for w in raw[key]), "words are folded"
