"""`read_time` → `TimeReading` (timeline.md §5.2 "Die Lesung"; tribunal.md "Die Nennung":
*`read_time` liefert alle Stunden eines Satzes, der Zeitvektor nur die erste*)."""

from __future__ import annotations

from datetime import time

import pytest

from novaberg.timeparse import dotted_clock_times, read_time


def _hours(text: str) -> list[tuple[int, int]]:
    return [(h.hour, h.minute) for h in read_time(text).hours]


def test_every_hour_of_a_sentence() -> None:
    """tribunal.md "Die Nennung": all hours of a sentence, as number word, *11 Uhr* or *11:00*."""
    reading = read_time("Ich habe dich um elf eingetragen, und den Friseur um 15 Uhr und 16:30.")
    assert _hours("Ich habe dich um elf eingetragen, und den Friseur um 15 Uhr und 16:30.") == [
        (11, 0),
        (15, 0),
        (16, 30),
    ]
    assert reading.clock_time() is None  # three hours: no single new one


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("um 11 Uhr", time(11)),
        ("11:00", time(11)),
        ("um elf", time(11)),
        ("auf elf Uhr", time(11)),
        ("auf 11", time(11)),  # a bare number counts behind *auf*
        ("nach 11", time(11)),  # … and behind *nach*
        ("auf 15.30", time(15, 30)),
        ("11.30 Uhr", time(11, 30)),
        ("auf 4 Uhr nachmittags", time(16)),
        ("nachmittags um 4", time(16)),
        ("um 8 abends", time(20)),
        ("6 Uhr früh", time(6)),
        ("heute Morgen um 8", time(8)),
        ("12 Uhr mittags", time(12)),
        ("12 Uhr nachts", time(0)),
        ("Verschieb den Zahnarzt auf Freitag um 11", time(11)),
    ],
)
def test_clock_time_when_exactly_one_new_hour_is_named(text: str, expected: time) -> None:
    """§5.2: a new hour only when the text carries exactly one (a bare number only behind *auf*/*nach*)."""
    assert read_time(text).clock_time() == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("von 10 Uhr auf 11 Uhr", time(11)),
        ("von 10 auf 11:30", time(11, 30)),
        ("von 10 nach 15:30", time(15, 30)),
        ("auf Freitag von 10 auf 11 Uhr", time(11)),
    ],
)
def test_clock_time_of_von_x_auf_y_is_y(text: str, expected: time) -> None:
    """§5.2: two hours in the form *von X auf/nach Y* — then Y."""
    reading = read_time(text)
    assert reading.move and len(reading.hours) == 2
    assert reading.clock_time() == expected


@pytest.mark.parametrize(
    "text",
    [
        "zwischen 10 und 11 Uhr",
        "von 10 bis 12 Uhr",
        "auf 10 oder 11 Uhr",
        "auf 11, nicht auf 10 Uhr",
        "11",  # a bare number not behind auf/nach
        "elf",
        "Verschieb die zwei Termine auf Freitag",  # *zwei* is an hour of the sentence, not a new one
        "",
        "Verschieb den Zahnarzt",
    ],
)
def test_no_clock_time_in_any_other_situation(text: str) -> None:
    """§5.2: *Jede andere Lage mit Stunden … ergibt die Rückfrage*; the reading says: no new hour."""
    assert read_time(text).clock_time() is None


def test_bare_numbers_and_number_words_are_hours_of_the_sentence() -> None:
    """§5.2: *Eine Stunde ist eine geschriebene Uhrzeit, eine nackte Zahl 0..24 oder ein Zahlwort*."""
    reading = read_time("Die zwei Termine und 24 andere")
    assert [(h.hour, h.written) for h in reading.hours] == [(2, False), (24, False)]
    assert read_time("in 3 Stunden und in vier Tagen").hours == ()  # distances are no hours
    assert read_time("im Jahr 2026").hours == ()  # more than 24: no hour


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("am 17.11.", "date"),
        ("17.11.2026", "date"),
        ("den 17.", "day_of_month"),
        ("17. November", "date"),
        ("am zweiten April", "day_of_month"),
        ("Freitag", "weekday"),
        ("Fr.", "weekday"),
        ("morgen", "day_word"),
        ("übermorgen", "day_word"),
    ],
)
def test_dates_and_ordinals_are_days_not_hours(text: str, kind: str) -> None:
    """§5.2: *ein Datum und eine Ordinalzahl sind Tage*; tribunal.md: *17.11.* is hidden as a date."""
    reading = read_time(text)
    assert reading.hours == ()
    assert [d.kind for d in reading.days] == [kind]


def test_morgens_is_no_day_but_morgen_after_a_day_is_the_morning() -> None:
    assert read_time("morgens um 6").days == ()
    assert [d.text for d in read_time("heute morgen um 6").days] == ["heute"]
    assert read_time("heute morgen um 6").hours[0].half == "am"


def test_days_of_month_are_counted() -> None:
    """§5.2: *mehr als ein Tag des Monats* is a question; the reading counts them."""
    assert read_time("vom 16. auf den 20.").days_of_month == 2
    assert read_time("auf Freitag, den 20.").days_of_month == 1


@pytest.mark.parametrize(
    "text",
    ["auf 11.", "elf Uhr dreißig", "10.12", "auf halb so", "45 nach 10", "fünf vor halb drei"],
)
def test_doubts_are_doubts(text: str) -> None:
    """§5.2: *ein Zweifel (auf 11., elf Uhr dreißig)* gives the question; the spoken clock
    forms are hours, and only a fraction or a relative that names no clock time stays a doubt."""
    reading = read_time(text)
    assert reading.doubts
    assert reading.clock_time() is None


def test_a_fraction_names_its_own_hour_never_the_full_one() -> None:
    """*um halb elf* is 10:30, not 11:00: the 11 must not name an appointment at 11 (tribunal); the reading returns 10:30 itself."""
    hours = read_time("um halb elf").hours
    assert [(h.hour, h.minute, h.written) for h in hours] == [(10, 30, True)]


def test_an_impossible_hour_is_no_hour() -> None:
    reading = read_time("auf 27 Uhr")
    assert reading.impossible and reading.hours == () and reading.clock_time() is None


def test_the_stated_hour_keeps_what_was_said() -> None:
    hour = read_time("auf 4 Uhr nachmittags").hours[0]
    assert (hour.hour, hour.half, hour.time()) == (4, "pm", time(16))
    assert read_time("auf 4 Uhr").hours[0].half_of_day_open
    assert not read_time("auf 16 Uhr").hours[0].half_of_day_open
    assert read_time("um 2 Uhr mittags").hours[0].time() is None  # *mittags* at 1..11 does not decide


def test_dotted_clock_times() -> None:
    """§5.2: *11.30* with minutes 13..59 (never a month) is written as *11:30* before the reading."""
    assert dotted_clock_times("auf 11.30.") == "auf 11:30."
    assert dotted_clock_times("um 9.45 Uhr") == "um 9:45 Uhr"
    assert dotted_clock_times("am 17.11.") == "am 17.11."
    assert dotted_clock_times("10.12") == "10.12"
    assert dotted_clock_times("am 11.30.2026") == "am 11.30.2026"
    assert read_time(dotted_clock_times("auf 15.30.")).clock_time() == time(15, 30)


@pytest.mark.parametrize("bad", [None, 11, b"um elf"])
def test_non_strings_raise(bad: object) -> None:
    with pytest.raises(TypeError):
        read_time(bad)  # type: ignore[arg-type]
