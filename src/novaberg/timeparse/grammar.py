"""Tokens → facts: what days and hours an expression states, or None where the parser must abstain.

The scanner is strict on purpose. A word that changes a time's meaning (*oder*, *nicht*, *Ende*,
*nach 10 Uhr*, a *halb* that is no clock form), a number it cannot place, an impossible hour or a period
word (*Woche*, *Monat*) ends the scan with None: `parse` then returns no moment instead of a guess
(zero wrong answers, abstaining is allowed). Dates are checked later, in `parse`, against
the calendar; here only their shape is read. The spoken clock forms (`clock_forms`),
*heute/morgen in einer Woche*, *übernächsten ‹Wochentag›* and the holidays (`TIME_VOCABULARY.holidays`) are read too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from novaberg.timeparse.hours import FAIL, HourFact, TimeItem, dash_span, hour_at, is_dash_or_bis, two_hours
from novaberg.timeparse.tokens import Token, month_at, word_at
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["DayFact", "Scan", "scan"]

# Words after which a dotted number or an ordinal is a day of the month (*am 17.*, *den dritten*).
DAY_PREPOSITIONS = V.day_prepositions
_ARTICLES = frozenset({"dem", "den", "der"})
_UHR_OR_DAYPART = frozenset({"uhr", *V.dayparts})
_UHR_OR_DAYPART_OR_RELATIVE = _UHR_OR_DAYPART | V.clock_relatives.keys()


@dataclass(slots=True)
class DayFact:
    """A stated day. kind: offset (day word) | weekday | week_weekday | date | dom | shift | holiday.

    A holiday's `value` is its index in `TIME_VOCABULARY.holidays`, `year` the year said with it."""

    kind: str
    value: int = 0  # offset in days, weekday, day of month, or shift amount
    month: int = 0
    year: int | None = None
    prefix: str | None = None  # this | next | last | after_next (weekday), or the unit of a shift
    week: int = 0  # week offset for week_weekday


@dataclass(slots=True)
class Scan:
    days: list[DayFact] = field(default_factory=list)
    times: list[TimeItem] = field(default_factory=list)
    moments: list[tuple[int, str]] = field(default_factory=list)  # *in 3 Stunden*: (±amount, unit)
    dayparts: list[tuple[int, str]] = field(default_factory=list)  # (token index, half)
    name_or_holiday: bool = False  # a holiday word that may be a name (*Nikolaus*) stood without its *an*


def _year_at(toks: list[Token], j: int) -> tuple[int | None, int]:
    if j < len(toks) and toks[j].kind == "num" and len(toks[j].text) == 4:
        return int(toks[j].text), j + 1
    return None, j


def _amount_at(toks: list[Token], j: int) -> int | None:
    if j >= len(toks):
        return None
    t = toks[j]
    if t.kind == "num" and not t.dot:
        return int(t.value)  # type: ignore[arg-type]
    if t.kind == "word":
        if t.text in V.numbers:
            return V.numbers[t.text]
        if t.text in V.article_one:
            return 1
    return None


def _distance_at(toks: list[Token], j: int) -> tuple[int, str, int] | None:
    amount = _amount_at(toks, j)
    if amount is None:
        return None
    unit = word_at(toks, j + 1)
    if unit is None or unit not in V.units:
        return None
    return amount, V.units[unit], j + 2



def _time_follows(toks: list[Token], j: int) -> bool:
    """After *nach*/*vor*: does a time follow (skipping an article)? *nach 10 Uhr* is no moment."""
    if word_at(toks, j) in _ARTICLES:
        j += 1
    if j >= len(toks):
        return False
    t = toks[j]
    if t.kind in ("num", "clock", "pair", "date"):
        return True
    w = t.text
    return t.kind == "word" and (
        w in V.numbers or w in V.clock_fractions or w in _HOLIDAY_STARTS or w in V.after_next or w in V.weekdays or w in V.day_words or w in V.months or w in V.dayparts
        or w in V.periods or w in V.ordinals
    )


