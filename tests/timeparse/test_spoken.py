"""Spoken German time — clock forms, relative days, *übernächsten*, holidays — each pinned with
expected values computed here by plain arithmetic (never by the parser), across three fixed clocks: a Sunday
evening, New Year's Eve and a Thursday of the October daylight-saving week (plus the March one for the gap).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest

from novaberg.timeparse import (
    TIME_VOCABULARY,
    named_period,
    parse,
    raw_time_form,
    read_time,
    reschedule_target,
)
from novaberg.timeparse.dates import easter_sunday
from tests.timeparse.oracle import dial, gauss_easter, local_at, next_clock
from tests.timeparse.support import BERLIN, at

SUNDAY_EVENING = at(2026, 11, 15, 20, 30)
NEW_YEARS_EVE = at(2026, 12, 31, 23, 30)
DST_WEEK = at(2026, 10, 22, 9, 0)  # Thursday; the clocks go back on Sunday 25.10.2026
CLOCKS = [SUNDAY_EVENING, NEW_YEARS_EVE, DST_WEEK]
MARCH_DST_WEEK = at(2026, 3, 25, 23, 30)  # Wednesday; Sunday 29.03.2026 has no 02:00–02:59

WORDS = {v: w for w, v in TIME_VOCABULARY.numbers.items() if w.isascii() and w != "zwo" and "ue" not in w}
WORDS.update({5: "fünf", 12: "zwölf"})
WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def _spoken_cases() -> list[tuple[str, time]]:
    """(text, clock) for every form of the hours 1..12, digits and words alike."""
    cases = []
    for x in range(1, 13):
        for said in (str(x), WORDS[x]):
            cases += [
                (f"halb {said}", dial(x * 60 - 30)),
                (f"um viertel {said}", dial(x * 60 - 45)),
                (f"dreiviertel {said}", dial(x * 60 - 15)),
                (f"um Viertel vor {said}", dial(x * 60 - 15)),
                (f"Viertel nach {said} Uhr", dial(x * 60 + 15)),
                (f"um {WORDS[10]} nach {said}", dial(x * 60 + 10)),
                (f"5 vor {said}", dial(x * 60 - 5)),
            ]
    return cases


SPOKEN = _spoken_cases()


@pytest.mark.parametrize("now", CLOCKS, ids=["sunday_evening", "new_years_eve", "dst_week"])
def test_clock_forms_are_read_at_their_minute(now: datetime) -> None:
    """*halb X* (X−1):30, *viertel X* (X−1):15, *dreiviertel X* / *Viertel vor X* (X−1):45,
    *Viertel nach X* X:15, *N nach X*, *N vor X* — with or without *um*/*Uhr*, the next such minute."""
    for text, clock in SPOKEN:
        vector = parse(text, now)
        assert (vector.moment, vector.precision) == (next_clock(now, clock), "minute"), text


@pytest.mark.parametrize("now", CLOCKS, ids=["sunday_evening", "new_years_eve", "dst_week"])
def test_a_daypart_turns_the_clock_form_into_its_half_of_day(now: datetime) -> None:
    """*halb drei nachmittags* is 14:30, *nachmittags um halb drei* too; *morgens* keeps the
    morning; the same rules as the existing daypart handling (*mittags*/*nachts* at 1–11 stay open)."""
    tomorrow = now.date() + timedelta(days=1)
    for x in range(2, 13):  # *halb eins* is 12:30 — a daypart at 12 is the midnight/noon rule, below
        clock = dial(x * 60 - 30)
        afternoon = time(clock.hour + 12, clock.minute)
        assert parse(f"morgen um halb {WORDS[x]} nachmittags", now).moment == local_at(tomorrow, afternoon)
        assert parse(f"morgen nachmittags um halb {x}", now).moment == local_at(tomorrow, afternoon)
        assert parse(f"morgen um halb {x} abends", now).moment == local_at(tomorrow, afternoon)
        assert parse(f"morgen früh um halb {x}", now).moment == local_at(tomorrow, clock)
        assert parse(f"morgen um halb {x} nachts", now).moment is None  # §5.2: *nachts* at 1–11 is open
    assert parse("morgen um halb eins mittags", now).moment == local_at(tomorrow, time(12, 30))
    assert parse("morgen um halb eins nachts", now).moment is None  # the midnight before or after the day


def test_the_dst_gap_and_fold_still_abstain() -> None:
    """A clock form on the day of a change that falls into the skipped or doubled hour gives no moment."""
    march_sunday, october_sunday = date(2026, 3, 29), date(2026, 10, 25)
    assert parse("Sonntag um halb drei", MARCH_DST_WEEK).moment == local_at(march_sunday, time(2, 30))
    assert local_at(march_sunday, time(2, 30)) is None
    assert parse("Sonntag um halb drei nachmittags", MARCH_DST_WEEK).moment == local_at(march_sunday, time(14, 30))
    assert parse("Sonntag um Viertel nach zwei", DST_WEEK).moment is None  # 02:15 happens twice
    assert local_at(october_sunday, time(2, 15)) is None


@pytest.mark.parametrize("text", ["halb so wild", "ein Viertel der Torte", "drei viertel zehn", "fünf vor halb drei",
                                  "nach Viertel nach zehn", "vor halb drei", "45 nach 10", "halb 15", "halb drei Uhr 30"])
def test_fraction_words_that_name_no_clock_time_abstain(text: str) -> None:
    """Words that only look like time are never read; a form not in §1 is not guessed."""
    for now in CLOCKS:
        assert parse(text, now).moment is None, text


def test_read_time_returns_the_spoken_hours() -> None:
    """`read_time` gives the hour of a spoken form as meant (10:30 for *halb elf*) with its
    daypart, so the tribunal's naming and the §5.2 checks can use it."""
    for text, clock in SPOKEN:
        hours = read_time(f"auf {text}").hours
        assert [(h.hour, h.minute, h.written) for h in hours] == [(clock.hour, clock.minute, True)], text
    (hour,) = read_time("nachmittags um halb drei").hours
    assert (hour.half, hour.time()) == ("pm", time(14, 30))
    assert read_time("halb so wild").hours == () and read_time("halb so wild").doubts


