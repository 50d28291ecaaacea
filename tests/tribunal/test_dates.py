"""Weekday against date and confirmation against report (tribunal.md, "Die Datumsprüfung in der
Auswertung" and "Die zweite Form: ein Datum ohne Wochentag")."""

from __future__ import annotations

from datetime import date

import pytest

from novaberg.tribunal.dates import (
    StatedDate,
    confirmation_mismatch,
    find_dates,
    resolve_year,
    weekday_mismatches,
)

AUG_17 = date(2026, 8, 17)  # the day of the measured case
NEW_YEARS_EVE_EVE = date(2026, 12, 30)  # a Wednesday


# --- "Nennt der Antworttext einen Wochentag unmittelbar vor einem Datum, müssen beide zusammenpassen."


@pytest.mark.parametrize(
    "text",
    [
        "am Dienstag, 3.3.2026 um 10 Uhr",
        "Dienstag, den 03.03.2026",
        "Di., 3.3.2026",
        "Dienstag (3.3.2026)",
        "Donnerstag, 20.08., 14:00 Uhr",
        "Dienstag, 17. November",
        "Dienstag, 17. Nov. 2026",
        "Sonnabend, 21.11.",
        "Samstag, 21. November 2026",
        "dienstag, 3.3.2026",
        "Dienstag 2026-03-03",
        "Dienstag, 3.3.26",
    ],
)
def test_datumspruefung_matching_weekday_is_silent(text: str) -> None:
    assert weekday_mismatches(text, AUG_17) == []


def test_datumspruefung_measured_case_mittwoch_20_08_is_a_thursday() -> None:
    """'Nova bestätigte einen Termin mit „Mittwoch, 20.08.“ … Der 20.08.2026 ist ein Donnerstag.'"""
    [found] = weekday_mismatches("Ich habe dir Mittwoch, 20.08., 14:00 Uhr notiert.", AUG_17)
    assert found.date == date(2026, 8, 20)
    assert (found.stated_weekday, found.correct_weekday) == ("Mittwoch", "Donnerstag")
    assert found.phrase == "Mittwoch, 20.08."
    assert found.corrected_phrase == "Donnerstag, 20.08."
    assert found.year_given is False


@pytest.mark.parametrize(
    ("text", "stated", "correct", "day"),
    [
        ("Montag, den 3.3.2026", "Montag", "Dienstag", date(2026, 3, 3)),
        ("am Freitag, 17. November", "Freitag", "Dienstag", date(2026, 11, 17)),
        ("Mo., 3.3.2026", "Montag", "Dienstag", date(2026, 3, 3)),
        ("Sonnabend, 20.11.", "Sonnabend", "Freitag", date(2026, 11, 20)),
        ("Mittwoch, 20. August 2026", "Mittwoch", "Donnerstag", date(2026, 8, 20)),
        ("Montag (3.3.26)", "Montag", "Dienstag", date(2026, 3, 3)),
        ("Montag 2026-03-03", "Montag", "Dienstag", date(2026, 3, 3)),
        ("MONTAG, 3.3.2026", "Montag", "Dienstag", date(2026, 3, 3)),
    ],
)
def test_datumspruefung_mismatch_names_the_right_weekday(
    text: str, stated: str, correct: str, day: date
) -> None:
    """'Der Auftrag nennt den richtigen Wochentag, statt nur zu rügen.'"""
    [found] = weekday_mismatches(text, AUG_17)
    assert (found.stated_weekday, found.correct_weekday, found.date) == (stated, correct, day)
    assert found.corrected_phrase.startswith(correct)


@pytest.mark.parametrize(
    "text",
    [
        "Am Montag, nicht am 3.3.2026.",  # another clause part between them
        "Montag oder 3.3.2026",
        "Montags, 3.3.2026",  # not a weekday name
        "Montag, 14.30 Uhr",  # a clock time is no date
        "Montag um 10, und am 3.3.2026 der Zahnarzt",
        "Montag … 3.3.2026",
        "So, 3.3.2026 passt.",  # *So* without a dot is a word, not Sonntag
    ],
)
def test_datumspruefung_coupling_is_tight(text: str) -> None:
    """'Die Kopplung ist eng gewählt … die weite Kopplung über Satzteile hinweg ist negativ geprüft.'"""
    assert weekday_mismatches(text, AUG_17) == []


