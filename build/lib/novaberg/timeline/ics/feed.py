"""A person's calendar as bytes, and what is due now: the functions the API, the CLI and the export call."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.timeline.ics.export import calendar_bytes
from novaberg.timeline.ics.model import CalendarEvent, event_from_row
from novaberg.timeline.ics.store import CalendarStore
from novaberg.timeparse.dates import day_start

__all__ = ["person_events", "person_calendar", "due_now", "calendar_name"]


def calendar_name(user_id: str, character_id: str | None) -> str:
    return f"Nova – {user_id}" if character_id is None else f"Nova – {user_id} ({character_id})"


def person_events(db: Any, user_id: str, zone: ZoneInfo, character_id: str | None = None) -> list[CalendarEvent]:
    store = CalendarStore(db)
    secret = store.secret()
    return [event_from_row(row, secret, zone) for row in store.feed_rows(user_id, character_id)]


def person_calendar(db: Any, user_id: str, zone: ZoneInfo, now: datetime, character_id: str | None = None) -> bytes:
    """The person's appointments (of every figure, or of one) as one iCalendar document."""
    return calendar_bytes(person_events(db, user_id, zone, character_id), zone, now,
                          calendar_name(user_id, character_id))


def due_now(db: Any, user_id: str, zone: ZoneInfo, now: datetime,
            character_id: str | None = None) -> list[dict[str, Any]]:
    """The reminders whose moment has come and whose event is not over, for people: title, local time, figure."""
    local = now.astimezone(zone)
    rows = CalendarStore(db).due_rows(user_id, now, day_start(local.date(), zone), zone, character_id)
    return [{"titel": row["title"], "typ": row["event_type"], "character_id": row["character_id"],
             "zeit": row["event_time"].astimezone(zone).isoformat(timespec="minutes"),
             "mit_uhrzeit": row["precision"] == "minute", "vorher_min": row["erinnern_vorher_min"]}
            for row in rows]
