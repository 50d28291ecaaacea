"""Read speed: a series is expanded only from the window's start, and the cache of parsed
rules and expanded weeks never serves a changed rule, start or zone (timeline.md §8: a series keeps its local
time: a weekly 18:00 stays 18:00 across the daylight-saving change)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from dateutil.rrule import rrule, rrulestr

from novaberg.timeline import recurrence

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
UTC_ZONE = ZoneInfo("UTC")


def _row(rule: str, start: datetime, exdates=()) -> dict:
    return {"id": 7, "event_time": start, "event_ende": start + timedelta(hours=2), "rrule": rule,
            "exdates": list(exdates), "aktiv": True}


def _local(moments, zone=BERLIN) -> list[str]:
    return [moment.astimezone(zone).strftime("%a %Y-%m-%d %H:%M") for moment in moments]


def _reference(rule: str, start: datetime, first: datetime, last: datetime) -> list[str]:
    """The occurrences iterated by dateutil from the series' own start, without any moving or caching."""
    plain = rrulestr(rule, dtstart=start.astimezone(BERLIN))
    return _local(plain.between(first.astimezone(BERLIN), last.astimezone(BERLIN), inc=True))


@pytest.fixture(autouse=True)
def _cold() -> None:
    recurrence.clear_caches()


@pytest.mark.parametrize(("first", "last"), [
    (datetime(2026, 3, 23, tzinfo=BERLIN), datetime(2026, 4, 5, 23, 59, tzinfo=BERLIN)),   # spring change
    (datetime(2026, 10, 19, tzinfo=BERLIN), datetime(2026, 11, 1, 23, 59, tzinfo=BERLIN)),  # autumn change
])
def test_a_weekly_series_started_years_ago_keeps_its_local_time_in_the_window(first, last) -> None:
    """§8: a Monday 18:00 series begun in 2009 (in winter time) is Monday 18:00 in 2026 on both sides of
    the daylight-saving change, read from the window's week only."""
    row = _row("FREQ=WEEKLY;BYDAY=MO", datetime(2009, 1, 5, 18, 0, tzinfo=BERLIN))
    found = recurrence.occurrences(row, first, last, BERLIN)
    assert _local(found) == [f"Mon {day} 18:00" for day in (
        ["2026-03-23", "2026-03-30"] if first.month == 3 else ["2026-10-19", "2026-10-26"])]
    expanded = recurrence.expand([row], first, last, BERLIN)
    assert [r["event_ende"] - r["event_time"] for r in expanded] == [timedelta(hours=2)] * 2
    assert all(r["serie_start"] == row["event_time"] for r in expanded)


@pytest.mark.parametrize("rule", [
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU",      # every second Tuesday: the two-week grid of 2011 must hold
    "FREQ=DAILY;INTERVAL=3",                # every third day
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",     # workdays
    "FREQ=MONTHLY;BYDAY=1SU",               # the first Sunday of the month
    "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15",
    "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3",   # a birthday
    "FREQ=WEEKLY;BYDAY=FR;UNTIL=20261231T230000Z",
    "FREQ=WEEKLY;BYDAY=FR;COUNT=900",
])
@pytest.mark.parametrize(("first", "days"), [
    (datetime(2026, 3, 25, 9, 30, tzinfo=BERLIN), 1),
    (datetime(2026, 3, 23, tzinfo=BERLIN), 14),
    (datetime(2026, 10, 20, 18, 0, tzinfo=BERLIN), 45),   # longer than the cached weeks: expanded directly
    (datetime(2027, 2, 1, tzinfo=BERLIN), 60),
])
def test_moving_the_start_forward_changes_no_occurrence(rule, first, days) -> None:
    start = datetime(2011, 3, 8, 19, 15, tzinfo=BERLIN)  # a Tuesday, in winter time
    last = first + timedelta(days=days)
    expected = _reference(rule, start, first, last)
    assert _local(recurrence.occurrences(_row(rule, start), first, last, BERLIN)) == expected
    assert _local(recurrence.occurrences(_row(rule, start), first, last, BERLIN)) == expected  # from the cache


