"""Hours in a token list: a clock time, a span (*von 10 bis 12*) or a move (*von 10 auf 11*).

Part of the parser's strict scan (`grammar.scan`): an hour that is impossible (*27 Uhr*) or doubtful
(*auf 11.*, *elf Uhr siebzig*, *um 3 Stunden*) comes back as `FAIL`, and the scan abstains.
"""

from __future__ import annotations

from dataclasses import dataclass

from novaberg.timeparse.clock_forms import FAIL, clock_form_at
from novaberg.timeparse.tokens import Token, month_at, word_at
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["FAIL", "HourFact", "TimeItem", "dash_span", "hour_at", "is_dash_or_bis", "two_hours"]

# FAIL: a time-like construct that is impossible or ambiguous: the whole scan abstains
# Prepositions after which a bare number is an hour (§3a: the hour after *um* is a clock time).
_BARE_HOUR_PREPS = frozenset({"um", "gegen", "ab", "auf", "von", "zwischen", "bis_span", "und", "span"})
_DASHES = frozenset({"-", "–"})


@dataclass(slots=True)
class HourFact:
    """A stated clock time. `half` is the half of day of a daypart word at it (am/pm/noon/night)."""

    hour: int
    minute: int
    first: int  # index of the number token
    end: int  # index after the last consumed token
    written: bool  # with *Uhr*, a colon or a dot — not a bare number
    prep: int | None = None  # index of the preposition before it, if any
    half: str | None = None


@dataclass(slots=True)
class TimeItem:
    """One time statement: a single hour, a span (*von 10 bis 12*) or a move (*von 10 auf 11*)."""

    kind: str  # single | span | move
    first: HourFact
    second: HourFact | None = None


def hour_at(toks: list[Token], j: int, prep: str | None) -> HourFact | str | None:
    """An hour starting at j, `FAIL` for an impossible or doubtful one, None for no hour here."""
    n = len(toks)
    if j >= n:
        return None
    t = toks[j]
    form = clock_form_at(toks, j, relative=prep != "von")  # *halb drei*, *zehn nach elf*
    if form is not None:
        return FAIL if form == FAIL else _spoken(toks, j, form)  # type: ignore[arg-type]
    nxt = word_at(toks, j + 1)
    written = False
    if t.kind == "clock":
        hour, minute = t.value  # type: ignore[misc]
        written = True
    elif t.kind == "pair":
        first, second, digits = t.value  # type: ignore[misc]
        if digits == 2 and (prep in ("um", "gegen", "ab") or nxt == "uhr"):
            hour, minute, written = first, second, True
        elif prep is not None:
            return FAIL  # *auf 10.12*: a date or a time
        else:
            return None
    elif t.kind == "num":
        if t.dot:
            if month_at(toks, j + 1, True) is not None:
                return None  # *11. März*: a date, read elsewhere
            if prep not in ("um", "gegen"):
                return FAIL if prep is not None else None  # *auf 11.*: a day or an hour (§5.2 doubt)
        hour, minute = int(t.value), 0  # type: ignore[arg-type]
    elif t.kind == "word" and t.text in V.numbers:
        hour, minute = V.numbers[t.text], 0
    elif t.kind == "word" and t.text in V.article_one and nxt == "uhr":
        hour, minute = 1, 0
    else:
        return None
    k = j + 1
    if nxt in V.units:
        return FAIL if prep is not None else None  # *um 3 Stunden* is a distance, not 03:00
    if nxt == "uhr":
        written = True
        k += 1
        after = toks[k] if k < n else None
        if after is not None and minute == 0 and t.kind in ("num", "word"):
            if after.kind == "num" and not after.dot and len(after.text) == 2:
                if word_at(toks, k + 1) in V.units:
                    return FAIL
                minute = int(after.value)  # type: ignore[arg-type]  # *10 Uhr 30*, never *10 Uhr 2 Personen*
                k += 1
            elif after.kind == "word" and _minute_word(after.text, word_at(toks, k + 1)):
                minute = V.minutes[after.text]  # *zehn Uhr dreißig* as *10 Uhr 30* (spoken input)
                k += 1
            elif after.kind == "word" and (
                after.text in V.numbers or after.text.endswith(("zig", "ßig", "ssig"))
            ):
                return FAIL  # *elf Uhr dreißig Minuten*, *zehn Uhr siebzig*: not a clock time
    half = None
    w = word_at(toks, k)
    if w is not None and w in V.dayparts:
        half = V.dayparts[w]
        k += 1
    if not written and half is None and prep not in _BARE_HOUR_PREPS:
        return None  # a bare number is an hour only after a preposition (*um 10*)
    if minute > 59 or hour > 24 or (hour == 24 and (minute or half)):
        return FAIL
    return HourFact(hour, minute, j, k, written, None, half)


