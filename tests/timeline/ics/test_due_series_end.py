"""What is due (`CalendarStore.due_rows`, `GET /api/due`) reads only the series that may still occur in
the due window — a series whose end (`serie_ende`, schema timeline/006) lies before today is not read at all,
as the window read leaves it out (`FIND_SERIES`)."""

from __future__ import annotations

from typing import Any

from novaberg.timeline.ics.store import DUE_SERIES, CalendarStore
from novaberg.timeline.repository import NewRow, TimelineRepository
from novaberg.timeline.statements import SERIES_END_MARGIN
from novaberg.timeline.types import NOT_APPOINTMENTS
from tests.support import BERLIN, berlin

WRITTEN = berlin(2026, 3, 2, 9)  # Monday
NOW = berlin(2026, 6, 2, 9, 30)  # a Tuesday three months later
TODAY = berlin(2026, 6, 2, 0)


def _series(db: Any, user: str, title: str, rule: str) -> int:
    repo = TimelineRepository(db)
    row_id = repo.insert(user, "nova", NewRow.for_type("termin", title=title, event_time=berlin(2026, 3, 3, 10),
                                                       precision="minute", rrule=rule), WRITTEN, BERLIN)
    assert repo.set_calendar_fields(user, "nova", row_id, reminder_minutes=60)
    return row_id


def _read_by_due_series(db: Any, user: str) -> list[int]:
    params = {"user_id": user, "character_id": None, "now": NOW, "today_start": TODAY,
              "series_from": TODAY - SERIES_END_MARGIN, "excluded": list(NOT_APPOINTMENTS)}
    with db.transaction() as conn:
        return [row["id"] for row in conn.execute(DUE_SERIES, params).fetchall()]


def test_due_series_a_series_ended_before_the_due_window_is_not_read(db):
    ended = _series(db, "anna", "Kurs", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20260401T000000Z")  # last: 31.03.2026
    running = _series(db, "anna", "Volleyball", "FREQ=WEEKLY;BYDAY=TU")
    ends_today = _series(db, "anna", "Chor", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20260602T235959Z")  # last: today 10:00
    _series(db, "bob", "Schach", "FREQ=WEEKLY;BYDAY=TU")
    assert sorted(_read_by_due_series(db, "anna")) == sorted([running, ends_today])
    assert ended not in _read_by_due_series(db, "anna")
    due = CalendarStore(db).due_rows("anna", NOW, TODAY, BERLIN)
    assert sorted((r["title"], r["event_time"]) for r in due) == [("Chor", berlin(2026, 6, 2, 10)),
                                                                  ("Volleyball", berlin(2026, 6, 2, 10))]


def test_due_series_the_last_occurrence_is_still_due_on_its_day(db):
    """The boundary: a series whose last occurrence is today at 10:00 reminds at 09:00 and stays due that day."""
    _series(db, "anna", "Chor", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20260602T235959Z")
    late = berlin(2026, 6, 2, 20)
    assert [(r["title"], r["event_time"]) for r in CalendarStore(db).due_rows("anna", late, TODAY, BERLIN)] == [
        ("Chor", berlin(2026, 6, 2, 10))]
    next_week = CalendarStore(db).due_rows("anna", berlin(2026, 6, 9, 9, 30), berlin(2026, 6, 9, 0), BERLIN)
    assert next_week == []
