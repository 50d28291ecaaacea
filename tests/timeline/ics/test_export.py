"""The exporter's iCalendar, parsed back by an independent library (vobject, which expands
rules with dateutil) — events, the zone as VTIMEZONE, EXDATE, all-day DATE values, VALARM, and a weekly
series that stays at 18:00 local across both daylight-saving changes."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import vobject

from novaberg.timeline.ics.export import calendar_bytes
from novaberg.timeline.ics.model import CalendarEvent, event_from_row, uid_of

BERLIN = ZoneInfo("Europe/Berlin")
NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def _parse(events: list[CalendarEvent]) -> object:
    return vobject.readOne(calendar_bytes(events, BERLIN, NOW, "Nova – anna").decode("utf-8"))


def _by_uid(calendar: object) -> dict[str, object]:
    return {event.uid.value: event for event in calendar.vevent_list}


def _volleyball(**extra: object) -> CalendarEvent:
    values = {"uid": "v@novaberg", "title": "Volleyball", "start": datetime(2026, 3, 16, 18, 0, tzinfo=BERLIN),
              "end": datetime(2026, 3, 16, 20, 0, tzinfo=BERLIN), "all_day": False, "event_type": "termin",
              "rrule": "FREQ=WEEKLY;BYDAY=MO"}
    values.update(extra)
    return CalendarEvent(**values)  # type: ignore[arg-type]


def test_weekly_series_stays_at_18_local_across_the_march_change_with_exdate():
    """A weekly 18:00 is 17:00 UTC before 29 March 2026 and 16:00 UTC after; the cancelled
    Monday (EXDATE) is missing."""
    cancelled = datetime(2026, 3, 30, 18, 0, tzinfo=BERLIN)
    calendar = _parse([_volleyball(exdates=(cancelled,))])
    event = _by_uid(calendar)["v@novaberg"]
    starts = list(event.getrruleset(addRDate=True).between(datetime(2026, 3, 1, tzinfo=UTC),
                                                           datetime(2026, 4, 14, tzinfo=UTC), inc=True))
    utc = [start.astimezone(UTC) for start in starts]
    assert [moment.astimezone(BERLIN).strftime("%d.%m. %H:%M") for moment in starts] == [
        "16.03. 18:00", "23.03. 18:00", "06.04. 18:00", "13.04. 18:00"]
    assert [moment.hour for moment in utc] == [17, 17, 16, 16]


def test_weekly_series_across_the_october_change():
    calendar = _parse([_volleyball(start=datetime(2026, 10, 19, 18, 0, tzinfo=BERLIN),
                                   end=datetime(2026, 10, 19, 19, 0, tzinfo=BERLIN))])
    event = _by_uid(calendar)["v@novaberg"]
    starts = list(event.getrruleset(addRDate=True).between(datetime(2026, 10, 18, tzinfo=UTC),
                                                           datetime(2026, 11, 3, tzinfo=UTC), inc=True))
    assert [(s.astimezone(BERLIN).hour, s.astimezone(UTC).hour) for s in starts] == [(18, 16), (18, 17), (18, 17)]


def test_the_zone_is_a_vtimezone_and_clock_times_name_it():
    calendar = _parse([_volleyball(rrule=None)])
    assert [zone.tzid.value for zone in calendar.vtimezone_list] == ["Europe/Berlin"]
    event = _by_uid(calendar)["v@novaberg"]
    raw = calendar_bytes([_volleyball(rrule=None)], BERLIN, NOW, "x").decode()
    assert "DTSTART;TZID=Europe/Berlin:20260316T180000" in raw.splitlines()
    assert event.dtstart.value.astimezone(UTC) == datetime(2026, 3, 16, 17, 0, tzinfo=UTC)
    assert not hasattr(event, "rrule")
    assert calendar.x_wr_timezone.value == "Europe/Berlin"


def test_all_day_rows_are_date_values_and_a_yearly_birthday_repeats():
    birthday = CalendarEvent("b@novaberg", "Sohn hat Geburtstag", date(2027, 3, 3), date(2027, 3, 4), True,
                             "geburtstag", rrule="FREQ=YEARLY")
    event = _by_uid(_parse([birthday]))["b@novaberg"]
    assert event.dtstart.value == date(2027, 3, 3) and not isinstance(event.dtstart.value, datetime)
    assert event.dtend.value == date(2027, 3, 4)
    starts = list(event.getrruleset(addRDate=True).between(datetime(2027, 1, 1), datetime(2030, 1, 1)))
    assert [s.date() for s in starts] == [date(2027, 3, 3), date(2028, 3, 3), date(2029, 3, 3)]


def test_a_reminder_carries_a_valarm_with_its_offset():
    """„… und erinner mich eine Stunde vorher" → TRIGGER -PT1H; a reminder row at its moment."""
    calendar = _parse([_volleyball(rrule=None, alarm_minutes=60),
                       CalendarEvent("m@novaberg", "Mülltonne rausstellen", datetime(2026, 3, 6, 8, 0, tzinfo=BERLIN),
                                     None, False, "erinnerung", alarm_minutes=0)])
    events = _by_uid(calendar)
    assert events["v@novaberg"].valarm.trigger.value == timedelta(hours=-1)
    assert events["v@novaberg"].valarm.action.value == "DISPLAY"
    assert events["m@novaberg"].valarm.trigger.value == timedelta(0)


def test_uids_are_stable_per_row_and_differ_between_rows_persons_and_installations():
    assert uid_of("s1", "anna", "nova", 7) == uid_of("s1", "anna", "nova", 7)
    assert len({uid_of("s1", "anna", "nova", 7), uid_of("s1", "anna", "nova", 8), uid_of("s1", "bob", "nova", 7),
                uid_of("s2", "anna", "nova", 7)}) == 4
    assert "anna" not in uid_of("s1", "anna", "nova", 7) and uid_of("s1", "anna", "nova", 7).endswith("@novaberg")


def _row(**extra: object) -> dict[str, object]:
    row = {"id": 5, "user_id": "anna", "character_id": "nova", "title": "Zahnarzt", "event_type": "termin",
           "event_time": datetime(2026, 3, 10, 9, 0, tzinfo=UTC), "event_ende": None, "precision": "minute",
           "details": None}
    row.update(extra)
    return row


def test_adapter_reads_rows_without_the_recurrence_columns_as_one_offs():
    event = event_from_row(_row(), "s", BERLIN)
    assert event.start == datetime(2026, 3, 10, 10, 0, tzinfo=BERLIN) and not event.all_day
    assert event.rrule is None and event.exdates == () and event.alarm_minutes is None


def test_adapter_takes_rule_exdates_and_alarm_when_present_and_day_rows_become_all_day():
    series = event_from_row(_row(rrule="FREQ=WEEKLY;BYDAY=TU", exdates=[datetime(2026, 3, 17, 9, 0, tzinfo=UTC)],
                                 erinnern_vorher_min=60), "s", BERLIN)
    assert series.rrule == "FREQ=WEEKLY;BYDAY=TU" and series.alarm_minutes == 60
    assert series.exdates == (datetime(2026, 3, 17, 10, 0, tzinfo=BERLIN),)
    day = event_from_row(_row(precision="day", event_time=datetime(2026, 3, 9, 23, 0, tzinfo=UTC)), "s", BERLIN)
    assert (day.all_day, day.start, day.end) == (True, date(2026, 3, 10), date(2026, 3, 11))
    month = event_from_row(_row(precision="month", event_time=datetime(2026, 11, 30, 23, 0, tzinfo=UTC)), "s", BERLIN)
    assert (month.start, month.end) == (date(2026, 12, 1), date(2027, 1, 1))
