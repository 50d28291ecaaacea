"""The positive form of a reschedule request: the raw text, before any normalisation (§5.2).

A reschedule writes only what two independent checks give. This is the second one: an allow-list
over the raw wording, not a deny-list. The time part must be exactly one of five forms —
*[auf/um/nach/gegen] T*, *von T auf/nach T*, *auf ‹Tag›*, *auf ‹Tag› [um] T*,
*auf ‹Tag› von T auf/nach T* — and outside it only admitted words may stand: the verb of moving,
the fillers of a request, and content words of the appointment's title. Any other word, a digit,
a time word or *oder/bis/zwischen/statt/nicht* outside the form means: ask, never guess.
T is a digit hour (*11*, *11:30*, *11.30*) or a number word, optionally with *Uhr*, optionally with
a daypart word at it (*nachmittags um 4*, *4 Uhr nachmittags*). The leading *auf* of the day forms
may be missing, because the model's extracted expression drops it (*„auf Freitag“ → „Freitag“*, §3).
Words are read through `TIME_VOCABULARY` only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import time
from functools import lru_cache

from novaberg.text.words import alternation
from novaberg.timeparse.clock_forms import clock_of
from novaberg.timeparse.dates import resolve_daypart
from novaberg.timeparse.vocabulary import TIME_VOCABULARY as V

__all__ = ["FORMS", "RawTimeForm", "raw_time_form"]

FORMS = ("tag_von_auf", "tag_uhrzeit", "von_auf", "tag", "uhrzeit")


_L = "a-zäöüß"
_NUMBER_WORDS = alternation(w for w, v in V.numbers.items() if v <= 23)
_DAYPART = alternation(V.dayparts)
_DIGIT_T = r"(?<![\d.:])(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?(?![\d:]|\.\d)"
_WEEKDAY = alternation(V.weekdays)
_MONTH = alternation({*V.months, *V.month_abbreviations})
_ORDINAL = alternation(V.ordinals)
_TAG_PREFIX = alternation(w for w, meaning in V.prefixes.items() if meaning in ("this", "next"))
_DAY_WORDS = alternation(w for w, offset in V.day_words.items() if offset >= 0)
_SEP = r"(?:\s*,\s*|\s+)"
_DAY_NUMBER = r"(?:0?[1-9]|[12]\d|3[01])"  # a date with a dot names a possible day and month only:
_MONTH_NUMBER = r"(?:0?[1-9]|1[0-2])"  # *15.30.* is a clock time at the end of a sentence


# Spoken clock forms (issue 18 §1): *halb elf*, *Viertel nach 10*, *dreiviertel acht*, *zehn nach elf*.
_ALL_NUMBER_WORDS = alternation(V.numbers)
_X = rf"(?:(?<![\d.:])(?:[01]?\d|2[0-4])(?![\d:]|\.\d)|(?<![{_L}])(?:{_ALL_NUMBER_WORDS})(?![{_L}]))"
_N = rf"(?:(?<![\d.:])(?:[1-9]|[12]\d)(?![\d:.])|(?<![{_L}])(?:{_ALL_NUMBER_WORDS})(?![{_L}]))"
_RELATIVE = alternation(V.clock_relatives)
_SPOKEN = (
    rf"(?<![{_L}])(?:{alternation(V.clock_fractions)})\s+(?:(?:{_RELATIVE})\s+)?{_X}"
    rf"|{_N}\s+(?:{_RELATIVE})\s+{_X}"
)


def _t(name: str) -> str:
    """T: an hour with optional *Uhr* and an optional daypart before (*nachmittags um 4*) or after."""
    return (
        rf"(?:(?P<{name}_before>{_DAYPART})\s+um\s+)?"
        rf"(?P<{name}>{_SPOKEN}|{_DIGIT_T}|(?<![{_L}])(?:{_NUMBER_WORDS})(?![{_L}]))"
        rf"(?:\s+uhr(?![{_L}]))?"
        rf"(?:\s+(?P<{name}_after>{_DAYPART})(?![{_L}]))?"
    )


_TAG = (
    rf"(?P<tag>(?:(?:{_TAG_PREFIX})\s+)?(?:{_WEEKDAY})(?![{_L}])"
    rf"|(?:{_DAY_WORDS})(?![{_L}])"
    rf"|(?:den\s+)?(?<![\d.]){_DAY_NUMBER}\.{_MONTH_NUMBER}\.(?:\d{{4}}|\d{{2}})?(?!\d)"
    rf"|(?:den\s+)?(?<![\d.]){_DAY_NUMBER}\.(?!\d)(?:\s+(?:{_MONTH})(?![{_L}])\.?)?"
    rf"|(?:den\s+)?(?<![{_L}])(?:{_ORDINAL})(?![{_L}])(?:\s+(?:{_MONTH})(?![{_L}])\.?)?)"
)
_START = rf"(?<![{_L}\d])"
_MOVE = r"\s+(?:auf|nach)\s+"


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """The five forms, compiled when first matched (a move order): a process that never moves an
    appointment does not pay their compiling at its start."""
    return {
        "tag_von_auf": re.compile(rf"{_START}(?:auf\s+)?{_TAG}{_SEP}von\s+{_t('old')}{_MOVE}{_t('new')}"),
        "tag_uhrzeit": re.compile(rf"{_START}(?:auf\s+)?{_TAG}{_SEP}(?:um\s+)?{_t('new')}"),
        "von_auf": re.compile(rf"{_START}von\s+{_t('old')}{_MOVE}{_t('new')}"),
        "tag": re.compile(rf"{_START}(?:auf\s+)?{_TAG}"),
        "uhrzeit": re.compile(rf"{_START}(?:(?:auf|um|nach|gegen)\s+)?{_t('new')}"),
    }


_WORD = re.compile(rf"[{_L}]+|\d")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class RawTimeForm:
    """The positive form of one text. `form` is None when the text is not one admitted form."""

    form: str | None
    hour: int | None = None  # the new T as written (4 in *4 Uhr nachmittags*)
    minute: int | None = None
    half: str | None = None  # half of day of a daypart word at T
    day_text: str | None = None  # the ‹Tag› of the form, if any
    outside: str | None = None  # the first word outside the form that is not admitted

    @property
    def matched(self) -> bool:
        return self.form is not None

    @property
    def day_named(self) -> bool:
        """Whether the form names a day (§5.2 `day_named`); a daypart is no day."""
        return self.day_text is not None

    @property
    def half_of_day_open(self) -> bool:
        """T is an hour 1..12 with no daypart at it: morning or afternoon? (§5.2)."""
        return self.hour is not None and self.half is None and 1 <= self.hour <= 12

    def time(self) -> time | None:
        """T with its daypart applied; None without T or where the daypart does not decide."""
        if self.hour is None or self.minute is None:
            return None
        hour = resolve_daypart(self.hour, self.half)
        return time(hour, self.minute) if hour >= 0 else None


def raw_time_form(text: str, title: str | None = None) -> RawTimeForm:
    """Match the raw `text` against the five forms; `title` admits its content words outside."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    raw = _SPACES.sub(" ", text.lower())  # one space between words: no backtracking over long gaps
    match, name = None, None
    for form, pattern in _patterns().items():
        found = pattern.search(raw)
        if found is not None and (match is None or found.start() < match.start()):
            match, name = found, form
    if match is None or name is None:
        return RawTimeForm(None)
    outside = _first_not_admitted(raw[: match.start()] + " " + raw[match.end() :], title)
    if outside is not None:
        return RawTimeForm(None, outside=outside)
    groups = match.groupdict()
    day_text = groups.get("tag")
    new = groups.get("new")
    if new is None:
        return RawTimeForm(name, day_text=day_text)
    clock = _hour_minute(new)
    if clock is None:
        return RawTimeForm(None, outside=new)
    hour, minute = clock
    half_word = groups.get("new_before") or groups.get("new_after")
    half = V.dayparts[half_word] if half_word else None
    return RawTimeForm(name, hour, minute, half, day_text)


