"""Events as one iCalendar document (RFC 5545) with the `icalendar` package: the zone as a VTIMEZONE,
clock-time events in the person's zone, all-day events as DATE values, RRULE/EXDATE for series and a
VALARM for a reminder."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, vRecur

from novaberg.core.clock import as_utc
from novaberg.timeline.ics.model import CalendarEvent

__all__ = ["calendar_bytes", "PRODID", "MEDIA_TYPE"]

PRODID = "-//novaberg//Nova Kalender//DE"
MEDIA_TYPE = "text/calendar; charset=utf-8"
ALL_DAY_REMINDER_HOUR = 9  # a reminder of a day without clock time rings at 09:00 of that day, not at midnight
_ZONE_YEARS_BEFORE = 1  # the VTIMEZONE covers the events' years (and one either side), not 1970–2038
_ZONE_YEARS_AFTER = 10  # a series without end goes on: the zone's rules for a decade ahead


def _component(event: CalendarEvent, stamp: datetime) -> Event:
    item = Event()
    item.add("uid", event.uid)
    item.add("dtstamp", stamp)
    item.add("summary", event.title)
    item.add("dtstart", event.start)
    if event.end is not None:
        item.add("dtend", event.end)
    item.add("categories", [event.event_type])
    if event.description:
        item.add("description", event.description)
    if event.rrule:
        item.add("rrule", vRecur.from_ical(event.rrule))
        if event.exdates:
            item.add("exdate", list(event.exdates))
    if event.alarm_minutes is not None:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", event.title)
        at_start = event.all_day and event.alarm_minutes == 0  # a day without clock time: in its morning
        alarm.add("trigger", timedelta(hours=ALL_DAY_REMINDER_HOUR) if at_start else timedelta(minutes=-event.alarm_minutes))
        item.add_component(alarm)
    return item


def _year_of(moment: datetime | date) -> int:
    return moment.year


def calendar_bytes(events: Iterable[CalendarEvent], zone: ZoneInfo, now: datetime, name: str) -> bytes:
    """The document; `now` (the caller's clock) is every event's DTSTAMP, `name` the calendar's display name."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", zone.key)
    stamp = as_utc(now)
    years = [stamp.year]
    for event in events:
        calendar.add_component(_component(event, stamp))
        years.append(_year_of(event.start))
    calendar.add_missing_timezones(first_date=date(min(years) - _ZONE_YEARS_BEFORE, 1, 1),
                                   last_date=date(max(years) + _ZONE_YEARS_AFTER, 1, 1))
    if not calendar.timezones:  # a feed of all-day events only still names the person's zone
        from icalendar import Timezone

        calendar.add_component(Timezone.from_tzinfo(zone, first_date=date(stamp.year - 1, 1, 1),
                                                    last_date=date(stamp.year + _ZONE_YEARS_AFTER, 1, 1)))
    return calendar.to_ical()