def test_reschedule_accepts_auf_halb_elf_through_both_checks() -> None:
    """timeline.md §5.2: *auf halb elf* passes reading and positive form alike, and the
    half-of-day question stays (10 is an hour 1–12 without daypart); with a daypart it moves."""
    old, now = at(2026, 10, 23, 9, 30), DST_WEEK
    asked = reschedule_target("Verschieb den Zahnarzt auf halb elf", old, now, title="Zahnarzt")
    assert (asked.reason, asked.hour, asked.minute, asked.choices) == (
        "tageshaelfte_offen", 10, 30, (time(10, 30), time(22, 30)))
    assert raw_time_form("Verschieb den Zahnarzt auf halb elf", "Zahnarzt").time() == time(10, 30)
    moved = reschedule_target("Verschieb den Zahnarzt auf halb drei nachmittags", old, now, title="Zahnarzt")
    assert moved.moment == local_at(old.date(), time(14, 30))
    moved = reschedule_target("Verschieb den Zahnarzt auf Viertel nach 14 Uhr", old, now, title="Zahnarzt")
    assert moved.moment == local_at(old.date(), time(14, 15))
    assert reschedule_target("Verschieb den Zahnarzt von 10 nach 11", old, now, title="Zahnarzt").reason == (
        "tageshaelfte_offen")  # still a move from 10 to 11, never 11:10


# --- §2 relative days -------------------------------------------------------------------------------------

@pytest.mark.parametrize("now", CLOCKS, ids=["sunday_evening", "new_years_eve", "dst_week"])
def test_relative_days_with_and_without_a_clock_time(now: datetime) -> None:
    """*in N Tagen/Wochen* (digits or words; *acht Tage* = 8, *vierzehn Tage* = 14),
    *heute/morgen in einer Woche*, each with an optional clock time."""
    today = now.date()
    cases = {
        "in acht Tagen": 8, "in 8 Tagen": 8, "in vierzehn Tagen": 14, "in drei Tagen": 3,
        "in einer Woche": 7, "in zwei Wochen": 14, "heute in einer Woche": 7, "morgen in einer Woche": 8,
        "übermorgen in zwei Wochen": 16, "heute in acht Tagen": 8,
    }
    for text, days in cases.items():
        day = today + timedelta(days=days)
        assert parse(text, now).moment == datetime.combine(day, time(0), tzinfo=BERLIN), text
        assert parse(f"{text} um 9", now).moment == local_at(day, time(9)), text
        assert parse(f"{text} um halb zehn abends", now).moment == local_at(day, time(21, 30)), text


@pytest.mark.parametrize("now", CLOCKS, ids=["sunday_evening", "new_years_eve", "dst_week"])
def test_uebernaechsten_weekday_is_the_one_after_the_next(now: datetime) -> None:
    """*übernächsten Montag* is the Monday after the next one (today excluded, as *nächsten*)."""
    today = now.date()
    for weekday, name in enumerate(WEEKDAYS):
        following = [today + timedelta(days=n) for n in range(1, 15) if (today + timedelta(days=n)).weekday() == weekday]
        day = following[1]
        assert parse(f"übernächsten {name}", now).moment == datetime.combine(day, time(0), tzinfo=BERLIN), name
        assert parse(f"übernächsten {name} um 10 Uhr", now).moment == local_at(day, time(10)), name
    assert parse("übernächste Woche", SUNDAY_EVENING).moment is None  # a period, not a moment


# --- §4 holidays -------------------------------------------------------------------------------------------

EASTER_OFFSETS = {"Karfreitag": -2, "Ostern": 0, "Ostersonntag": 0, "Ostermontag": 1, "Christi Himmelfahrt": 39,
                  "Pfingsten": 49, "Pfingstsonntag": 49, "Pfingstmontag": 50, "Fronleichnam": 60}