def test_next_and_last_occurrence_of_an_old_series_match_the_plain_rule() -> None:
    start = datetime(2012, 3, 1, 7, 0, tzinfo=BERLIN)
    rule = "FREQ=DAILY;BYMONTH=3"  # March only: the last one before December lies months back
    row = _row(rule, start)
    moment = datetime(2026, 12, 1, 12, 0, tzinfo=BERLIN)
    plain = rrulestr(rule, dtstart=start)
    assert recurrence.last_occurrence(row, moment, BERLIN)["event_time"] == plain.before(moment)
    assert recurrence.next_occurrence(row, moment, BERLIN)["event_time"] == plain.after(moment, inc=True)
    ended = recurrence.series_end(_row(rule + ";UNTIL=20250315T000000Z", start), BERLIN)
    assert _local([ended]) == ["Fri 2025-03-14 07:00"]


def test_a_changed_rule_is_never_served_from_the_cache() -> None:
    """The cache is keyed by the row's values; the same row id with a new rule, a new start or read in
    another zone gives the new occurrences at once."""
    first, last = datetime(2026, 11, 30, tzinfo=BERLIN), datetime(2026, 12, 6, 23, 59, tzinfo=BERLIN)
    start = datetime(2020, 1, 6, 18, 0, tzinfo=BERLIN)
    assert _local(recurrence.occurrences(_row("FREQ=WEEKLY;BYDAY=MO", start), first, last, BERLIN)) == [
        "Mon 2026-11-30 18:00"]
    assert _local(recurrence.occurrences(_row("FREQ=WEEKLY;BYDAY=TU", start), first, last, BERLIN)) == [
        "Tue 2026-12-01 18:00"]
    moved = start.replace(hour=19)
    assert _local(recurrence.occurrences(_row("FREQ=WEEKLY;BYDAY=TU", moved), first, last, BERLIN)) == [
        "Tue 2026-12-01 19:00"]
    ended = _row("FREQ=WEEKLY;BYDAY=TU;UNTIL=20261130T000000Z", moved)
    assert recurrence.occurrences(ended, first, last, BERLIN) == []
    cancelled = _row("FREQ=WEEKLY;BYDAY=TU", moved, exdates=[datetime(2026, 12, 1, 18, 0, tzinfo=UTC_ZONE)])
    assert recurrence.occurrences(cancelled, first, last, BERLIN) == []



def test_one_instant_read_in_two_zones_is_two_entries() -> None:
    """The same UTC start is Monday 18:00 in Berlin and Monday 12:00 in New York: the cache keeps both apart (in
    the weeks between the American and the European change of clocks the two series differ by an hour)."""
    start = datetime(2020, 1, 6, 17, 0, tzinfo=UTC_ZONE)
    row = _row("FREQ=WEEKLY", start)
    first, last = datetime(2026, 3, 9, tzinfo=UTC_ZONE), datetime(2026, 3, 15, 23, 0, tzinfo=UTC_ZONE)
    assert _local(recurrence.occurrences(row, first, last, BERLIN)) == ["Mon 2026-03-09 18:00"]
    assert _local(recurrence.occurrences(row, first, last, NEW_YORK), NEW_YORK) == ["Mon 2026-03-09 12:00"]


def test_a_window_read_iterates_from_the_window_not_from_a_start_years_ago(monkeypatch) -> None:
    """A weekly series begun in 2009 read for one week in 2026 steps through a few starts, not
    through the ~900 since 2009 (the read target: 1,000 weekly series < 20 ms)."""
    produced = []
    plain_iter = rrule._iter

    def counted(self):
        for moment in plain_iter(self):
            produced.append(moment)
            yield moment

    monkeypatch.setattr(rrule, "_iter", counted)
    row = _row("FREQ=WEEKLY;BYDAY=MO", datetime(2009, 1, 5, 18, 0, tzinfo=BERLIN))
    first = datetime(2026, 11, 30, tzinfo=BERLIN)
    for read in range(3):  # the [TERMINE] block reads the same week turn after turn
        assert _local(recurrence.occurrences(row, first + timedelta(hours=read), first + timedelta(days=6), BERLIN)) == [
            "Mon 2026-11-30 18:00"]
    nxt = recurrence.next_occurrence(row, first + timedelta(days=1), BERLIN)
    assert _local([nxt["event_time"]]) == ["Mon 2026-12-07 18:00"]
    assert len(produced) <= 6


def test_an_unreadable_rule_still_raises_on_a_window_read() -> None:
    with pytest.raises(recurrence.RuleError):
        recurrence.occurrences(_row("FREQ=SOMETIMES", datetime(2020, 1, 6, 18, 0, tzinfo=BERLIN)),
                               datetime(2026, 11, 30, tzinfo=BERLIN), datetime(2026, 12, 6, tzinfo=BERLIN), BERLIN)
