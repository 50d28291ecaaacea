"""`named_period(text, now) -> Period | None`: a named period is a window over the whole period.

timeline.md §4.2: *im November* is every day of November, *nächste Woche* Monday to Sunday,
*am Wochenende* Saturday and Sunday, *in zwei Wochen* the week that distance falls in, *morgen*
that day. Without a prefix the running period counts — a month name is the current year's even
when it is past; *nächsten* is the next occurrence, *letzten* the last one before. A text names a
period only when it consists of period, prefix and filler; anything else (*morgen um 10*) is None.
Departure from §4.2: a bare month name already past this year is next year's (*im Januar*, asked
in December, is the coming January).
A period that reaches outside the years 1900–2199 is none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Literal

from novaberg.timeparse.dates import (
    add_months,
    day_end,
    day_start,
    is_date,
    is_year,
    local_now,
    month_bounds,
    shift_days,
    week_monday,
    weekday_in_week,
)
from novaberg.timeparse.parse import parse
from novaberg.timeparse.tokens import Token, prepare, tokenize
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["Period", "PeriodKind", "named_period"]

PeriodKind = Literal["day", "week", "weekend", "month", "span"]

_SKIP = frozenset(V.fillers - {"in", "um", "uhr"})  # *in* starts a distance, *um*/*uhr* a clock time
_END_PUNCT = frozenset({"?", "!", ".", ","})
# §4.2: *nächstes Wochenende* is the one after the coming one; *kommendes Wochenende* is
# the coming one, as *am*/*dieses Wochenende* — *kommenden Montag* is the coming Monday, too.
_NEXT_WEEKEND = frozenset(w for w in V.prefixes if w.startswith(("nächst", "naechst")))
_COMING_WEEKEND = frozenset(w for w in V.prefixes if w.startswith("kommend"))


@dataclass(frozen=True, slots=True)
class Period:
    """A window from `start` (00:00 local) to `end` (23:59:59 local, inclusive)."""

    start: datetime
    end: datetime
    kind: PeriodKind


# *von heute bis übermorgen*, *vom 3. bis 5.12.*: a span from the first named day or period to the end of the
# second (a question for the days of a span, said in the Bot Framework phrasings, was once not read)
_SPAN = re.compile(r"^\s*(?:von|vom|ab)\s+(?P<first>.+?)\s+bis\s+(?:zum\s+|zur\s+|einschließlich\s+|einschliesslich\s+)?"
                   r"(?P<last>.+?)\s*[?!]*\s*$", re.IGNORECASE)
_BARE_DAY = re.compile(r"^(?:den\s+|dem\s+)?(?P<day>\d{1,2})\.?$")


def named_period(text: str, now: datetime) -> Period | None:
    """The period `text` names at `now`, or None. TypeError for a non-string."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    span = _SPAN.match(text)
    if span is not None:
        return _span(span.group("first"), span.group("last"), now)
    prepared = prepare(text)
    now_local = local_now(now)
    if not prepared:
        return None
    toks = [t for t in tokenize(prepared) if not _skipped(t)]
    if not toks:
        return None
    today, zone = now_local.date(), now_local.tzinfo
    try:
        span = _month_week_weekend(toks, today) or _distance(toks, today) or _calendar_week(toks, today)
    except OverflowError:  # calendar arithmetic beyond year 9999 (a `now` far out): no period
        return None
    if span is None:
        if not all(_day_token(t) for t in toks):
            return None
        vector = parse(text, now_local)
        if vector.moment is None or not vector.tag_erkannt or vector.uhrzeit_erkannt:
            return None
        day = vector.moment.date()
        span = (day, day, "day")
    first, last, kind = span
    if not (is_date(first) and is_date(last)):
        return None
    return Period(day_start(first, zone), day_end(last, zone), kind)  # type: ignore[arg-type]


def _span(first_said: str, last_said: str, now: datetime) -> Period | None:
    """From the start of the first to the end of the last; *vom 3. bis 5.12.* takes the month of the last. None
    when either end names no day or period, or the last ends before the first begins."""
    last = named_period(last_said, now)
    if last is None:
        return None
    first = named_period(first_said, now)
    bare = _BARE_DAY.match(first_said.strip())
    if first is None and bare is not None:
        end = last.end.date()
        try:
            day = date(end.year, end.month, int(bare.group("day")))
        except ValueError:
            return None
        first = Period(day_start(day, last.start.tzinfo), day_end(day, last.start.tzinfo), "day")  # type: ignore[arg-type]
    if first is None or last.end < first.start:
        return None
    return Period(first.start, last.end, "span")


def _skipped(t: Token) -> bool:
    return (t.kind == "punct" and t.text in _END_PUNCT) or (t.kind == "word" and t.text in _SKIP)


def _words(toks: list[Token]) -> list[str] | None:
    if any(t.kind != "word" for t in toks):
        return None
    return [t.text for t in toks]


