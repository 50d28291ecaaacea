"""The German time vocabulary, loaded once from `vocabulary.json` into `TIME_VOCABULARY`.

Words are data (CONTRIBUTING.md "German is data"); other modules — the positive form, the tribunal's naming check — read
them through `TIME_VOCABULARY`, never through a private name of the parser (timeline.md §5.2).
The weekday and month words come from `text/calendar_de.json`, the number words and the articles that count one
from `text/lexicon_de.json` — their one copies.
Every word is stored lower-case with its umlauts; the ASCII spellings (*uebermorgen*, *naechsten*,
*maerz*) are derived here so the file keeps one spelling per word.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from novaberg.text.calendar import MONTH_ABBREVIATIONS, MONTH_WORDS, WEEKDAY_ABBREVIATIONS, WEEKDAY_WORDS
from novaberg.text.data_files import read_json
from novaberg.text.lexicon import NUMBER_WORDS, ONE_ARTICLES
from novaberg.text.words import ascii_variants

__all__ = [
    "DAY_WORDS",
    "TIME_VOCABULARY",
    "Holiday",
    "RescheduleFormWords",
    "TimeVocabulary",
    "ascii_variants",
    "load_raw_vocabulary",
]

_FILE = "vocabulary.json"

# The canonical halves of the day a daypart word can carry (timeline.md §5.2, RawTimeForm.daypart).
HALVES = ("am", "pm", "noon", "night")


def _expand(mapping: Mapping[str, Any]) -> MappingProxyType[str, Any]:
    out: dict[str, Any] = {}
    for word, value in mapping.items():
        for variant in ascii_variants(word):
            out[variant] = value
    return MappingProxyType(out)


def _expand_words(words: Iterable[str]) -> frozenset[str]:
    return frozenset(v for word in words for v in ascii_variants(word))


def load_raw_vocabulary() -> dict[str, Any]:
    """The data file as written plus the weekday and month words of `text/calendar_de.json` and the number words
    of `text/lexicon_de.json` (their one copies), for the schema test and for tools; the parser reads
    `TIME_VOCABULARY`."""
    raw = read_json(__package__, _FILE)
    clash = {"weekdays", "weekday_abbreviations", "months", "month_abbreviations"} & set(raw)
    if clash:
        raise ValueError(f"{_FILE}: {sorted(clash)} belong in text/calendar_de.json")
    if {"numbers", "article_one"} & set(raw):
        raise ValueError(f"{_FILE}: the number words belong in text/lexicon_de.json")
    return raw | {
        "weekdays": dict(WEEKDAY_WORDS),
        "weekday_abbreviations": dict(WEEKDAY_ABBREVIATIONS),
        "months": dict(MONTH_WORDS),
        "month_abbreviations": dict(MONTH_ABBREVIATIONS),
        "numbers": dict(NUMBER_WORDS),
        "article_one": list(ONE_ARTICLES),
    }


@dataclass(frozen=True)
class RescheduleFormWords:
    """What may stand outside the time part of a reschedule request (§5.2, the positive form)."""

    verbs: frozenset[str]  # stems: verschieb, verleg, leg, setz, änder, pack, mach
    verb_endings: tuple[str, ...]
    request_words: frozenset[str]  # articles, pronouns, *bitte*, *mal*, *Termin*, *beim*, *mit* …
    function_words: frozenset[str]  # never a content word of a title
    forbidden: frozenset[str]  # *oder*, *bis*, *zwischen*, *statt*, *nicht*: never outside the form
    compound_tail: str  # *Zahnarzttermin*, *Zahnarztstermin*
    min_content_letters: int


@dataclass(frozen=True)
class Holiday:
    """A named day: its words in order (each a set of spellings), and either a fixed date or an Easter offset."""

    words: tuple[frozenset[str], ...]
    month_day: tuple[int, int] | None  # (month, day) of a fixed holiday
    easter_offset: int | None  # days from Easter Sunday
    only_after: frozenset[str] = frozenset()  # *an Nikolaus* is the day, *mit Nikolaus* a person: a word before it

    def said_at(self, previous: str | None) -> bool:
        """Whether the words name the day here: always, or only after one of `only_after`."""
        return not self.only_after or previous in self.only_after


@dataclass(frozen=True)
class TimeVocabulary:
    """Every word list of the time parser, with ASCII spellings added and ordinal endings expanded."""

    weekdays: Mapping[str, int]  # Monday = 0
    weekday_abbreviations: Mapping[str, int]  # only with a dot (*Fr.*), see tokens
    months: Mapping[str, int]
    month_abbreviations: Mapping[str, int]
    day_words: Mapping[str, int]  # offset in days from today
    numbers: Mapping[str, int]  # null … vierundzwanzig
    article_one: frozenset[str]  # *in einer Woche*, *ein Uhr*
    ordinals: Mapping[str, int]  # every inflected form: zweiten, zweiter, …
    dayparts: Mapping[str, str]  # word → half of day: am | pm | noon | night
    dayparts_after_day: Mapping[str, str]  # *heute morgen*: morgen after a day is the morning
    prefixes: Mapping[str, str]  # word → this | next | last
    fillers: frozenset[str]
    units: Mapping[str, str]  # word → minutes | hours | days | weeks | months | years
    idiomatic_day_counts: frozenset[int]  # *in fünfzehn Tagen*: not read (*acht*/*vierzehn Tage*: 8/14)
    periods: Mapping[str, str]  # word → week | weekend | month
    time_prepositions: frozenset[str]
    clock_prepositions: frozenset[str]  # after *um*/*gegen* a number is a clock time (§3a)
    day_prepositions: frozenset[str]  # after *am*/*den*/… a dotted number or ordinal is a day
    fractions: frozenset[str]  # *halb*, *viertel*, *dreiviertel*: outside a clock form a blocker
    clock_fractions: Mapping[str, int]  # *halb X* → (X−1):30, *viertel X* → (X−1):15, *dreiviertel X* → (X−1):45
    quarter_word: str  # *Viertel nach X* → X:15, *Viertel vor X* → (X−1):45
    clock_relatives: Mapping[str, int]  # *N nach X* → +N minutes, *N vor X* → −N minutes
    clock_minutes_max: int  # N of *N nach/vor X* runs from 1 to this
    minutes: Mapping[str, int]  # the minutes after *Uhr* in words (*zehn Uhr dreißig*), eins … neunundfünfzig
    after_next: frozenset[str]  # *übernächsten Montag*: the one after the next
    calendar_week_words: frozenset[str]  # *KW 3*, *Kalenderwoche 3* (named_period)
    holidays: tuple[Holiday, ...]  # fixed and Easter-based days, computed per year
    span_words: Mapping[str, str]  # opening word → closing word (von … bis, zwischen … und)
    move_words: frozenset[str]  # von X auf/nach Y
    blockers: frozenset[str]  # words that change a time's meaning: the parser abstains
    reschedule_form: RescheduleFormWords

    @property
    def words(self) -> frozenset[str]:
        """Every word of every list: what counts as a *time word* (§5.2, the positive form's title rule)."""
        return _ALL_WORDS


def _build(raw: Mapping[str, Any]) -> TimeVocabulary:
    ordinals: dict[str, int] = {}
    for stem, value in raw["ordinals"].items():
        for ending in raw["ordinal_endings"]:
            for variant in ascii_variants(stem + ending):
                ordinals[variant] = value
    prefixes: dict[str, str] = {}
    for meaning, words in raw["prefixes"].items():
        for word in words:
            for variant in ascii_variants(word):
                prefixes[variant] = meaning
    return TimeVocabulary(
        weekdays=_expand(raw["weekdays"]),
        weekday_abbreviations=_expand(raw["weekday_abbreviations"]),
        months=_expand(raw["months"]),
        month_abbreviations=_expand(raw["month_abbreviations"]),
        day_words=_expand(raw["day_words"]),
        numbers=_expand(raw["numbers"]),
        article_one=_expand_words(raw["article_one"]),
        ordinals=MappingProxyType(ordinals),
        dayparts=_expand(raw["dayparts"]),
        dayparts_after_day=_expand(raw["dayparts_after_day"]),
        prefixes=MappingProxyType(prefixes),
        fillers=_expand_words(raw["fillers"]),
        units=_expand(raw["units"]),
        idiomatic_day_counts=frozenset(int(n) for n in raw["idiomatic_day_counts"]),
        periods=_expand(raw["periods"]),
        time_prepositions=_expand_words(raw["time_prepositions"]),
        clock_prepositions=_expand_words(raw["clock_prepositions"]),
        day_prepositions=_expand_words(raw["day_prepositions"]),
        fractions=_expand_words(raw["fractions"]),
        clock_fractions=_expand(raw["clock_fractions"]),
        quarter_word=raw["quarter_word"],
        clock_relatives=_expand(raw["clock_relatives"]),
        clock_minutes_max=int(raw["clock_minutes_max"]),
        minutes=_minute_words(raw["numbers"], raw["minute_tens"]),
        after_next=_expand_words(raw["after_next"]),
        calendar_week_words=_expand_words(raw["calendar_week_words"]),
        holidays=tuple(_holiday(entry) for entry in raw["holidays"]),
        span_words=_expand(raw["span_words"]),
        move_words=_expand_words(raw["move_words"]),
        blockers=_expand_words(raw["blockers"]),
        reschedule_form=_reschedule_form(raw["reschedule_form"]),
    )


def _minute_words(numbers: Mapping[str, int], tens: Mapping[str, int]) -> MappingProxyType[str, int]:
    """The minute words 1..59: the numbers from *eins*, the tens and every *‹one›und‹ten›* (*fünfundvierzig*,
    with *ein* inside a compound) — built from the lists, not listed."""
    minutes = {word: value for word, value in numbers.items() if value >= 1}
    ones = {("ein" if value == 1 else word): value for word, value in numbers.items() if 1 <= value <= 9}
    for ten_word, ten in tens.items():
        minutes[ten_word] = ten
        for one_word, one in ones.items():
            if ten + one <= 59:
                minutes[f"{one_word}und{ten_word}"] = ten + one
    return _expand(minutes)


def _holiday(raw: Mapping[str, Any]) -> Holiday:
    words = tuple(_expand_words(spellings) for spellings in raw["words"])
    month_day = (int(raw["date"][0]), int(raw["date"][1])) if "date" in raw else None
    offset = int(raw["easter"]) if "easter" in raw else None
    if (month_day is None) == (offset is None):
        raise ValueError(f"a holiday needs exactly one of date and easter: {raw!r}")
    return Holiday(words, month_day, offset, _expand_words(raw.get("after", ())))


def _reschedule_form(raw: Mapping[str, Any]) -> RescheduleFormWords:
    return RescheduleFormWords(
        verbs=_expand_words(raw["verbs"]),
        verb_endings=tuple(raw["verb_endings"]),
        request_words=_expand_words(raw["request_words"]),
        function_words=_expand_words(raw["function_words"]),
        forbidden=_expand_words(raw["forbidden"]),
        compound_tail=raw["compound_tail"],
        min_content_letters=int(raw["min_content_letters"]),
    )


TIME_VOCABULARY: TimeVocabulary = _build(load_raw_vocabulary())
# Words that name a day: the weekday names and heute/morgen/übermorgen (the tribunal's naming, the offers).
DAY_WORDS = frozenset({*TIME_VOCABULARY.weekdays, *TIME_VOCABULARY.day_words})

_ALL_WORDS: frozenset[str] = frozenset().union(
    TIME_VOCABULARY.weekdays,
    TIME_VOCABULARY.weekday_abbreviations,
    TIME_VOCABULARY.months,
    TIME_VOCABULARY.month_abbreviations,
    TIME_VOCABULARY.day_words,
    TIME_VOCABULARY.numbers,
    TIME_VOCABULARY.ordinals,
    TIME_VOCABULARY.dayparts,
    TIME_VOCABULARY.dayparts_after_day,
    TIME_VOCABULARY.prefixes,
    TIME_VOCABULARY.units,
    TIME_VOCABULARY.periods,
    TIME_VOCABULARY.clock_fractions,
    TIME_VOCABULARY.after_next,
    TIME_VOCABULARY.calendar_week_words,
    # a one-word holiday, and the long last word of a longer one (*Himmelfahrt*); *Tag der Arbeit* has *tag*
    (w for h in TIME_VOCABULARY.holidays for w in h.words[-1] if len(h.words) == 1 or len(w) >= 10),
    ("uhr",),
)
