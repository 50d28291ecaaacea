"""`parse(text, now, reference=None) -> ZeitVektor`: one German time expression, read or refused.

timeline.md §6: the vector says what the text named (`tag_erkannt`, `uhrzeit_erkannt`) and how its
day is to be counted (`referenz_modus`, §6.3). With a `reference` — the old appointment when
rescheduling — the two phases of §6.1 run in one call: relative weekdays count from the reference,
and the part the text does not name comes from it (§6.2). A text that contradicts itself, names an
impossible date or hour, or says something the parser does not understand gives `moment=None`;
a text without a time never gives "now". A moment outside the years 1900–2199 is no date: the parser abstains, and no input makes it raise OverflowError.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal

from novaberg.timeparse.dates import (
    add_months,
    at_local,
    dated,
    day_start,
    is_date,
    last_weekday,
    local_now,
    next_holiday,
    next_weekday,
    resolve_daypart,
    shift_days,
    weekday_in_week,
)
from novaberg.timeparse.grammar import DayFact, Scan, scan
from novaberg.timeparse.hours import HourFact
from novaberg.timeparse.tokens import prepare, tokenize
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["ZeitVektor", "parse"]

Precision = Literal["minute", "day"]
ReferenceMode = Literal["absolut", "relativ", "relativ_rueckwaerts"]


@dataclass(frozen=True, slots=True)
class ZeitVektor:
    """The reading of one time expression (timeline.md §6).

    `moment` is aware in the local zone, or None. `precision` is 'minute' when the text named a
    clock time, 'day' when it named only a day, None without a moment. `end` is the end of a span
    (*von 10 bis 12 Uhr*) on the moment's day. With a reference, `moment` carries the reference's
    day or clock time where the text names none (§6.2); `precision` still says what the text named.
    """

    moment: datetime | None = None
    precision: Precision | None = None
    tag_erkannt: bool = False
    uhrzeit_erkannt: bool = False
    referenz_modus: ReferenceMode = "absolut"
    end: datetime | None = None


_NOTHING = ZeitVektor()


def parse(text: str, now: datetime, reference: datetime | None = None) -> ZeitVektor:
    """Read `text` at the moment `now` (aware); `reference` is the old appointment (§6.1, §6.2).

    Raises TypeError for a text that is not a string; every string gives a vector.
    """
    prepared = prepare(text)
    now_local = local_now(now)
    ref_local = local_now(reference, now_local.tzinfo) if reference is not None else None
    if not prepared:
        return _NOTHING
    toks = tokenize(prepared)
    if not toks:
        return _NOTHING
    facts = scan(toks)
    if facts is None:
        return _NOTHING
    try:
        vector = _resolve(facts, now_local, ref_local)
    except OverflowError:  # calendar arithmetic beyond year 9999 (a `now` or reference far out): no date
        return _NOTHING
    if vector.moment is not None and not is_date(vector.moment):
        return _NOTHING
    if vector.end is not None and not is_date(vector.end):
        return _NOTHING
    return vector


def _resolve(facts: Scan, now: datetime, ref: datetime | None) -> ZeitVektor:
    zone = now.tzinfo
    if facts.name_or_holiday and not facts.days:
        return _NOTHING  # *Nikolaus um 10*: St Nicholas' day or a person — another named day decides
    if facts.moments:
        return _relative_moment(facts, now)
    clocks = stated_clock_times(facts)
    if clocks is None:
        return _NOTHING
    start_clock, end_clock = clocks
    day_mode = _day_of(facts.days, now.date(), ref.date() if ref is not None else None)
    if day_mode is None:
        return _NOTHING
    day, mode = day_mode
    has_day, has_clock = day is not None, start_clock is not None
    if not has_day and not has_clock:
        return _NOTHING
    if ref is not None:
        day = day if day is not None else ref.date()
        start_clock = start_clock if start_clock is not None else (ref.hour, ref.minute)
        moment = _at(day, start_clock, zone)
    elif start_clock is None:
        assert day is not None
        moment = day_start(day, zone)  # type: ignore[arg-type]
    elif day is None:
        moment = _next_occurrence(start_clock, now)
    else:
        moment = _at(day, start_clock, zone)
    if moment is None:
        return _NOTHING
    end = None
    if end_clock is not None:
        end = _span_end(moment, end_clock, zone)
        if end is None:
            return _NOTHING
    return ZeitVektor(moment, "minute" if has_clock else "day", has_day, has_clock, mode, end)


def _relative_moment(facts: Scan, now: datetime) -> ZeitVektor:
    """*in 3 Stunden*, *in 45 Minuten*: counted in real time, so a DST change is crossed correctly."""
    if len(facts.moments) > 1 or facts.days or facts.times:
        return _NOTHING
    amount, unit = facts.moments[0]
    try:
        delta = timedelta(hours=amount) if unit == "hours" else timedelta(minutes=amount)
        moment = (now.astimezone(UTC) + delta).astimezone(now.tzinfo).replace(second=0, microsecond=0)
    except OverflowError:  # *in 99999999999 Stunden*
        return _NOTHING
    return ZeitVektor(moment, "minute", True, True, "absolut", None)


def _at(day: date, clock: tuple[int, int], zone: object) -> datetime | None:
    hour, minute = clock
    if hour == 24:  # *24 Uhr* is the end of the day: the next day's 00:00
        return at_local(day + timedelta(days=1), time(0, 0), zone)  # type: ignore[arg-type]
    return at_local(day, time(hour, minute), zone)  # type: ignore[arg-type]


def _next_occurrence(clock: tuple[int, int], now: datetime) -> datetime | None:
    """A clock time without a day: today if it is still ahead (this minute counts), else tomorrow."""
    today = _at(now.date(), clock, now.tzinfo)
    if today is None:
        return None
    if today >= now.replace(second=0, microsecond=0):
        return today
    return _at(now.date() + timedelta(days=1), clock, now.tzinfo)


def _span_end(start: datetime, clock: tuple[int, int], zone: object) -> datetime | None:
    end = _at(start.date(), clock, zone)
    if end is None:
        return None
    if end > start:
        return end
    if start.hour >= 18 and clock[0] <= 6:  # *von 22 bis 2 Uhr* runs into the night
        return _at(start.date() + timedelta(days=1), clock, zone)
    return None


def stated_clock_times(facts: Scan) -> tuple[tuple[int, int] | None, tuple[int, int] | None] | None:
    """(start, end) clock times of all time statements, or None if they disagree or are impossible."""
    if not facts.times:
        return None, None
    if not _attach_dayparts(facts):
        return None
    start: tuple[int, int] | None = None
    end: tuple[int, int] | None = None
    for item in facts.times:
        if item.kind == "move":
            first = _clock(item.second)  # type: ignore[arg-type]
        else:
            first = _clock(item.first)
        if first is None or (start is not None and first != start):
            return None
        start = first
        if item.kind == "span":
            second = _clock(item.second)  # type: ignore[arg-type]
            if second is None or end is not None:
                return None
            end = second
    return start, end


def _clock(hour: HourFact) -> tuple[int, int] | None:
    if hour.hour == 24:
        return (24, 0) if hour.half is None else None
    resolved = resolve_daypart(hour.hour, hour.half)
    if resolved < 0:
        return None
    if hour.half == "night" and resolved == 0:
        return None  # *12 Uhr nachts*: the midnight before or after the day — not decided here
    return resolved, hour.minute


def _attach_dayparts(facts: Scan) -> bool:
    """A daypart right before *um T* belongs to T; one left over holds for hours without one."""
    if not facts.dayparts:
        return True
    positions = dict(facts.dayparts)
    used: set[int] = set()
    hours = [h for item in facts.times for h in (item.first, item.second) if h is not None]
    for hour in hours:
        if hour.half is None:
            before = (hour.prep if hour.prep is not None else hour.first) - 1
            if before in positions:
                hour.half = positions[before]
                used.add(before)
    free = {half for index, half in positions.items() if index not in used}
    if not free:
        return True
    if len(free) > 1:
        return False
    (half,) = free
    for hour in hours:
        if hour.half is None:
            hour.half = half
        elif hour.half != half:
            return False
    return True


def _bare_weekday_to_move(weekday: int, today: date, ref_day: date) -> date:
    """timeline.md §6.3 with the §5.2 table: a weekday alone counts from the old appointment — it is that
    weekday in the appointment's Monday–Sunday week (*„auf Freitag“* for Monday 23.11 is Friday 27.11, not the
    coming Friday counted from today). The appointment's own weekday means the week after it. A day of that week
    that is not after today gives way to the coming such day (*„auf Donnerstag“* for this Friday's appointment,
    asked on Wednesday, is tomorrow). A past appointment counts from itself (§6.1)."""
    if weekday == ref_day.weekday():
        return next_weekday(ref_day, weekday)
    if ref_day < today:
        return next_weekday(ref_day, weekday)
    in_its_week = weekday_in_week(ref_day, weekday)
    return in_its_week if in_its_week > today else next_weekday(today, weekday)


def _day_of(days: list[DayFact], today: date, ref_day: date | None) -> tuple[date | None, ReferenceMode] | None:
    """The one day all day statements agree on, with its reference mode (§6.3); None on conflict."""
    if not days:
        return None, "absolut"
    anchors: list[date] = []
    weekdays: list[DayFact] = []
    for fact in days:
        if fact.kind == "weekday":
            weekdays.append(fact)
            continue
        anchor = _anchor(fact, today)
        if anchor is None:
            return None
        anchors.append(anchor)
    if anchors:
        day = anchors[0]
        if any(a != day for a in anchors) or any(w.value != day.weekday() for w in weekdays):
            return None  # *morgen am Mittwoch* when tomorrow is Tuesday (§3a)
        return day, "absolut"
    first = weekdays[0]
    if any(w.value != first.value or w.prefix != first.prefix for w in weekdays):
        return None
    if first.prefix == "this":
        return weekday_in_week(today, first.value), "absolut"
    if first.prefix is None and ref_day is not None:
        return _bare_weekday_to_move(first.value, today, ref_day), "relativ"
    base = ref_day if ref_day is not None else today
    if first.prefix == "last":
        return last_weekday(base, first.value), "relativ_rueckwaerts"
    if first.prefix == "after_next":
        return next_weekday(base, first.value) + timedelta(days=7), "relativ"  # the one after the next
    return next_weekday(base, first.value), "relativ"


def _anchor(fact: DayFact, today: date) -> date | None:
    kind = fact.kind
    if kind == "offset":
        return shift_days(today, fact.value)
    if kind == "date":
        if not (1 <= fact.month <= 12 and 1 <= fact.value <= 31):
            return None
        return dated(fact.value, fact.month, fact.year, today)
    if kind == "dom":
        return _next_day_of_month(fact.value, today)
    if kind == "week_weekday":
        return weekday_in_week(today, fact.value, fact.week)
    if kind == "holiday":
        return next_holiday(V.holidays[fact.value], today, fact.year)
    # shift: *in vier Tagen*, *vor zwei Wochen*, *in drei Monaten*
    unit, amount = fact.prefix, fact.value
    if unit == "days":
        return shift_days(today, amount)
    if unit == "weeks":
        return shift_days(today, 7 * amount)
    return add_months(today, amount * (12 if unit == "years" else 1))


def _next_day_of_month(day: int, today: date) -> date | None:
    """*am 17.*: the next 17th, today included; a day no month of the coming year has is None."""
    if not 1 <= day <= 31:
        return None
    for step in range(13):
        index = today.year * 12 + today.month - 1 + step
        try:
            candidate = date(index // 12, index % 12 + 1, day)
        except ValueError:
            continue
        if candidate >= today:
            return candidate
    return None

