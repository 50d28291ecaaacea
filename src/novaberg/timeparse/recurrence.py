"""`read_recurrence(text, now) -> RecurrenceReading | None`: a repetition said in German, as an RFC 5545 rule.

*jeden Montag um 18 Uhr*, *jeden zweiten Dienstag*, *alle zwei Wochen freitags*, *jeden ersten Sonntag im
Monat*, *werktags um 7*, *jährlich am 3. März*, with *bis Ende Juni*, *bis zum 30.6.*, *ab nächster Woche*,
*zehnmal*. The words are data (`recurrence_de.json`); the rule arithmetic is dateutil's `rrule`
in the zone of `now` — the first occurrence is the first the rule gives from `now` (or from the *ab* day).
A rule that never occurs (*jeden 31. Februar*) or ends before it starts is a reading with `error` set:
the caller refuses it with a German sentence and writes nothing. None: the text says no repetition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, time
from typing import Any

from dateutil.rrule import rrulestr

from novaberg.text.calendar import MONTH_WORDS, WEEKDAY_WORDS
from novaberg.text.data_files import read_json
from novaberg.text.words import alternation, fold
from novaberg.timeparse.dates import day_end, day_start, local_now, month_bounds
from novaberg.timeparse.parse import parse
from novaberg.timeparse.period import named_period

__all__ = ["RecurrenceReading", "read_recurrence", "without_series_words", "repetition_words", "RECURRENCE_WORDS", "load_recurrence_words",
           "ERROR_NEVER", "ERROR_ENDS_BEFORE", "ERROR_BAD_DAY"]

ERROR_NEVER = "nie"  # the rule gives no occurrence (*jeden 31. Februar*)
ERROR_ENDS_BEFORE = "ende_vor_beginn"  # *bis* lies before the first occurrence
ERROR_BAD_DAY = "tag_unmoeglich"  # a day of month outside 1–31

_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_HORIZON_YEARS = 8


def load_recurrence_words() -> dict[str, Any]:
    """The data file as written (for the schema test); the reader uses `RECURRENCE_WORDS` (folded)."""
    return read_json(__package__, "recurrence_de.json")


def _folded(value: Any) -> Any:
    if isinstance(value, dict):
        return {fold(k): _folded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [fold(v) if isinstance(v, str) else v for v in value]
    return value


RECURRENCE_WORDS: dict[str, Any] = {k: _folded(v) for k, v in load_recurrence_words().items()}
_W = RECURRENCE_WORDS
_WEEKDAYS = {fold(word): day for word, day in WEEKDAY_WORDS.items()}
_MONTHS = {fold(word): month for word, month in MONTH_WORDS.items()}


_WEEKDAY = alternation(_WEEKDAYS)
_MONTH = alternation(_MONTHS)
_EVERY = alternation(_W["every"])
_STEP = alternation(_W["step_ordinals"])
_IN_MONTH = re.compile(rf"^\s*(?:{alternation(_W['in_the_month'])})\b")
_EVERY_WEEKDAY = re.compile(rf"\b(?:{_EVERY})\s+(?:(?P<step>{_STEP})\s+)?(?P<day>{_WEEKDAY})\b")
_EVERY_UNIT = re.compile(rf"\b(?:{_EVERY})\s+(?:(?P<step>{_STEP})\s+)?(?P<unit>{alternation(_W['frequency_units'])})\b")
_EVERY_N = re.compile(
    rf"\balle\s+(?P<n>\d{{1,2}}|{alternation(_W['step_numbers'])})\s+(?P<unit>{alternation(_W['frequency_units'])})\b")
_ADVERB = re.compile(rf"\b(?P<adverb>{alternation(_W['frequency_adverbs'])})\b")
_WORKDAYS = re.compile(rf"\b(?:{alternation(_W['workdays'])})\b")
_DAYS_ADVERB = re.compile(rf"\b(?P<day>{_WEEKDAY})s\b")
_ON_WEEKDAY = re.compile(rf"\b(?:am|an)\s+(?P<day>{_WEEKDAY})\b")
_DATE_NAMED = re.compile(rf"\b(?P<d>\d{{1,2}})\.\s*(?P<m>{_MONTH})\b")
_DATE_DOTTED = re.compile(r"\b(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?!\d)")
_DAY_OF_MONTH = re.compile(rf"\b(?:{_EVERY}|am)\s+(?P<d>\d{{1,2}})\.(?!\s*(?:\d|{_MONTH}))")
_CLOCK = re.compile(r"\b(?:um|gegen|ab)\s+(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?(?:\s*uhr)?\b"
                    r"|\b(?P<h2>\d{1,2})(?::(?P<m2>\d{2}))?\s*uhr\b")
_COUNT_WORD = re.compile(rf"\b(?P<word>{alternation(_W['count_numbers'])})\b")
_COUNT_DIGITS = re.compile(r"\b(?P<n>\d{1,3})\s*-?\s*mal\b")
_UNTIL_END = re.compile(rf"\bbis\s+(?:zum\s+|zu[mr]\s+)?ende\s+(?:(?:des|vom)\s+)?(?P<month>{_MONTH})\b")
_UNTIL = re.compile(r"\bbis\s+(?:zum\s+|einschliesslich\s+)?(?P<rest>[^,;]+)")
_FROM = re.compile(r"\bab\s+(?P<rest>[^,;]+)")
_STOP = re.compile(rf"\s+(?:bis|um|ab|und|{_EVERY}|alle|{alternation(_W['workdays'])}|{alternation(_W['count_numbers'])}|\d+\s*-?mal)\b.*$")


@dataclass(frozen=True)
class RecurrenceReading:
    """`rule` is the RRULE value (UNTIL in UTC with Z, or COUNT); `start` the first occurrence, local."""

    rule: str | None
    start: datetime | None
    clock_named: bool
    error: str | None = None


def _code(day: int) -> str:
    return _CODES[day]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else int(_W["step_numbers"][word])


def _frequency(t: str) -> dict[str, Any] | None:  # noqa: C901 - one branch per way of saying it
    """The rule's parts without start, time and bounds, from the folded text; None without a repetition."""
    parts: dict[str, Any] = {}
    every_day = _EVERY_WEEKDAY.search(t)
    every_n = _EVERY_N.search(t)
    if _WORKDAYS.search(t):
        parts = {"FREQ": "WEEKLY", "BYDAY": "MO,TU,WE,TH,FR"}
    elif every_n:
        parts = {"FREQ": _W["frequency_units"][every_n["unit"]], "INTERVAL": _number(every_n["n"])}
    elif every_day:
        day = _code(_WEEKDAYS[every_day["day"]])
        step = _W["step_ordinals"].get(every_day["step"] or "")
        if step is not None and _IN_MONTH.match(t[every_day.end():]):
            parts = {"FREQ": "MONTHLY", "BYDAY": f"{step}{day}"}
        elif step is not None and step > 1:
            parts = {"FREQ": "WEEKLY", "INTERVAL": step, "BYDAY": day}
        elif step is None:
            parts = {"FREQ": "WEEKLY", "BYDAY": day}
        else:  # *jeden ersten Montag* (*jeden letzten …*): the first (last) of the month, *im Monat* or not
            parts = {"FREQ": "MONTHLY", "BYDAY": f"{step}{day}"}
    elif (unit := _EVERY_UNIT.search(t)) is not None:
        parts = {"FREQ": _W["frequency_units"][unit["unit"]]}
        step = _W["step_ordinals"].get(unit["step"] or "")
        if step is not None and step > 1:
            parts["INTERVAL"] = step
    elif (adverb := _ADVERB.search(t)) is not None:
        parts = {"FREQ": _W["frequency_adverbs"][adverb["adverb"]]}
    elif _DAYS_ADVERB.search(t):
        parts = {"FREQ": "WEEKLY"}
    elif (day_of_month := _DAY_OF_MONTH.search(t)) is not None and re.search(rf"\b(?:{_EVERY})\s+\d", t):
        parts = {"FREQ": "MONTHLY", "BYMONTHDAY": int(day_of_month["d"])}
    elif re.search(rf"\b(?:{_EVERY})\s+\d{{1,2}}\.", t) and (_DATE_NAMED.search(t) or _DATE_DOTTED.search(t)):
        parts = {"FREQ": "YEARLY"}
    else:
        return None
    if parts["FREQ"] == "WEEKLY" and "BYDAY" not in parts:
        days = [_code(_WEEKDAYS[m["day"]]) for m in _DAYS_ADVERB.finditer(t)] or \
               [_code(_WEEKDAYS[m["day"]]) for m in _ON_WEEKDAY.finditer(t)]
        if days:
            parts["BYDAY"] = ",".join(dict.fromkeys(days))
    if parts["FREQ"] == "YEARLY":
        named = _DATE_NAMED.search(t) or _DATE_DOTTED.search(t)
        if named is not None:
            month = _MONTHS.get(named["m"]) or int(named["m"])
            parts.update({"BYMONTH": month, "BYMONTHDAY": int(named["d"])})
    if parts["FREQ"] == "MONTHLY" and "BYDAY" not in parts and "BYMONTHDAY" not in parts:
        day_of_month = _DAY_OF_MONTH.search(t)
        if day_of_month is not None:
            parts["BYMONTHDAY"] = int(day_of_month["d"])
    return parts


