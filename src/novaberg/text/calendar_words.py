"""Small readings and word tables of calendar sentences (timeline.md §3, §4, §4a): whether a sentence names an appointment or asks
*wann*, for the next appointment(s), for a weekday or a date; the target after *auf*/*nach*, the parts joined by
*und*, the object word left after a reminder clause. The timeline's modules ask these; none reads German itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from novaberg.text.data_files import read_json

__all__ = ["CALENDAR_WORDS", "names_appointment", "says_when", "asks_next_one", "asks_next_few", "asks_weekday", "asks_date",
           "claimed_words", "split_at_target", "split_at_and", "without_leading_object"]


def _load() -> dict[str, frozenset[str]]:
    raw = read_json(__package__, "calendar_words_de.json")
    return {key: frozenset(value) for key, value in raw.items() if isinstance(value, list)}


# the small word tables of the calendar's readers, by name (`calendar_words_de.json`)
CALENDAR_WORDS: dict[str, frozenset[str]] = _load()
_I = re.IGNORECASE
_APPOINTMENT_WORD = re.compile(r"termin|kalender|geburtstag|jahrestag|frist|deadline", _I)
_WHEN = re.compile(r"\bwann\b", _I)
# *mein nächster Termin* (one), *meine nächsten Termine*, *was steht als Nächstes an* (a few)
_NEXT_ONE = re.compile(r"\b(?:nächste[rs]?|naechste[rs]?)\s+termin\b", _I)
_NEXT_FEW = re.compile(r"\b(?:nächsten|naechsten)\s+termine\b|\bals\s+(?:nächstes|naechstes)\b", _I)
# which weekday: *welcher Wochentag*, *was für ein Tag*, *auf welchen Tag fällt*, *welcher Tag ist heute*
_ASKS_WEEKDAY = re.compile(r"\bwochentag\w*\b|\bwas\s+für\s+ein\s+tag\b|\bwelche[rnm]?\s+tag\b", _I)
# which date: *welches Datum*, *der Wievielte*, *den wievielten haben wir*
_ASKS_DATE = re.compile(r"\bdatum\b|\bwievielte[nr]?\b|\bwie\s*vielte[nr]?\b", _I)
# a weekday claimed for the day: *ist der 9. ein Dienstag*, *fällt Heiligabend auf einen …*
_CLAIMED = re.compile(r"(?:\b(?:ein|einen|einem|an\s+einem|auf\s+einen|am)\s+)?\b(\w+)", _I)
_TO = re.compile(r"\s+(?:auf|nach)\s+", _I)
_AND = re.compile(r"\s*,?\s+und\s+", _I)
_LEADING_OBJECT = re.compile(r"^(?:an|daran|dran)\s+", _I)


def names_appointment(text: str) -> bool:
    """A word of the calendar in the sentence (*Termin*, *Kalender*, *Geburtstag*, *Frist*), also inside a compound."""
    return _APPOINTMENT_WORD.search(text) is not None


def says_when(text: str) -> bool:
    return _WHEN.search(text) is not None


def asks_next_one(text: str) -> bool:
    return _NEXT_ONE.search(text) is not None


def asks_next_few(text: str) -> bool:
    return _NEXT_FEW.search(text) is not None


def asks_weekday(text: str) -> bool:
    return _ASKS_WEEKDAY.search(text) is not None


def asks_date(text: str) -> bool:
    return _ASKS_DATE.search(text) is not None


def claimed_words(core: str) -> Iterator[tuple[str, int, int]]:
    """Each word of a question with the article or preposition that claims it for a day (*an einem …*): the
    word, and the start and end of the whole phrase."""
    for match in _CLAIMED.finditer(core):
        yield match.group(1), match.start(), match.end()


def split_at_target(text: str) -> list[str]:
    """The words before and after the first *auf*/*nach* (*Volleyball auf den 3.*), one part when there is none."""
    return _TO.split(text, maxsplit=1)


def split_at_and(text: str) -> list[str]:
    """The parts joined by *und* (and a comma before it)."""
    return _AND.split(text)


def without_leading_object(text: str) -> str:
    """The order without the object word a reminder clause left at its start (*an*, *daran*, *dran*)."""
    return _LEADING_OBJECT.sub("", text)
