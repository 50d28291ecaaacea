"""A series and a reminder together: a moved occurrence of a series with „… und erinner mich eine Stunde vorher“
keeps the reminder offset (`move_occurrence`), so the phone and `GET /api/due` remind of it at its new time."""

from __future__ import annotations

from typing import Any

import vobject

from novaberg.timeline.ics.feed import person_calendar
from novaberg.timeline.ics.store import CalendarStore
from tests.support import berlin

NOW = berlin(2026, 3, 2, 10)  # Monday
TEXT = "Trag jeden Dienstag um 10 Uhr Volleyball ein und erinner mich eine Stunde vorher"


def _rows(nova: Any, user: str) -> list[dict[str, Any]]:
    return CalendarStore(nova.stack.db).feed_rows(user)


def test_a_moved_occurrence_keeps_its_reminder_offset(nova):
    for user in ("anna", "bob"):
        assert nova.turn(user, "nova", TEXT, NOW).services[-1]["status"] == "abgeschlossen"
    series = next(r for r in _rows(nova, "anna") if r["rrule"])
    moved = nova.turn("anna", "nova", "Verschieb Volleyball nächste Woche auf Mittwoch", NOW)
    assert moved.answer.startswith("Verschoben: „Volleyball“ von Dienstag, 10.03.2026, 10:00 Uhr auf Mittwoch, "
                                   "11.03.2026, 10:00 Uhr")
    copy = next(r for r in _rows(nova, "anna") if r["serie_id"] == series["id"])
    assert (copy["event_time"], copy["erinnern_vorher_min"], copy["ics_uid"]) == (berlin(2026, 3, 11, 10), 60, None)
    calendar = vobject.readOne(person_calendar(nova.stack.db, "anna", nova.settings.zone, NOW).decode())
    moved_event = next(e for e in calendar.vevent_list if not hasattr(e, "rrule"))
    assert moved_event.valarm.trigger.value.total_seconds() == -3600
    due = CalendarStore(nova.stack.db).due_rows("anna", berlin(2026, 3, 11, 9), berlin(2026, 3, 11, 0),
                                                nova.settings.zone)
    assert [(r["title"], r["event_time"]) for r in due] == [("Volleyball", berlin(2026, 3, 11, 10))]
    assert [(r["rrule"] is not None, r["erinnern_vorher_min"]) for r in _rows(nova, "bob")] == [(True, 60)]