def _number(word: str) -> int:
    return V.numbers[word] if word in V.numbers else int(word)


def _hour_minute(t: str) -> tuple[int, int] | None:
    """T as (hour, minute); a spoken form by its own words (None where it names no clock time)."""
    words = t.split()
    if len(words) >= 2:
        first, *rest = words
        if first in V.clock_fractions:
            if rest[0] in V.clock_relatives:
                if first != V.quarter_word:
                    return None  # *halb nach 3*
                return clock_of(-V.clock_relatives[rest[0]] * 15, _number(rest[1]))
            hour = _number(rest[0])
            return clock_of(60 - V.clock_fractions[first], hour) if 1 <= hour <= 12 else None
        minutes = _number(first)
        if not 1 <= minutes <= V.clock_minutes_max:
            return None
        return clock_of(-V.clock_relatives[rest[0]] * minutes, _number(rest[1]))
    if t in V.numbers:
        return V.numbers[t], 0
    for sep in (":", "."):
        if sep in t:
            hour, minute = t.split(sep)
            return int(hour), int(minute)
    return int(t), 0


def _first_not_admitted(rest: str, title: str | None) -> str | None:
    """The first word outside the form that is not admitted, or None if all are."""
    rest = _without_title(rest, title)
    title_words = _title_content_words(title)
    form_words = V.reschedule_form
    for word in _WORD.findall(rest):
        if word.isdigit():
            return word
        if word in form_words.forbidden or word in V.words or word in V.blockers:
            return word
        if word in form_words.request_words or _is_verb(word) or _is_title_word(word, title_words):
            continue
        return word
    return None


