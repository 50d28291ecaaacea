"""Reminders said as a noun, read from `text/reminder_orders_de.json` (the reading alone; the turn's behaviour is
proved in tests/timeline/test_reminders_said_as_a_noun.py)."""

from __future__ import annotations

import pytest

from novaberg.text.reminder_orders import CREATE, READ, ReminderOrder, reminder_order


@pytest.mark.parametrize("said", ["Zeige meine Erinnerung", "Habe ich irgendwelche Erinnerungen gesetzt?",
                                  "Kannst du mir meine Erinnerungen zeigen?", "Welche Erinnerungen gibt es?"])
def test_a_reminder_shown_or_asked_about_is_a_read(said):
    assert reminder_order(said) == ReminderOrder(READ), said


@pytest.mark.parametrize(("said", "expected"), [
    ("Ich brauche eine Erinnerung um Lisa abzuholen", ReminderOrder(CREATE, "", "Lisa abzuholen", True)),
    ("erstelle eine Geburtstagserinnerung für max", ReminderOrder(CREATE, "Geburtstag", "für max")),
    ("Stelle einen Erinnerungsalarm für den 7. Oktober ein", ReminderOrder(CREATE, "", "für den 7. Oktober")),
    ("Ich brauche eine Erinnerung um 9 Uhr", ReminderOrder(CREATE, "", "um 9 Uhr")),  # a time, no purpose
    ("Setz eine Erinnerung: Zahnarzt morgen um 9", ReminderOrder(CREATE, "", "Zahnarzt morgen um 9", thing=True)),
])
def test_a_reminder_set_by_its_noun_keeps_its_parts_as_said(said, expected):
    assert reminder_order(said) == expected


@pytest.mark.parametrize("said", ["Erinnere mich morgen an die Steuer",  # the timeline's own order
                                  "Meine Erinnerung an den Urlaub ist schön",  # told, nothing asked
                                  "Setz Erinnerungskarten auf die Einkaufsliste",  # a list order
                                  "Zeig mir meine Termine"])
def test_a_sentence_that_is_no_reminder_said_as_a_noun_is_none(said):
    assert reminder_order(said) is None