def _clock(t: str) -> tuple[int, int] | None:
    for found in _CLOCK.finditer(t):
        hour = int(found["h"] or found["h2"])
        minute = int(found["m"] or found["m2"] or 0)
        if hour <= 23 and minute <= 59:
            return hour, minute
    return None


def _day_after(rest: str, now: datetime) -> tuple[datetime, datetime] | None:
    """The day or period the words after *ab*/*bis* name: the longest leading run of up to five words that
    is a named period (*nächste Woche*) or a day (*dem 1.3.*, *Weihnachten*) — (start, end), local."""
    words = _STOP.sub("", rest).strip(" !?").split()
    if words and words[0] in ("dem", "der", "den", "zum", "zur"):
        words = words[1:]
    for size in range(min(len(words), 5), 0, -1):
        said = " ".join(words[:size])
        period = named_period(re.sub(r"\bnaechste[rm]\b", "naechste", said), now)
        if period is not None:
            return period.start, period.end
        vector = parse(said, now)
        if vector.moment is not None and vector.tag_erkannt and not vector.uhrzeit_erkannt:
            day = vector.moment.date()
            return day_start(day, now.tzinfo), day_end(day, now.tzinfo)  # type: ignore[arg-type]
    return None


def _from_moment(t: str, now: datetime) -> datetime:
    """The *ab* day's start (*ab nächster Woche*, *ab dem 1.3.*), `now` for *ab jetzt* or without one."""
    found = _FROM.search(t)
    if found is None:
        return now
    words = found["rest"].split()
    if not words or words[0] in _W["now_words"]:
        return now
    span = _day_after(found["rest"], now)
    return max(now, span[0]) if span is not None else now


