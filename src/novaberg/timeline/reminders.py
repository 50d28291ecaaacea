"""Reminders (issue 29 item 5): *„… und erinner mich eine Stunde vorher“* read from an order, the offset stored
on the row (`erinnern_vorher_min`, a VALARM in the calendar feed) and the sentence that says how the reminder
will reach the person — through the subscribed calendar, or when the app is opened; nothing more, since Nova
sends nothing by herself.

`read_reminder` takes the clause out of the order so the rest is classified as it would be without it; a
bare statement that asked for a reminder (*„Morgen um 10 Uhr Zahnarzt und erinner mich eine Stunde vorher“*)
is an order to enter it. A row of type `erinnerung` reminds at its own moment (offset 0).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from novaberg.text.calendar_words import without_leading_object
from novaberg.text.reminder_orders import reminder_clause_vocabulary
from novaberg.text.words import fold
from novaberg.timeline.ics import texts
from novaberg.timeline.phrases import order_hints
from novaberg.timeparse.vocabulary import TIME_VOCABULARY

__all__ = ["ReminderRequest", "read_reminder", "opens_with_reminder", "alarm_minutes", "how_it_reaches", "REMINDER_TYPE", "MAX_MINUTES",
           "load_vocabulary"]

REMINDER_TYPE = "erinnerung"
MAX_MINUTES = 40320  # four weeks: the column's check (schema timeline/005)
_TOKEN = re.compile(r"\w+|[^\w\s]")


def load_vocabulary() -> dict[str, Any]:
    return reminder_clause_vocabulary()


_RAW = load_vocabulary()
_VERBS = frozenset(_RAW["verbs"])
_PERSON = frozenset(_RAW["person"])
_FILLERS = frozenset(_RAW["fillers"])
_BEFORE = frozenset(_RAW["before"])
_JOINERS = frozenset(_RAW["joiners"])
_UNITS: dict[str, int] = dict(_RAW["unit_minutes"])
_FIXED: dict[tuple[str, ...], int] = {tuple(words.split()): minutes for words, minutes in _RAW["fixed"].items()}
_NUMBERS: dict[str, int] = {**{fold(word): value for word, value in TIME_VOCABULARY.numbers.items()},
                            **{fold(word): 1 for word in TIME_VOCABULARY.article_one}, **_RAW["numbers"]}
_ARTICLES = frozenset(fold(word) for word in TIME_VOCABULARY.article_one)


@dataclass(frozen=True)
class ReminderRequest:
    """`order_text`: the utterance without the reminder clause; `minutes`: the offset asked for, or None; `enter`: the
    rest is a statement that asked for a reminder (*Morgen um 10 Uhr Zahnarzt und erinner mich …*) — an order to enter
    what it says, read as such by the classification (never said again as another sentence)."""

    order_text: str
    minutes: int | None
    enter: bool = False


def _offset(words: list[str]) -> tuple[int, int] | None:
    """(minutes, words used) of an offset at the start of `words` ending in a *before* word, else None."""
    for phrase, minutes in _FIXED.items():
        body = [w for w in words[:len(phrase) + 2] if w not in _ARTICLES]
        if tuple(body[:len(phrase)]) == phrase:
            used = words.index(phrase[-1]) + 1
            if used < len(words) and words[used] in _BEFORE:
                used += 1
            return minutes, used
    if len(words) >= 3 and words[2] in _BEFORE and words[1] in _UNITS:
        amount = int(words[0]) if words[0].isdigit() else _NUMBERS.get(words[0])
        if amount is not None and 0 < amount * _UNITS[words[1]] <= MAX_MINUTES:
            return amount * _UNITS[words[1]], 3
    return None


def read_reminder(text: str) -> ReminderRequest:
    """The order without *„(und) erinner mich <Dauer> vorher“*, and the offset in minutes."""
    tokens = list(_TOKEN.finditer(text))
    folded = [fold(token.group()) for token in tokens]
    for index, word in enumerate(folded):
        if word not in _VERBS or index + 1 >= len(folded) or folded[index + 1] not in _PERSON:
            continue
        rest = index + 2
        while rest < len(folded) and folded[rest] in _FILLERS:
            rest += 1
        found = _offset(folded[rest:])
        if found is None:
            continue
        minutes, used = found
        start = index
        while start > 0 and (folded[start - 1] in _JOINERS or folded[start - 1] in {",", ";"}):
            start -= 1
        end = rest + used
        cut_from = tokens[start].start()
        cut_to = tokens[end - 1].end()
        remainder = (text[:cut_from].rstrip() + " " + text[cut_to:].lstrip(" ,;")).strip()
        remainder = re.sub(r"\s+([.!?])", r"\1", remainder)
        if start == 0:  # *Erinner mich zwei Tage vorher an Omas Geburtstag …*: the order's object follows
            remainder = without_leading_object(remainder)
        if remainder and not order_hints(remainder):  # a statement that asked for a reminder: enter it
            return ReminderRequest(remainder.rstrip(".!"), minutes, enter=True)
        return ReminderRequest(remainder, minutes)
    return ReminderRequest(text, None)


def opens_with_reminder(text: str) -> bool:
    """True when `text` begins with the clause *„erinner mich <Dauer> vorher“* — a part of the order before it,
    never an order of its own (the router does not split *„Trag X ein und erinner mich eine Stunde vorher“*)."""
    found = read_reminder(text)
    if found.minutes is None:
        return False
    words = [fold(token.group()) for token in _TOKEN.finditer(text)]
    return len(words) >= 2 and words[0] in _VERBS and words[1] in _PERSON


def alarm_minutes(text: str, event_type: str, *, asked: int | None = None) -> int | None:
    """The offset a new row carries: the one asked for — `asked` (read when the order was given, a turn before
    its pending question was answered), else in `text` —, else 0 for a reminder row, else None (no VALARM)."""
    if asked is None:
        asked = read_reminder(text).minutes
    if asked is not None:
        if not isinstance(asked, int) or isinstance(asked, bool) or not 0 <= asked <= MAX_MINUTES:
            raise ValueError(f"reminder: an offset of {asked!r} minutes is outside 0..{MAX_MINUTES}")
        return asked
    return 0 if event_type == REMINDER_TYPE else None


def _duration(minutes: int) -> str:
    for unit, size, one, many in ((10080, 10080, "eine Woche", "Wochen"), (1440, 1440, "einen Tag", "Tage"),
                                  (60, 60, "eine Stunde", "Stunden")):
        if minutes >= unit and minutes % size == 0:
            count = minutes // size
            return one if count == 1 else f"{count} {many}"
    return "eine Minute" if minutes == 1 else f"{minutes} Minuten"


def how_it_reaches(minutes: int, subscribed: bool, *, all_day: bool = False) -> str:
    """One sentence: how the reminder will reach the person — never a promise of more than the feed and the app.
    A reminder of a day without clock time rings on that day (the feed: 09:00, `ics.export`)."""
    if minutes == 0:
        when = texts.REMINDER_ON_DAY if all_day else texts.REMINDER_AT_START
    else:
        when = texts.REMINDER_BEFORE.format(duration=_duration(minutes))
    return (texts.REMINDER_BY_FEED if subscribed else texts.REMINDER_BY_APP).format(when=when)
