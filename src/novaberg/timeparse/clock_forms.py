"""Spoken clock forms: *halb drei*, *Viertel nach zehn*, *viertel elf*, *dreiviertel acht*,
*Viertel vor neun*, *zehn nach elf*, *fünf vor zwölf* — as (hour, minute) in 12-hour reckoning.

Shared by the parser's scan (`hours.hour_at`) and the reading (`reading.read_time`), which keep their own
scanning of everything else; the positive form of §5.2 matches the raw text with its own pattern. The
arithmetic: *halb X* is (X−1):30, *viertel X* (X−1):15, *dreiviertel X* and *Viertel vor X* (X−1):45,
*Viertel nach X* X:15, *N nach X* X:N and *N vor X* (X−1):(60−N) for N from 1 to `clock_minutes_max`.
An hour 0 reached from X = 1 is 12 (*halb eins* is 12:30; with *nachts* the midnight rule decides).
A fraction word that is no such form (*halb so wild*, *ein Viertel der Torte*, *drei viertel zehn*,
*fünf vor halb drei*) is `FAIL`: the caller abstains, never guesses.
"""

from __future__ import annotations

from novaberg.timeparse.tokens import Token, word_at
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["FAIL", "clock_form_at", "clock_of"]

FAIL = "fail"
_FRACTION_HOURS = range(1, 13)  # *halb X*, *viertel X*, *dreiviertel X*: X is an hour of the clock face


def _hour_value(toks: list[Token], j: int) -> int | None:
    """The hour X at j: a plain number of one or two digits, or a number word; None otherwise."""
    if j >= len(toks):
        return None
    t = toks[j]
    if t.kind == "num" and not t.dot and len(t.text) <= 2:
        return int(t.value)  # type: ignore[arg-type]
    if t.kind == "word" and t.text in V.numbers:
        return V.numbers[t.text]
    return None


def clock_of(minutes_before_hour: int, hour: int) -> tuple[int, int] | None:
    """The clock time `minutes_before_hour` minutes before the full hour `hour` (negative: after it).

    *halb drei* = clock_of(30, 3) = (2, 30); *zehn nach elf* = clock_of(-10, 11) = (11, 10).
    An hour 0 reached from 1 is 12 (12-hour reckoning); None for an hour outside the day.
    """
    if minutes_before_hour > 0:
        if not 1 <= hour <= 24:
            return None
        result = (hour - 1, 60 - minutes_before_hour)
        return (12, result[1]) if result[0] == 0 else result
    if not 0 <= hour <= 23:
        return None
    return hour, -minutes_before_hour


def clock_form_at(toks: list[Token], j: int, relative: bool = True) -> tuple[int, int, int] | str | None:
    """(hour, minute, index after the form) of a spoken clock form starting at token j.

    `FAIL` for a fraction word that is no clock form, or a form with an impossible hour; None when no
    form starts at j. `relative=False` leaves *N nach X* alone (*von 10 nach 11* is a move, §5.2).
    """
    if j >= len(toks):
        return None
    t = toks[j]
    w = t.text if t.kind == "word" else None
    if w is not None and w in V.clock_fractions:
        before = toks[j - 1] if j > 0 else None
        if before is not None and (
            (before.kind == "word" and (before.text in V.clock_relatives or before.text in V.numbers
                                        or before.text in V.article_one))
            or before.kind == "num"
        ):
            return FAIL  # *fünf vor halb drei*, *drei viertel zehn*, *ein Viertel*: not read
        link = word_at(toks, j + 1)
        if w == V.quarter_word and link in V.clock_relatives:
            hour = _hour_value(toks, j + 2)
            if hour is None:
                return FAIL
            clock = clock_of(-V.clock_relatives[link] * 15, hour)
            return FAIL if clock is None else (*clock, j + 3)
        hour = _hour_value(toks, j + 1)
        if hour is None or hour not in _FRACTION_HOURS:
            return FAIL  # *halb so wild*, *ein Viertel der Torte*, *halb 15*
        clock = clock_of(60 - V.clock_fractions[w], hour)
        return FAIL if clock is None else (*clock, j + 2)
    if not relative:
        return None
    link = word_at(toks, j + 1)
    if link is None or link not in V.clock_relatives:
        return None
    minutes = _hour_value(toks, j)
    hour = _hour_value(toks, j + 2)
    if minutes is None or hour is None:
        return None
    if not 1 <= minutes <= V.clock_minutes_max:
        return FAIL  # *45 nach 10*: no way to say a clock time
    if word_at(toks, j + 3) in V.units:
        return FAIL  # *10 nach 11 Stunden*
    clock = clock_of(-V.clock_relatives[link] * minutes, hour)
    return FAIL if clock is None else (*clock, j + 3)