def test_datumspruefung_each_pair_of_a_range_is_checked() -> None:
    found = weekday_mismatches("vom Montag, 3.3.2026 bis Freitag, 7.3.2026", AUG_17)
    assert [(f.stated_weekday, f.correct_weekday) for f in found] == [
        ("Montag", "Dienstag"),
        ("Freitag", "Samstag"),
    ]


# --- dates without a year: the next such date from today (timeline.md §5.5, *angekündigt*)


def test_year_less_date_is_the_next_such_date_across_the_year_boundary() -> None:
    assert weekday_mismatches("Freitag, 1.1.", NEW_YEARS_EVE_EVE) == []  # 1.1.2027 is a Friday
    [found] = weekday_mismatches("Donnerstag, 1.1.", NEW_YEARS_EVE_EVE)
    assert found.date == date(2027, 1, 1)
    assert found.correct_weekday == "Freitag"


def test_year_less_date_today_is_today() -> None:
    assert weekday_mismatches("Mittwoch, 30.12.", NEW_YEARS_EVE_EVE) == []
    assert resolve_year(30, 12, None, NEW_YEARS_EVE_EVE) == NEW_YEARS_EVE_EVE


def test_year_less_date_just_past_reads_as_next_year() -> None:
    """Named limit: *Montag, 28.12.* said on 30.12.2026 is read as 28.12.2027 (a Tuesday)."""
    [found] = weekday_mismatches("Montag, 28.12.", NEW_YEARS_EVE_EVE)
    assert found.date == date(2027, 12, 28)


def test_year_given_across_the_boundary_is_taken_as_written() -> None:
    assert weekday_mismatches("Donnerstag, 31.12.2026 und Freitag, 31.12.2027", NEW_YEARS_EVE_EVE) == []


def test_leap_day_without_year_goes_to_the_next_leap_year() -> None:
    assert resolve_year(29, 2, None, date(2026, 3, 1)) == date(2028, 2, 29)
    assert weekday_mismatches("Dienstag, 29.2.", date(2026, 3, 1)) == []
    [found] = weekday_mismatches("Sonntag, 29.2.", date(2026, 3, 1))
    assert found.correct_weekday == "Dienstag"


def test_leap_day_with_year() -> None:
    assert weekday_mismatches("Donnerstag, 29.2.2024", AUG_17) == []
    [found] = weekday_mismatches("Freitag, 29.02.2024", AUG_17)
    assert found.correct_weekday == "Donnerstag"


@pytest.mark.parametrize(
    "text", ["Montag, 29.2.2027", "Montag, 31.4.", "Montag, 31. April", "Montag, 3.13.2026"]
)
def test_a_day_that_does_not_exist_is_no_date(text: str) -> None:
    assert find_dates(text, AUG_17) == []
    assert weekday_mismatches(text, AUG_17) == []


# --- reading dates


@pytest.mark.parametrize(
    ("text", "day", "year_given"),
    [
        ("am 3.3.2026", date(2026, 3, 3), True),
        ("am 03.03.26", date(2026, 3, 3), True),
        ("am 3. 3. 2026", date(2026, 3, 3), True),
        ("am 20.08.", date(2026, 8, 20), False),
        ("am 17. November", date(2026, 11, 17), False),
        ("am 17 November 2027", date(2027, 11, 17), True),
        ("am 1. Jänner", date(2027, 1, 1), False),
        ("am 5. März", date(2027, 3, 5), False),
        ("am 5. Maerz", date(2027, 3, 5), False),
        ("am 2026-09-01", date(2026, 9, 1), True),
    ],
)
def test_find_dates_reads_the_written_forms(text: str, day: date, year_given: bool) -> None:
    [found] = find_dates(text, AUG_17)
    assert (found.date, found.year_given) == (day, year_given)
    assert text.endswith(found.text)


@pytest.mark.parametrize("text", ["um 14.30 Uhr", "Version 1.2.3", "13.3", "am 113.3.2026", "im Mai"])
def test_find_dates_ignores_what_is_no_full_date(text: str) -> None:
    assert find_dates(text, AUG_17) == []


