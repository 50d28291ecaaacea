"""Series of the timeline: an RFC 5545 rule on one row, expanded only inside the window read.

A series row carries `rrule` (the RRULE value without its prefix) and `exdates` (UTC starts of cancelled or
moved-away occurrences). The rule is read in the person's zone with the row's `event_time` as DTSTART: the
arithmetic runs on wall-clock times of that zone (dateutil's `rrule` with a `ZoneInfo` start), so a weekly
18:00 stays 18:00 across the daylight-saving change, and each occurrence is turned into UTC afterwards.

Nothing here reads the clock; no rule is ever expanded beyond the window it is asked for.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from threading import Lock
from typing import Any
from zoneinfo import ZoneInfo

from dateutil.rrule import DAILY, MONTHLY, WEEKLY, YEARLY, rrule, rrulestr

from novaberg.core.clock import as_utc

__all__ = ["RuleError", "clear_caches", "check_rule", "occurrences", "expand", "window_starts", "occurrence_row",
           "next_occurrence", "last_occurrence", "occurs_at", "series_end", "last_start", "next_occurrences",
           "expand_days", "is_series", "YEARLY_TYPES", "yearly_rule", "until_value", "sort_key"]

# §8: a birthday and an anniversary repeat every year.
YEARLY_TYPES = ("geburtstag", "jahrestag")
# A rule must produce its first occurrence within this many years, or it is impossible (*jeden 31. Februar*).
_FIRST_OCCURRENCE_YEARS = 8


class RuleError(ValueError):
    """A rule that cannot be stored: unreadable, or it never produces an occurrence."""


def is_series(row: dict[str, Any]) -> bool:
    return bool(row.get("rrule"))


# The text of a rule is parsed once, whatever its start (a thousand weekly series share a handful of texts):
# parsed against this stand-in start, then anchored with `rrule.replace(dtstart=…)`, which derives every default
# the text leaves open (weekday, day of month, clock time) from the real start, as parsing with it would
# (tests/timeline/test_series_end.py::test_a_rule_parsed_once_equals_one_parsed_with_its_start).
_STAND_IN_START = datetime(2001, 1, 1, tzinfo=UTC)


@lru_cache(maxsize=1024)
def _parsed(text: str) -> rrule:
    parsed = rrulestr(text, dtstart=_STAND_IN_START)
    if not isinstance(parsed, rrule):
        raise RuleError(f"timeline: {text!r} is not a single RRULE")
    return parsed


@lru_cache(maxsize=4096)
def _base_rule(text: str, wall_start: datetime, zone_key: str) -> rrule:
    """The parsed rule anchored at its local start. The key holds the naive wall-clock start and the zone's
    name (two aware datetimes of one instant in different zones compare equal and would share an entry), and
    the rule text itself: a changed rule or start is a different key, never a stale entry."""
    return _parsed(text).replace(dtstart=wall_start.replace(tzinfo=ZoneInfo(zone_key)))


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
# directly. The cache is keyed by the series — its rule text, its UTC start (as a POSIX timestamp: cheap to
# hash) and the zone's name — and holds that series' weeks by their local Monday: a changed rule or start is
# another key, never a stale entry. Exdates are applied after the cache. Least recently read series go first.
_CACHED_WEEKS = 6
_SERIES_KEPT = 8192
_WEEKS_PER_SERIES = 64

_SeriesKey = tuple[str, float, str]
_weeks: OrderedDict[_SeriesKey, dict[date, tuple[datetime, ...]]] = OrderedDict()
_weeks_lock = Lock()


def clear_caches() -> None:
    """Forget every parsed rule and cached week (tests and benchmarks measure a cold read with it)."""
    _parsed.cache_clear()
    _base_rule.cache_clear()
    _moved_rule.cache_clear()
    _window_weeks.cache_clear()
    with _weeks_lock:
        _weeks.clear()


def _expand_weeks(text: str, event_time: datetime, zone: ZoneInfo,
                  mondays: tuple[date, ...]) -> dict[date, tuple[datetime, ...]]:
    """The rule's UTC starts per local week (Monday 00:00 to the next Monday 00:00), in one pass."""
    first = datetime.combine(mondays[0], time(0, 0), tzinfo=zone)
    after = datetime.combine(mondays[-1] + timedelta(days=7), time(0, 0), tzinfo=zone)
    rule = _anchored(text, event_time, zone, near=first)
    weeks: dict[date, list[datetime]] = {monday: [] for monday in mondays}
    for local in rule.between(first, after, inc=True):
        monday = local.date() - timedelta(days=local.weekday())
        if local < after and monday in weeks:
            weeks[monday].append(local.astimezone(UTC))
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


