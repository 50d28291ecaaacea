"""`named_period` pins every row of the §4.2 table (timeline.md, *Zeitraum-Suche*): a named period is
a window over the whole period, 00:00 to 23:59:59 local, with the direction rules and the weekend
decided on 17.10.2026."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from novaberg.timeparse import Period, named_period
from tests.timeparse.support import WEDNESDAY, at

NOW = WEDNESDAY  # Wednesday 14.10.2026


def _window(text: str, first: date, last: date, kind: str, now: datetime = NOW) -> Period:
    period = named_period(text, now)
    assert period is not None, text
    assert period.start == at(first.year, first.month, first.day), text
    assert period.end == datetime(last.year, last.month, last.day, 23, 59, 59, tzinfo=period.start.tzinfo), text
    assert period.kind == kind, text
    return period


# Row: einen Monat oder Monatsnamen (*im November*, *diesen Monat*, *nächsten Monat*) → alle Tage des Monats
@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("im November", date(2026, 11, 1), date(2026, 11, 30)),
        ("November", date(2026, 11, 1), date(2026, 11, 30)),
        ("im Nov.", date(2026, 11, 1), date(2026, 11, 30)),
        ("diesen Monat", date(2026, 10, 1), date(2026, 10, 31)),
        ("nächsten Monat", date(2026, 11, 1), date(2026, 11, 30)),
        ("im nächsten Monat", date(2026, 11, 1), date(2026, 11, 30)),
        ("letzten Monat", date(2026, 9, 1), date(2026, 9, 30)),
        ("im Februar", date(2027, 2, 1), date(2027, 2, 28)),
        ("im Jänner", date(2027, 1, 1), date(2027, 1, 31)),
        ("im November 2027", date(2027, 11, 1), date(2027, 11, 30)),
    ],
)
def test_row_a_month_is_all_its_days(text: str, first: date, last: date) -> None:
    """§4.2 row *einen Monat oder Monatsnamen*: alle Tage des Monats, 00:00 bis 23:59:59."""
    _window(text, first, last, "month")


def test_direction_a_past_month_name_is_the_coming_one() -> None:
    """A departure from timeline.md §4.2 *Die Richtung*: *im September*, gefragt im Oktober, ist der kommende September;
    the running month is this one."""
    _window("im September", date(2027, 9, 1), date(2027, 9, 30), "month")
    _window("im Oktober", date(2026, 10, 1), date(2026, 10, 31), "month")


def test_direction_naechsten_is_the_next_letzten_the_last_occurrence() -> None:
    """§4.2: *nächsten* meint das nächste Vorkommen, *letzten* das letzte davor."""
    _window("nächsten November", date(2026, 11, 1), date(2026, 11, 30), "month")
    _window("nächsten Oktober", date(2027, 10, 1), date(2027, 10, 31), "month")
    _window("letzten November", date(2025, 11, 1), date(2025, 11, 30), "month")
    _window("letzten September", date(2026, 9, 1), date(2026, 9, 30), "month")


def test_month_at_the_turn_of_the_year() -> None:
    _window("nächsten Monat", date(2027, 1, 1), date(2027, 1, 31), "month", now=at(2026, 12, 31, 23, 30))
    _window("letzten Monat", date(2025, 12, 1), date(2025, 12, 31), "month", now=at(2026, 1, 15, 10))


# Row: eine Woche (*diese Woche*, *nächste Woche*) → Montag bis Sonntag
@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("diese Woche", date(2026, 10, 12), date(2026, 10, 18)),
        ("nächste Woche", date(2026, 10, 19), date(2026, 10, 25)),
        ("in der nächsten Woche", date(2026, 10, 19), date(2026, 10, 25)),
        ("kommende Woche", date(2026, 10, 19), date(2026, 10, 25)),
        ("letzte Woche", date(2026, 10, 5), date(2026, 10, 11)),
    ],
)
def test_row_a_week_is_monday_to_sunday(text: str, first: date, last: date) -> None:
    """§4.2 row *eine Woche*: Montag bis Sonntag."""
    _window(text, first, last, "week")


def test_week_over_the_dst_change_in_march() -> None:
    """The week of 29.03.2026 starts in CET and ends in CEST; both ends are local wall times."""
    period = _window("diese Woche", date(2026, 3, 23), date(2026, 3, 29), "week", now=at(2026, 3, 26, 12))
    assert period.start.utcoffset() != period.end.utcoffset()
    period = _window("nächste Woche", date(2026, 10, 19), date(2026, 10, 25), "week", now=at(2026, 10, 14, 12))
    assert period.end.isoformat() == "2026-10-25T23:59:59+01:00"


# Row: das Wochenende (*am Wochenende*) → Samstag und Sonntag
@pytest.mark.parametrize(
    ("now", "first"),
    [
        (at(2026, 10, 12, 8), date(2026, 10, 17)),  # Monday: 5 days ahead
        (at(2026, 10, 14, 9), date(2026, 10, 17)),  # Wednesday
        (at(2026, 10, 16, 23, 30), date(2026, 10, 17)),  # Friday 23:30: tomorrow
        (at(2026, 10, 17, 10), date(2026, 10, 17)),  # Saturday: the running one
        (at(2026, 10, 18, 23, 30), date(2026, 10, 17)),  # Sunday 23:30: still the running one
        (at(2026, 3, 26, 12), date(2026, 3, 28)),  # the DST weekend of March
        (at(2026, 10, 24, 12), date(2026, 10, 24)),  # the DST weekend of October, on its Saturday
    ],
)
def test_row_the_weekend_is_the_next_upcoming_one_on_weekends_the_running_one(now: datetime, first: date) -> None:
    """§4.2 row *das Wochenende*, entschieden am 17.10.2026: *am Wochenende* und *dieses Wochenende*
    sind das nächst anstehende binnen 1 bis 7 Tagen; am Samstag und Sonntag das laufende. *kommendes Wochenende* is the coming one, as *kommenden Montag* is the coming Monday."""
    for text in ("am Wochenende", "dieses Wochenende", "Wochenende", "an diesem Wochenende", "kommendes Wochenende",
                 "am kommenden Wochenende"):
        _window(text, first, date.fromordinal(first.toordinal() + 1), "weekend", now=now)


@pytest.mark.parametrize(
    ("now", "first"),
    [
        (at(2026, 10, 14, 9), date(2026, 10, 24)),
        (at(2026, 10, 17, 10), date(2026, 10, 24)),
        (at(2026, 10, 18, 10), date(2026, 10, 24)),
    ],
)
def test_naechstes_wochenende_is_the_one_after(now: datetime, first: date) -> None:
    """§4.2: *nächstes Wochenende* das darauf folgende."""
    _window("nächstes Wochenende", first, date.fromordinal(first.toordinal() + 1), "weekend", now=now)
    _window("am nächsten Wochenende", first, date.fromordinal(first.toordinal() + 1), "weekend", now=now)


def test_uebernaechstes_wochenende_is_not_decided() -> None:
    """Only *am*/*dieses*/*kommendes*/*nächstes Wochenende* are decided: no window is guessed."""
    assert named_period("übernächstes Wochenende", NOW) is None


# Row: einen Abstand (*in zwei Wochen*, *in drei Monaten*) → die Woche bzw. der Monat
@pytest.mark.parametrize(
    ("text", "first", "last", "kind"),
    [
        ("in zwei Wochen", date(2026, 10, 26), date(2026, 11, 1), "week"),
        ("in 2 Wochen", date(2026, 10, 26), date(2026, 11, 1), "week"),
        ("in einer Woche", date(2026, 10, 19), date(2026, 10, 25), "week"),
        ("in drei Monaten", date(2027, 1, 1), date(2027, 1, 31), "month"),
        ("in einem Monat", date(2026, 11, 1), date(2026, 11, 30), "month"),
    ],
)
def test_row_a_distance_is_the_week_or_month_it_falls_in(text: str, first: date, last: date, kind: str) -> None:
    """§4.2 row *einen Abstand*: die Woche bzw. der Monat, in die der Abstand fällt."""
    _window(text, first, last, kind)


def test_distance_in_months_from_a_month_end() -> None:
    _window("in einem Monat", date(2026, 2, 1), date(2026, 2, 28), "month", now=at(2026, 1, 31, 12))


# Row: einen Tag (*morgen*, *am Freitag*, *am 17.10.*) → dieser Tag
@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("morgen", date(2026, 10, 15)),
        ("heute", date(2026, 10, 14)),
        ("übermorgen?", date(2026, 10, 16)),
        ("am Freitag", date(2026, 10, 16)),
        ("am 17.10.", date(2026, 10, 17)),
        ("am 17. Oktober", date(2026, 10, 17)),
        ("in vier Tagen", date(2026, 10, 18)),
        ("nächste Woche Freitag", date(2026, 10, 23)),
    ],
)
def test_row_a_day_is_that_day(text: str, day: date) -> None:
    """§4.2 row *einen Tag*: dieser Tag, wie bisher."""
    _window(text, day, day, "day")


def test_a_day_on_the_dst_day_spans_23_hours() -> None:
    period = _window("heute", date(2026, 3, 29), date(2026, 3, 29), "day", now=at(2026, 3, 29, 12))
    # same tzinfo: Python subtracts wall times, so compare in UTC
    assert (period.end.astimezone(UTC) - period.start.astimezone(UTC)).total_seconds() == 23 * 3600 - 1


@pytest.mark.parametrize(
    "text",
    [
        "morgen um 10",
        "Was steht im November an?",
        "Termine im November",
        "nächste Woche um 10",
        "Woche",
        "Monat",
        "übernächste Woche um 10",
        "im November oder Dezember",
        "",
        "Zahnarzt",
        "im nächsten Jahr",
        "nächsten November 2027",
    ],
)
def test_a_period_only_when_the_text_is_period_prefix_and_filler(text: str) -> None:
    """§4.2: *Einen Zeitraum nennt ein Ausdruck nur, wenn er ganz aus Zeitraum, Präfix und Füllwort besteht.*"""
    assert named_period(text, NOW) is None


def test_bad_input() -> None:
    with pytest.raises(TypeError):
        named_period(None, NOW)  # type: ignore[arg-type]
    assert named_period("im November\x00", NOW) is None
    assert named_period("im November " * 10000, NOW) is None


@pytest.mark.parametrize(("text", "first", "last"), [
    ("von Montag bis Mittwoch", date(2026, 10, 19), date(2026, 10, 21)),
    ("von montag bis mittwoch", date(2026, 10, 19), date(2026, 10, 21)),
    ("vom 3. bis 5. Dezember", date(2026, 12, 3), date(2026, 12, 5)),
    ("von heute bis Freitag", date(2026, 10, 14), date(2026, 10, 16)),
    ("vom 3. Dezember bis zum 6. Januar", date(2026, 12, 3), date(2027, 1, 6)),
    ("von morgen bis übermorgen", date(2026, 10, 15), date(2026, 10, 16)),
    ("von dieser Woche bis Ende nächster Woche", None, None),
])
def test_section4_2_a_span_from_one_named_day_to_another_is_one_window(text: str, first: date | None,
                                                                       last: date | None) -> None:
    """§4.2 (a period is a window over the whole period), said as a span: *von … bis …* reads from the start of the
    first to the end of the last („Was habe ich von montag bis mittwoch“ was read as nothing)."""
    period = named_period(text, NOW)
    if first is None:
        assert period is None or period.start.date() <= period.end.date()
        return
    assert period is not None and period.kind == "span"
    assert (period.start.date(), period.end.date()) == (first, last)


@pytest.mark.parametrize("text", ["von 10 bis 12 Uhr", "vom 31. bis 2. Dezember", "von Freitag bis gestern", "von bis"])
def test_a_span_that_names_no_days_or_runs_backwards_is_none(text: str) -> None:
    """A clock range names no period; a span whose end lies before its start is none (never a window turned round)."""
    assert named_period(text, NOW) is None


@pytest.mark.parametrize("text", ["vom 3. bis 5.12.", "vom 3.12. bis 5.12.", "vom 3.12. bis 5.12.?"])
def test_a_span_ending_in_a_date_keeps_its_closing_dot(text: str) -> None:
    """*vom 3. bis 5.12.*: the dot closes the date, it is no sentence mark to be cut off."""
    period = named_period(text, NOW)
    assert period is not None and (period.start.date(), period.end.date()) == (date(2026, 12, 3), date(2026, 12, 5))