def test_find_dates_in_order() -> None:
    found = find_dates("Erst am 19.08., dann am 3. September und am 2026-10-01.", AUG_17)
    assert [f.date for f in found] == [date(2026, 8, 19), date(2026, 9, 3), date(2026, 10, 1)]


# --- "Die zweite Form": the answer against what the services reported


def _reported(*days: date, year_given: bool = True) -> list[StatedDate]:
    return [StatedDate(day, year_given, 0, 0, day.isoformat()) for day in days]


def test_bestaetigung_measured_case_am_20_08_without_weekday() -> None:
    """'„am 20.08. um 14 Uhr“ ergibt 0' — closed by comparing with the reported 19.08."""
    found = confirmation_mismatch(
        "Ich habe dir den Termin am 20.08. um 14 Uhr eingetragen.", _reported(date(2026, 8, 19)), AUG_17
    )
    assert found is not None
    assert [d.date for d in found.stated] == [date(2026, 8, 20)]


def test_bestaetigung_right_date_and_a_second_one_is_no_contradiction() -> None:
    """'Der Termin steht am 19.08. — der 25.08. wäre mir lieber gewesen.' passes."""
    text = "Der Termin steht am 19.08. — der 25.08. wäre mir lieber gewesen."
    assert confirmation_mismatch(text, _reported(date(2026, 8, 19)), AUG_17) is None


@pytest.mark.parametrize(
    ("answer", "reported"),
    [
        ("Der Termin ist am 20.08.", []),  # 1. no source names a date
        ("Ich habe den Termin für morgen eingetragen.", _reported(date(2026, 8, 18))),  # 2. no date named
        ("Der Termin ist am 19.08.2026.", _reported(date(2026, 8, 19))),
        ("Der Termin ist am 19. August.", _reported(date(2026, 8, 19))),
        ("Der Termin ist am 19.08.", _reported(date(2026, 8, 19), year_given=False)),
    ],
)
def test_bestaetigung_is_silent_unless_both_conditions_hold(answer: str, reported: list[StatedDate]) -> None:
    assert confirmation_mismatch(answer, reported, AUG_17) is None


def test_bestaetigung_year_counts_only_when_both_wrote_one() -> None:
    assert confirmation_mismatch("am 19.08.2027", _reported(date(2026, 8, 19)), AUG_17) is not None
    assert confirmation_mismatch("am 19.08.", _reported(date(2025, 8, 19)), AUG_17) is None


@pytest.mark.parametrize("text,phrase,corrected", [
    ("Ja, der 9. Dezember 2026 ist ein Dienstag.", "9. Dezember 2026 ist ein Dienstag", "9. Dezember 2026 ist ein Mittwoch"),
    ("Der 9.12. fällt auf einen Dienstag.", "9.12. fällt auf einen Dienstag", "9.12. fällt auf einen Mittwoch"),
    ("Der 3.10.1990 war ein Dienstag.", "3.10.1990 war ein Dienstag", "3.10.1990 war ein Mittwoch"),
])
def test_datumspruefung_a_weekday_as_the_date_s_predicate_is_checked(text: str, phrase: str, corrected: str) -> None:
    """The tight coupling read the other way round: the date as subject, the weekday its predicate (*der 9.12. ist
    ein Dienstag*) — a model confirming a wrong weekday in this form went out unchecked."""
    found = weekday_mismatches(text, date(2026, 11, 30))
    assert [(f.phrase, f.corrected_phrase) for f in found] == [(phrase, corrected)]


@pytest.mark.parametrize("text", [
    "Der 9.12. ist ein Mittwoch, kein Dienstag.",  # the right one, the wrong one negated
    "Der 9.12. ist kein Dienstag.",
    "Am 9.12. ist ein Dienstagstreffen.",  # a compound, not the weekday
    "Der 9.12. ist ein guter Tag, Dienstag geht auch.",  # another clause part
])
def test_twin_the_predicate_form_is_silent_unless_it_claims_a_wrong_weekday(text: str) -> None:
    assert weekday_mismatches(text, date(2026, 11, 30)) == []
