"""A detail of an appointment (place, person, a note) is changed by an order (timeline.md §7.1 *update*, §5.2
bi-temporal): the `details` column gets the new text on a successor row at the same time, the old row retired with
its successor. A series is refused with what she can do instead; a detail the row already carries changes nothing;
another person's appointment is never touched. Through `Nova.turn`, two persons, a fixed clock."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIG = "nova"
CHANGE = "Ändere den Zahnarzt: jetzt bei Dr. Müller"


def _turn(nova, user: str, text: str):
    return nova.turn(user, FIG, text, NOW)


def _rows(nova, user: str) -> list[dict]:
    return nova.timeline.list(user, FIG, active_only=False)


def _active(nova, user: str) -> list[tuple]:
    return [(r["title"], r["event_time"], r["precision"], r["details"]) for r in _rows(nova, user) if r["aktiv"]]


@pytest.fixture
def dentist(nova):
    for user in ("anna", "ben"):
        assert _turn(nova, user, "Trag am Freitag um 10 Uhr Zahnarzt ein").answer.startswith("Eingetragen")
    return nova


FRIDAY_TEN = datetime(2026, 11, 13, 9, tzinfo=UTC)


@pytest.mark.parametrize("said", [CHANGE, "Ändere den Zahnarzt, jetzt bei Dr. Müller"])
def test_a_detail_change_writes_the_new_detail_and_keeps_the_time(dentist, said):
    before_ben = _rows(dentist, "ben")
    result = _turn(dentist, "anna", said)
    assert result.answer == "Geändert: „Zahnarzt“ am Freitag, 13.11.2026, 10:00 Uhr — jetzt: bei Dr. Müller."
    assert result.services[-1]["status"] == "abgeschlossen"
    assert _active(dentist, "anna") == [("Zahnarzt", FRIDAY_TEN, "minute", "bei Dr. Müller")]
    old, new = _rows(dentist, "anna")
    assert not old["aktiv"] and old["nachfolger_id"] == new["id"] and old["details"] is None  # history kept
    assert _rows(dentist, "ben") == before_ben


def test_a_detail_change_names_the_field_it_changes(dentist):
    result = _turn(dentist, "anna", "Ändere beim Zahnarzt den Ort: Praxis am Markt")
    assert _active(dentist, "anna") == [("Zahnarzt", FRIDAY_TEN, "minute", "Praxis am Markt")], result.answer


def test_a_detail_the_appointment_already_carries_changes_nothing(dentist):
    _turn(dentist, "anna", CHANGE)
    rows = _rows(dentist, "anna")
    again = _turn(dentist, "anna", CHANGE)
    assert "nichts geändert" in again.answer and "finde" not in again.answer, again.answer
    assert _rows(dentist, "anna") == rows


def test_a_detail_change_on_another_persons_appointment_finds_nothing(nova):
    _turn(nova, "ben", "Trag am Freitag um 10 Uhr Zahnarzt ein")
    before = _rows(nova, "ben")
    result = _turn(nova, "anna", CHANGE)
    assert result.services[-1]["status"] == "fehler" and "nichts geändert" in result.answer
    assert _rows(nova, "ben") == before and _rows(nova, "anna") == []


def test_a_detail_change_on_a_series_writes_nothing_and_says_what_she_can(nova):
    _turn(nova, "anna", "Trag bitte jeden Montag um 18 Uhr Volleyball ein")
    before = _rows(nova, "anna")
    result = _turn(nova, "anna", "Ändere Volleyball: jetzt in der Halle Süd")
    assert "verschieben oder löschen" in result.answer and "finde" not in result.answer, result.answer
    assert result.services[-1]["status"] == "fehler"
    assert _rows(nova, "anna") == before


def test_a_detail_change_that_names_a_time_is_still_a_move(dentist):
    asked = _turn(dentist, "anna", "Ändere den Zahnarzt: jetzt um 11 Uhr")
    assert asked.answer.startswith("Soll „Zahnarzt“ um 11 Uhr vormittags"), asked.answer  # the title before the colon
    result = _turn(dentist, "anna", "vormittags")
    assert _active(dentist, "anna") == [("Zahnarzt", FRIDAY_TEN.replace(hour=10), "minute", None)], result.answer


def test_parallel_detail_changes_leave_one_active_appointment_with_the_detail(dentist):
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda _: _turn(dentist, "anna", CHANGE).answer, range(4)))
    assert _active(dentist, "anna") == [("Zahnarzt", FRIDAY_TEN, "minute", "bei Dr. Müller")], answers
    assert len(_rows(dentist, "anna")) == 2  # one change written, the others found it already there
    assert _active(dentist, "ben") == [("Zahnarzt", FRIDAY_TEN, "minute", None)]


def test_a_bare_word_after_the_colon_is_no_guessed_detail(dentist):
    result = _turn(dentist, "anna", "Ändere den Zahnarzt: Kieferorthopäde")
    assert _active(dentist, "anna") == [("Zahnarzt", FRIDAY_TEN, "minute", None)], result.answer
