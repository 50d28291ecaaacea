"""One calendar event as the exporter and importer see it, and the one adapter from timeline rows.

The adapter reads the recurrence columns (`rrule`, `exdates`) and the reminder offset with `.get`: a row of a
schema without them is a one-off without a reminder.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.timeline.types import MINUTE_PRECISION, MONTH_PRECISION

__all__ = ["CalendarEvent", "event_from_row", "uid_of", "UID_DOMAIN"]

UID_DOMAIN = "novaberg"


@dataclass(frozen=True)
class CalendarEvent:
    """`start`/`end`: aware datetimes, or dates when `all_day` (`end` exclusive, as RFC 5545 wants).
    `rrule`: an RFC 5545 RRULE value without `RRULE:`; `exdates`: starts of cancelled occurrences (aware, or
    dates for an all-day series); `alarm_minutes`: remind that many minutes before the start (0 = at it)."""

    uid: str
    title: str
    start: datetime | date
    end: datetime | date | None
    all_day: bool
    event_type: str
    rrule: str | None = None
    exdates: tuple[datetime | date, ...] = ()
    alarm_minutes: int | None = None
    description: str | None = None
    character_id: str | None = None


def uid_of(secret: str, user_id: str, character_id: str, row_id: int) -> str:
    """A UID that stays the same for a row across exports and names neither the row id nor the person."""
    digest = hmac.new(secret.encode(), f"{user_id}\x1f{character_id}\x1f{row_id}".encode(), hashlib.sha256)
    return f"{digest.hexdigest()[:32]}@{UID_DOMAIN}"


def _month_after(day: date) -> date:
    return date(day.year + (day.month == 12), day.month % 12 + 1, 1)


def event_from_row(row: Mapping[str, Any], secret: str, zone: ZoneInfo) -> CalendarEvent:
    """The event of one timeline row: a clock-time row keeps its moments; a day row is an all-day event
    (over several days when its end lies on a later day); a month row covers its whole month."""
    start_local = row["event_time"].astimezone(zone)
    end_raw = row.get("event_ende")
    end_local = end_raw.astimezone(zone) if end_raw is not None else None
    precision = row.get("precision") or MINUTE_PRECISION
    exdates_raw = tuple(row.get("exdates") or ())
    start: datetime | date
    end: datetime | date | None
    exdates: tuple[datetime | date, ...]
    if precision == MINUTE_PRECISION:
        start, end, all_day = start_local, end_local, False
        exdates = tuple(moment.astimezone(zone) for moment in exdates_raw)
    elif precision == MONTH_PRECISION:
        start = start_local.date().replace(day=1)
        end, all_day = _month_after(start), True
        exdates = tuple(moment.astimezone(zone).date() for moment in exdates_raw)
    else:
        start = start_local.date()
        last = end_local.date() if end_local is not None and end_local.date() > start else start
        end, all_day = last + timedelta(days=1), True
        exdates = tuple(moment.astimezone(zone).date() for moment in exdates_raw)
    return CalendarEvent(uid=uid_of(secret, row["user_id"], row["character_id"], int(row["id"])),
                         title=row["title"], start=start, end=end, all_day=all_day, event_type=row["event_type"],
                         rrule=row.get("rrule") or None, exdates=exdates,
                         alarm_minutes=row.get("erinnern_vorher_min"), description=row.get("details") or None,
                         character_id=row["character_id"])
