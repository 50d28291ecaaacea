"""The spoken forms — clock forms, relative days, *übernächsten*, holidays — and the words that only
look like time, with fixed clocks and expected values computed by code (never by the parser under test).

A second case file next to `cases.py` (same `Case`, same clocks plus a Sunday evening and New Year's Eve).
An expected moment that falls into a DST gap or fold is `None`: no moment is the right answer there.
Easter is computed by Gauss's formula in the tests' oracle (`tests/timeparse/oracle.py`), not by the parser's
computus.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, time, timedelta

from tests.timeparse.oracle import dial as _dial
from tests.timeparse.oracle import gauss_easter as _gauss_easter
from tests.timeparse.oracle import local_at as _at
from tests.timeparse.oracle import next_clock as _next_clock

from bench.timeparse.cases import BERLIN, NOWS, WEEKDAYS, Case

__all__ = ["CATEGORIES", "SPOKEN_NOWS", "build_cases"]

SPOKEN_NOWS: list[datetime] = [
    *NOWS,
    datetime(2026, 11, 15, 20, 30, tzinfo=BERLIN),  # Sunday evening
    datetime(2026, 11, 11, 9, 15, tzinfo=BERLIN),  # Wednesday, the clock of a new user's tries
]
WORDS = {1: "eins", 2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs", 7: "sieben", 8: "acht", 9: "neun",
         10: "zehn", 11: "elf", 12: "zwölf"}


def _minute(category: str, text: str, now: datetime, moment: datetime | None) -> Case:
    return Case(category, text, now, moment, "minute" if moment is not None else None)


def _day(category: str, text: str, now: datetime, day: date) -> Case:
    return Case(category, text, now, datetime.combine(day, time(0), tzinfo=BERLIN), "day")


def _clock_forms(now: datetime) -> Iterator[Case]:
    x = now.day % 11 + 2  # 2..12, varies with the clock
    y = (now.day + 5) % 12 + 1
    yield _minute("clock_forms", f"um halb {WORDS[x]}", now, _next_clock(now, _dial(x * 60 - 30)))
    yield _minute("clock_forms", f"halb {y}", now, _next_clock(now, _dial(y * 60 - 30)))
    yield _minute("clock_forms", f"um Viertel nach {WORDS[y]}", now, _next_clock(now, _dial(y * 60 + 15)))
    yield _minute("clock_forms", f"Viertel vor {x} Uhr", now, _next_clock(now, _dial(x * 60 - 15)))
    yield _minute("clock_forms", f"um viertel {WORDS[x]}", now, _next_clock(now, _dial(x * 60 - 45)))
    yield _minute("clock_forms", f"dreiviertel {WORDS[y]}", now, _next_clock(now, _dial(y * 60 - 15)))
    yield _minute("clock_forms", f"zehn nach {WORDS[x]}", now, _next_clock(now, _dial(x * 60 + 10)))
    yield _minute("clock_forms", f"um 5 vor {y}", now, _next_clock(now, _dial(y * 60 - 5)))


def _clock_dayparts(now: datetime) -> Iterator[Case]:
    tomorrow = now.date() + timedelta(days=1)
    x = now.day % 10 + 2  # 2..11: *halb X nachmittags* lies in the afternoon
    afternoon = _dial(x * 60 - 30)
    yield _minute("clock_dayparts", f"morgen um halb {WORDS[x]} nachmittags", now,
                  _at(tomorrow, time(afternoon.hour + 12, 30)))
    yield _minute("clock_dayparts", "morgen nachmittags um Viertel vor vier", now, _at(tomorrow, time(15, 45)))
    yield _minute("clock_dayparts", "morgen früh um halb sieben", now, _at(tomorrow, time(6, 30)))
    yield _minute("clock_dayparts", "heute abend um Viertel nach acht", now, _at(now.date(), time(20, 15)))
    yield _minute("clock_dayparts", f"{WEEKDAYS[(now.weekday() + 2) % 7]} um halb drei nachmittags", now,
                  _at(now.date() + timedelta(days=2), time(14, 30)))


def _relative_days(now: datetime) -> Iterator[Case]:
    today = now.date()
    yield _day("relative_days", "in acht Tagen", now, today + timedelta(days=8))
    yield _minute("relative_days", "in vierzehn Tagen um 9", now, _at(today + timedelta(days=14), time(9)))
    yield _day("relative_days", "heute in einer Woche", now, today + timedelta(days=7))
    yield _minute("relative_days", "morgen in einer Woche um 10 Uhr", now, _at(today + timedelta(days=8), time(10)))
    yield _minute("relative_days", "in 8 Tagen um halb zehn", now, _at(today + timedelta(days=8), time(9, 30)))


def _after_next(now: datetime) -> Iterator[Case]:
    today = now.date()
    for weekday in ((today.weekday() + 1) % 7, (today.weekday() + 4) % 7):
        following = [today + timedelta(days=n) for n in range(1, 15) if (today + timedelta(days=n)).weekday() == weekday]
        yield _day("after_next", f"übernächsten {WEEKDAYS[weekday]}", now, following[1])
    weekday = today.weekday()
    day = today + timedelta(days=14)
    yield _minute("after_next", f"übernächsten {WEEKDAYS[weekday]} um 11", now, _at(day, time(11)))


def _next_fixed(today: date, month: int, day: int) -> date:
    this = date(today.year, month, day)
    return this if this >= today else date(today.year + 1, month, day)


def _next_easter(today: date, offset: int) -> date:
    this = _gauss_easter(today.year) + timedelta(days=offset)
    return this if this >= today else _gauss_easter(today.year + 1) + timedelta(days=offset)


def _holidays(now: datetime) -> Iterator[Case]:
    today = now.date()
    yield _day("holidays", "Heiligabend", now, _next_fixed(today, 12, 24))
    yield _minute("holidays", "an Silvester um 20 Uhr", now, _at(_next_fixed(today, 12, 31), time(20)))
    yield _day("holidays", "am ersten Weihnachtsfeiertag", now, _next_fixed(today, 12, 25))
    yield _day("holidays", "Tag der Deutschen Einheit", now, _next_fixed(today, 10, 3))
    yield _day("holidays", "Ostern", now, _next_easter(today, 0))
    yield _day("holidays", "Karfreitag", now, _next_easter(today, -2))
    yield _minute("holidays", "Pfingstmontag um 10", now, _at(_next_easter(today, 50), time(10)))
    yield _day("holidays", "an Christi Himmelfahrt", now, _next_easter(today, 39))


def _must_abstain(now: datetime) -> Iterator[Case]:
    for text in ("halb so wild", "ein Viertel der Torte", "Ostereier", "Anfang der Woche", "Mitte der Woche um 10",
                 "Ende der Woche", "demnächst", "bald um 10", "fünf vor halb drei", "drei viertel zehn",
                 "nach Viertel nach zehn", "letztes Ostern", "übernächste Woche"):
        yield Case("must_abstain", text, now, None, None)


_PER_NOW: list[Callable[[datetime], Iterator[Case]]] = [
    _clock_forms, _clock_dayparts, _relative_days, _after_next, _holidays, _must_abstain,
]
CATEGORIES = ["clock_forms", "clock_dayparts", "relative_days", "after_next", "holidays", "must_abstain"]


def build_cases() -> list[Case]:
    return [case for now in SPOKEN_NOWS for make in _PER_NOW for case in make(now)]
