"""Orders and questions in the form of *Sie* with a modal (*Können Sie meine Einkaufsliste löschen?*) and questions
about appointments in everyday words (*Nennen Sie mir die aktuellen Termine*, *Wann beginnt die Besprechung?*):
the list order is carried out for the person who said it only (notizen.md §2), a question reads her appointments
and writes nothing (timeline.md §4). Sentences in the manner of a translated voice-assistant benchmark, none taken
from it. Two persons, a fixed clock, rows read after each turn."""

from __future__ import annotations

from datetime import timedelta

import pytest

from novaberg.timeline.repository import NewRow
from tests.support import at_once, berlin, rows_of

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"


def _appointment(nova, user: str, title: str, moment) -> None:
    nova.timeline.insert(user, FIG, NewRow.for_type("termin", title=title, event_time=moment, precision="minute"), NOW)


def _two_persons(nova) -> None:
    for user, other in (("anna", "Besprechung"), ("ben", "Yoga")):
        nova.notes.insert(user, "Einkaufsliste", "einkauf", "Milch", [], NOW)
        nova.notes.insert(user, "Packliste", "einkauf", "Zelt", [], NOW)
        _appointment(nova, user, other, NOW.replace(hour=15, minute=0) + timedelta(days=1))
    _appointment(nova, "anna", "Flohmarkt", NOW.replace(hour=10, minute=0) + timedelta(days=4))  # Saturday


@pytest.mark.parametrize("said", ["Können Sie meine Einkaufsliste löschen?", "Könnten Sie die Einkaufsliste entfernen?",
                                  "Würden Sie meine Einkaufsliste löschen"])
def test_a_list_deleted_with_a_modal_of_sie_is_that_persons_list_only(nova, said):
    _two_persons(nova)
    ben = rows_of(nova, "ben", FIG)
    result = nova.turn("anna", FIG, said, NOW)
    assert [n.split(":")[0] for n in rows_of(nova, "anna", FIG)[1]] == ["Packliste"], result.answer
    assert rows_of(nova, "ben", FIG) == ben


def test_a_list_created_with_a_modal_of_sie_is_that_persons_list_only(nova):
    result = nova.turn("anna", FIG, "Können Sie mir eine Urlaubsliste anlegen?", NOW)
    assert [n.split(":")[0] for n in rows_of(nova, "anna", FIG)[1]] == ["Urlaubsliste"], result.answer
    assert rows_of(nova, "ben", FIG) == ([], [])


def test_parallel_deletes_with_a_modal_of_sie_of_one_person_remove_both_lists(nova):
    _two_persons(nova)
    at_once(["Können Sie meine Einkaufsliste löschen?", "Können Sie meine Packliste löschen?"],
            lambda said: nova.turn("anna", FIG, said, NOW))
    assert rows_of(nova, "anna", FIG)[1] == []
    assert len(rows_of(nova, "ben", FIG)[1]) == 2


@pytest.mark.parametrize("said", ["Nennen Sie mir die aktuellen Termine.", "Erzählen Sie mir von allen anstehenden Terminen",
                                  "Geben Sie mir den Terminplan.", "Woran muss ich mich erinnern?"])
def test_a_question_for_the_coming_appointments_reads_that_persons_calendar_and_writes_nothing(nova, said):
    _two_persons(nova)
    before = {user: rows_of(nova, user, FIG) for user in ("anna", "ben")}
    result = nova.turn("anna", FIG, said, NOW)
    assert "Besprechung" in result.answer and "Flohmarkt" in result.answer, result.answer
    assert "Yoga" not in result.answer
    assert {user: rows_of(nova, user, FIG) for user in ("anna", "ben")} == before


def test_a_question_for_the_calendar_of_a_period_reads_that_period(nova):
    _two_persons(nova)
    result = nova.turn("anna", FIG, "Bitte sagen Sie mir, was dieses Wochenende im Kalender steht", NOW)
    assert "Flohmarkt" in result.answer and "Besprechung" not in result.answer, result.answer


@pytest.mark.parametrize("said", ["Wann beginnt die Besprechung?", "Um wie viel Uhr beginnt die Besprechung?"])
def test_a_question_when_one_appointment_begins_names_its_time(nova, said):
    _two_persons(nova)
    result = nova.turn("anna", FIG, said, NOW)
    assert "Besprechung" in result.answer and "15:00" in result.answer, result.answer
    assert "Flohmarkt" not in result.answer