def _until(t: str, now: datetime, first: datetime) -> datetime | None:
    """The end of the last day that may hold an occurrence, local; None without *bis*."""
    zone = now.tzinfo
    end_of = _UNTIL_END.search(t)
    if end_of is not None:
        month = _MONTHS[end_of["month"]]
        year = first.year
        last = month_bounds(year, month)[1]
        if day_end(last, zone) < first:  # type: ignore[arg-type]
            last = month_bounds(year + 1, month)[1]
        return day_end(last, zone)  # type: ignore[arg-type]
    found = _UNTIL.search(t)
    if found is None:
        return None
    span = _day_after(found["rest"], now)
    return span[1] if span is not None else None


def _count(t: str) -> int | None:
    word = _COUNT_WORD.search(t)
    if word is not None:
        return int(_W["count_numbers"][word["word"]])
    digits = _COUNT_DIGITS.search(t)
    return int(digits["n"]) if digits is not None and int(digits["n"]) > 0 else None


def _value(parts: dict[str, Any]) -> str:
    return ";".join(f"{k}={v}" for k, v in parts.items())


def read_recurrence(text: str, now: datetime) -> RecurrenceReading | None:
    """The repetition `text` says, read at `now` (aware; its zone is the person's), or None."""
    if not isinstance(text, str):
        raise TypeError("read_recurrence needs a string")
    t = " ".join(fold(text).split())
    parts = _frequency(t)
    if parts is None:
        return None
    now_local = local_now(now)
    if not 1 <= int(parts.get("BYMONTHDAY", 1)) <= 31 or not 1 <= int(parts.get("BYMONTH", 1)) <= 12:
        return RecurrenceReading(None, None, False, ERROR_BAD_DAY)
    clock = _clock(t)
    begin = _from_moment(t, now_local)
    if begin.tzinfo is None:
        begin = begin.replace(tzinfo=now_local.tzinfo)
    begin = begin.astimezone(now_local.tzinfo)
    anchor = datetime.combine(begin.date(), time(*(clock or (0, 0))), tzinfo=now_local.tzinfo)
    rule = rrulestr(_value(parts), dtstart=anchor)
    threshold = begin if clock is not None else day_start(begin.date(), now_local.tzinfo)  # type: ignore[arg-type]
    first = rule.after(threshold, inc=True)
    if first is None or first.year > begin.year + _HORIZON_YEARS:
        return RecurrenceReading(None, None, clock is not None, ERROR_NEVER)
    until = _until(t, now_local, first)
    count = _count(t)
    if until is not None:
        if until < first:
            return RecurrenceReading(None, None, clock is not None, ERROR_ENDS_BEFORE)
        parts["UNTIL"] = until.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    elif count is not None:
        parts["COUNT"] = count
    return RecurrenceReading(_value(parts), first, clock is not None)