def _series_key(row: dict[str, Any], zone_key: str) -> _SeriesKey:
    # The UTC start and the zone's name stand for the wall-clock start in that zone (one instant, one zone).
    return (row["rrule"], row["event_time"].timestamp(), zone_key)


def _cached_weeks(rows: list[dict[str, Any]], zone: ZoneInfo,
                  mondays: tuple[date, ...]) -> list[dict[date, tuple[datetime, ...]]]:
    """Each row's weeks (at least `mondays`) from the cache; the rows with a missing week are expanded for all
    of `mondays` at once, outside the lock."""
    zone_key = zone.key
    keys = [_series_key(row, zone_key) for row in rows]
    found: list[dict[date, tuple[datetime, ...]] | None] = []
    with _weeks_lock:
        for key in keys:
            weeks = _weeks.get(key)
            if weeks is not None and all(monday in weeks for monday in mondays):
                _weeks.move_to_end(key)
                found.append(weeks)
            else:
                found.append(None)
    missing = [index for index, weeks in enumerate(found) if weeks is None]
    if not missing:
        return found  # type: ignore[return-value]
    fresh = {index: _expand_weeks(rows[index]["rrule"], rows[index]["event_time"], zone, mondays) for index in missing}
    with _weeks_lock:
        for index, by_monday in fresh.items():
            weeks = _weeks.get(keys[index])
            if weeks is None or len(weeks) + len(by_monday) > _WEEKS_PER_SERIES:
                weeks = {}
            weeks.update(by_monday)
            _weeks[keys[index]] = weeks
            _weeks.move_to_end(keys[index])
            found[index] = weeks
        while len(_weeks) > _SERIES_KEPT:
            _weeks.popitem(last=False)
    return found  # type: ignore[return-value]


def _series_starts(rows: list[dict[str, Any]], start: datetime, end: datetime,
                   zone: ZoneInfo) -> list[list[datetime]]:
    """For each series row, its UTC starts in [start, end] (exdates not yet applied), in time order."""
    mondays = _window_weeks(start, end, zone)
    if mondays is None:
        found = []
        for row in rows:
            rule = _anchored(row["rrule"], row["event_time"], zone, near=start)
            found.append([local.astimezone(UTC)
                          for local in rule.between(start.astimezone(zone), end.astimezone(zone), inc=True)])
        return found
    out = []
    for weeks in _cached_weeks(rows, zone, mondays):
        starts = [moment for monday in mondays for moment in weeks[monday]]
        if starts and (starts[0] < start or starts[-1] > end):  # only the first and the last week reach outside
            starts = [moment for moment in starts if start <= moment <= end]
        out.append(starts)
    return out


def _without_exdates(row: dict[str, Any], found: list[datetime]) -> list[datetime]:
    if not row.get("exdates"):
        return found
    skipped = _exdates(row)
    return [moment for moment in found if moment not in skipped]


def occurrences(row: dict[str, Any], start: datetime, end: datetime, zone: ZoneInfo) -> list[datetime]:
    """UTC starts of the row's occurrences in [start, end], without its exdates (a one-off: its own start)."""
    start, end = as_utc(start), as_utc(end)
    if not is_series(row):
        moment = as_utc(row["event_time"])
        return [moment] if start <= moment <= end else []
    return _without_exdates(row, _series_starts([row], start, end, zone)[0])


def occurrence_row(row: dict[str, Any], moment: datetime) -> dict[str, Any]:
    """The series row as one occurrence: same id and rule, the occurrence's start (and end moved along). A
    shallow copy: the lists in it (exdates, topics) are the series row's own and shared, never changed."""
    copy = row.copy()
    copy["serie_start"] = row["event_time"]
    copy["event_time"] = moment
    if row.get("event_ende") is not None:
        copy["event_ende"] = moment + (row["event_ende"] - row["event_time"])
    return copy


