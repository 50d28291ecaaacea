"""Dates in an answer, computed, not judged (tribunal.md, "Die Datumsprüfung in der Auswertung").

Two checks share the head `ZEITANGABE FALSCH`: a weekday written immediately before a date must be
that date's weekday (`weekday_mismatches`), and a confirmation must name a date a service of this
turn reported (`confirmation_mismatch`). Both are arithmetic, so no model is asked.

A date without a year is read as the next such date from `today` (today included) — the rule of
timeline.md §5.5 for a time expression without a year and without a stated tense (*angekündigt*).
A day that no year has (*31.4.*) is no date; *29.2.* goes to the next leap year.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from novaberg.text.claim_vocabulary import VOCABULARY
from novaberg.text.words import alternation
from novaberg.timeparse import TIME_VOCABULARY
from novaberg.timeparse.dates import dated as resolve_year  # the time parser's rule, one copy
from novaberg.timeparse.weekday_phrases import WEEKDAY_AFTER, WEEKDAY_BEFORE

__all__ = [
    "ConfirmationMismatch",
    "StatedDate",
    "WeekdayMismatch",
    "confirmation_mismatch",
    "find_dates",
    "format_date",
    "resolve_year",
    "weekday_mismatches",
]


_NOT_AFTER_WORD = r"(?<![\w.])"
_NOT_BEFORE_LETTER = r"(?![^\W\d_])"
_NUMERIC = re.compile(
    _NOT_AFTER_WORD + r"(?P<d>\d{1,2})\.[ \t]?(?P<m>\d{1,2})\.(?:(?P<y4>[ \t]?\d{4})|(?P<y2>\d{2}))?(?!\d)"
)
_MONTH_NAMES = dict(TIME_VOCABULARY.months) | dict(TIME_VOCABULARY.month_abbreviations)
_WRITTEN = re.compile(
    _NOT_AFTER_WORD
    + r"(?P<d>\d{1,2})(?:\.[ \t]*|[ \t]+)(?P<mon>"
    + alternation(_MONTH_NAMES)
    + r")"
    + _NOT_BEFORE_LETTER
    + r"\.?(?:[ \t]+(?P<y>\d{4})(?!\d))?",
    re.IGNORECASE,
)
_ISO = re.compile(r"(?<![\w.-])(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})(?![\w-])")
_WEEKDAY_WORDS = dict(TIME_VOCABULARY.weekdays) | {
    a + ".": i for a, i in TIME_VOCABULARY.weekday_abbreviations.items()
}
_LOOKBACK = 60  # characters before a date searched for its weekday; the coupling is tight anyway
@dataclass(frozen=True)
class StatedDate:
    """A date as it stands in a text: the day it means, whether a year was written, where it is."""

    date: date
    year_given: bool
    start: int
    end: int
    text: str

    def same_day(self, other: StatedDate) -> bool:
        """Same day and month; the year only counts when both texts wrote one."""
        if (self.date.month, self.date.day) != (other.date.month, other.date.day):
            return False
        return self.date.year == other.date.year or not (self.year_given and other.year_given)


@dataclass(frozen=True)
class WeekdayMismatch:
    """A weekday written immediately before a date that falls on another weekday."""

    date: date
    stated_weekday: str
    correct_weekday: str
    phrase: str  # the weekday through the date, as written
    corrected_phrase: str  # the same with the right weekday
    year_given: bool


@dataclass(frozen=True)
class ConfirmationMismatch:
    """The answer names dates, but none that a service of this turn reported."""

    stated: tuple[StatedDate, ...]
    reported: tuple[StatedDate, ...]


def _year(four: str | None, two: str | None) -> int | None:
    if four:
        return int(four)
    if two:
        return 2000 + int(two)
    return None


def find_dates(text: str, today: date) -> list[StatedDate]:
    """Every date of `text` in order: *3.3.2026*, *3.3.26*, *20.08.*, *17. November (2026)*, *2026-03-03*.

    Needs the dot after the month in digits, so a clock time (*14.30 Uhr*) is no date.
    """
    found: list[StatedDate] = []
    for match in _NUMERIC.finditer(text):
        year = _year(match["y4"], match["y2"])
        found.append(_stated(match, int(match["d"]), int(match["m"]), year, today))
    for match in _WRITTEN.finditer(text):
        month = _MONTH_NAMES[match["mon"].lower()]
        year = int(match["y"]) if match["y"] else None
        found.append(_stated(match, int(match["d"]), month, year, today))
    for match in _ISO.finditer(text):
        found.append(_stated(match, int(match["d"]), int(match["m"]), int(match["y"]), today))
    dates = sorted((d for d in found if d is not None), key=lambda d: d.start)
    kept: list[StatedDate] = []
    for stated in dates:
        if not kept or stated.start >= kept[-1].end:
            kept.append(stated)
    return kept


def _stated(match: re.Match[str], day: int, month: int, year: int | None, today: date) -> StatedDate | None:
    meant = resolve_year(day, month, year, today) if 1 <= month <= 12 else None
    if meant is None:
        return None
    return StatedDate(meant, year is not None, match.start(), match.end(), match.group().rstrip())


def weekday_mismatches(text: str, today: date) -> list[WeekdayMismatch]:
    """Each weekday that stands immediately before a date — or is its predicate right after it (*der 9.12. ist
    ein Dienstag*) — and is not that date's weekday.

    *Immediately* means: only a comma, an opening bracket or *der/den/dem* in between — the tight
    coupling of the specification, because a false alarm costs more than a missed contradiction.
    """
    mismatches: list[WeekdayMismatch] = []
    for stated in find_dates(text, today):
        window_start = max(0, stated.start - _LOOKBACK)
        match = WEEKDAY_BEFORE.search(text, window_start, stated.start)
        after = None if match is not None else WEEKDAY_AFTER.match(text, stated.end)
        if match is None and after is None:
            continue
        found = match if match is not None else after
        written = found["wd"]
        index = _WEEKDAY_WORDS[written.lower()]
        actual = stated.date.weekday()
        if index == actual:
            continue
        correct = VOCABULARY.weekday_names[actual]
        if match is not None:
            phrase = text[match.start("wd") : stated.end]
            corrected = correct + text[match.end("wd") : stated.end]
        else:
            phrase = text[stated.start : after.end("wd")]
            corrected = text[stated.start : after.start("wd")] + correct
        mismatches.append(
            WeekdayMismatch(
                date=stated.date,
                stated_weekday=_display_weekday(written),
                correct_weekday=correct,
                phrase=phrase,
                corrected_phrase=corrected,
                year_given=stated.year_given,
            )
        )
    return mismatches


def _display_weekday(written: str) -> str:
    """A full name as written (capitalised, so *Sonnabend* stays), an abbreviation as its full name."""
    if written.endswith("."):
        return VOCABULARY.weekday_names[_WEEKDAY_WORDS[written.lower()]]
    return written[:1].upper() + written[1:].lower()


def confirmation_mismatch(
    answer: str, reported: Sequence[StatedDate], today: date
) -> ConfirmationMismatch | None:
    """The second form (22.08.2026): reported dates exist, the answer names none of them but another.

    An answer that names a reported date and a second one speaks about something else and passes.
    """
    if not reported:
        return None
    stated = find_dates(answer, today)
    if not stated:
        return None
    if any(s.same_day(r) for s in stated for r in reported):
        return None
    return ConfirmationMismatch(tuple(stated), tuple(reported))


def format_date(stated: StatedDate) -> str:
    """*03.03.2026* when a year was written, else *03.03.* — the answer's own precision."""
    return stated.date.strftime("%d.%m.%Y") if stated.year_given else stated.date.strftime("%d.%m.")