def _minute_word(word: str, following: str | None) -> bool:
    """*dreißig* in *zehn Uhr dreißig*: a minute word after *Uhr*. From ten up always (never before a unit:
    *zehn Uhr dreißig Minuten*); *eins* … *neun* only at the end or before a daypart — *um zehn Uhr zwei
    Personen* names no 10:02, as *10 Uhr 2 Personen* does not."""
    if word not in V.minutes or following in V.units:
        return False
    return V.minutes[word] >= 10 or following is None or following in V.dayparts


def _spoken(toks: list[Token], j: int, form: tuple[int, int, int]) -> HourFact | str:
    """A spoken clock form with an optional *Uhr* and daypart after it; *halb drei Uhr 30* fails."""
    hour, minute, k = form
    if word_at(toks, k) == "uhr":
        k += 1
        if k < len(toks) and toks[k].kind in ("num", "clock"):
            return FAIL
    half = None
    w = word_at(toks, k)
    if w is not None and w in V.dayparts:
        half = V.dayparts[w]
        k += 1
    return HourFact(hour, minute, j, k, True, None, half)


def two_hours(toks: list[Token], i: int, opener: str) -> TimeItem | str | None:
    """*von 10 bis 12*, *zwischen 9 und 11*, *von 10 auf 11*; None when no hour follows *von*."""
    first = hour_at(toks, i + 1, opener)
    if first is None or first == FAIL:
        return first
    assert isinstance(first, HourFact)
    first.prep = i
    link = word_at(toks, first.end)
    if link is not None and link == V.span_words[opener]:  # von … bis, zwischen … und
        kind = "span"
    elif opener == "von" and link in V.move_words:  # von … auf/nach
        kind = "move"
    else:
        return FAIL  # *von 10* without an end, *zwischen 9*: not one moment
    second = hour_at(toks, first.end + 1, "bis_span" if kind == "span" else "auf")
    if not isinstance(second, HourFact):
        return FAIL
    second.prep = first.end
    _share_half(first, second)
    return TimeItem(kind, first, second)


def _share_half(first: HourFact, second: HourFact) -> None:
    """*von 2 bis 4 Uhr nachmittags*: a daypart at one end of a span holds for both."""
    if first.half is None and second.half is not None:
        first.half = second.half
    elif second.half is None and first.half is not None:
        second.half = first.half


def dash_span(toks: list[Token], i: int, first: HourFact) -> TimeItem | str | None:
    """*10-12 Uhr*, *10 bis 12 Uhr*, *10:00–12:00* starting at an hour without a preposition."""
    link = toks[first.end] if first.end < len(toks) else None
    if link is None or not (link.text in _DASHES or link.text == "bis"):
        return None
    second = hour_at(toks, first.end + 1, "bis_span")
    if not isinstance(second, HourFact):
        return FAIL
    if not (first.written or second.written):
        return FAIL
    _share_half(first, second)
    return TimeItem("span", first, second)


def is_dash_or_bis(toks: list[Token], j: int) -> bool:
    return j < len(toks) and (toks[j].text in _DASHES or toks[j].text == "bis")
