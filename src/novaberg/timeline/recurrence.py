"""Series of the timeline (issue 29): an RFC 5545 rule on one row, expanded only inside the window read.

A series row carries `rrule` (the RRULE value without its prefix) and `exdates` (UTC starts of cancelled or
moved-away occurrences). The rule is read in the person's zone with the row's `event_time` as DTSTART: the
arithmetic runs on wall-clock times of that zone (dateutil's `rrule` with a `ZoneInfo` start), so a weekly
18:00 stays 18:00 across the daylight-saving change, and each occurrence is turned into UTC afterwards.

Nothing here reads the clock; no rule is ever expanded beyond the window it is asked for.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime, time
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from dateutil.rrule import rrule, rrulestr

from novaberg.core.clock import as_utc

__all__ = ["RuleError", "check_rule", "occurrences", "expand", "next_occurrence", "last_occurrence",
           "occurs_at", "series_end", "next_occurrences", "expand_days", "is_series", "YEARLY_TYPES", "yearly_rule", "until_value", "sort_key"]

# §8: a birthday and an anniversary repeat every year.
YEARLY_TYPES = ("geburtstag", "jahrestag")
# A rule must produce its first occurrence within this many years, or it is impossible (*jeden 31. Februar*).
_FIRST_OCCURRENCE_YEARS = 8


class RuleError(ValueError):
    """A rule that cannot be stored: unreadable, or it never produces an occurrence."""


def is_series(row: dict[str, Any]) -> bool:
    return bool(row.get("rrule"))


@lru_cache(maxsize=8192)
def _rule(text: str, start_local: datetime) -> rrule:
    """The parsed rule anchored at its local start; cached (a window read parses each series once)."""
    parsed = rrulestr(text, dtstart=start_local, cache=True)
    if not isinstance(parsed, rrule):
        raise RuleError(f"timeline: {text!r} is not a single RRULE")
    return parsed


def _anchored(text: str, start: datetime, zone: ZoneInfo) -> rrule:
    if not isinstance(text, str) or not text.strip() or text.upper().startswith("RRULE:"):
        raise RuleError(f"timeline: {text!r} is no RRULE value (without the RRULE: prefix)")
    try:
        return _rule(text.strip(), as_utc(start).astimezone(zone))
    except RuleError:
        raise
    except (ValueError, TypeError) as err:
        raise RuleError(f"timeline: unreadable RRULE {text!r}: {err}") from err


def check_rule(text: str, start: datetime, zone: ZoneInfo) -> None:
    """Raise `RuleError` unless the rule is readable and has an occurrence soon after `start`."""
    rule = _anchored(text, start, zone)
    local = as_utc(start).astimezone(zone)
    horizon = local.replace(year=local.year + _FIRST_OCCURRENCE_YEARS, month=1, day=1)
    found = rule.after(local, inc=True)
    if found is None or found >= horizon:
        raise RuleError(f"timeline: the rule {text!r} never occurs from {local:%Y-%m-%d}")


def _exdates(row: dict[str, Any]) -> set[datetime]:
    return {as_utc(moment) for moment in row.get("exdates") or ()}


def occurrences(row: dict[str, Any], start: datetime, end: datetime, zone: ZoneInfo) -> list[datetime]:
    """UTC starts of the row's occurrences in [start, end], without its exdates (a one-off: its own start)."""
    start, end = as_utc(start), as_utc(end)
    if not is_series(row):
        moment = as_utc(row["event_time"])
        return [moment] if start <= moment <= end else []
    rule = _anchored(row["rrule"], row["event_time"], zone)
    skipped = _exdates(row)
    found = (as_utc(local) for local in rule.between(start.astimezone(zone), end.astimezone(zone), inc=True))
    return [moment for moment in found if moment not in skipped]


def _occurrence_row(row: dict[str, Any], moment: datetime) -> dict[str, Any]:
    """The series row as one occurrence: same id and rule, the occurrence's start (and end moved along)."""
    copy = dict(row)
    copy["serie_start"] = row["event_time"]
    copy["event_time"] = moment
    if row.get("event_ende") is not None:
        copy["event_ende"] = moment + (as_utc(row["event_ende"]) - as_utc(row["event_time"]))
    return copy


