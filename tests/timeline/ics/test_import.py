"""`import_calendar` — events become rows of the pair (one transaction), an imported UID is
skipped the second time, a report says what was taken and skipped and why, a bad file writes nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from novaberg.timeline.ics.export import calendar_bytes
from novaberg.timeline.ics.feed import person_events
from novaberg.timeline.ics.importer import CalendarFileError, import_calendar, read_events
from novaberg.timeline.ics.model import CalendarEvent
from novaberg.timeline.ics.store import CalendarStore

BERLIN = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

FOREIGN = b"""BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Example Corp.//Phone Calendar//EN\r
BEGIN:VEVENT\r
UID:zahnarzt-1@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART;TZID=Europe/Berlin:20260310T090000\r
DTEND;TZID=Europe/Berlin:20260310T100000\r
SUMMARY:Zahnarzt Dr. Quellmalz\r
BEGIN:VALARM\r
ACTION:DISPLAY\r
DESCRIPTION:Zahnarzt\r
TRIGGER:-PT30M\r
END:VALARM\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:urlaub@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART;VALUE=DATE:20260401\r
DTEND;VALUE=DATE:20260404\r
SUMMARY:Urlaub Ostsee\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:floating@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART:20260312T183000\r
SUMMARY:Chorprobe\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:utc@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART:20260313T170000Z\r
SUMMARY:Telefonkonferenz\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:volleyball@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART;TZID=Europe/Berlin:20260316T180000\r
RRULE:FREQ=WEEKLY;BYDAY=MO\r
EXDATE;TZID=Europe/Berlin:20260323T180000\r
SUMMARY:Volleyball\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:never@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART;TZID=Europe/Berlin:20260331T180000\r
RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31\r
SUMMARY:Nie\r
END:VEVENT\r
BEGIN:VEVENT\r
UID:notitle@example.com\r
DTSTAMP:20260301T080000Z\r
DTSTART;TZID=Europe/Berlin:20260317T180000\r
END:VEVENT\r
END:VCALENDAR\r
"""


def _rows(db: Any, user: str = "anna", character: str = "nova") -> dict[str, dict[str, Any]]:
    return {row["title"]: row for row in CalendarStore(db).feed_rows(user, character)}


def test_a_phone_calendar_file_becomes_rows_with_a_report(db):
    report = import_calendar(db, "anna", "nova", FOREIGN, "telefon.ics", BERLIN, NOW)
    assert report.taken == ["Zahnarzt Dr. Quellmalz (10.03.2026 09:00)", "Urlaub Ostsee (01.04.2026)",
                            "Chorprobe (12.03.2026 18:30)", "Telefonkonferenz (13.03.2026 18:00)",
                            "Volleyball (16.03.2026 18:00)"]
    reasons = [reason for _, reason in report.skipped]
    assert reasons == ["Serientermin, dessen Regel so nie eintritt", "ohne Titel"]  # *jeden 31. Februar*
    rows = _rows(db)
    dentist = rows["Zahnarzt Dr. Quellmalz"]
    assert (dentist["event_time"], dentist["event_ende"]) == (datetime(2026, 3, 10, 8, 0, tzinfo=UTC),
                                                             datetime(2026, 3, 10, 9, 0, tzinfo=UTC))
    assert (dentist["precision"], dentist["erinnern_vorher_min"], dentist["ics_uid"]) == (
        "minute", 30, "zahnarzt-1@example.com")
    holiday = rows["Urlaub Ostsee"]
    assert holiday["precision"] == "day" and holiday["event_time"].astimezone(BERLIN).date() == date(2026, 4, 1)
    assert holiday["event_ende"].astimezone(BERLIN).date() == date(2026, 4, 3)  # DTEND 04.04. is exclusive
    assert rows["Chorprobe"]["event_time"] == datetime(2026, 3, 12, 17, 30, tzinfo=UTC)  # floating → Berlin
    volleyball = rows["Volleyball"]  # a series keeps its rule and its cancelled occurrence
    assert (volleyball["rrule"], volleyball["recurring"]) == ("FREQ=WEEKLY;BYDAY=MO", True)
    assert volleyball["exdates"] == [datetime(2026, 3, 23, 17, 0, tzinfo=UTC)]
    assert "Nie" not in rows
    assert _rows(db, "bob") == {}


def test_a_second_import_skips_every_uid_and_writes_nothing(db):
    import_calendar(db, "anna", "nova", FOREIGN, "telefon.ics", BERLIN, NOW)
    before = len(_rows(db))
    again = import_calendar(db, "anna", "nova", FOREIGN, "telefon.ics", BERLIN, NOW)
    assert again.taken == [] and len(_rows(db)) == before
    assert sum(reason == "schon eingetragen (gleiche UID)" for _, reason in again.skipped) == 5
    other_pair = import_calendar(db, "anna", "luna", FOREIGN, "telefon.ics", BERLIN, NOW)
    assert len(other_pair.taken) == 5  # the UIDs are the pair's: another figure takes them


@pytest.mark.parametrize("data", [b"", b"hello world", b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n",
                                  b"BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna\r\nEND:VCARD\r\n",
                                  b"\xff\xfe\x00garbage", FOREIGN.replace(b"END:VCALENDAR", b"")])
def test_a_bad_file_is_refused_in_german_and_writes_nothing(db, data):
    with pytest.raises(CalendarFileError) as caught:
        import_calendar(db, "anna", "nova", data, "kaputt.ics", BERLIN, NOW)
    assert "kaputt.ics" in str(caught.value) and "Nichts eingetragen" in str(caught.value)
    assert _rows(db) == {}


def test_a_calendar_without_events_is_refused(db):
    empty = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nEND:VCALENDAR\r\n"
    with pytest.raises(CalendarFileError, match="keine Termine"):
        import_calendar(db, "anna", "nova", empty, "leer.ics", BERLIN, NOW)


def test_novas_own_export_comes_back_with_types_and_reminders(db):
    """Round trip: the exporter's output imported into another pair keeps titles, moments, types, reminders."""
    events = [CalendarEvent("a@novaberg", "Omas Geburtstag", date(2026, 5, 3), date(2026, 5, 4), True, "geburtstag"),
              CalendarEvent("b@novaberg", "Mülltonne rausstellen", datetime(2026, 3, 6, 8, 0, tzinfo=BERLIN), None,
                            False, "erinnerung", alarm_minutes=0)]
    report = import_calendar(db, "anna", "nova", calendar_bytes(events, BERLIN, NOW, "Nova"), "nova.ics", BERLIN, NOW)
    assert len(report.taken) == 2
    back = {e.title: e for e in person_events(db, "anna", BERLIN, "nova")}
    assert back["Omas Geburtstag"].event_type == "geburtstag" and back["Omas Geburtstag"].start == date(2026, 5, 3)
    assert back["Mülltonne rausstellen"].event_type == "erinnerung"
    assert back["Mülltonne rausstellen"].alarm_minutes == 0


