"""The period a memory question names, read: *letzte Woche*, *diesen Monat*, *gestern*, *vorgestern*, *vor drei
Wochen*, *vor ein paar Tagen*, and — in a question about what was told — *im Sommer*, *im Oktober*, *am
Wochenende*. Only the words: the memory turns a reading into days in the person's zone (`memory/recall_periods.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from novaberg.text.calendar import MONTH_NAMES
from novaberg.text.lexicon import NUMBER_WORDS, ONE_ARTICLES
from novaberg.text.words import alternation, fold

__all__ = ["NamedPeriod", "DAYS_BACK", "AGO", "CALENDAR", "WEEKEND", "MONTHS", "named_period"]

DAYS_BACK, AGO, CALENDAR, WEEKEND, MONTHS = "days_back", "ago", "calendar", "weekend", "months"
DAY, WEEK, MONTH = "tag", "woche", "monat"
# the number words and the articles that count one (*vor einer Woche*): the one list of text/lexicon_de.json, folded
_COUNTS = {fold(word): value for word, value in NUMBER_WORDS.items()} | {fold(word): 1 for word in ONE_ARTICLES}


@dataclass(frozen=True)
class NamedPeriod:
    """`kind` DAYS_BACK: the day `count` days back (*gestern* 1, *vorgestern* 2); AGO: a distance of `count`
    `unit`s back (None: *ein paar*); CALENDAR: the week or month `count` back (*diese* 0, *letzte* 1, *vorletzte*
    2); WEEKEND: the last weekend; MONTHS: `count` months from month `first` (a season or a month named)."""

    kind: str
    unit: str = ""  # DAY, WEEK or MONTH
    count: int | None = 0
    first: int = 0


_PERIOD = re.compile(r"\b(?P<last>letzte|letzten|vorige|vorigen|vergangene|vergangenen)\s+(?P<unit>woche|monat)\b|"
                     r"\b(?P<this>diese|dieser|diesen)\s+(?P<unit2>woche|monat)\b|\b(?P<yesterday>gestern)\b|"
                     r"\b(?P<before_yesterday>vorgestern)\b|"
                     r"\b(?P<before_last>vorletzte|vorletzten)\s+(?P<unit3>woche|monat)\b|"
                     rf"\bvor\s+(?P<count>ein\s+paar|paar|{alternation(_COUNTS)}|"
                     r"\d{1,2})\s+(?P<ago>tag|tagen|woche|wochen|monat|monaten)\b")
# Only in a question about what was told: a season or a month names when it was said (*Was hab ich dir im Sommer
# erzählt?*), not what it is about (*Wohin fahren wir im Sommer?*).
_TELLING = re.compile(r"\b(erzaehlt|gesagt|berichtet|erwaehnt)\b")
_SEASON = re.compile(r"\bim\s+(?P<season>fruehling|fruehjahr|sommer|herbst|winter)\b|"
                     rf"\bim\s+(?P<month>{'|'.join(fold(month) for month in MONTH_NAMES)})\b|"
                     r"\b(?P<weekend>am|letztes|vergangenes)\s+wochenende\b")
_SEASON_MONTHS = {"fruehling": 3, "fruehjahr": 3, "sommer": 6, "herbst": 9, "winter": 12}
_MONTHS = tuple(fold(month) for month in MONTH_NAMES)


def _unit(word: str) -> str:
    return DAY if word.startswith("tag") else WEEK if word.startswith("woche") else MONTH


def named_period(text: str) -> NamedPeriod | None:
    """The period the text names (the first one found), or None."""
    folded = fold(text)
    found = _PERIOD.search(folded)
    if found:
        if found["yesterday"]:
            return NamedPeriod(DAYS_BACK, DAY, 1)
        if found["before_yesterday"]:
            return NamedPeriod(DAYS_BACK, DAY, 2)
        if found["ago"]:
            count = found["count"]
            return NamedPeriod(AGO, _unit(found["ago"]), None if "paar" in count else _COUNTS[count] if count in _COUNTS else int(count))
        back = 2 if found["before_last"] else 1 if found["last"] else 0
        return NamedPeriod(CALENDAR, found["unit"] or found["unit2"] or found["unit3"], back)
    told = _SEASON.search(folded) if _TELLING.search(folded) else None
    if told is None:
        return None
    if told["weekend"]:
        return NamedPeriod(WEEKEND)
    if told["season"]:
        return NamedPeriod(MONTHS, MONTH, 3, _SEASON_MONTHS[told["season"]])
    return NamedPeriod(MONTHS, MONTH, 1, _MONTHS.index(told["month"]) + 1)
