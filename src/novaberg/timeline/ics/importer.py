"""`novaberg calendar import`: the events of an iCalendar file become rows of one pair.

The file is read whole first (`read_events`): a file that is no iCalendar is refused with a German sentence
before anything is written. Then one transaction under the pair's write lock takes every event whose UID the
pair has not imported yet (the UID is stored on the row) and reports what it took and what it skipped, and why.
A clock-time event keeps its moments (a floating time is read in the person's zone); a DATE event is a day
row; a VALARM before the start becomes the row's reminder; CATEGORIES naming one of Nova's types keeps it
(so Nova's own export comes back as it went). A series keeps its rule (`rrule`, checked in the person's zone)
and its EXDATEs as cancelled occurrences; a rule that never occurs is reported as skipped.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from icalendar import Calendar

from novaberg.core.errors import NovabergError
from novaberg.store.db import hold_lock
from novaberg.timeline.ics import texts
from novaberg.timeline.ics.store import CalendarStore
from novaberg.timeline.reminders import MAX_MINUTES
from novaberg.timeline.repository import TITLE_MAX_CHARS, NewRow, TimelineRepository, pair_lock_key
from novaberg.timeline.types import CLASSIFIABLE, DAY_PRECISION, DEFAULT_TYPE, MINUTE_PRECISION
from novaberg.timeparse.dates import day_start

_log = logging.getLogger(__name__)

__all__ = ["CalendarFileError", "ImportedEvent", "ImportReport", "read_events", "import_calendar"]


class CalendarFileError(NovabergError):
    """The file is no readable iCalendar; the message is for people and nothing was written."""


@dataclass(frozen=True)
class ImportedEvent:
    uid: str
    title: str
    start: datetime
    end: datetime | None
    precision: str
    event_type: str
    alarm_minutes: int | None = None
    rrule: str | None = None
    exdates: tuple[datetime, ...] = ()
    problem: str | None = None  # why it cannot be taken (read before any write)

    @property
    def label(self) -> str:
        title = self.title or "(ohne Titel)"
        if self.problem == texts.SKIP_NO_START:
            return title
        clock = f" {self.start:%H:%M}" if self.precision == MINUTE_PRECISION else ""
        return f"{title} ({self.start:%d.%m.%Y}{clock})"


@dataclass
class ImportReport:
    taken: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"uebernommen": self.taken, "uebersprungen": [{"termin": t, "grund": g} for t, g in self.skipped]}


def _moment(value: date | datetime, zone: ZoneInfo) -> tuple[datetime, str]:
    if isinstance(value, datetime):
        aware = value if value.tzinfo is not None else value.replace(tzinfo=zone)  # floating time: the person's
        return aware.astimezone(zone), MINUTE_PRECISION
    return day_start(value, zone), DAY_PRECISION


def _alarm_minutes(component: Any) -> int | None:
    for alarm in component.walk("VALARM"):
        trigger = alarm.get("TRIGGER")
        value = getattr(trigger, "dt", None)
        if isinstance(value, timedelta) and value <= timedelta(0) and -value <= timedelta(minutes=MAX_MINUTES):
            return int(-value.total_seconds() // 60)
    return None


def _type_of(component: Any) -> str:
    categories = component.get("CATEGORIES")
    names: list[str] = []
    for entry in categories if isinstance(categories, list) else [categories] if categories is not None else []:
        names.extend(str(name).strip().lower() for name in getattr(entry, "cats", []))
    return next((name for name in names if name in CLASSIFIABLE), DEFAULT_TYPE)


def _event(component: Any, zone: ZoneInfo) -> ImportedEvent | None:
    start_prop = component.get("DTSTART")
    title = str(component.get("SUMMARY") or "").strip()
    raw_uid = str(component.get("UID") or "").strip()
    if start_prop is None:
        uid = raw_uid or hashlib.sha256(component.to_ical()).hexdigest()
        return ImportedEvent(uid, title, datetime.min.replace(tzinfo=zone), None, DAY_PRECISION, DEFAULT_TYPE,
                             problem=texts.SKIP_NO_START)
    start, precision = _moment(start_prop.dt, zone)
    uid = raw_uid or hashlib.sha256(f"{title}\x1f{start.isoformat()}".encode()).hexdigest()
    end_prop = component.get("DTEND")
    end: datetime | None = None
    if end_prop is not None:
        end_value, _ = _moment(end_prop.dt, zone)
        if precision == MINUTE_PRECISION and end_value > start:
            end = end_value
        elif precision == DAY_PRECISION and end_value - start > timedelta(days=1):
            end = end_value - timedelta(days=1)  # DATE ends are exclusive; a day row's end is its last day
    rule = component.get("RRULE")
    exdates: list[datetime] = []
    for entry in (component.get("EXDATE") if isinstance(component.get("EXDATE"), list)
                  else [component.get("EXDATE")] if component.get("EXDATE") is not None else []):
        exdates.extend(_moment(item.dt, zone)[0] for item in entry.dts)
    problem = None
    if not title:
        problem = texts.SKIP_NO_TITLE
    elif len(title) > TITLE_MAX_CHARS:
        problem = texts.SKIP_TITLE_TOO_LONG.format(max=TITLE_MAX_CHARS)
    return ImportedEvent(uid, title, start, end, precision, _type_of(component), _alarm_minutes(component),
                         rule.to_ical().decode() if rule is not None else None, tuple(exdates), problem)


def read_events(data: bytes, name: str, zone: ZoneInfo) -> list[ImportedEvent]:
    """Every VEVENT of the file; a file that is no iCalendar raises CalendarFileError (German)."""
    try:
        calendar = Calendar.from_ical(data)
    except (ValueError, IndexError, KeyError, TypeError, UnicodeDecodeError) as err:
        raise CalendarFileError(texts.IMPORT_BAD_FILE.format(name=name, reason=str(err).splitlines()[0][:200]
                                                             if str(err) else type(err).__name__)) from err
    if getattr(calendar, "name", "") != "VCALENDAR":
        raise CalendarFileError(texts.IMPORT_BAD_FILE.format(name=name, reason="kein VCALENDAR"))
    try:
        events = [event for component in calendar.walk("VEVENT") if (event := _event(component, zone)) is not None]
    except (ValueError, AttributeError, TypeError) as err:
        raise CalendarFileError(texts.IMPORT_BAD_FILE.format(name=name, reason=str(err)[:200])) from err
    if not events:
        raise CalendarFileError(texts.IMPORT_NO_EVENTS.format(name=name))
    return events


def import_calendar(db: Any, user_id: str, character_id: str, data: bytes, name: str, zone: ZoneInfo,
                    now: datetime) -> ImportReport:
    """Read the file, then write what is new in one transaction under the pair's lock (all or nothing)."""
    events = read_events(data, name, zone)
    report = ImportReport()
    with db.transaction() as conn:
        locked = hold_lock(conn, pair_lock_key(user_id, character_id))
        repo, store = TimelineRepository(locked), CalendarStore(locked)
        known = store.imported_uids(user_id, character_id)
        for event in events:
            if event.problem is not None:
                report.skipped.append((event.label, event.problem))
                continue
            if event.uid in known:
                report.skipped.append((event.label, texts.SKIP_DUPLICATE))
                continue
            row = NewRow.for_type(event.event_type, title=event.title, event_time=event.start,
                                  precision=event.precision, event_ende=event.end, rrule=event.rrule)
            try:  # a series' rule is checked against its start in the person's zone before anything is sent
                new_id = repo.insert(user_id, character_id, row, now, zone)
            except ValueError as err:
                _log.warning("calendar import: %s skipped: %s", event.label, err)
                report.skipped.append((event.label, texts.SKIP_SERIES_IMPOSSIBLE))
                continue
            for occurrence in event.exdates:  # an EXDATE that is none of the series' starts changes nothing
                repo.cancel_occurrence(user_id, character_id, new_id, occurrence, now=now, zone=zone)
            if not repo.set_calendar_fields(user_id, character_id, new_id, reminder_minutes=event.alarm_minutes,
                                            ics_uid=event.uid):
                raise NovabergError(f"calendar import: row {new_id} did not read back its UID")
            known.add(event.uid)
            report.taken.append(event.label)
    return report
