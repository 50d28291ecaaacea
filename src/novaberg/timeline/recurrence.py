"""Series of the timeline (issue 29): an RFC 5545 rule on one row, expanded only inside the window read.

A series row carries `rrule` (the RRULE value without its prefix) and `exdates` (UTC starts of cancelled or
moved-away occurrences). The rule is read in the person's zone with the row's `event_time` as DTSTART: the
arithmetic runs on wall-clock times of that zone (dateutil's `rrule` with a `ZoneInfo` start), so a weekly
18:00 stays 18:00 across the daylight-saving change, and each occurrence is turned into UTC afterwards.

Nothing here reads the clock; no rule is ever expanded beyond the window it is asked for.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from threading import Lock
from typing import Any
from zoneinfo import ZoneInfo

from dateutil.rrule import DAILY, MONTHLY, WEEKLY, YEARLY, rrule, rrulestr

from novaberg.core.clock import as_utc

__all__ = ["RuleError", "clear_caches", "check_rule", "occurrences", "expand", "next_occurrence", "last_occurrence",
           "occurs_at", "series_end", "next_occurrences", "expand_days", "is_series", "YEARLY_TYPES", "yearly_rule", "until_value", "sort_key"]

# §8: a birthday and an anniversary repeat every year.
YEARLY_TYPES = ("geburtstag", "jahrestag")
# A rule must produce its first occurrence within this many years, or it is impossible (*jeden 31. Februar*).
_FIRST_OCCURRENCE_YEARS = 8


class RuleError(ValueError):
    """A rule that cannot be stored: unreadable, or it never produces an occurrence."""


def is_series(row: dict[str, Any]) -> bool:
    return bool(row.get("rrule"))


@lru_cache(maxsize=4096)
def _base_rule(text: str, wall_start: datetime, zone_key: str) -> rrule:
    """The parsed rule anchored at its local start. The key holds the naive wall-clock start and the zone's
    name (two aware datetimes of one instant in different zones compare equal and would share an entry), and
    the rule text itself: a changed rule or start is a different key, never a stale entry."""
    parsed = rrulestr(text, dtstart=wall_start.replace(tzinfo=ZoneInfo(zone_key)))
    if not isinstance(parsed, rrule):
        raise RuleError(f"timeline: {text!r} is not a single RRULE")
    return parsed


# Rules whose periods are a fixed number of days or months long: moving DTSTART forward by whole periods keeps
# every later occurrence (the period grid and the wall-clock time stay), so a window read iterates from about
# one period before its start instead of from a start years ago. A COUNT rule is never moved (it counts from
# its start); it is bounded anyway.
_PERIOD_DAYS = {DAILY: 1, WEEKLY: 7}
_PERIOD_MONTHS = {MONTHLY: 1, YEARLY: 12}


def _months_later(wall: datetime, months: int) -> datetime:
    index = wall.year * 12 + wall.month - 1 + months
    return wall.replace(year=index // 12, month=index % 12 + 1)


def _periods_before(rule: rrule, wall_start: datetime, wall_moment: datetime) -> tuple[int, int]:
    """(days, months) by which DTSTART may move forward by whole periods and still lie at or before
    `wall_moment`."""
    if rule._count is not None or wall_moment <= wall_start:
        return 0, 0
    interval = rule._interval
    if rule._freq in _PERIOD_DAYS:
        step = _PERIOD_DAYS[rule._freq] * interval
        return (wall_moment - wall_start).days // step * step, 0
    if rule._freq in _PERIOD_MONTHS and wall_start.day <= 28:  # the 29th to 31st do not exist in every month
        step = _PERIOD_MONTHS[rule._freq] * interval
        months = (wall_moment.year - wall_start.year) * 12 + wall_moment.month - wall_start.month
        periods = months // step
        if periods > 0 and _months_later(wall_start, periods * step) > wall_moment:
            periods -= 1
        return 0, max(periods, 0) * step
    return 0, 0


@lru_cache(maxsize=8192)
def _moved_rule(text: str, wall_start: datetime, zone_key: str, days: int, months: int) -> rrule:
    base = _base_rule(text, wall_start, zone_key)
    if not days and not months:
        return base
    moved = _months_later(wall_start + timedelta(days=days), months)
    return base.replace(dtstart=moved.replace(tzinfo=ZoneInfo(zone_key)))


def _wall(moment: datetime, zone: ZoneInfo) -> datetime:
    return as_utc(moment).astimezone(zone).replace(tzinfo=None)


def _anchored(text: str, start: datetime, zone: ZoneInfo, near: datetime | None = None) -> rrule:
    """The row's rule; with `near`, one whose DTSTART moved forward to about a period before `near` (the same
    occurrences from there on)."""
    if not isinstance(text, str) or not text.strip() or text.upper().startswith("RRULE:"):
        raise RuleError(f"timeline: {text!r} is no RRULE value (without the RRULE: prefix)")
    wall_start, key = _wall(start, zone), zone.key
    try:
        base = _base_rule(text.strip(), wall_start, key)
        if near is None:
            return base
        days, months = _periods_before(base, wall_start, _wall(near, zone))
        return _moved_rule(text.strip(), wall_start, key, days, months)
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


# A window read of up to this many local weeks takes each series' starts week by week from a bounded cache
# (the [TERMINE] block and the week view ask for the same weeks turn after turn); longer windows expand
# directly. The key is the rule text, the wall-clock start, the zone and the week: a changed rule or start
# is another key, never a stale entry. Exdates are applied after the cache.
_CACHED_WEEKS = 6


_WEEKS_KEPT = 32768
_weeks: OrderedDict[tuple[str, datetime, str, date], tuple[datetime, ...]] = OrderedDict()
_weeks_lock = Lock()


def clear_caches() -> None:
    """Forget every parsed rule and cached week (tests and benchmarks measure a cold read with it)."""
    _base_rule.cache_clear()
    _moved_rule.cache_clear()
    _window_weeks.cache_clear()
    with _weeks_lock:
        _weeks.clear()


def _expand_weeks(text: str, wall_start: datetime, zone: ZoneInfo,
                  mondays: list[date]) -> dict[date, tuple[datetime, ...]]:
    """The rule's UTC starts per local week (Monday 00:00 to the next Monday 00:00), in one pass."""
    first = datetime.combine(mondays[0], time(0, 0), tzinfo=zone)
    after = datetime.combine(mondays[-1] + timedelta(days=7), time(0, 0), tzinfo=zone)
    rule = _anchored(text, wall_start.replace(tzinfo=zone), zone, near=first)
    weeks: dict[date, list[datetime]] = {monday: [] for monday in mondays}
    for local in rule.between(first, after, inc=True):
        monday = local.date() - timedelta(days=local.weekday())
        if local < after and monday in weeks:
            weeks[monday].append(as_utc(local))
    return {monday: tuple(found) for monday, found in weeks.items()}


