"""German time expressions with fixed clocks and expected values computed by code (the written-forms benchmark).

The expectations are computed here with plain calendar arithmetic — never by the parser under test
and never typed as literal datetimes — so a change in the parser cannot move its own goal posts.
`expected=None` means the right answer is *no moment* (a contradiction, an impossible date, a text
without a time). Every clock is Europe/Berlin; the set covers Saturdays and Sundays, 23:30, month and
year ends and the daylight-saving weeks of March and October 2026.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

__all__ = ["BERLIN", "CATEGORIES", "Case", "NOWS", "build_cases"]

BERLIN = ZoneInfo("Europe/Berlin")

WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
MONTHS = [
    "Januar", "Februar", "März", "April", "Mai", "Juni",
    "Juli", "August", "September", "Oktober", "November", "Dezember",
]
ORDINALS = {1: "ersten", 2: "zweiten", 3: "dritten", 4: "vierten", 5: "fünften", 9: "neunten", 12: "zwölften",
            20: "zwanzigsten"}
NUMBER_WORDS = {7: "sieben", 8: "acht", 9: "neun", 10: "zehn", 11: "elf", 12: "zwölf"}


@dataclass(frozen=True)
class Case:
    category: str
    text: str
    now: datetime
    expected: datetime | None  # aware Berlin, or None: the right answer is no moment
    precision: str | None  # minute | day | None


# The fixed clocks: (label, moment). Weekdays are computed, the labels only help reading the table.
NOWS: list[datetime] = [
    datetime(2026, 3, 25, 23, 30, tzinfo=BERLIN),  # Wednesday 23:30, week of the March DST change
    datetime(2026, 3, 28, 10, 0, tzinfo=BERLIN),  # Saturday before the change
    datetime(2026, 3, 29, 9, 0, tzinfo=BERLIN),  # Sunday, the day of the change (23 hours)
    datetime(2026, 10, 24, 23, 30, tzinfo=BERLIN),  # Saturday 23:30 before the October change
    datetime(2026, 10, 25, 12, 0, tzinfo=BERLIN),  # Sunday, the day of the change (25 hours)
    datetime(2026, 1, 31, 14, 0, tzinfo=BERLIN),  # Saturday, month end
    datetime(2026, 11, 30, 8, 15, tzinfo=BERLIN),  # Monday, month end
    datetime(2026, 12, 31, 23, 30, tzinfo=BERLIN),  # Thursday, year end, 23:30
]


def _local(day: date, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=BERLIN)


def _next_weekday(today: date, weekday: int) -> date:
    ahead = (weekday - today.weekday()) % 7
    return today + timedelta(days=ahead or 7)


def _this_week(today: date, weekday: int) -> date:
    return today - timedelta(days=today.weekday()) + timedelta(days=weekday)


def _last_weekday(today: date, weekday: int) -> date:
    back = (today.weekday() - weekday) % 7
    return today - timedelta(days=back or 7)


def _next_clock(now: datetime, hour: int, minute: int = 0) -> datetime:
    """A clock time without a day: today if still ahead (this minute counts), else tomorrow."""
    today = _local(now.date(), hour, minute)
    if today >= now.replace(second=0, microsecond=0):
        return today
    return _local(now.date() + timedelta(days=1), hour, minute)


def _next_date(now: datetime, day: int, month: int) -> date:
    """A date without a year: the next such date, today included."""
    candidate = date(now.year, month, day)
    return candidate if candidate >= now.date() else date(now.year + 1, month, day)


def _real_time(now: datetime, **delta: float) -> datetime:
    return (now.astimezone(UTC) + timedelta(**delta)).astimezone(BERLIN)


def _day(category: str, text: str, now: datetime, day: date) -> Case:
    return Case(category, text, now, _local(day), "day")


def _minute(category: str, text: str, now: datetime, moment: datetime) -> Case:
    return Case(category, text, now, moment, "minute")


def _none(category: str, text: str, now: datetime) -> Case:
    return Case(category, text, now, None, None)


def _day_words(now: datetime) -> Iterator[Case]:
    today = now.date()
    for word, offset in (("heute", 0), ("morgen", 1), ("übermorgen", 2), ("gestern", -1)):
        yield _day("day_words", word, now, today + timedelta(days=offset))


def _weekdays(now: datetime) -> Iterator[Case]:
    today = now.date()
    tomorrow, in_three = (today.weekday() + 1) % 7, (today.weekday() + 3) % 7
    yield _day("weekdays", WEEKDAYS[tomorrow], now, _next_weekday(today, tomorrow))
    yield _day("weekdays", f"am {WEEKDAYS[today.weekday()]}", now, _next_weekday(today, today.weekday()))
    yield _day("weekdays", f"nächsten {WEEKDAYS[in_three]}", now, _next_weekday(today, in_three))
    yield _day("weekdays", f"diesen {WEEKDAYS[4]}", now, _this_week(today, 4))
    yield _day("weekdays", f"letzten {WEEKDAYS[in_three]}", now, _last_weekday(today, in_three))


def _clock_times(now: datetime) -> Iterator[Case]:
    yield _minute("clock_times", "um 10", now, _next_clock(now, 10))
    yield _minute("clock_times", "um 14 Uhr", now, _next_clock(now, 14))
    yield _minute("clock_times", "17:45", now, _next_clock(now, 17, 45))
    yield _minute("clock_times", "um 11.30", now, _next_clock(now, 11, 30))
    yield _minute("clock_times", f"um {NUMBER_WORDS[now.day % 6 + 7]}", now, _next_clock(now, now.day % 6 + 7))


def _day_and_time(now: datetime) -> Iterator[Case]:
    today = now.date()
    weekday = (today.weekday() + 2) % 7
    yield _minute("day_and_time", "morgen um 10", now, _local(today + timedelta(days=1), 10))
    yield _minute("day_and_time", "übermorgen um 14:30 Uhr", now, _local(today + timedelta(days=2), 14, 30))
    yield _minute("day_and_time", f"{WEEKDAYS[weekday]} um 9 Uhr", now, _local(_next_weekday(today, weekday), 9))
    yield _minute("day_and_time", "heute um 20 Uhr", now, _local(today, 20))


def _dates(now: datetime) -> Iterator[Case]:
    soon = now.date() + timedelta(days=40)
    past = now.date() - timedelta(days=3)
    yield _day("dates", f"am {soon.day}.{soon.month}.{soon.year}", now, soon)
    yield _day("dates", f"am {soon.day}.{soon.month}.", now, _next_date(now, soon.day, soon.month))
    yield _day("dates", f"am {past.day}.{past.month}.", now, _next_date(now, past.day, past.month))
    yield _day("dates", f"{soon.day}. {MONTHS[soon.month - 1]}", now, _next_date(now, soon.day, soon.month))
    yield _day("dates", f"den {past.day}. {MONTHS[past.month - 1]} {past.year}", now, past)


def _ordinals(now: datetime) -> Iterator[Case]:
    day = 2 if now.month % 2 else 3
    month = now.month % 12 + 1
    yield _day("ordinals", f"am {ORDINALS[day]} {MONTHS[month - 1]}", now, _next_date(now, day, month))


def _dayparts(now: datetime) -> Iterator[Case]:
    today = now.date()
    yield _minute("dayparts", "4 Uhr nachmittags", now, _next_clock(now, 16))
    yield _minute("dayparts", "um 8 abends", now, _next_clock(now, 20))
    yield _minute("dayparts", "morgen früh um 7", now, _local(today + timedelta(days=1), 7))
    yield _minute("dayparts", "morgens um 6", now, _next_clock(now, 6))


def _relative(now: datetime) -> Iterator[Case]:
    yield _day("relative", "in vier Tagen", now, now.date() + timedelta(days=4))
    yield _minute("relative", "in 3 Stunden", now, _real_time(now, hours=3))
    yield _minute("relative", "in 45 Minuten", now, _real_time(now, minutes=45))


def _spans(now: datetime) -> Iterator[Case]:
    tomorrow = now.date() + timedelta(days=1)
    yield _minute("spans", "morgen von 10 bis 12 Uhr", now, _local(tomorrow, 10))
    yield _minute("spans", "zwischen 9 und 11 Uhr", now, _next_clock(now, 9))


def _contradictions(now: datetime) -> Iterator[Case]:
    today = now.date()
    wrong = (today.weekday() + 2) % 7  # tomorrow is never the day after tomorrow
    yield _none("contradictions", f"morgen am {WEEKDAYS[wrong]}", now)
    date_ = today + timedelta(days=10)
    yield _none("contradictions", f"{WEEKDAYS[(date_.weekday() + 1) % 7]}, den {date_.day}.{date_.month}.{date_.year}", now)


def _impossible(now: datetime) -> Iterator[Case]:
    yield _none("impossible", "am 30. Februar", now)
    yield _none("impossible", "um 27 Uhr", now)


# Fixed cases whose expectation still comes from code: sentences, DST, harder German, no time.
def _fixed() -> Iterator[Case]:
    wed = NOWS[0]
    sat = NOWS[1]
    dst_sun = NOWS[2]
    oct_sun = NOWS[4]
    tomorrow = wed.date() + timedelta(days=1)
    fri = _next_weekday(wed.date(), 4)
    yield _minute("sentences", "Trag mir morgen um 10 den Zahnarzt ein", wed, _local(tomorrow, 10))
    yield _minute("sentences", "Erinnere mich am Freitag um 9 an die Steuer", wed, _local(fri, 9))
    yield _minute("sentences", "Ich habe übermorgen um 14 Uhr einen Termin beim Friseur", wed,
                  _local(wed.date() + timedelta(days=2), 14))
    yield _day("sentences", "Merk dir Annas Geburtstag am 15. Mai", wed, _next_date(wed, 15, 5))
    yield _minute("sentences", "Kannst du den Elternabend auf Montag um 19 Uhr legen?", wed,
                  _local(_next_weekday(wed.date(), 0), 19))
    # DST: the March Sunday has no 02:30; durations cross the change in real time
    yield _none("dst", "heute um 2:30", dst_sun)
    yield _minute("dst", "morgen um 10", sat, _local(sat.date() + timedelta(days=1), 10))
    yield _minute("dst", "in 3 Stunden", datetime(2026, 3, 29, 0, 30, tzinfo=BERLIN),
                  _real_time(datetime(2026, 3, 29, 0, 30, tzinfo=BERLIN), hours=3))
    yield _minute("dst", "in 2 Stunden", datetime(2026, 10, 25, 1, 30, tzinfo=BERLIN),
                  _real_time(datetime(2026, 10, 25, 1, 30, tzinfo=BERLIN), hours=2))
    yield _minute("dst", "heute um 15 Uhr", oct_sun, _local(oct_sun.date(), 15))
    yield _minute("dst", "um 3:30", datetime(2026, 3, 29, 1, 0, tzinfo=BERLIN), _local(date(2026, 3, 29), 3, 30))
    # harder German: the right answer exists; a careful parser may abstain, a guess is wrong
    yield _minute("hard", "um halb elf", wed, _next_clock(wed, 10, 30))
    yield _minute("hard", "viertel nach 10", wed, _next_clock(wed, 10, 15))
    yield _minute("hard", "in anderthalb Stunden", wed, _real_time(wed, minutes=90))
    yield _day("hard", "nicht morgen, sondern übermorgen", wed, wed.date() + timedelta(days=2))
    yield _minute("hard", "nächste Woche Freitag um 10", wed,
                  _local(_this_week(wed.date(), 4) + timedelta(days=7), 10))
    yield _day("hard", "morgen Nachmittag", wed, tomorrow)
    yield _minute("hard", "um 12 Uhr mittags", sat, _next_clock(sat, 12))
    yield _minute("hard", "heute Abend um 9", sat, _local(sat.date(), 21))
    # traps: words around a time that a parser must not skip (abbreviations, compounds, names, counts)
    yield _minute("traps", "Ich treffe Fr. Müller morgen um 10", wed, _local(tomorrow, 10))
    yield _minute("traps", "Mach das so. Um 10 Uhr passt es", wed, _next_clock(wed, 10))
    yield _minute("traps", "am Montagmorgen um 9", wed, _local(_next_weekday(wed.date(), 0), 9))
    yield _minute("traps", "Freitagabend um 8", wed, _local(fri, 20))
    yield _minute("traps", "Sonntagsbrunch um 11", wed, _local(_next_weekday(wed.date(), 6), 11))
    yield _minute("traps", "um 10 vor 12", wed, _next_clock(wed, 11, 50))
    yield _day("traps", "heute in einer Woche", wed, wed.date() + timedelta(days=7))
    yield _minute("traps", "2 Personen morgen um 19 Uhr", wed, _local(tomorrow, 19))
    yield _minute("traps", "Termin mit Jan morgen um 10", wed, _local(tomorrow, 10))
    yield _day("traps", "Die Uhr bringe ich morgen zur Reparatur", wed, tomorrow)
    yield _minute("traps", "um 10 Uhr, nicht um 11", wed, _next_clock(wed, 10))
    yield _minute("traps", "in 2 Std.", wed, _real_time(wed, hours=2))
    yield _minute("traps", "Mo., 30.3., 9 Uhr", wed, _local(date(2026, 3, 30), 9))
    # no time at all: the right answer is no moment, never "now"
    for text in ("Zahnarzt", "Wie geht es dir?", "Trag mir den Friseur ein", "um die Ecke", "am Ende"):
        yield _none("no_time", text, wed)


_PER_NOW: list[Callable[[datetime], Iterator[Case]]] = [
    _day_words, _weekdays, _clock_times, _day_and_time, _dates, _ordinals, _dayparts, _relative, _spans,
    _contradictions, _impossible,
]

CATEGORIES = [
    "day_words", "weekdays", "clock_times", "day_and_time", "dates", "ordinals", "dayparts", "relative",
    "spans", "contradictions", "impossible", "sentences", "dst", "hard", "traps", "no_time",
]


def build_cases() -> list[Case]:
    """All cases: the per-clock templates for every fixed `now`, then the fixed cases."""
    cases = [case for now in NOWS for make in _PER_NOW for case in make(now)]
    cases.extend(_fixed())
    return cases
