"""The days of a period a memory question names (`text.told_periods` reads the words): the start and end in the
person's zone, for the told sentences of that period."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from novaberg.text.told_periods import AGO, CALENDAR, DAY, DAYS_BACK, WEEK, WEEKEND, NamedPeriod, named_period

__all__ = ["asked_period"]

_DAY = timedelta(days=1)
_UNIT_DAYS = {DAY: 1, WEEK: 7}
_MONTH_DAYS = 30  # *vor drei Monaten*: a month read as thirty days


def asked_period(text: str, now: datetime, zone: Any) -> tuple[datetime, datetime] | None:
    """*letzte Woche*, *diesen Monat*, *gestern*, *vor drei Wochen*, *vor ein paar Tagen*, and — in a question about
    what was told — *im Sommer*, *im Oktober*, *am Wochenende*: the period in the person's zone. A distance (*vor
    drei Wochen*) is read loosely: that day give or take half the unit, as people round."""
    named = named_period(text)
    if named is None:
        return None
    local = now.astimezone(zone)
    day = local.replace(hour=0, minute=0, second=0, microsecond=0)
    if named.kind == DAYS_BACK:
        back = named.count or 0
        return day - back * _DAY, day - (back - 1) * _DAY
    if named.kind == AGO:
        return _ago(named, day)
    if named.kind == CALENDAR:
        return _calendar(named, day)
    if named.kind == WEEKEND:
        saturday = day - timedelta(days=(day.weekday() - 5) % 7 or 7) if day.weekday() != 6 else day - _DAY
        return saturday, saturday + 2 * _DAY
    first_month = named.first  # MONTHS: a season or a month, the last one that has begun
    year = day.year if (day.year, day.month) >= (day.year, first_month) else day.year - 1
    start = _month_start(day, year, first_month)
    return start, _month_start(day, *_add_months(year, first_month, named.count or 1))


def _ago(named: NamedPeriod, day: datetime) -> tuple[datetime, datetime]:
    size = _UNIT_DAYS.get(named.unit, _MONTH_DAYS)
    if named.count is None:  # *vor ein paar Tagen/Wochen*: from two to six of them back
        return day - 6 * size * _DAY, day - (2 * size - 1) * _DAY
    centre = day - named.count * size * _DAY
    if size == 1:  # *vor zwei Tagen*: that day or the one before
        return centre - _DAY, centre + _DAY
    half = size // 2
    return centre - half * _DAY, centre + (half + 1) * _DAY


def _calendar(named: NamedPeriod, day: datetime) -> tuple[datetime, datetime]:
    back = named.count or 0
    if named.unit == WEEK:
        monday = day - timedelta(days=day.weekday()) - timedelta(days=7 * back)
        return monday, monday + timedelta(days=7)
    first = day.replace(day=1)
    year, month = _add_months(first.year, first.month, -back)
    start = _month_start(first, year, month)
    return start, _month_start(first, *_add_months(year, month, 1))


def _add_months(year: int, month: int, count: int) -> tuple[int, int]:
    index = year * 12 + month - 1 + count
    return index // 12, index % 12 + 1


def _month_start(day: datetime, year: int, month: int) -> datetime:
    return day.replace(year=year, month=month, day=1)
