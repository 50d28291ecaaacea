"""Another person's life event in an everyday sentence (timeline.md §5.5, the offline model's gate): a move, a
wedding, an operation, a birth or a new job of a named person, with the destination of a move and whether the
sentence reports it as past. Words from `calendar_events_de.json`; the time words that are no person's name come from
the caller (the time parser's vocabulary).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache
from typing import Any

from novaberg.text.data_files import read_json

__all__ = ["LifeEvent", "life_event"]

_STARTS_WORK = re.compile(r"\bfängt .* an zu arbeiten\b")  # *fängt im Mai bei Siemens an zu arbeiten*
_CAPITALISED = re.compile(r"[A-ZÄÖÜ][\wäöüß]+")
_DESTINATION = re.compile(r"\bnach\s+([A-ZÄÖÜ][\wäöüß-]+)")


@dataclass(frozen=True)
class LifeEvent:
    title: str  # *Umzug nach Berlin*, *Hochzeit*
    person: str
    reported: bool  # said as past (*ist umgezogen*), else announced


@cache
def _vocabulary() -> dict[str, Any]:
    return read_json(__package__, "calendar_events_de.json")


def _words_pattern(words: Collection[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(re.escape(word) for word in words) + r")\b")


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((_words_pattern(event["words"]), event["title"]) for event in _vocabulary()["events"])


@cache
def _reported() -> re.Pattern[str]:
    vocabulary = _vocabulary()
    return re.compile(_words_pattern(vocabulary["reporting_verbs"]).pattern + ".*"
                      + _words_pattern(vocabulary["reported_participles"]).pattern)


def _title(lowered: str) -> str | None:
    for pattern, title in _patterns():
        if pattern.search(lowered):
            return title
    return "neue Stelle" if _STARTS_WORK.search(lowered) else None


def life_event(text: str, time_words: Collection[str] = ()) -> LifeEvent | None:
    """The event a sentence tells of another person, or None (no event word, no name, or the speaker's own)."""
    vocabulary = _vocabulary()
    lowered = text.lower()
    title = _title(lowered)
    names = [w for w in _CAPITALISED.findall(text) if w.lower() not in vocabulary["not_a_person"]
             and w.lower() not in time_words]
    person = next((w for w in names if w.lower() not in vocabulary["relations"]), names[0] if names else None)
    first_word = lowered.split()[0] if lowered.split() else ""
    if title is None or person is None or first_word in vocabulary["first_person"]:
        return None
    destination = _DESTINATION.search(text)
    if title == vocabulary["moving_title"] and destination:
        title = f"{title} nach {destination.group(1)}"
    return LifeEvent(title, person, _reported().search(lowered) is not None)
