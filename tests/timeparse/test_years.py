"""The year of an event told without one: timeline.md §5.5 row *Zeit* — *angekündigt* the next such
date (a month from the current month on, a day from today on), *berichtet* the last one up to today."""

from __future__ import annotations

from datetime import date, time

import pytest

from novaberg.timeparse import DateWithoutYear, date_without_year, year_by_tense

TODAY = date(2026, 10, 22)  # the day the rule was built


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("im Mai", DateWithoutYear(5)),
        ("Mai", DateWithoutYear(5)),
        ("im Nov.", DateWithoutYear(11)),
        ("am 3. März", DateWithoutYear(3, 3)),
        ("am 12.2.", DateWithoutYear(2, 12)),
        ("am 3. März um 10 Uhr", DateWithoutYear(3, 3, time(10))),
        ("3. März 14:30", DateWithoutYear(3, 3, time(14, 30))),
        ("am zweiten April", DateWithoutYear(4, 2)),
        ("am 31. April", DateWithoutYear(4, 31)),  # refused later, by year_by_tense
        ("am 14. November um 4 Uhr nachmittags", DateWithoutYear(11, 14, time(16))),
        ("am 3. März um halb elf", DateWithoutYear(3, 3, time(10, 30))),
    ],
)
def test_date_without_year_reads_month_day_and_time(text: str, expected: DateWithoutYear) -> None:
    """§5.5 *Zeit*: *Monat, Tag und Uhrzeit liest `_date_without_year` aus der Form des ganzen
    Ausdrucks — ein Monat, Tag und Monat in Worten oder Ziffern, mit oder ohne Uhrzeit*."""
    assert date_without_year(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "im Mai 2027",  # a year: read as it is
        "nächsten Monat",  # relative to today
        "morgen",
        "in drei Monaten",
        "am 3.3.2027",
        "am 3. März oder 4. März",
        "Lena zieht im Mai nach Kassel",  # not the whole expression
        "am 32. März",
        "",
    ],
)
def test_anything_else_is_not_a_date_without_year(text: str) -> None:
    """§5.5: *Ein Ausdruck mit Jahr oder relativ zu heute (im Mai 2027, nächsten Monat) bleibt, wie er
    gelesen wird*; *was nicht in diese Form passt, liest der Parser wie vorher*."""
    assert date_without_year(text) is None


@pytest.mark.parametrize(
    ("month", "day", "tense", "year"),
    [
        (5, None, "angekuendigt", 2027),  # *im Mai*, announced in October: next May
        (5, None, "berichtet", 2026),  # reported: this May
        (10, None, "angekuendigt", 2026),  # *im Oktober*, gesagt im Oktober, ist dieser
        (10, None, "berichtet", 2026),
        (11, None, "angekuendigt", 2026),
        (11, None, "berichtet", 2025),
        (3, 3, "angekuendigt", 2027),
        (3, 3, "berichtet", 2026),
        (10, 22, "angekuendigt", 2026),  # a day from today on
        (10, 22, "berichtet", 2026),  # the last one up to today
        (10, 21, "angekuendigt", 2027),
        (10, 23, "berichtet", 2025),
        (12, 31, "angekuendigt", 2026),
    ],
)
def test_year_by_tense(month: int, day: int | None, tense: str, year: int) -> None:
    """§5.5 *Zeit*: *steht ein angekündigtes Ereignis am nächsten solchen Datum — ein Monat ab dem
    laufenden Monat, ein Tag ab heute —, ein berichtetes am letzten bis dahin*."""
    assert year_by_tense(month, day, tense, TODAY) == year


def test_a_day_that_exists_in_none_of_the_years_is_loud() -> None:
    """§5.5: *einen Tag, den es in keinem der gesuchten Jahre gibt (31. April), meldet der Dienst laut*."""
    with pytest.raises(ValueError):
        year_by_tense(4, 31, "angekuendigt", TODAY)
    with pytest.raises(ValueError):
        year_by_tense(2, 29, "berichtet", TODAY)  # neither 2026 nor 2025 is a leap year
    assert year_by_tense(2, 29, "angekuendigt", date(2027, 10, 1)) == 2028


def test_an_unknown_tense_is_loud() -> None:
    """§5.5: *`event_time_of` verlangt die Zeitlage ohne Vorgabewert; eine unbekannte wirft `ValueError`*."""
    with pytest.raises(ValueError):
        year_by_tense(5, None, "vielleicht", TODAY)
    with pytest.raises(ValueError):
        year_by_tense(13, None, "angekuendigt", TODAY)


def test_new_years_eve() -> None:
    assert year_by_tense(1, None, "angekuendigt", date(2026, 12, 31)) == 2027
    assert year_by_tense(12, 31, "berichtet", date(2026, 12, 31)) == 2026
    assert year_by_tense(1, 1, "berichtet", date(2026, 12, 31)) == 2026
