"""`read_time(text) -> TimeReading`: every hour, day and doubt of a sentence (timeline.md §5.2).

The parser gives one moment; the reading lists everything, because two of its users need all of
it: the reschedule check counts the hours to find the one *new* hour, and the tribunal's naming
check (tribunal.md "Die Nennung") asks whether *any* hour of a sentence is the appointment's.
An hour is a written clock time (*11 Uhr*, *11:30*, *11.30*, *um 11*), a bare number 0..24 or a
number word *null*…*vierundzwanzig*; a date and an ordinal are days (so *17.11.* is never an hour);
the spoken clock forms *halb elf*, *Viertel nach 11*, *10 nach 11* are hours (10:30, 11:15, 11:10);
*auf 11.*, *elf Uhr dreißig*, *halb so*, *45 nach 10* are doubts.
It is a scanner of its own, not the parser's, so that the reschedule check has two independent
readings of one text (§5.2 "Geschrieben wird nur, was zwei unabhängige Prüfungen ergeben").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time

from novaberg.timeparse.clock_forms import clock_form_at
from novaberg.timeparse.dates import resolve_daypart
from novaberg.timeparse.tokens import Token, prepare, tokenize
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["StatedDay", "StatedHour", "TimeReading", "read_time"]

_DAY_PREPS = V.day_prepositions
_CLOCK_PREPS = V.clock_prepositions
_FRACTIONS = V.fractions
_RELATIVE = frozenset({"nach", "vor"})
_DAY_NAMES = frozenset({*V.day_words, *V.weekdays})
_MINUTE_WORD_ENDINGS = ("zig", "ßig", "ssig")


@dataclass(frozen=True, slots=True)
class StatedHour:
    """One hour as the sentence states it; `hour` is as written (4 in *4 Uhr nachmittags*)."""

    hour: int
    minute: int
    written: bool  # *Uhr*, colon, dot, or after *um*/*gegen* — not a bare number
    after_move_word: bool  # directly behind *auf* or *nach*
    half: str | None  # half of day of a daypart word at it: am | pm | noon | night
    text: str

    def time(self) -> time | None:
        """The clock time with the daypart applied; None for 24 or a daypart that does not decide."""
        hour = resolve_daypart(self.hour, self.half)
        if not 0 <= hour <= 23:
            return None
        return time(hour, self.minute)

    @property
    def half_of_day_open(self) -> bool:
        """An hour 1..12 without a daypart: morning or afternoon is not said (§5.2)."""
        return self.half is None and 1 <= self.hour <= 12


@dataclass(frozen=True, slots=True)
class StatedDay:
    """A day the sentence names. kind: date | day_of_month | weekday | day_word."""

    kind: str
    text: str
    day: int | None = None
    month: int | None = None
    year: int | None = None
    weekday: int | None = None
    offset: int | None = None


@dataclass(frozen=True, slots=True)
class TimeReading:
    """Everything a sentence says about time, in order: hours, days, doubts, impossible hours.

    The tribunal's naming check reads `hours` (every hour, `time()` with its daypart); the
    reschedule check reads `new_hour()` / `clock_time()`, `days_of_month` and `doubts`.
    """

    hours: tuple[StatedHour, ...] = ()
    days: tuple[StatedDay, ...] = ()
    doubts: tuple[str, ...] = ()
    impossible: tuple[str, ...] = ()  # *27 Uhr*, *10:75*: no hour of a day
    move: bool = False  # the two hours stand as *von X auf/nach Y*

    @property
    def days_of_month(self) -> int:
        """How many days of a month are named (dates and ordinals); more than one is a question."""
        return sum(1 for d in self.days if d.kind in ("date", "day_of_month"))

    def new_hour(self) -> StatedHour | None:
        """The new hour (§5.2): the only one (a bare number only behind *auf*/*nach*), or Y in
        *von X auf/nach Y*; None with a doubt or in any other situation with hours."""
        if self.doubts or self.impossible:
            return None
        if len(self.hours) == 1:
            hour = self.hours[0]
            return hour if hour.written or hour.after_move_word else None
        if len(self.hours) == 2 and self.move:
            return self.hours[1]
        return None

    def clock_time(self) -> time | None:
        """The new clock time, daypart applied; None where §5.2 sees no single new hour."""
        hour = self.new_hour()
        return hour.time() if hour is not None else None


_EMPTY = TimeReading()


def read_time(text: str) -> TimeReading:
    """Read every hour, day and doubt of `text`. TypeError for a non-string."""
    prepared = prepare(text)
    if not prepared:
        return _EMPTY
    return _Reader(tokenize(prepared), prepared).read()


class _Reader:
    def __init__(self, toks: list[Token], text: str) -> None:
        self.toks = toks
        self.text = text
        self.hours: list[StatedHour] = []
        self.hour_spans: list[tuple[int, int]] = []  # (first token, end token) per hour
        self.days: list[StatedDay] = []
        self.doubts: list[str] = []
        self.impossible: list[str] = []

    def word(self, j: int) -> str | None:
        toks = self.toks
        return toks[j].text if 0 <= j < len(toks) and toks[j].kind == "word" else None

    def read(self) -> TimeReading:
        toks, i = self.toks, 0
        while i < len(toks):
            i = self.step(i)
        move = False
        if len(self.hours) == 2:
            (a_first, a_end), (b_first, _b) = self.hour_spans
            move = self.word(a_first - 1) == "von" and self.word(b_first - 1) in V.move_words and b_first - 1 == a_end
        return TimeReading(tuple(self.hours), tuple(self.days), tuple(self.doubts), tuple(self.impossible), move)

    def step(self, i: int) -> int:  # noqa: C901 - one branch per token kind
        t = self.toks[i]
        if t.kind == "word":
            return self.step_word(i, t)
        if t.kind == "date":
            day, month, year = t.value  # type: ignore[misc]
            self.days.append(StatedDay("date", t.text, day, month, year))
            return i + 1
        if t.kind == "dec":
            self.doubts.append(t.text)
            return i + 1
        if t.kind == "pair":
            first, second, digits = t.value  # type: ignore[misc]
            if self.word(i - 1) in _DAY_PREPS:
                self.days.append(StatedDay("date", t.text, first, second))
                return i + 1
            if digits == 2 and (self.word(i - 1) in _CLOCK_PREPS or self.word(i + 1) == "uhr"):
                return self.hour(i, first, second, written=True)
            self.doubts.append(t.text)  # *10.12*: the tenth of December or 10:12
            return i + 1
        if t.kind == "clock":
            hour, minute = t.value  # type: ignore[misc]
            return self.hour(i, hour, minute, written=True)
        if t.kind == "num":
            return self.step_number(i, t)
        return i + 1

    def step_number(self, i: int, t: Token) -> int:
        value = int(t.value)  # type: ignore[arg-type]
        nxt = self.word(i + 1)
        if t.dot:
            month = self.month(i + 1)
            if month is not None:
                self.days.append(StatedDay("date", t.text, value, month))
                return i + 2
            if self.word(i - 1) in _DAY_PREPS:
                self.days.append(StatedDay("day_of_month", t.text + ".", value))
                return i + 1
            if self.word(i - 1) in _CLOCK_PREPS and value <= 24:
                return self.hour(i, value, 0, written=True)
            self.doubts.append(t.text + ".")  # *auf 11.*: the eleventh or eleven o'clock
            return i + 1
        month = self.month(i + 1) if nxt in V.months else None
        if month is not None:
            self.days.append(StatedDay("date", t.text, value, month))
            return i + 2
        if nxt in V.units:
            return i + 2  # *in 3 Stunden*: a distance, no hour
        if self.clock_phrase(i, nxt):
            return self.spoken(i)  # *10 nach 11*
        if value > 24:
            if nxt == "uhr":
                self.impossible.append(f"{t.text} uhr")  # *27 Uhr*: no hour of a day
                return i + 2
            return i + 1  # a year, a count
        return self.hour(i, value, 0, written=nxt == "uhr")

    def step_word(self, i: int, t: Token) -> int:
        w = t.text
        if w in _FRACTIONS:
            form = clock_form_at(self.toks, i)
            if isinstance(form, tuple):  # *halb elf* is 10:30
                hour, minute, end = form
                return self.hour(i, hour, minute, written=True, end=end)
            j = i + 1
            if self.word(j) in _RELATIVE:
                j += 1
            if j < len(self.toks) and self.is_number(j):
                j += 1
            self.doubts.append(" ".join(tok.text for tok in self.toks[i:j]))
            return j
        if w in V.weekdays:
            self.days.append(StatedDay("weekday", w, weekday=V.weekdays[w]))
            return i + 1
        if w in V.weekday_abbreviations and t.dot:
            self.days.append(StatedDay("weekday", w + ".", weekday=V.weekday_abbreviations[w]))
            return i + 1
        if w in V.day_words:
            prev = self.word(i - 1)
            if not (w in V.dayparts_after_day and prev is not None and (prev in V.day_words or prev in V.weekdays)):
                self.days.append(StatedDay("day_word", w, offset=V.day_words[w]))
            return i + 1
        if w in V.ordinals and self.word(i + 1) != "mal":
            month = self.month(i + 1)
            self.days.append(StatedDay("day_of_month", w, V.ordinals[w], month))
            return i + (2 if month is not None else 1)
        if w in V.numbers or (w in V.article_one and self.word(i + 1) == "uhr"):
            if self.word(i + 1) in V.units:
                return i + 2
            value = V.numbers.get(w, 1)
            nxt = self.word(i + 1)
            if self.clock_phrase(i, nxt):
                return self.spoken(i)  # *zehn nach elf*
            return self.hour(i, value, 0, written=nxt == "uhr")
        return i + 1

    def month(self, j: int) -> int | None:
        w = self.word(j)
        if w is None:
            return None
        return V.months.get(w) or V.month_abbreviations.get(w)

    def clock_phrase(self, i: int, nxt: str | None) -> bool:
        """*10 nach 11*, *fünf vor zwölf*: minutes before or after an hour — but *von 10 nach 11* moves."""
        return (
            nxt in _RELATIVE
            and i + 2 < len(self.toks)
            and self.is_number(i + 2)
            and not (nxt == "nach" and self.word(i - 1) == "von")
        )

    def spoken(self, i: int) -> int:
        """*N nach X*, *N vor X*: the clock time it names, or a doubt when it names none."""
        form = clock_form_at(self.toks, i)
        if isinstance(form, tuple):
            hour, minute, end = form
            return self.hour(i, hour, minute, written=True, end=end)
        self.doubts.append(" ".join(tok.text for tok in self.toks[i : i + 3]))  # *45 nach 10*, *10 nach 11:30*
        return i + 3

    def is_number(self, j: int) -> bool:
        t = self.toks[j]
        return t.kind in ("num", "clock") or (t.kind == "word" and t.text in V.numbers)

    def hour(self, i: int, hour: int, minute: int, written: bool, end: int | None = None) -> int:
        """Record an hour at token i (a spoken form runs to `end`): its *Uhr*, minutes after *Uhr* (a doubt),
        its daypart."""
        toks, k = self.toks, (i + 1 if end is None else end)
        prev = self.word(i - 1)
        if prev in _CLOCK_PREPS:
            written = True
        if self.word(k) == "uhr":
            written = True
            k += 1
            if k < len(toks) and (self.is_number(k) or toks[k].text.endswith(_MINUTE_WORD_ENDINGS)):
                self.doubts.append(f"{toks[i].text} uhr {toks[k].text}")  # *elf Uhr dreißig*
                return k + 1
        if minute > 59 or hour > 24:
            self.impossible.append(toks[i].text)
            return k
        half = None
        after = self.word(k)
        if after is not None and after in V.dayparts:
            half = V.dayparts[after]
            k += 1
        else:
            before = self.word(i - 2) if prev == "um" else None
            if before is not None:
                half = V.dayparts.get(before)
                if half is None and before in V.dayparts_after_day and self.word(i - 3) in _DAY_NAMES:
                    half = V.dayparts_after_day[before]
        text = self.text[toks[i].start : toks[k - 1].start + len(toks[k - 1].text)]
        self.hours.append(StatedHour(hour, minute, written, prev in V.move_words, half, text))
        self.hour_spans.append((i, k))
        return k