_SERIES_WORD = re.compile(
    rf"^(?:{_WEEKDAY})s$|^(?:{alternation(_W['workdays'])})$|^(?:{alternation(_W['always'])})$|^(?:{alternation(_W['frequency_adverbs'])})$"
    rf"|^(?:{alternation(_W['count_numbers'])})$|^(?:{_EVERY})$")


# The phrases that say the repetition itself (their words belong to the rule, never to a title).
_REPETITION_PHRASES = (_WORKDAYS, _EVERY_N, _EVERY_WEEKDAY, _EVERY_UNIT, _ADVERB, _DAYS_ADVERB,
                       re.compile(rf"\b(?:{alternation(_W['in_the_month'])})\b"))


def repetition_words(text: str) -> frozenset[str]:
    """The folded words of the phrases in `text` that say the repetition (*jeden zweiten Tag* → jeden, zweiten,
    tag): what a title keeps of them is the title reader's leftover (*„Trag jeden Tag um 10 Uhr Tabletten ein“*)."""
    t = " ".join(fold(text).split())
    return frozenset(word for pattern in _REPETITION_PHRASES for found in pattern.finditer(t)
                     for word in found.group(0).split())


def without_series_words(title: str, said: frozenset[str] = frozenset()) -> str:
    """A title without the repetition words the title reader left in it (*freitags Putzen* → *Putzen*); `said`:
    the words of the repetition phrases of the utterance (`repetition_words`), which leave it too (*Tag Tabletten*
    → *Tabletten* for *jeden Tag*) — a word the phrase did not use stays (*Tag der offenen Tür jeden Montag*)."""
    kept = [word for word in title.split()
            if not _SERIES_WORD.match(folded := fold(word).strip(",.;:")) and folded not in said]
    return " ".join(kept)
