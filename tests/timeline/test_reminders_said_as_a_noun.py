"""Reminders in everyday forms (timeline.md §3, §4; the reminder reading of timeline/reminders.py): a reminder said
as a noun is shown (*Zeige meine Erinnerung*, *Habe ich irgendwelche Erinnerungen gesetzt?* — the person's
appointments and reminders, never the capability note nor a title search) or set — created, or asked for what is
missing, never acknowledged as a statement. Through `Nova.turn`, two persons, a fixed clock."""

from __future__ import annotations

import pytest

from tests.support import at_once, berlin

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"
NOTED = "Gut zu wissen"


def _rows(nova, user: str) -> dict[str, str]:
    zone = NOW.tzinfo
    return {r["title"]: f"{r['event_time'].astimezone(zone):%d.%m. %H:%M}" for r in nova.timeline.list(user, FIG)}


@pytest.mark.parametrize("said", ["Zeige meine Erinnerung", "Habe ich irgendwelche Erinnerungen gesetzt?"])
def test_a_reminder_shown_reads_her_own_reminders(nova, said):
    nova.turn("anna", FIG, "Erinnere mich morgen um 9 an die Steuer", NOW)
    nova.turn("ben", FIG, "Erinnere mich morgen um 8 an den Müll", NOW)
    before = {user: _rows(nova, user) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, said, NOW)
    assert "Steuer" in result.answer and "Müll" not in result.answer, result.answer
    assert "gesetzt" not in result.answer and "Ohne Sprachmodell" not in result.answer
    assert {user: _rows(nova, user) for user in ("anna", "ben")} == before


def test_a_reminder_needed_for_a_purpose_asks_when_and_the_answer_sets_it(nova):
    asked = nova.turn("anna", FIG, "Ich brauche eine Erinnerung um Lisa abzuholen", NOW)
    assert asked.answer.startswith("Wann soll „Lisa abzuholen“ sein?"), asked.answer
    assert _rows(nova, "anna") == {}
    nova.turn("anna", FIG, "morgen um 17 Uhr", NOW)
    assert _rows(nova, "anna") == {"Lisa abzuholen": "11.11. 17:00"} and _rows(nova, "ben") == {}


def test_a_birthday_reminder_asks_for_its_day(nova):
    asked = nova.turn("anna", FIG, "erstelle eine Geburtstagserinnerung für max", NOW)
    assert "Wann soll" in asked.answer and NOTED not in asked.answer, asked.answer
    assert _rows(nova, "anna") == {}
    nova.turn("anna", FIG, "am 3. Dezember", NOW)
    assert list(_rows(nova, "anna")) == ["Geburtstag für max"] and _rows(nova, "ben") == {}


def test_a_reminder_alarm_on_a_day_is_no_statement_and_writes_no_guess(nova):
    result = nova.turn("anna", FIG, "Stelle einen Erinnerungsalarm für den 7. Oktober ein", NOW)
    assert NOTED not in result.answer and "klang nach einer Mitteilung" not in result.answer, result.answer
    assert "Mir fehlt" in result.answer
    assert _rows(nova, "anna") == {} and _rows(nova, "ben") == {}


def test_a_reminder_set_with_its_time_is_created_for_that_person(nova):
    nova.turn("anna", FIG, "Ich brauche eine Erinnerung am 3.12. um 9 Uhr für die Steuer", NOW)
    assert _rows(nova, "anna") == {"Steuer": "03.12. 09:00"} and _rows(nova, "ben") == {}


@pytest.mark.parametrize("said", ["Schicken Sie mir morgen um 9 eine Erinnerung für die Steuer",
                                  "Schick mir morgen um 9 eine Erinnerung für die Steuer",
                                  "Richten Sie mir für morgen um 9 eine Erinnerung an die Steuer ein"])
def test_a_reminder_asked_to_be_sent_is_set_for_that_person_only(nova, said):
    result = nova.turn("anna", FIG, said, NOW)
    assert "klang nach einer Mitteilung" not in result.answer, result.answer
    assert _rows(nova, "anna") == {"Steuer": "11.11. 09:00"} and _rows(nova, "ben") == {}


def test_a_reminder_asked_to_be_sent_without_what_writes_nothing_and_asks(nova):
    result = nova.turn("anna", FIG, "Schicken Sie mir eine Erinnerung.", NOW)
    assert "Mir fehlt" in result.answer and "klang nach einer Mitteilung" not in result.answer, result.answer
    assert _rows(nova, "anna") == {} and _rows(nova, "ben") == {}


def test_reminders_asked_to_be_sent_in_the_plural_are_shown_not_created(nova):
    nova.turn("anna", FIG, "Erinnere mich morgen um 9 an die Steuer", NOW)
    nova.turn("ben", FIG, "Erinnere mich morgen um 8 an den Müll", NOW)
    before = {user: _rows(nova, user) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, "Schick mir meine Erinnerungen", NOW)
    assert "Steuer" in result.answer and "Müll" not in result.answer, result.answer
    assert {user: _rows(nova, user) for user in ("anna", "ben")} == before


def test_a_notice_in_the_singular_is_set_like_a_reminder_for_that_person_only(nova):
    nova.turn("anna", FIG, "Aktivieren Sie bitte am 3.12. um 9 Uhr eine Benachrichtigung für die Steuer", NOW)
    assert _rows(nova, "anna") == {"Steuer": "03.12. 09:00"} and _rows(nova, "ben") == {}


@pytest.mark.parametrize("said", ["Stell die Benachrichtigung aus", "Habe ich neue Benachrichtigungen?"])
def test_a_notice_switched_off_or_asked_about_is_no_reminder_and_writes_nothing(nova, said):
    nova.turn("anna", FIG, "Erinnere mich morgen um 9 an die Steuer", NOW)
    before = {user: _rows(nova, user) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, said, NOW)
    assert "Steuer" not in result.answer and "Mir fehlt" not in result.answer, result.answer
    assert {user: _rows(nova, user) for user in ("anna", "ben")} == before


@pytest.mark.parametrize("form", ["Ich brauche eine Erinnerung am 3.12. um {hour} Uhr für {title}",
                                  "Schicken Sie mir am 3.12. um {hour} Uhr eine Erinnerung für {title}"])
def test_parallel_reminders_of_one_person_are_each_created_once(nova, form):
    said = [form.format(hour=hour, title=title) for title, hour in
            (("den Zahnarzt", 9), ("den Friseur", 11), ("die Steuer", 14), ("den Müll", 16))]
    at_once(said, lambda text: nova.turn("anna", FIG, text, NOW))
    assert _rows(nova, "anna") == {"Zahnarzt": "03.12. 09:00", "Friseur": "03.12. 11:00", "Steuer": "03.12. 14:00",
                                   "Müll": "03.12. 16:00"}
    assert _rows(nova, "ben") == {}