def scan(toks: list[Token]) -> Scan | None:  # noqa: C901 - one pass, one branch per token kind
    """The facts of a token list, or None when the expression must not be read (see module doc)."""
    out = Scan()
    n = len(toks)
    i = 0
    while i < n:
        t = toks[i]
        kind = t.kind
        if kind == "punct":
            if t.text == "/":
                return None  # *17/11*, *Mo/Di*: not German date writing, or two days
            i += 1
            continue
        if kind == "dec":
            return None
        if kind == "word":
            w = t.text
            if w in V.clock_fractions:  # *halb drei*, *Viertel nach zehn*; else a blocker
                hour = hour_at(toks, i, None)
                if not isinstance(hour, HourFact):
                    return None
                out.times.append(TimeItem("single", hour))
                i = hour.end
                continue
            if w in _HOLIDAY_STARTS:
                found = _holiday_at(toks, i)
                if found is not None:
                    if word_at(toks, i - 1) in _PREFIX_WORDS:
                        return None  # *letztes Ostern*, *nächsten Heiligabend*: not read
                    index, j = found
                    year, i = _year_at(toks, j)
                    out.days.append(DayFact("holiday", index, year=year))
                    continue
                if w in _NAME_OR_HOLIDAY:
                    out.name_or_holiday = True  # *Nikolaus* without *an*: the person, or the day?
            if w in V.after_next:  # *übernächsten Montag*: the one after the next
                weekday = V.weekdays.get(word_at(toks, i + 1) or "")
                if weekday is None:
                    return None  # *übernächste Woche* is a period (named_period), not a moment
                out.days.append(DayFact("weekday", weekday, prefix="after_next"))
                i += 2
                continue
            if w in V.blockers or (w[-1:] == "s" and w[:-1] in V.weekdays):
                return None  # *oder*, *Ende*, *bald* …; *montags* is every Monday
            if w == "in" or w == "vor":
                dist = _distance_at(toks, i + 1)
                if dist is not None:
                    amount, unit, i = dist
                    if unit == "days" and amount in V.idiomatic_day_counts:
                        return None  # *in fünfzehn Tagen*: two weeks or fifteen days (*acht*/*vierzehn* are read as days)
                    amount = -amount if w == "vor" else amount
                    if unit in ("hours", "minutes"):
                        out.moments.append((amount, unit))
                    else:
                        out.days.append(DayFact("shift", amount, prefix=unit))
                    continue
                if w == "vor" and _time_follows(toks, i + 1):
                    return None
                i += 1
                continue
            if w == "nach":
                if _time_follows(toks, i + 1):
                    return None
                i += 1
                continue
            if w in V.span_words:
                item = two_hours(toks, i, w)
                if item == FAIL:
                    return None
                if isinstance(item, TimeItem):
                    out.times.append(item)
                    i = item.second.end  # type: ignore[union-attr]
                    continue
                if w == "zwischen":
                    return None
                i += 1
                continue
            if w in V.time_prepositions or w == "bis":
                hour = hour_at(toks, i + 1, w)
                if hour == FAIL:
                    return None
                if isinstance(hour, HourFact):
                    if w == "bis" and not hour.written:
                        return None  # *bis 10*: until ten or until the tenth
                    hour.prep = i
                    out.times.append(TimeItem("single", hour))
                    i = hour.end
                    continue
                i += 1
                continue
            if w in V.weekdays:
                i = _weekday(toks, i, V.weekdays[w], out)
                continue
            if w.startswith(_DAY_NAME_STARTS) and w not in V.day_words and w not in V.dayparts:
                compound = _weekday_compound(w)
                if compound is None:
                    return None  # *Sonntagsbrunch*, *morgendlich*: a day in a word the parser cannot read
                weekday, half = compound
                out.dayparts.append((i, half))  # *Montagmorgen*, *Freitagabend*
                i = _weekday(toks, i, weekday, out)
                continue
            if w in V.weekday_abbreviations and (t.dot or w != "so"):
                if _abbreviation_context(toks, i + 1):
                    i = _weekday(toks, i, V.weekday_abbreviations[w], out)
                    continue
                if t.dot or _time_follows(toks, i + 1):
                    return None  # *Fr. Müller* or *so.* — a Friday or not: the parser does not guess
            if w in V.day_words and V.day_words[w] >= 0 and word_at(toks, i + 1) == "in":
                dist = _distance_at(toks, i + 2)  # *heute in einer Woche*, *morgen in acht Tagen*
                if dist is not None and dist[1] in ("days", "weeks"):
                    amount, unit, i = dist
                    out.days.append(DayFact("offset", V.day_words[w] + amount * (7 if unit == "weeks" else 1)))
                    continue
            if w in V.day_words:
                prev = word_at(toks, i - 1)
                if w in V.dayparts_after_day and prev is not None and (prev in V.day_words or prev in V.weekdays):
                    out.dayparts.append((i, V.dayparts_after_day[w]))  # *heute morgen*: this morning
                else:
                    out.days.append(DayFact("offset", V.day_words[w]))
                i += 1
                continue
            if w in V.dayparts:
                out.dayparts.append((i, V.dayparts[w]))
                i += 1
                continue
            if w in V.ordinals:
                month = month_at(toks, i + 1, True)
                if month is not None:
                    year, i = _year_at(toks, month[1])
                    out.days.append(DayFact("date", V.ordinals[w], month[0], year))
                    continue
                if word_at(toks, i - 1) in DAY_PREPOSITIONS and word_at(toks, i + 1) != "mal":
                    if not _day_ends(toks, i + 1):
                        return None  # *am dritten Advent*: an ordinal of something else
                    out.days.append(DayFact("dom", V.ordinals[w]))
                i += 1
                continue
            if w in V.months:
                return None  # a month without a day is a period (named_period), not a moment
            if w in V.periods or V.units.get(w) in ("weeks", "months", "years"):
                j = _week_weekday(toks, i, out)
                if j is None:
                    return None
                i = j
                continue
            if (w in V.numbers or w in V.article_one) and word_at(toks, i + 1) in _UHR_OR_DAYPART_OR_RELATIVE:
                hour = hour_at(toks, i, None)
                if hour == FAIL:
                    return None
                if isinstance(hour, HourFact):
                    out.times.append(TimeItem("single", hour))
                    i = hour.end
                    continue
            i += 1
            continue
        # numbers, dates and clock times
        if kind == "date":
            day, month, year = t.value  # type: ignore[misc]
            out.days.append(DayFact("date", day, month, year))
            i += 1
            continue
        if kind == "pair":
            first, second, _digits = t.value  # type: ignore[misc]
            if word_at(toks, i - 1) in DAY_PREPOSITIONS:
                year, j = _year_at(toks, i + 1)
                out.days.append(DayFact("date", first, second, year))
                i = j
                continue
            hour = hour_at(toks, i, None)
            if not isinstance(hour, HourFact):
                return None
            i = _add_hour(toks, i, hour, out)
            if i < 0:
                return None
            continue
        if kind == "num" and t.dot:
            month = month_at(toks, i + 1, True)
            if month is not None:
                year, i = _year_at(toks, month[1])
                out.days.append(DayFact("date", int(t.value), month[0], year))  # type: ignore[arg-type]
                continue
            if word_at(toks, i - 1) in DAY_PREPOSITIONS and _day_ends(toks, i + 1):
                out.days.append(DayFact("dom", int(t.value)))  # type: ignore[arg-type]
                i += 1
                continue
            return None  # *auf 11.*, a lone *17.*, *am 3. Advent*: a day, an hour, or something else
        if kind == "num":
            month = month_at(toks, i + 1, False)
            if month is not None:
                year, i = _year_at(toks, month[1])
                out.days.append(DayFact("date", int(t.value), month[0], year))  # type: ignore[arg-type]
                continue
        hour = hour_at(toks, i, "span" if is_dash_or_bis(toks, i + 1) else None)
        if not isinstance(hour, HourFact):
            return None  # a number the parser cannot place
        i = _add_hour(toks, i, hour, out)
        if i < 0:
            return None
    return out


