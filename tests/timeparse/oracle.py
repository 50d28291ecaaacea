"""Expected values for spoken time forms, computed by plain arithmetic — never by the parser under test — and
German number words spelled by a table of this module's own, not the parser's vocabulary.

The tests own it (`test_spoken.py`, `test_number_words.py`); the bench's spoken cases and voice forms
(`bench/timeparse/cases_spoken.py`, `bench/offline/voice.py`) take it from here, so both check the parser against
one independent oracle. Imports nothing from `novaberg`.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from tests.timeparse.support import BERLIN

__all__ = ["dial", "exists_once", "gauss_easter", "local_at", "next_clock", "number_word"]

_ONES = ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf",
         "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn")
_TENS = {20: "zwanzig", 30: "dreißig", 40: "vierzig", 50: "fünfzig", 60: "sechzig", 70: "siebzig", 80: "achtzig",
         90: "neunzig"}


def number_word(n: int) -> str:
    """0..99 as one German word (*einundzwanzig*, *dreißig*)."""
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    head = _TENS[tens * 10]
    return head if not ones else ("ein" if ones == 1 else _ONES[ones]) + "und" + head


def exists_once(day: date, clock: time) -> bool:
    """The wall time occurs exactly once that day (not in a DST gap or fold)."""
    naive = datetime.combine(day, clock)
    a, b = naive.replace(tzinfo=BERLIN, fold=0), naive.replace(tzinfo=BERLIN, fold=1)
    return a.utcoffset() == b.utcoffset() and a.astimezone(BERLIN).replace(tzinfo=None) == naive


def local_at(day: date, clock: time) -> datetime | None:
    """That wall time in Berlin, or `None` in a DST gap or fold (no moment is the right answer there)."""
    return datetime.combine(day, clock, tzinfo=BERLIN) if exists_once(day, clock) else None


def next_clock(now: datetime, clock: time) -> datetime | None:
    """A clock time without a day: today if this minute or later, else tomorrow."""
    today = datetime.combine(now.date(), clock, tzinfo=BERLIN)
    day = now.date() if today >= now.replace(second=0, microsecond=0) else now.date() + timedelta(days=1)
    return local_at(day, clock)


def dial(total_minutes: int) -> time:
    """Minutes after midnight on a 12-hour dial as a clock time; an hour 0 is 12 (*halb eins* is 12:30)."""
    hour, minute = divmod(total_minutes, 60)
    return time(hour or 12, minute)


def gauss_easter(year: int) -> date:
    """Easter Sunday by Gauss's formula with Lichtenberg's corrections — independent of the parser's computus."""
    k = year // 100
    m = 15 + (3 * k + 3) // 4 - (8 * k + 13) // 25
    s = 2 - (3 * k + 3) // 4
    a = year % 19
    d = (19 * a + m) % 30
    r = (d + a // 11) // 29
    og = 21 + d - r
    sz = 7 - (year + year // 4 + s) % 7
    oe = 7 - (og - sz) % 7
    return date(year, 3, 1) + timedelta(days=og + oe - 1)