_TITLE_FORMS = ("n", "en", "s", "es", "termin", "stermin")  # *des Elternabends*, *Zahnarzttermin*


def _without_title(rest: str, title: str | None) -> str:
    """The words outside the form without the appointment's title (issue 26): the move has found the row by its
    title, the two checks need only the time — *Verschieb das Meeting mit Tom auf 15 Uhr* as a whole, each long
    title word with its case ending or *-termin*. A title with a digit or a time word (§5.2 *Grenzen*: *Geburtstag*,
    *Dienst*, *Kaffee mit Mona*) stays: its words are admitted one by one as before, and a word that is not asks."""
    words = _WORD.findall((title or "").lower())
    if not words or any(w.isdigit() for w in words) or not all(_may_stand_for_title(w) for w in words):
        return rest
    forms = "(?:" + "|".join(_TITLE_FORMS) + ")?"
    rest = re.sub(r"(?<![\w])" + r"\s+".join(re.escape(w) for w in words) + forms + r"(?![\w])", " ", rest)
    for word in (w for w in words if len(w) >= 4):
        rest = re.sub(r"(?<![\w])" + re.escape(word) + forms + r"(?![\w])", " ", rest)
    return rest


def _may_stand_for_title(word: str) -> bool:
    """A function word, or a content word that is no time word — not one, not the start of one, not ending in one
    (§5.2 *Grenzen: Zeitwörter im Titel*: *Geburtstag*, *Dienst*, *Mona* keep the question)."""
    form_words = V.reschedule_form
    return word in form_words.request_words or word in form_words.function_words or not (
        word in V.blockers or _is_time_like(word))


def _is_verb(word: str) -> bool:
    form_words = V.reschedule_form
    return any(word == stem + ending for stem in form_words.verbs for ending in form_words.verb_endings)


_CASE_ENDINGS = ("n", "en", "s", "es")


def _is_title_word(word: str, title_words: frozenset[str]) -> bool:
    """A content word of the title, whole or with a case ending (*den Kieferorthopäden* of „Kieferorthopäde“,
    *des Zahnarztes*), or exactly *‹word›termin* / *‹word›stermin*."""
    if word in title_words or any(word == t + ending for t in title_words for ending in _CASE_ENDINGS):
        return True
    tail = V.reschedule_form.compound_tail
    if word.endswith(tail) and len(word) > len(tail):
        stem = word[: -len(tail)]
        return stem in title_words or (stem.endswith("s") and stem[:-1] in title_words)
    return False


def _title_content_words(title: str | None) -> frozenset[str]:
    """Content words of the title: at least four letters, no function word, and no time word —
    neither a word of the parser's lists, nor the start of one (*Dienst* → *dienstag*, *Mona* →
    *monat*), nor ending in one (*Geburtstag*). *Mittagessen* is no *Mittag* and counts."""
    if not title:
        return frozenset()
    form_words = V.reschedule_form
    out = set()
    for word in _WORD.findall(title.lower()):
        if len(word) < form_words.min_content_letters or word.isdigit():
            continue
        if word in form_words.function_words or _is_time_like(word):
            continue
        out.add(word)
    return frozenset(out)


def _is_time_like(word: str) -> bool:
    return word in V.words or any(t.startswith(word) or word.endswith(t) for t in _LONG_TIME_WORDS)


# Time words of three letters or more: *tag* ends *Geburtstag*; shorter ones (*mo*) end too much.
_LONG_TIME_WORDS = tuple(w for w in V.words if len(w) >= 3)