def window_starts(rows: list[dict[str, Any]], start: datetime, end: datetime, zone: ZoneInfo) -> list[list[datetime]]:
    """For each row (in the order of `rows`) the UTC starts it has in [start, end], in time order: a series its
    occurrences without its exdates, a one-off its own start as it is (the reader checks whether it falls in).
    Nothing is copied: a reader that lists a few of many occurrences builds rows only for those
    (`occurrence_row`) and counts the rest from these lists (the read cap)."""
    start, end = as_utc(start), as_utc(end)
    series = [row for row in rows if row.get("rrule")]
    found = iter(_series_starts(series, start, end, zone) if series else ())
    return [_without_exdates(row, next(found)) if row.get("rrule") else [row["event_time"]] for row in rows]


def expand(rows: Iterable[dict[str, Any]], start: datetime, end: datetime, zone: ZoneInfo) -> list[dict[str, Any]]:
    """One-offs as they are, each series as its occurrences in [start, end] (in the order of `rows`)."""
    rows = list(rows)
    out: list[dict[str, Any]] = []
    for row, starts in zip(rows, window_starts(rows, start, end, zone), strict=True):
        if row.get("rrule"):
            out.extend(occurrence_row(row, moment) for moment in starts)
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
            out.extend(occurrence_row(row, moment) for moment in occurrences(row, start, end, zone))
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
            return occurrence_row(row, as_utc(found))
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
            return occurrence_row(row, as_utc(found))
        moment = found
    return None


def _before_from_start(row: dict[str, Any], moment: datetime, zone: ZoneInfo) -> datetime | None:
    """The rule's last start before `moment`, iterated from the series' own start (when the moved rule has none:
    the occurrence lies more than a period back, e.g. a daily rule limited to March read in December)."""
    return _anchored(row["rrule"], row["event_time"], zone).before(moment, inc=False)


def occurs_at(row: dict[str, Any], moment: datetime, zone: ZoneInfo) -> bool:
    return bool(occurrences(row, moment, moment, zone))


# A COUNT rule's end is found by walking its occurrences; beyond this many the walk is not worth it at a write,
# and the series counts as without an end (never left out by the read's SQL — slower, never wrong).
_COUNT_WALKED_MAX = 10_000


def last_start(text: str, start: datetime, zone: ZoneInfo) -> datetime | None:
    """The UTC start of the rule's last occurrence with `start` as DTSTART in `zone`; None when it has no end
    (or a COUNT above `_COUNT_WALKED_MAX`). What the writer stores as `serie_ende` (schema timeline/006)."""
    rule = _anchored(text, start, zone)
    if rule._count is not None:
        if rule._count > _COUNT_WALKED_MAX:
            return None
        tail = deque(rule, maxlen=1)  # bounded by COUNT (a COUNT rule is never moved)
        return as_utc(tail[0]) if tail else None
    if rule._until is None:
        return None
    found = _anchored(text, start, zone, near=rule._until).before(rule._until, inc=True)
    found = found or rule.before(rule._until, inc=True)
    return as_utc(found) if found is not None else None


def series_end(row: dict[str, Any], zone: ZoneInfo) -> datetime | None:
    """The UTC start of the series' last occurrence, or None when it has no end."""
    return last_start(row["rrule"], row["event_time"], zone)


def yearly_rule(moment: datetime, zone: ZoneInfo) -> str:
    """The yearly rule of a birthday or anniversary on the local day of `moment`."""
    local = as_utc(moment).astimezone(zone)
    return f"FREQ=YEARLY;BYMONTH={local.month};BYMONTHDAY={local.day}"


def until_value(moment: datetime) -> str:
    """`UNTIL=` as RFC 5545 wants it with a zoned start: UTC with a Z."""
    return as_utc(moment).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def sort_key(row: dict[str, Any]) -> tuple[datetime, int]:
    """Time order, then id (aware datetimes compare as instants, whatever their zone)."""
    return (row["event_time"], row["id"])