@lru_cache(maxsize=256)
def _window_weeks(start: datetime, end: datetime, zone: ZoneInfo) -> tuple[date, ...] | None:
    """The local Mondays of the weeks the UTC window touches; None when there are too many to cache."""
    first, last = start.astimezone(zone), end.astimezone(zone)
    first_monday = first.date() - timedelta(days=first.weekday())
    weeks = (last.date() - first_monday).days // 7 + 1
    if weeks > _CACHED_WEEKS:
        return None
    return tuple(first_monday + timedelta(days=7 * week) for week in range(weeks))


def _starts_between(text: str, event_time: datetime, start: datetime, end: datetime,
                    zone: ZoneInfo) -> list[datetime]:
    mondays = _window_weeks(start, end, zone)
    if mondays is None:
        rule = _anchored(text, event_time, zone, near=start)
        return [as_utc(local) for local in rule.between(start.astimezone(zone), end.astimezone(zone), inc=True)]
    text, wall_start, zone_key = text.strip(), _wall(event_time, zone), zone.key
    keys = [(text, wall_start, zone_key, monday) for monday in mondays]
    with _weeks_lock:
        cached = [_weeks.get(key) for key in keys]
    if None in cached:
        fresh = _expand_weeks(text, wall_start, zone, list(mondays))
        cached = [fresh[monday] for monday in mondays]
        with _weeks_lock:
            for key, week in zip(keys, cached, strict=True):
                _weeks[key] = week
            while len(_weeks) > _WEEKS_KEPT:
                _weeks.popitem(last=False)
    return [moment for week in cached for moment in week if start <= moment <= end]


def occurrences(row: dict[str, Any], start: datetime, end: datetime, zone: ZoneInfo) -> list[datetime]:
    """UTC starts of the row's occurrences in [start, end], without its exdates (a one-off: its own start)."""
    start, end = as_utc(start), as_utc(end)
    if not is_series(row):
        moment = as_utc(row["event_time"])
        return [moment] if start <= moment <= end else []
    found = _starts_between(row["rrule"], row["event_time"], start, end, zone)
    if not row.get("exdates"):
        return found
    skipped = _exdates(row)
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
    rule = _anchored(row["rrule"], row["event_time"], zone, near=after)
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
    moved = _anchored(row["rrule"], row["event_time"], zone, near=before)
    skipped = _exdates(row)
    moment = as_utc(before).astimezone(zone)
    for _ in range(len(skipped) + 1):
        found = moved.before(moment, inc=False) or _before_from_start(row, moment, zone)
        if found is None:
            return None
        if as_utc(found) not in skipped:
            return _occurrence_row(row, as_utc(found))
        moment = found
    return None


def _before_from_start(row: dict[str, Any], moment: datetime, zone: ZoneInfo) -> datetime | None:
    """The rule's last start before `moment`, iterated from the series' own start (when the moved rule has none:
    the occurrence lies more than a period back, e.g. a daily rule limited to March read in December)."""
    return _anchored(row["rrule"], row["event_time"], zone).before(moment, inc=False)


def occurs_at(row: dict[str, Any], moment: datetime, zone: ZoneInfo) -> bool:
    return bool(occurrences(row, moment, moment, zone))


def series_end(row: dict[str, Any], zone: ZoneInfo) -> datetime | None:
    """The UTC start of the series' last occurrence, or None when it has no end."""
    rule = _anchored(row["rrule"], row["event_time"], zone)
    if rule._count is not None:
        starts = list(rule)  # bounded by COUNT (a COUNT rule is never moved)
        return as_utc(starts[-1]) if starts else None
    if rule._until is None:
        return None
    last = _anchored(row["rrule"], row["event_time"], zone, near=rule._until).before(rule._until, inc=True)
    last = last or rule.before(rule._until, inc=True)
    return as_utc(last) if last is not None else None


def yearly_rule(moment: datetime, zone: ZoneInfo) -> str:
    """The yearly rule of a birthday or anniversary on the local day of `moment`."""
    local = as_utc(moment).astimezone(zone)
    return f"FREQ=YEARLY;BYMONTH={local.month};BYMONTHDAY={local.day}"


def until_value(moment: datetime) -> str:
    """`UNTIL=` as RFC 5545 wants it with a zoned start: UTC with a Z."""
    return as_utc(moment).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def sort_key(row: dict[str, Any]) -> tuple[datetime, int]:
    return (as_utc(row["event_time"]), int(row["id"]))
