"""The year of an event told without one (timeline.md §5.5, row *Zeit*).

*Lena zieht im Mai nach Kassel* said in October: announced, it is next May; reported
(*ist im Mai gezogen*), it was this May. The parser would pick one rule for both, so an expression
that names no year and does not count from today — a month, or a day and month in words or digits,
with or without a clock time — is read by `date_without_year`, and `year_by_tense` sets the year
from the tense of the sentence. Anything else is read by the parser as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

from novaberg.timeparse.dates import is_year
from novaberg.timeparse.grammar import scan
from novaberg.timeparse.parse import stated_clock_times
from novaberg.timeparse.tokens import Token, prepare, tokenize
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["TENSES", "DateWithoutYear", "date_without_year", "year_by_tense"]

TENSES = ("angekuendigt", "berichtet")
_SKIP = frozenset(V.fillers - {"um", "uhr"})


@dataclass(frozen=True, slots=True)
class DateWithoutYear:
    month: int
    day: int | None = None  # None: the whole month (*im Mai*)
    time: time | None = None


def date_without_year(text: str) -> DateWithoutYear | None:
    """Month, day and time of an expression without a year, or None if it is not of that form.

    The day is not checked against a year here (*31. April* comes back); `year_by_tense` refuses it.
    """
    prepared = prepare(text)
    if not prepared:
        return None
    toks = [t for t in tokenize(prepared) if not _skipped(t)]
    if len(toks) == 1 and toks[0].kind == "word":
        month = V.months.get(toks[0].text)
        if month is None and toks[0].dot:
            month = V.month_abbreviations.get(toks[0].text)
        return DateWithoutYear(month) if month is not None else None
    facts = scan(toks)
    if facts is None or facts.moments or len(facts.days) != 1:
        return None
    fact = facts.days[0]
    if fact.kind != "date" or fact.year is not None or not (1 <= fact.month <= 12 and 1 <= fact.value <= 31):
        return None
    clock = None
    if facts.times:
        if len(facts.times) != 1 or facts.times[0].kind != "single":
            return None
        clocks = stated_clock_times(facts)
        if clocks is None or clocks[0] is None or clocks[0][0] == 24:
            return None
        clock = time(*clocks[0])
    return DateWithoutYear(fact.month, fact.value, clock)


def _skipped(t: Token) -> bool:
    return (t.kind == "punct" and t.text in "?!.,") or (t.kind == "word" and t.text in _SKIP)


def year_by_tense(month: int, day: int | None, tense: str, today: date) -> int:
    """Announced → the next such date (a month from the current month on, a day from today on);
    reported → the last one up to today. ValueError for an unknown tense, or a day that exists in
    none of the two years looked at (*31. April*, *29. Februar* outside leap years) — loud, §5.5;
    likewise a year outside 1900–2199."""
    if tense not in TENSES:
        raise ValueError(f"unknown tense {tense!r}; expected one of {TENSES}")
    if not 1 <= month <= 12:
        raise ValueError(f"no month {month}")
    announced = tense == "angekuendigt"
    if day is None:
        if announced:
            year = today.year if month >= today.month else today.year + 1
        else:
            year = today.year if month <= today.month else today.year - 1
        if not is_year(year):
            raise ValueError(f"no date: year {year} is outside the years read as dates")
        return year
    years = (today.year, today.year + 1) if announced else (today.year, today.year - 1)
    for year in years:
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if (candidate >= today) if announced else (candidate <= today):
            if not is_year(year):
                raise ValueError(f"no date: year {year} is outside the years read as dates")
            return year
    raise ValueError(f"no {day}.{month}. in {years[0]} or {years[1]} for {tense}")
