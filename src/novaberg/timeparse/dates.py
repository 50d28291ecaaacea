"""Calendar arithmetic in the local zone: the few rules every reader of time shares.

Kept apart from the grammar so that the parser, the period reader, the reschedule check and the
year-by-tense rule compute "next Friday" or "this week" the same way.
"""

from __future__ import annotations

import functools
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from novaberg.core.clock import to_local
from novaberg.core.settings import DATE_YEAR_MAX, DATE_YEAR_MIN, DEFAULT_TIMEZONE, zone_of
from novaberg.timeparse.vocabulary import Holiday

__all__ = [
    "DAYPART_CONFLICT",
    "DAYPART_OPEN",
    "add_months",
    "at_local",
    "reading_zone",
    "day_start",
    "day_end",
    "dated",
    "is_date",
    "is_year",
    "last_weekday",
    "local_now",
    "month_bounds",
    "easter_sunday",
    "holiday_in",
    "next_date_without_year",
    "next_holiday",
    "next_weekday",
    "resolve_daypart",
    "shift_days",
    "week_monday",
    "weekday_in_week",
]

DAYPART_OPEN = -1  # the daypart does not decide the half of day (*2 Uhr mittags*): ask
DAYPART_CONFLICT = -2  # the daypart contradicts the hour (*16 Uhr morgens*): ask

# How many years ahead a date without a year is looked for (29 February needs up to eight).
_YEARS_AHEAD = 8


def is_year(year: int) -> bool:
    """Issue 10 §4: only the years 1900–2199 are dates; a reader returns no moment outside them."""
    return DATE_YEAR_MIN <= year <= DATE_YEAR_MAX


def is_date(day: date) -> bool:
    return is_year(day.year)


def shift_days(day: date, days: int) -> date | None:
    """`day` moved by whole days, or None when the result is no date (out of range, or beyond Python's calendar)."""
    try:
        moved = day + timedelta(days=days)
    except OverflowError:
        return None
    return moved if is_date(moved) else None


@functools.cache
def _default_zone() -> ZoneInfo:
    return zone_of(DEFAULT_TIMEZONE)


