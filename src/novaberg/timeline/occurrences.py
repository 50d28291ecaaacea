"""The rows a timeline read returns, with each series expanded into its occurrences (timeline.md §4a, §9; the rules
in `timeline/recurrence.py`): a window's occurrences in time order, the first coming occurrences of each series, the
coming or past occurrence a title search picks, and the limits of *past* a read measures with the turn's clock.
No SQL here: the repository reads the rows and hands them in.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.core.clock import as_utc
from novaberg.timeline import recurrence
from novaberg.timeparse.dates import day_start

__all__ = ["aware", "month_start", "past_bounds", "coming_from", "in_window", "first_occurrences", "picked",
           "at_minute"]


def aware(moment: Any, name: str) -> datetime:
    """`moment` in UTC; a naive or missing moment raises ValueError naming it."""
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise ValueError(f"timeline: {name} must be an aware datetime")
    return as_utc(moment)


def month_start(moment: datetime, zone: ZoneInfo) -> datetime:
    local = moment.astimezone(zone)
    return day_start(local.date().replace(day=1), zone)


def past_bounds(now: datetime, zone: ZoneInfo) -> dict[str, datetime]:
    """The three limits of *past* (§4a): now, today 00:00 local, the running month's start (UTC)."""
    local = aware(now, "now").astimezone(zone)
    today_start = day_start(local.date(), zone)
    return {"now": as_utc(local), "today_start": as_utc(today_start),
            "month_start": as_utc(month_start(local, zone))}


def coming_from(row: dict[str, Any], bounds: dict[str, datetime]) -> datetime:
    """Where *coming* starts for this row (§4a): now with a clock time, else today 00:00 local."""
    return bounds["now"] if row.get("precision") == "minute" else bounds["today_start"]


def in_window(rows: list[dict[str, Any]], start: datetime, end: datetime, zone: ZoneInfo) -> list[dict[str, Any]]:
    """The one-offs and every occurrence of the series from `start` to `end`, in time order."""
    found = recurrence.expand(rows, start, end, zone)
    found.sort(key=recurrence.sort_key)
    return found


def first_occurrences(series: list[dict[str, Any]], bounds: dict[str, datetime], zone: ZoneInfo,
                      limit: int) -> list[dict[str, Any]]:
    """Each series' first `limit` coming occurrences: from the cached weeks of the coming `limit` weeks (one
    expansion for all series); a series with fewer there (it ends, or repeats more rarely) is walked on alone."""
    start = bounds["today_start"]
    coming: dict[int, list[dict[str, Any]]] = {}
    for occurrence in recurrence.expand(series, start, start + timedelta(weeks=limit), zone):
        if occurrence["event_time"] >= coming_from(occurrence, bounds):
            coming.setdefault(occurrence["id"], []).append(occurrence)
    found: list[dict[str, Any]] = []
    for row in series:
        first = coming.get(row["id"], [])
        if len(first) < limit:
            first = recurrence.next_occurrences(row, coming_from(row, bounds), zone, limit)
        found.extend(first[:limit])
    return found


def picked(rows: list[dict[str, Any]], direction: str, now: datetime, zone: ZoneInfo,
           limit: int) -> list[dict[str, Any]]:
    """A title search's rows with each series as the occurrence its direction picks — the next coming one
    (`forward`), the last past one (`backward`), the coming else the past one (`both`) — in the direction's order."""
    bounds = past_bounds(now, zone)
    found = []
    for row in rows:
        if not recurrence.is_series(row):
            found.append(row)
            continue
        coming = recurrence.next_occurrence(row, coming_from(row, bounds), zone)
        past = recurrence.last_occurrence(row, coming_from(row, bounds), zone)
        pick = {"forward": coming, "backward": past, "both": coming or past}[direction]
        if pick is not None:
            found.append(pick)
    found.sort(key=recurrence.sort_key, reverse=direction == "backward")
    return found[:limit]


def at_minute(series: list[dict[str, Any]], minute: datetime, zone: ZoneInfo) -> list[dict[str, Any]]:
    """The occurrences of the series that start at exactly that minute."""
    return recurrence.expand(series, minute, minute, zone)
