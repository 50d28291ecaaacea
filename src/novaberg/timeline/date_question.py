"""Questions about the calendar itself, answered by computation: *Ist der 9. Dezember ein Dienstag?*,
*Welcher Wochentag ist Heiligabend?*, *Der Wievielte ist nächster Freitag?*

Nova never confirms a wrong weekday (tribunal.md §4): a question that names a day and asks for its weekday
or its date is read by the time parser and answered from the calendar — the composer gets the fact as the
`[DATUM]` block (and the offline composer says it), the timeline's window read stays out of it. A question
that names a day the parser cannot read, or two days, gets no block: no guess.
"""

from __future__ import annotations

from calendar import monthrange
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.readers import Block
from novaberg.text.calendar import MONTH_NAMES as _MONTH_NAMES
from novaberg.text.calendar import WEEKDAY_NAMES as _WEEKDAY_NAMES
from novaberg.text.calendar_words import CALENDAR_WORDS, asks_date, asks_weekday, claimed_words
from novaberg.text.grammar import QUESTION, analyse
from novaberg.timeline.phrases import time_expression
from novaberg.timeparse import TIME_VOCABULARY, parse, read_time

__all__ = ["DateFact", "NoSuchDay", "date_question", "date_block", "BLOCK_HEADER"]

BLOCK_HEADER = "[DATUM]"
_TODAY_WORDS = CALENDAR_WORDS["relative_days"]
_CHECK_VERBS = CALENDAR_WORDS["check_verbs"]


@dataclass(frozen=True)
class DateFact:
    day: date
    named: str  # the day as the person said it (*der 9. Dezember*, *Heiligabend*)
    claimed_weekday: int | None = None  # the weekday the question supposed (Monday = 0), when it did

    relative: bool = False  # said relative to today (*übermorgen*, *nächster Freitag*)
    past: bool = False  # before today: *war*

    def sentence(self) -> str:
        """The answer to the person, computed (never a guess)."""
        weekday = _WEEKDAY_NAMES[self.day.weekday()]
        spelled = f"{self.day.day}. {_MONTH_NAMES[self.day.month - 1]} {self.day.year}"
        verb = "war" if self.past else "ist"
        if self.claimed_weekday is None:
            if self.relative:
                named = f"{self.named[:1].upper()}{self.named[1:]}"
                if weekday.casefold() in self.named.casefold():
                    return f"{named} {verb} der {spelled}."
                return f"{named} {verb} {weekday}, der {spelled}."
            return f"Der {spelled} {verb} ein {weekday}."
        if self.claimed_weekday == self.day.weekday():
            return f"Ja, der {spelled} {verb} ein {weekday}."
        return f"Nein, der {spelled} {verb} ein {weekday} — kein {_WEEKDAY_NAMES[self.claimed_weekday]}."

    def block(self) -> str:
        """The fact for the composer: computed from the calendar, with what the question supposed."""
        lines = [BLOCK_HEADER, "Aus dem Kalender gerechnet (keine Schätzung): "
                 f"{_WEEKDAY_NAMES[self.day.weekday()]}, {self.day:%d.%m.%Y} — gefragt war nach „{self.named}“."]
        if self.claimed_weekday is not None and self.claimed_weekday != self.day.weekday():
            lines.append(f"Die Frage nahm {_WEEKDAY_NAMES[self.claimed_weekday]} an; das stimmt nicht.")
        return "\n".join(lines)


@dataclass(frozen=True)
class NoSuchDay:
    """A day the calendar does not have (*der 31. April*, *der 29. Februar 2027*): said so, never moved."""

    day: int
    month: int
    year: int | None

    def sentence(self) -> str:
        month = _MONTH_NAMES[self.month - 1]
        if self.year is not None and self.month == 2 and self.day == 29:
            return f"Den 29. Februar {self.year} gibt es nicht — {self.year} ist kein Schaltjahr."
        said = f"{self.day}. {month}" + (f" {self.year}" if self.year is not None else "")
        most = "höchstens " if self.month == 2 and self.year is None else ""
        return f"Den {said} gibt es nicht — der {month} hat {most}{_days_in(self.month, self.year)} Tage."

    def block(self) -> str:
        return f"{BLOCK_HEADER}\nAus dem Kalender gerechnet: {self.sentence()}"


def _days_in(month: int, year: int | None) -> int:
    return monthrange(year if year is not None else 2024, month)[1]  # no year: a leap year has every day


def _no_such_day(text: str) -> NoSuchDay | None:
    """The one date `text` names when no calendar has it (a day past its month's end; 29.2. of a common year)."""
    expression = time_expression(text)
    days = [d for d in read_time(expression).days if d.kind == "date"] if expression else []
    if len(days) != 1 or days[0].day is None or days[0].month is None or not 1 <= days[0].month <= 12:
        return None
    stated = days[0]
    if not 1 <= stated.day <= 31 or stated.day <= _days_in(stated.month, stated.year):
        return None
    return NoSuchDay(stated.day, stated.month, stated.year)


def _weekday_of(word: str) -> int | None:
    return TIME_VOCABULARY.weekdays.get(word.casefold())


def date_question(text: str, now: datetime, zone: ZoneInfo) -> DateFact | NoSuchDay | None:
    """The computed answer when `text` asks for a day's weekday or date, or whether a day is a given
    weekday — a day no calendar has is said to be none; None for anything else (and for a day the parser
    cannot read)."""
    utterance = analyse(text)
    if utterance.mood != QUESTION and not text.rstrip().endswith("?"):
        return None
    core = utterance.core
    if any(w in _CHECK_VERBS for w in core.casefold().split()[:3]):
        for word, start, end in claimed_words(core):
            weekday = _weekday_of(word)
            if weekday is None:
                continue
            rest = core[:start] + core[end:]
            found = _day_in(rest, now)
            if found is not None:  # the weekday is the claim only when a day is left without it
                return _fact(*found, now, zone, weekday)
            missing = _no_such_day(rest)
            if missing is not None:
                return missing
            break
    if not (asks_weekday(core) or asks_date(core)):
        return None
    found = _day_in(core, now)
    return _fact(*found, now, zone, None) if found is not None else _no_such_day(core)


def _day_in(text: str, now: datetime) -> tuple[Any, str] | None:
    """The one day `text` names, read by the time parser (a range, a clock time alone or nothing: None)."""
    expression = time_expression(text)
    if not expression:
        return None
    vector = parse(expression, now)
    if vector.moment is None or not vector.tag_erkannt or vector.end is not None:
        return None
    return vector, expression.strip()


def _fact(vector: Any, expression: str, now: datetime, zone: ZoneInfo, claimed: int | None) -> DateFact:
    relative = vector.referenz_modus == "relativ" or expression.casefold() in _TODAY_WORDS
    day = vector.moment.astimezone(zone).date()
    return DateFact(day, expression, claimed, relative=relative, past=day < now.astimezone(zone).date())


def date_block(state: dict[str, Any], deps: Any) -> Any:
    """Block reader of `[DATUM]`: present only when the turn asks the calendar itself."""
    fact = date_question(str(state.get("text", "")), state["now"], deps.zone)
    if fact is None:
        return None
    return Block(BLOCK_HEADER, fact.block(), answers_question=True, reply=fact.sentence())