_NOT_A_PERSONS_ZONE = frozenset({"UTC", "Etc/UTC", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu"})


def reading_zone(now: datetime) -> ZoneInfo:
    """The zone a moment is read in: its own named zone (the turn's clock arrives in the person's zone,
    `Nova.turn` converts it), else the default display zone — UTC and fixed offsets carry no calendar rules
    a person lives by. Never the environment: the zone is passed in with the clock (issue 25 §3)."""
    zone = now.tzinfo
    if isinstance(zone, ZoneInfo) and zone.key not in _NOT_A_PERSONS_ZONE:
        return zone
    return _default_zone()


def local_now(now: datetime, zone: ZoneInfo | None = None) -> datetime:
    """`now` in `zone` (default: its reading zone); a naive `now` is refused (the zone is explicit: CONTRIBUTING.md "The clock is passed in")."""
    if not isinstance(now, datetime):
        raise TypeError(f"now must be a datetime, not {type(now).__name__}")
    zone = zone or reading_zone(now)
    if now.tzinfo is zone:
        return now
    return to_local(now, zone)


def at_local(day: date, clock: time, zone: ZoneInfo) -> datetime | None:
    """The aware local moment, or None when the wall time is skipped or doubled by a DST change.

    *02:30* on 29 March 2026 does not exist in Berlin, on 25 October 2026 it exists twice;
    either way the parser abstains rather than picking one.
    """
    naive = datetime.combine(day, clock)
    first = naive.replace(tzinfo=zone, fold=0)
    if first.utcoffset() != naive.replace(tzinfo=zone, fold=1).utcoffset():
        return None
    return first


def day_start(day: date, zone: ZoneInfo) -> datetime:
    """00:00 local (never inside a DST gap in Europe/Berlin, which switches at 02:00/03:00)."""
    return datetime.combine(day, time(0, 0), tzinfo=zone)


def day_end(day: date, zone: ZoneInfo) -> datetime:
    """23:59:59 local: the inclusive end of a day window (`Period.end`)."""
    return datetime.combine(day, time(23, 59, 59), tzinfo=zone)


def next_weekday(base: date, weekday: int) -> date:
    """The next such weekday strictly after `base` (today excluded)."""
    return base + timedelta(days=(weekday - base.weekday() - 1) % 7 + 1)


def last_weekday(base: date, weekday: int) -> date:
    """The last such weekday strictly before `base`."""
    return base - timedelta(days=(base.weekday() - weekday - 1) % 7 + 1)


def week_monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def weekday_in_week(day: date, weekday: int, week_offset: int = 0) -> date:
    """The weekday of the Monday–Sunday week of `day`, shifted by whole weeks."""
    return week_monday(day) + timedelta(days=7 * week_offset + weekday)


def add_months(day: date, months: int) -> date | None:
    """The same day `months` later, or None when that month has no such day (no clamping guess)."""
    index = day.year * 12 + day.month - 1 + months
    try:
        moved = day.replace(year=index // 12, month=index % 12 + 1)
    except (ValueError, OverflowError):
        return None
    return moved if is_date(moved) else None


def month_bounds(year: int, month: int) -> tuple[date, date]:
    """First and last day of a month (of a year that is a date: check with `is_date` first)."""
    first = date(year, month, 1)
    following = date(year + month // 12, month % 12 + 1, 1)
    return first, following - timedelta(days=1)


def next_date_without_year(day: int, month: int, today: date) -> date | None:
    """The next such date, today included; None if it exists in none of the coming years (or is no date)."""
    for year in range(today.year, min(today.year + _YEARS_AHEAD, DATE_YEAR_MAX) + 1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if candidate >= today:
            return candidate if is_date(candidate) else None
    return None


def dated(day: int, month: int, year: int | None, today: date) -> date | None:
    """The date meant, or None when no such day exists or its year is outside 1900–2199 (issue 10 §4);
    no year → `next_date_without_year`."""
    if year is None:
        return next_date_without_year(day, month, today)
    if not is_year(year):
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def easter_sunday(year: int) -> date:
    """Easter Sunday of a Gregorian year: the anonymous computus (Meeus/Jones/Butcher)."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    leap = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * leap) // 451
    month, day = divmod(h + leap - 7 * m + 114, 31)
    return date(year, month, day + 1)


def holiday_in(holiday: Holiday, year: int) -> date:
    """The day of a holiday in one year: its fixed date, or Easter Sunday plus its offset."""
    if holiday.month_day is not None:
        return date(year, *holiday.month_day)
    return easter_sunday(year) + timedelta(days=holiday.easter_offset or 0)


def next_holiday(holiday: Holiday, today: date, year: int | None = None) -> date | None:
    """The holiday in the year said, or the next one from today on (today included); None outside 1900–2199."""
    if year is not None:
        return holiday_in(holiday, year) if is_year(year) else None
    if not is_year(today.year):
        return None
    day = holiday_in(holiday, today.year)
    if day < today:
        if not is_year(today.year + 1):
            return None
        day = holiday_in(holiday, today.year + 1)
    return day


def resolve_daypart(hour: int, half: str | None) -> int:
    """The 24-hour hour for a stated hour and the half of day of a daypart word next to it.

    Returns DAYPART_OPEN where the daypart does not settle the half (*mittags* and *nachts* at
    1–11, any daypart at 12 except *mittags*/*nachts*), DAYPART_CONFLICT where it contradicts the
    hour (*16 Uhr morgens*), §5.2 row *eine Stunde mit einer Tageszeit*.
    """
    if half is None:
        return hour
    if not 0 <= hour <= 23:
        return DAYPART_CONFLICT
    if half == "am":
        if 1 <= hour <= 11:
            return hour
        return DAYPART_OPEN if hour == 12 else DAYPART_CONFLICT
    if half == "pm":
        if 1 <= hour <= 11:
            return hour + 12
        if hour == 12:
            return DAYPART_OPEN
        return hour if hour >= 13 else DAYPART_CONFLICT
    if half == "noon":
        if hour == 12 or hour in (13, 14):
            return hour
        return DAYPART_OPEN if 1 <= hour <= 11 else DAYPART_CONFLICT
    if half == "night":
        if hour in (0, 12):
            return 0
        if hour in (22, 23):
            return hour
        return DAYPART_OPEN if 1 <= hour <= 11 else DAYPART_CONFLICT
    raise ValueError(f"unknown half of day {half!r}")