def _month_week_weekend(toks: list[Token], today: date) -> tuple[date, date, PeriodKind] | None:
    year = None
    if len(toks) >= 2 and toks[-1].kind == "num" and len(toks[-1].text) == 4 and not toks[-1].dot:
        year = int(toks[-1].text)  # *im November 2027*
        toks = toks[:-1]
    words = _words(toks)
    if words is None:
        return None
    if words and words[0] == "in":
        words = words[1:]  # *in der nächsten Woche*
    if not words or len(words) > 2:
        return None
    prefix_word = words[0] if len(words) == 2 else None
    if prefix_word in V.after_next and year is None:  # *übernächste Woche*
        if words[1] != "woche":
            return None
        monday = week_monday(today) + timedelta(weeks=2)
        return monday, monday + timedelta(days=6), "week"
    prefix = V.prefixes.get(prefix_word) if prefix_word is not None else None
    if prefix_word is not None and prefix is None:
        return None
    noun = words[-1]
    month = V.months.get(noun)
    if month is None and toks[-1].dot:
        month = V.month_abbreviations.get(noun)  # *im Nov.*
    if month is not None:
        return _named_month(month, prefix, year, today)
    if year is not None:
        return None
    if noun == "monat" and prefix is not None:
        first = add_months(today.replace(day=1), _SHIFT[prefix])
        if first is None:
            return None
        return (*month_bounds(first.year, first.month), "month")
    if noun == "woche" and prefix is not None:
        monday = week_monday(today) + timedelta(weeks=_SHIFT[prefix])
        return monday, monday + timedelta(days=6), "week"
    if noun == "wochenende":
        return _weekend(today, prefix, prefix_word)
    return None


_SHIFT = {"this": 0, "next": 1, "last": -1}
_HOLIDAY_WORDS = frozenset(w for holiday in V.holidays for spellings in holiday.words for w in spellings)


def _named_month(month: int, prefix: str | None, year: int | None, today: date) -> tuple[date, date, PeriodKind] | None:
    if year is not None:
        if prefix is not None:
            return None
    elif prefix == "next":
        year = today.year if month > today.month else today.year + 1
    elif prefix == "last":
        year = today.year if month < today.month else today.year - 1
    else:
        # *im Januar*, asked in December, is the coming January — a deliberate departure from §4.2
        # (which read this year's, even when past); the running month is this one. A question in the past
        # tense (*Was hatte ich im Januar?*) is turned back by its reader (`timeline.reading.period_of`).
        year = today.year if month >= today.month else today.year + 1
    if not is_year(year):
        return None
    return (*month_bounds(year, month), "month")


def _weekend(today: date, prefix: str | None, prefix_word: str | None) -> tuple[date, date, PeriodKind] | None:
    """The next weekend within 1–7 days; on Saturday and Sunday the running one (§4.2, 17.10.2026)."""
    saturday = weekday_in_week(today, 5)  # this Monday–Sunday week's: ahead on weekdays, running on weekends
    if prefix == "next":
        if prefix_word in _COMING_WEEKEND:
            return saturday, saturday + timedelta(days=1), "weekend"
        if prefix_word not in _NEXT_WEEKEND:
            return None
        saturday += timedelta(weeks=1)
    elif prefix == "last":
        saturday -= timedelta(weeks=1)
    return saturday, saturday + timedelta(days=1), "weekend"


def _distance(toks: list[Token], today: date) -> tuple[date, date, PeriodKind] | None:
    """*in zwei Wochen* → that week, *in drei Monaten* → that month, *in vier Tagen* → that day."""
    if len(toks) != 3 or toks[0].text != "in" or toks[2].kind != "word":
        return None
    amount_tok, unit = toks[1], V.units.get(toks[2].text)
    if amount_tok.kind == "num" and not amount_tok.dot:
        amount = int(amount_tok.value)  # type: ignore[arg-type]
    elif amount_tok.kind == "word" and amount_tok.text in V.numbers:
        amount = V.numbers[amount_tok.text]
    elif amount_tok.kind == "word" and amount_tok.text in V.article_one:
        amount = 1
    else:
        return None
    if unit == "days":
        if amount in V.idiomatic_day_counts:
            return None  # *in fünfzehn Tagen*: two weeks or fifteen days — not decided
        day = shift_days(today, amount)
        return (day, day, "day") if day is not None else None
    if unit == "weeks":
        target = shift_days(today, 7 * amount)
        if target is None:
            return None
        monday = week_monday(target)
        return monday, monday + timedelta(days=6), "week"
    if unit == "months":
        first = add_months(today.replace(day=1), amount)
        if first is None:
            return None
        return (*month_bounds(first.year, first.month), "month")
    return None


def _calendar_week(toks: list[Token], today: date) -> tuple[date, date, PeriodKind] | None:
    """*KW 3*, *Kalenderwoche 3*, *in der 50. Kalenderwoche*: that ISO week, the next such one
    from this week on (this one included); a week number no year of the two has is None."""
    if toks and toks[0].kind == "word" and toks[0].text == "in":
        toks = toks[1:]
    if len(toks) != 2:
        return None
    first, second = toks
    if first.kind == "word" and first.text in V.calendar_week_words and second.kind == "num" and not second.dot:
        number = int(second.value)  # type: ignore[arg-type]
    elif first.kind == "num" and first.dot and second.kind == "word" and second.text in V.calendar_week_words:
        number = int(first.value)  # type: ignore[arg-type]
    else:
        return None
    this_monday = week_monday(today)
    iso_year = today.isocalendar().year
    for year in (iso_year, iso_year + 1):
        try:
            monday = date.fromisocalendar(year, number, 1)
        except ValueError:
            continue
        if monday >= this_monday:
            return monday, monday + timedelta(days=6), "week"
    return None


def _day_token(t: Token) -> bool:
    """Tokens a single day may consist of: *am Freitag*, *morgen*, *am 17.10.*, *den 3. März 2027*."""
    if t.kind in ("date", "pair"):
        return True
    if t.kind == "num":
        return t.dot or len(t.text) == 4
    if t.kind != "word":
        return False
    w = t.text
    return (
        w in V.weekdays
        or w in _HOLIDAY_WORDS
        or w in V.after_next
        or w in V.day_words
        or w in V.months
        or w in V.ordinals
        or w in V.prefixes
        or w == "woche"
        or (t.dot and (w in V.weekday_abbreviations or w in V.month_abbreviations))
    )