def test_read_events_keeps_the_rule_for_the_recurrence_columns():
    series = [e for e in read_events(FOREIGN, "x.ics", BERLIN) if e.title == "Volleyball"][0]
    assert series.rrule == "FREQ=WEEKLY;BYDAY=MO" and series.start == datetime(2026, 3, 16, 18, 0, tzinfo=BERLIN)


def test_a_failure_half_way_writes_nothing(db, monkeypatch):
    """One transaction: when the third event's write fails, the two before it are rolled back too."""
    from novaberg.timeline.repository import TimelineRepository

    original = TimelineRepository.set_calendar_fields
    calls = []

    def failing(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("disk gone")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(TimelineRepository, "set_calendar_fields", failing)
    with pytest.raises(RuntimeError, match="disk gone"):
        import_calendar(db, "anna", "nova", FOREIGN, "telefon.ics", BERLIN, NOW)
    assert _rows(db) == {} and CalendarStore(db).imported_uids("anna", "nova") == set()


def test_two_imports_of_one_file_at_once_take_each_event_once(db):
    """The pair's write lock: two parallel imports of the same file — every UID is entered exactly once."""
    import threading

    reports = []
    threads = [threading.Thread(target=lambda: reports.append(
        import_calendar(db, "anna", "nova", FOREIGN, "telefon.ics", BERLIN, NOW))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(len(report.taken) for report in reports) == [0, 5]
    assert len(_rows(db)) == 5