FIXED = {"Neujahr": (1, 1), "Tag der Arbeit": (5, 1), "Tag der Deutschen Einheit": (10, 3), "an Nikolaus": (12, 6),
         "Nikolaustag": (12, 6), "Heiligabend": (12, 24), "erster Weihnachtsfeiertag": (12, 25),
         "am zweiten Weihnachtsfeiertag": (12, 26), "Silvester": (12, 31)}


def test_the_computus_agrees_with_gauss_for_2026_to_2035() -> None:
    """Holidays checked against the computus for 2026–2035 (an independent algorithm)."""
    for year in range(2026, 2036):
        assert easter_sunday(year) == gauss_easter(year), year
        for name, offset in EASTER_OFFSETS.items():
            expected = gauss_easter(year) + timedelta(days=offset)
            assert parse(f"{name} {year}", SUNDAY_EVENING).moment == datetime.combine(
                expected, time(0), tzinfo=BERLIN), (name, year)


@pytest.mark.parametrize("now", CLOCKS, ids=["sunday_evening", "new_years_eve", "dst_week"])
def test_a_holiday_is_the_next_such_day_today_included(now: datetime) -> None:
    """Fixed and Easter-based holidays, computed per year, the next one from today on, with an
    optional clock time."""
    today = now.date()
    for name, (month, day) in FIXED.items():
        expected = date(today.year, month, day)
        expected = expected if expected >= today else date(today.year + 1, month, day)
        assert parse(name, now).moment == datetime.combine(expected, time(0), tzinfo=BERLIN), name
        assert parse(f"{name} um 18 Uhr", now).moment == local_at(expected, time(18)), name
    for name, offset in EASTER_OFFSETS.items():
        expected = gauss_easter(today.year) + timedelta(days=offset)
        if expected < today:
            expected = gauss_easter(today.year + 1) + timedelta(days=offset)
        assert parse(f"an {name} um halb elf", now).moment == local_at(expected, time(10, 30)), name


def test_holidays_are_never_guessed_where_they_are_not_said() -> None:
    """*Ostereier* is no Easter, *letztes Ostern* is not read, a holiday against a weekday that
    is not its own contradicts, a year outside 1900–2199 is no date."""
    now = SUNDAY_EVENING
    assert parse("Ostereier um 10", now).moment == next_clock(now, time(10))
    assert parse("letztes Ostern", now).moment is None
    assert parse("morgen um 10 mit Nikolaus", now).moment == local_at(now.date() + timedelta(days=1), time(10))
    assert parse("Nikolaus um 10", now).moment is None  # the person or the day: no guess
    for text in ("um 3 nach Ostern", "vor Heiligabend", "nach dem Tag der Arbeit", "nach übernächsten Montag"):
        assert parse(text, now).moment is None, text  # after or before a day is no moment
    christmas_eve = date(now.year, 12, 24)
    wrong = WEEKDAYS[(christmas_eve.weekday() + 1) % 7]
    assert parse(f"Heiligabend am {wrong}", now).moment is None
    assert parse(f"Heiligabend am {WEEKDAYS[christmas_eve.weekday()]}", now).moment is not None
    assert parse("Ostern 2300", now).moment is None and parse("Silvester 1899", now).moment is None


def test_period_in_acht_tagen_is_that_day() -> None:
    """Relative days for `named_period`: *in acht Tagen* is the day eight days on."""
    for now in CLOCKS:
        period = named_period("in acht Tagen", now)
        assert period is not None and period.kind == "day"
        assert period.start.date() == now.date() + timedelta(days=8)


# --- §3 periods ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("now", CLOCKS, ids=["sunday_evening", "new_years_eve", "dst_week"])
def test_uebernaechste_woche_and_calendar_weeks(now: datetime) -> None:
    """*übernächste Woche* is Monday–Sunday two weeks on; *KW N*, *Kalenderwoche N*, *in der N.
    Kalenderwoche* the ISO week N, the next such one from this week on (this one included)."""
    today = now.date()
    monday = today - timedelta(days=today.weekday())
    for text in ("übernächste Woche", "in der übernächsten Woche"):
        period = named_period(text, now)
        assert period is not None and period.kind == "week", text
        assert (period.start.date(), period.end.date()) == (monday + timedelta(days=14), monday + timedelta(days=20))
    for number in (1, 3, 10, 26, 50, 52):
        # the ISO week `number`: its Monday is the Monday of the week holding 4 January, plus number−1 weeks
        candidates = []
        for year in (today.year - 1, today.year, today.year + 1, today.year + 2):
            jan4 = date(year, 1, 4)
            candidates.append(jan4 - timedelta(days=jan4.weekday()) + timedelta(weeks=number - 1))
        expected = min(c for c in candidates if c >= monday)
        for text in (f"KW {number}", f"Kalenderwoche {number}", f"in der {number}. Kalenderwoche", f"in KW {number}"):
            period = named_period(text, now)
            assert period is not None and period.kind == "week", text
            assert (period.start.date(), period.end.date()) == (expected, expected + timedelta(days=6)), text
    assert named_period("KW 0", now) is None and named_period("KW 54", now) is None
    assert parse("KW 3", now).moment is None  # a week is a period, not a moment