_PREFIX_WORDS = frozenset({*V.prefixes, *V.after_next})
_HOLIDAYS_BY_START: dict[str, list[int]] = {}
for _index, _holiday in enumerate(V.holidays):
    for _word in _holiday.words[0]:
        _HOLIDAYS_BY_START.setdefault(_word, []).append(_index)
_HOLIDAY_STARTS = frozenset(_HOLIDAYS_BY_START)
_NAME_OR_HOLIDAY = frozenset(w for h in V.holidays if h.only_after for w in h.words[0])


def _holiday_at(toks: list[Token], i: int) -> tuple[int, int] | None:
    """(index into `V.holidays`, index after it) of a holiday named from token i: *Heiligabend*, *Tag der Arbeit*."""
    for index in _HOLIDAYS_BY_START.get(toks[i].text, ()):
        holiday = V.holidays[index]
        words = holiday.words
        if holiday.said_at(word_at(toks, i - 1)) and all(word_at(toks, i + n) in words[n] for n in range(len(words))):
            return index, i + len(words)
    return None


_DAY_NAME_STARTS = tuple(sorted({*V.weekdays, *(w for w, offset in V.day_words.items() if offset >= 0)}))
_COMPOUND_DAYPARTS = {w: h for w, h in (*V.dayparts.items(), *V.dayparts_after_day.items()) if not w.endswith("s")}
# What may follow a day of the month: the end, punctuation, or time words (*am 17. um 10*).
_AFTER_DAY = frozenset({"um", "uhr", "ab", "bis", "gegen", "von", "zwischen", "und", *V.dayparts})


