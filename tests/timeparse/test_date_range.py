"""Dates outside the years 1900–2199 are no dates — every reader of time abstains,
and no input (text or `now`) makes one raise OverflowError."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from novaberg.core.settings import DATE_YEAR_MAX, DATE_YEAR_MIN
from novaberg.timeparse import named_period, parse, raw_time_form, read_time, reschedule_target, year_by_tense
from novaberg.timeparse.dates import add_months, dated, shift_days
from novaberg.tribunal.dates import weekday_mismatches
from tests.timeparse.support import BERLIN, WEDNESDAY, at

OUTSIDE = [
    "am 31.12.9999 um 23",
    "1.1.0001",
    "am 1.1.0001 um 3",
    "am 1.1.10000",
    "im Jahr 2300",
    "am 31.12.1899",
    "am 1.1.2200",
    "am 31.12.2199 um 24 Uhr",  # 24 Uhr is the next day's 00:00: 1.1.2200
    "Dezember 9999",
    "im Januar 1899",
    "in 99999999999 Tagen",
    "in 99999999999 Stunden",
    "in 999999999 Minuten",
    "in 9999999 Wochen",
    "in 999999999999 Monaten",
    "vor 99999999 Tagen",
    "vor 3000 Jahren",
    "in 500 Jahren",
]


@pytest.mark.parametrize("text", OUTSIDE)
def test_a_year_outside_the_range_is_no_date_the_parser_abstains(text: str) -> None:
    """A year outside 1900–2199 is no date: `parse` and `named_period` abstain, never raise."""
    assert parse(text, WEDNESDAY).moment is None
    assert parse(text, WEDNESDAY, reference=at(2026, 10, 16, 9, 30)).moment is None
    assert named_period(text, WEDNESDAY) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("31.12.2199 um 23:59", at(2199, 12, 31, 23, 59)),
        ("1.1.1900", at(1900, 1, 1)),
        ("am 1.1.1900 um 0:30", at(1900, 1, 1, 0, 30)),
    ],
)
def test_the_edges_of_the_range_are_dates(text: str, expected: datetime) -> None:
    """1.1.1900 and 31.12.2199 23:59 are dates, and their UTC value exists (no overflow)."""
    moment = parse(text, WEDNESDAY).moment
    assert moment == expected
    assert moment is not None and moment.astimezone(UTC).year in (1899, 1900, 2199)


def test_named_periods_at_the_edges() -> None:
    """*Dezember 2199* and *1.1.1900* are periods; *Januar 2200* is none."""
    december = named_period("Dezember 2199", WEDNESDAY)
    assert december is not None and december.end.date() == date(2199, 12, 31)
    first = named_period("1.1.1900", WEDNESDAY)
    assert first is not None and first.start.date() == date(1900, 1, 1)
    assert named_period("Januar 2200", WEDNESDAY) is None


def test_relative_days_that_leave_the_range_abstain() -> None:
    """*morgen* on 31.12.2199 would be 2200 — no date; *gestern* on 1.1.1900 likewise."""
    assert parse("morgen", at(2199, 12, 31, 12)).moment is None
    assert named_period("nächste Woche", at(2199, 12, 31, 12)) is None
    assert named_period("nächsten Monat", at(2199, 12, 31, 12)) is None
    assert parse("gestern um 10", at(1900, 1, 1, 12)).moment is None
    assert parse("morgen", at(2199, 12, 30, 12)).moment == at(2199, 12, 31)


def test_calendar_helpers_refuse_the_outside() -> None:
    """The shared calendar rules give None instead of a date outside 1900–2199 or an OverflowError."""
    today = date(2026, 10, 14)
    assert dated(31, 12, 9999, today) is None
    assert dated(1, 1, 1, today) is None
    assert dated(1, 1, 1900, today) == date(1900, 1, 1)
    assert dated(1, 1, None, date(2199, 12, 31)) is None  # the next 1 January is in 2200
    assert shift_days(today, 10**12) is None
    assert shift_days(today, -(10**6)) is None
    assert add_months(today, 10**12) is None
    assert add_months(today, 12 * 200) is None


def test_year_by_tense_is_loud_outside_the_range() -> None:
    """An announced May said in December 2199 would be in 2200: ValueError (its loud outcome)."""
    with pytest.raises(ValueError, match="no date"):
        year_by_tense(5, None, "angekuendigt", date(2199, 12, 1))
    with pytest.raises(ValueError, match="no date"):
        year_by_tense(5, 3, "berichtet", date(1900, 1, 1))


@pytest.mark.parametrize(
    "text",
    ["Montag, 1.1.0001", "Freitag, 31.12.9999", "Mittwoch, 9999-12-31", "Dienstag, 31. Dezember 9999",
     "Freitag, 0001-01-01", "Mo, 29.2."],
)
@pytest.mark.parametrize("today", [date(2026, 5, 4), date(2199, 12, 31), date(1900, 1, 1)])
def test_the_tribunals_weekday_check_never_raises_on_such_dates(text: str, today: date) -> None:
    """The weekday check reads no date outside 1900–2199, so it finds no mismatch and never raises."""
    assert weekday_mismatches(text, today) == []


# --- properties ---------------------------------------------------------------------------------------

_NUMBER = st.integers(min_value=0, max_value=10**13).map(str)
_PIECES = st.one_of(
    st.sampled_from(["am", "um", "im", "in", "vor", "Jahr", "Jahren", "Tagen", "Wochen", "Monaten", "Stunden",
                     "Minuten", "Dezember", "Januar", "nächsten", "letzten", "Monat", "Woche", "morgen",
                     "übermorgen", "gestern", "Freitag", "Uhr", "24", "bis", ",", "."]),
    _NUMBER,
    st.tuples(st.integers(0, 40), st.integers(0, 15), st.integers(0, 99999)).map(lambda p: f"{p[0]}.{p[1]}.{p[2]}"),
    st.tuples(st.integers(0, 99999), st.integers(0, 15), st.integers(0, 40)).map(lambda p: f"{p[0]}-{p[1]}-{p[2]}"),
    st.tuples(st.integers(0, 40), st.integers(0, 15)).map(lambda p: f"{p[0]}.{p[1]}."),
)
_SENTENCES = st.one_of(st.lists(_PIECES, min_size=1, max_size=8).map(" ".join), st.text(max_size=80))
_NOWS = st.datetimes(min_value=datetime(1900, 1, 1), max_value=datetime(2199, 12, 31, 23, 59)).map(
    lambda moment: moment.replace(tzinfo=BERLIN)
)


def _in_range(moment: datetime) -> bool:
    return DATE_YEAR_MIN <= moment.year <= DATE_YEAR_MAX


@settings(max_examples=500, deadline=None)
@given(_SENTENCES, _NOWS)
def test_parse_and_named_period_never_raise_and_stay_in_the_range(text: str, now: datetime) -> None:
    """For any text and any `now` in 1900–2199, parse/named_period never raise, and any
    moment they return lies within 1900–2199 (its UTC value computable)."""
    vector = parse(text, now)
    for moment in (vector.moment, vector.end):
        if moment is not None:
            assert _in_range(moment)
            moment.astimezone(UTC)
    with_reference = parse(text, now, reference=now - timedelta(days=1) if now.year > 1900 else now)
    if with_reference.moment is not None:
        assert _in_range(with_reference.moment)
    period = named_period(text, now)
    if period is not None:
        assert _in_range(period.start) and _in_range(period.end)


@settings(max_examples=200, deadline=None)
@given(_SENTENCES, _NOWS)
def test_the_other_readers_never_raise_near_the_range(text: str, now: datetime) -> None:
    """read_time, the positive form and the reschedule check never raise, and a new
    moment of a reschedule lies within 1900–2199."""
    read_time(text).clock_time()
    raw_time_form(text, "Zahnarzt")
    result = reschedule_target(text, now, now, title="Zahnarzt", expression=text[:40])
    if result.moment is not None:
        assert _in_range(result.moment)


@settings(max_examples=100, deadline=None)
@given(_SENTENCES, st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)))
def test_no_overflow_even_for_a_now_far_outside(text: str, naive_now: datetime) -> None:
    """Even a `now` in year 1 or 9999 gives no OverflowError, and no moment outside 1900–2199."""
    now = naive_now.replace(tzinfo=UTC)
    vector = parse(text, now)
    if vector.moment is not None:
        assert _in_range(vector.moment)
    period = named_period(text, now)
    if period is not None:
        assert _in_range(period.start)
