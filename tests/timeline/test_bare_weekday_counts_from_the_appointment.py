"""A bare weekday in a reschedule counts from the old appointment (timeline.md §6.3, §6.2), through `Nova.turn`.

The clock stands on Tuesday 10.11.2026; the appointment is on Monday 23.11.2026 at 10:00. *Freitag* alone is
the Friday of the appointment's week, at the appointment's time; a weekday said with *diesen* and a tomorrow
still count from today, and an appointment in the running week still moves to the coming such day."""

from __future__ import annotations

from tests.support import berlin

NOW = berlin(2026, 11, 10, 9, 30)  # a Tuesday
FIGURE = "nova"
ENTER = "Trag mir am 23.11. um 10 Uhr den Zahnarzt ein"


def _rows(nova, user):
    return sorted((r["title"], r["event_time"].isoformat()) for r in nova.timeline.list(user, FIGURE))


def _moved(nova, user, text, enter=ENTER):
    nova.turn(user, FIGURE, enter, NOW)
    return nova.turn(user, FIGURE, text, NOW)


def test_a_bare_weekday_moves_into_the_week_of_the_appointment_at_its_time(nova):
    turn = _moved(nova, "w1", "Verschieb den Zahnarzt auf Freitag")
    assert "auf Freitag, 27.11.2026, 10:00 Uhr" in turn.answer, turn.answer
    assert _rows(nova, "w1") == [("Zahnarzt", "2026-11-27T09:00:00+00:00")]


def test_the_other_person_keeps_her_appointment_and_counts_from_her_own(nova):
    """Two persons with the same title: each move reads its own appointment, the other row stays."""
    nova.turn("w3", FIGURE, "Trag mir am 30.11. um 8 Uhr den Zahnarzt ein", NOW)
    _moved(nova, "w2", "Verschieb den Zahnarzt auf Mittwoch")
    assert _rows(nova, "w2") == [("Zahnarzt", "2026-11-25T09:00:00+00:00")]
    assert _rows(nova, "w3") == [("Zahnarzt", "2026-11-30T07:00:00+00:00")]
    nova.turn("w3", FIGURE, "Verschieb den Zahnarzt auf Mittwoch", NOW)
    assert _rows(nova, "w3") == [("Zahnarzt", "2026-12-02T07:00:00+00:00")]
    assert _rows(nova, "w2") == [("Zahnarzt", "2026-11-25T09:00:00+00:00")]


def test_the_appointments_own_weekday_means_the_week_after_it(nova):
    _moved(nova, "w4", "Verschieb den Zahnarzt auf Montag")
    assert _rows(nova, "w4") == [("Zahnarzt", "2026-11-30T09:00:00+00:00")]


def test_this_weekday_and_tomorrow_still_count_from_today(nova):
    _moved(nova, "w5", "Verschieb den Zahnarzt auf diesen Freitag")
    assert _rows(nova, "w5") == [("Zahnarzt", "2026-11-13T09:00:00+00:00")]
    _moved(nova, "w6", "Verschieb den Zahnarzt auf morgen")
    assert _rows(nova, "w6") == [("Zahnarzt", "2026-11-11T09:00:00+00:00")]


def test_an_appointment_this_week_moves_to_the_coming_such_day(nova):
    """Appointment on Friday 13.11, asked on Tuesday: *Donnerstag* is this Thursday, not the one after Friday."""
    _moved(nova, "w7", "Verleg den Zahnarzt auf Donnerstag", enter="Trag mir am 13.11. um 10 Uhr den Zahnarzt ein")
    assert _rows(nova, "w7") == [("Zahnarzt", "2026-11-12T09:00:00+00:00")]