def _weekday_compound(word: str) -> tuple[int, str] | None:
    """*montagmorgen* → (0, am), *freitagabend* → (4, pm); any other word starting with a day: None."""
    for name, weekday in V.weekdays.items():
        if word.startswith(name):
            half = _COMPOUND_DAYPARTS.get(word[len(name) :])
            return (weekday, half) if half is not None else None
    return None


def _day_ends(toks: list[Token], j: int) -> bool:
    if j >= len(toks):
        return True
    t = toks[j]
    if t.kind == "punct":
        return t.text in (",", ".", "!", "?", ";", "-", "–")
    if t.kind in ("num", "clock", "pair"):
        return True
    return t.kind == "word" and (t.text in _AFTER_DAY or t.text in V.weekdays or t.text in V.day_words)


def _add_hour(toks: list[Token], i: int, hour: HourFact, out: Scan) -> int:
    span = dash_span(toks, i, hour)
    if span == FAIL:
        return -1
    if isinstance(span, TimeItem):
        out.times.append(span)
        return span.second.end  # type: ignore[union-attr]
    if not hour.written and hour.half is None:
        return -1
    out.times.append(TimeItem("single", hour))
    return hour.end


def _abbreviation_context(toks: list[Token], j: int) -> bool:
    """*Fr.* is Friday only before a date (*Fr., 17.11.*, *Fr. den 17.*) — *Fr. Müller* is a Frau,
    and *so. 10 Uhr* may end a sentence; both make the scan abstain instead."""
    if j < len(toks) and toks[j].text == ",":
        j += 1
    if word_at(toks, j) == "den":
        j += 1
    if j >= len(toks):
        return False
    t = toks[j]
    return t.kind in ("date", "pair") or (t.kind == "num" and t.dot)


def _weekday(toks: list[Token], i: int, weekday: int, out: Scan) -> int:
    """A weekday with its prefix (*diesen*, *nächsten*, *letzten*) or its week (*nächste Woche*)."""
    prev = word_at(toks, i - 1)
    prefix = V.prefixes.get(prev) if prev is not None else None
    after, week_word = word_at(toks, i + 1), word_at(toks, i + 2)
    if after in V.prefixes and week_word == "woche" and prefix is None:
        out.days.append(DayFact("week_weekday", weekday, week=_WEEK_SHIFT[V.prefixes[after]]))
        return i + 3
    out.days.append(DayFact("weekday", weekday, prefix=prefix))
    return i + 1


_WEEK_SHIFT = {"this": 0, "next": 1, "last": -1}


def _week_weekday(toks: list[Token], i: int, out: Scan) -> int | None:
    """*nächste Woche Freitag*, *diese Woche am Montag*: a day. Any other period word: None."""
    if toks[i].text != "woche":
        return None
    prev = word_at(toks, i - 1)
    if prev is None or prev not in V.prefixes:
        return None
    j = i + 1
    if word_at(toks, j) == "am" or (j < len(toks) and toks[j].text == ","):
        j += 1
    w = word_at(toks, j)
    if w is None or w not in V.weekdays:
        return None
    out.days.append(DayFact("week_weekday", V.weekdays[w], week=_WEEK_SHIFT[V.prefixes[prev]]))
    return j + 1