def expand(rows: Iterable[dict[str, Any]], start: datetime, end: datetime, zone: ZoneInfo) -> list[dict[str, Any]]:
    """One-offs as they are, each series as its occurrences in [start, end]."""
    out: list[dict[str, Any]] = []
    for row in rows:
        if is_series(row):
            out.extend(_occurrence_row(row, moment) for moment in occurrences(row, start, end, zone))
        else:
            out.append(row)
    return out


def expand_days(rows: Iterable[dict[str, Any]], first: date, last: date, zone: ZoneInfo) -> list[dict[str, Any]]:
    """The rows of a calendar view from `first` to `last` (local days, inclusive): an active series as its
    occurrences in those days, every other row as it is (the view decides what falls in)."""
    start = datetime.combine(first, time(0, 0), tzinfo=zone)
    end = datetime.combine(last, time(23, 59, 59), tzinfo=zone)
    out: list[dict[str, Any]] = []
    for row in rows:
        if is_series(row) and row.get("aktiv", True):
            out.extend(_occurrence_row(row, moment) for moment in occurrences(row, start, end, zone))
        else:
            out.append(row)
    return out


def next_occurrence(row: dict[str, Any], after: datetime, zone: ZoneInfo, *,
                    inclusive: bool = True) -> dict[str, Any] | None:
    """The series' first occurrence at or after `after` (not an exdate), as an occurrence row; None at its end."""
    rule = _anchored(row["rrule"], row["event_time"], zone)
    skipped = _exdates(row)
    moment = as_utc(after).astimezone(zone)
    for _ in range(len(skipped) + 1):
        found = rule.after(moment, inc=inclusive)
        if found is None:
            return None
        if as_utc(found) not in skipped:
            return _occurrence_row(row, as_utc(found))
        moment, inclusive = found, False
    return None


def next_occurrences(row: dict[str, Any], after: datetime, zone: ZoneInfo, count: int) -> list[dict[str, Any]]:
    """The series' first `count` occurrences at or after `after`, as occurrence rows (fewer at its end)."""
    found: list[dict[str, Any]] = []
    moment, inclusive = after, True
    while len(found) < count:
        nxt = next_occurrence(row, moment, zone, inclusive=inclusive)
        if nxt is None:
            break
        found.append(nxt)
        moment, inclusive = nxt["event_time"], False
    return found


def last_occurrence(row: dict[str, Any], before: datetime, zone: ZoneInfo) -> dict[str, Any] | None:
    """The series' last occurrence before `before` (not an exdate), as an occurrence row."""
    rule = _anchored(row["rrule"], row["event_time"], zone)
    skipped = _exdates(row)
    moment = as_utc(before).astimezone(zone)
    for _ in range(len(skipped) + 1):
        found = rule.before(moment, inc=False)
        if found is None:
            return None
        if as_utc(found) not in skipped:
            return _occurrence_row(row, as_utc(found))
        moment = found
    return None


def occurs_at(row: dict[str, Any], moment: datetime, zone: ZoneInfo) -> bool:
    return bool(occurrences(row, moment, moment, zone))


def series_end(row: dict[str, Any], zone: ZoneInfo) -> datetime | None:
    """The UTC start of the series' last occurrence, or None when it has no end."""
    rule = _anchored(row["rrule"], row["event_time"], zone)
    if "UNTIL=" not in row["rrule"].upper() and "COUNT=" not in row["rrule"].upper():
        return None
    starts = list(rule)  # bounded by UNTIL or COUNT
    return as_utc(starts[-1]) if starts else None


def yearly_rule(moment: datetime, zone: ZoneInfo) -> str:
    """The yearly rule of a birthday or anniversary on the local day of `moment`."""
    local = as_utc(moment).astimezone(zone)
    return f"FREQ=YEARLY;BYMONTH={local.month};BYMONTHDAY={local.day}"


def until_value(moment: datetime) -> str:
    """`UNTIL=` as RFC 5545 wants it with a zoned start: UTC with a Z."""
    return as_utc(moment).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def sort_key(row: dict[str, Any]) -> tuple[datetime, int]:
    return (as_utc(row["event_time"]), int(row["id"]))
