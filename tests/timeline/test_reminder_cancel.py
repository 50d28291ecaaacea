"""A reminder cancelled in everyday words (timeline.md §5.3 delete, §8 the reminder type; the reminder clause of
timeline/reminders.py): a reminder row is deleted; an appointment keeps its place and loses only its alarm; one
without an alarm changes nothing and says so; a cancel that names nothing writes nothing. An appointment said to
fall through with an order to take it out is deleted by the delete path with its title (§4.5, one match acts).
Through `Nova.turn`, two persons, a fixed clock, and parallel turns of one person."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"
PERSONS = ("anna", "ben")


def _alarms(nova, user: str) -> dict[str, int | None]:
    """Each active row's title and its reminder offset in minutes (None: no alarm)."""
    return {r["title"]: nova.timeline.calendar_fields(user, FIG, r["id"])["erinnern_vorher_min"]
            for r in nova.timeline.list(user, FIG)}


@pytest.fixture
def stocked(nova):
    for user in PERSONS:
        nova.turn(user, FIG, "Trag am Freitag um 10 Uhr Zahnarzt ein und erinnere mich eine Stunde vorher", NOW)
        nova.turn(user, FIG, "Erinnere mich morgen um 17 Uhr, Lisa abzuholen", NOW)
        nova.turn(user, FIG, "Trag am Montag um 10 Uhr Steuer ein", NOW)
        assert _alarms(nova, user) == {"Zahnarzt": 60, "Lisa abzuholen": 0, "Steuer": None}
    return nova


@pytest.mark.parametrize("said", ["Keine Erinnerung mehr für Lisa", "Erinnere mich doch nicht an Lisa",
                                  "Lösch die Erinnerung an Lisa"])
def test_a_cancelled_reminder_row_is_deleted_for_that_person_only(stocked, said):
    result = stocked.turn("anna", FIG, said, NOW)
    assert result.answer.startswith("Gelöscht: „Lisa abzuholen“"), result.answer
    assert _alarms(stocked, "anna") == {"Zahnarzt": 60, "Steuer": None}
    assert _alarms(stocked, "ben") == {"Zahnarzt": 60, "Lisa abzuholen": 0, "Steuer": None}


@pytest.mark.parametrize("said", ["Lösch die Erinnerung an den Zahnarzt", "Erinnere mich doch nicht an den Zahnarzt",
                                  "Ich brauche keine Erinnerung mehr an den Zahnarzt"])
def test_a_cancelled_reminder_of_an_appointment_removes_its_alarm_and_keeps_the_appointment(stocked, said):
    result = stocked.turn("anna", FIG, said, NOW)
    assert "Erinnerung an „Zahnarzt“" in result.answer and "bleibt eingetragen" in result.answer, result.answer
    assert result.services[-1]["status"] == "abgeschlossen"
    assert _alarms(stocked, "anna") == {"Zahnarzt": None, "Lisa abzuholen": 0, "Steuer": None}
    assert _alarms(stocked, "ben") == {"Zahnarzt": 60, "Lisa abzuholen": 0, "Steuer": None}


def test_a_cancelled_reminder_of_an_appointment_without_one_changes_nothing_and_says_so(stocked):
    result = stocked.turn("anna", FIG, "Erinnere mich nicht mehr an die Steuer", NOW)
    assert "keine Erinnerung gesetzt" in result.answer and "nichts geändert" in result.answer, result.answer
    assert result.services[-1]["status"] == "fehler"
    assert _alarms(stocked, "anna") == {"Zahnarzt": 60, "Lisa abzuholen": 0, "Steuer": None}


@pytest.mark.parametrize("said", ["Ich brauche keine Erinnerung", "Erinnere mich doch nicht"])
def test_a_cancel_that_names_no_reminder_writes_nothing(stocked, said):
    result = stocked.turn("anna", FIG, said, NOW)
    assert result.services[-1]["status"] == "rejected", result.answer  # no question that a reply could turn into a write
    assert "Gelöscht" not in result.answer
    assert _alarms(stocked, "anna") == {"Zahnarzt": 60, "Lisa abzuholen": 0, "Steuer": None}


@pytest.mark.parametrize("said", ["Der Zahnarzt am Freitag fällt flach, bitte raus damit",
                                  "Der Zahnarzt am Freitag fällt flach"])
def test_an_appointment_that_falls_flat_is_deleted_for_that_person_only(stocked, said):
    result = stocked.turn("anna", FIG, said, NOW)
    assert result.answer == "Gelöscht: „Zahnarzt“ (Freitag, 13.11.2026, 10:00 Uhr).", result.answer
    assert _alarms(stocked, "anna") == {"Lisa abzuholen": 0, "Steuer": None}
    assert _alarms(stocked, "ben") == {"Zahnarzt": 60, "Lisa abzuholen": 0, "Steuer": None}


def test_parallel_cancels_of_one_person_each_act_once(stocked):
    said = ["Erinnere mich doch nicht an den Zahnarzt", "Erinnere mich doch nicht an den Zahnarzt",
            "Keine Erinnerung mehr für Lisa", "Keine Erinnerung mehr für Lisa"]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda text: stocked.turn("anna", FIG, text, NOW), said))
    assert _alarms(stocked, "anna") == {"Zahnarzt": None, "Steuer": None}
    removed = [r.answer for r in results[:2] if "ist gelöscht" in r.answer]
    assert len(removed) == 1, [r.answer for r in results]  # the second finds no alarm left and writes nothing
    assert _alarms(stocked, "ben") == {"Zahnarzt": 60, "Lisa abzuholen": 0, "Steuer": None}


def test_the_reminder_fields_of_a_row_are_read_only_for_its_own_person(stocked):
    anna_dentist = next(r["id"] for r in stocked.timeline.list("anna", FIG) if r["title"] == "Zahnarzt")
    assert stocked.timeline.calendar_fields("anna", FIG, anna_dentist)["erinnern_vorher_min"] == 60
    assert stocked.timeline.calendar_fields("ben", FIG, anna_dentist) is None
    with pytest.raises(ValueError):
        stocked.timeline.calendar_fields("", FIG, anna_dentist)


def test_a_cancelled_reminder_of_a_series_removes_its_alarm_and_keeps_every_occurrence(nova):
    for user in PERSONS:
        nova.turn(user, FIG, "Trag jeden Montag um 18 Uhr Volleyball ein", NOW)
        row = next(r for r in nova.timeline.list(user, FIG) if r["title"] == "Volleyball")
        assert nova.timeline.set_calendar_fields(user, FIG, row["id"], reminder_minutes=30)
    result = nova.turn("anna", FIG, "Erinnere mich nicht mehr an Volleyball", NOW)
    assert "bleibt eingetragen" in result.answer and "Serie" not in result.answer, result.answer
    rows = nova.timeline.list("anna", FIG)
    assert [(r["title"], r["rrule"] is not None) for r in rows] == [("Volleyball", True)]
    assert _alarms(nova, "anna") == {"Volleyball": None} and _alarms(nova, "ben") == {"Volleyball": 30}
