"""Whether a claiming sentence *names* an appointment (tribunal.md „Die Nennung“, „Die Nennung, geschärft“).

A found appointment covers only the claim whose sentence names it. Three ways, each admits what names the
appointment positively (no ban list over the answers' words):

- `uhrzeit` — an hour of the sentence (`timeparse.read_time`, every hour, number words too) is the
  appointment's hour and minute.
- `tag` — the day in digits, as day of the month, as weekday or as *heute/morgen/übermorgen* from the turn's
  day. Since the second build it names only together with `uhrzeit` or `titel`; alone it is logged, never a
  naming.
- `titel` — a content word of the sentence (capitalised, at least four letters) begins with a content word of
  the title; the reverse direction only from 7 letters of the sentence word; the kind of the entry (the row's
  own `event_type`) is cut from the title words, a Fugen-s with it when 4 letters remain; a word cut like that
  stays nameable as a whole word, forward only; a day word in the sentence never carries `titel`.

A row without a type is loud (an error line) and carries no title word.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from novaberg.text.words import content_words
from novaberg.timeparse import TIME_VOCABULARY, read_time
from novaberg.timeparse.vocabulary import DAY_WORDS

__all__ = ["TitleWords", "title_words", "names_appointment", "names",
           "WAY_TIME", "WAY_DAY", "WAY_TITLE", "WAY_CONTRADICTION", "REVERSE_PREFIX_MIN", "STEM_MIN"]

_log = logging.getLogger("novaberg.tribunal")

WAY_TIME = "uhrzeit"
WAY_DAY = "tag"
WAY_TITLE = "titel"
# Beyond the specification (stricter): a sentence that states a day or a written hour, none of
# which is the appointment's, speaks of another moment — *„… auf Montag umgelegt“* against a row on Friday.
WAY_CONTRADICTION = "widerspruch"
STEM_MIN = 4  # `_STEM_MIN`: a title word shorter than this after cutting the kind is dropped
REVERSE_PREFIX_MIN = 7  # `_REVERSE_PREFIX_MIN`: the reverse direction needs this many letters of the sentence word
MINUTE = "minute"

# The day words come from the sources the day reading reads (`timeparse.vocabulary.DAY_WORDS`) — no second list.
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_DIGIT_DATE = re.compile(r"(?<![\w.])(\d{1,2})\.\s?(\d{1,2})\.")


@dataclass(frozen=True)
class TitleWords:
    """`stems`: title words with the kind cut, named in both directions; `whole`: the words the kind was cut
    from, named forward only (*Terminabsprache* names „Terminabsprache“, *Geburtstag* not „Geburtstagsfeier“)."""

    stems: frozenset[str]
    whole: frozenset[str]



def _cut_kind(word: str, kind: str) -> str | None:
    """The word without the kind at its front or back (Fugen-s included); None when the kind is not in it."""
    if not kind or kind not in word:
        return None
    if word.startswith(kind):
        rest = word[len(kind):]
        if rest.startswith("s") and len(rest) - 1 >= STEM_MIN:
            rest = rest[1:]
        return rest
    if word.endswith(kind):
        rest = word[: -len(kind)]
        if rest.endswith("s") and len(rest) - 1 >= STEM_MIN:
            rest = rest[:-1]
        return rest
    return None


def title_words(title: object, event_type: object) -> TitleWords:
    """The title's content words, lower case, with the row's own kind cut. A title that is no text or a row
    without a kind raises `ValueError` (loud; the caller logs it and the row is named only by its hour)."""
    if not isinstance(title, str):
        raise ValueError(f"the title is no text: {type(title).__name__}")
    if not isinstance(event_type, str) or not event_type.strip():
        raise ValueError("the row has no event_type; its title names nothing")
    kind = event_type.strip().lower()
    stems: set[str] = set()
    whole: set[str] = set()
    for word in content_words(title):
        lowered = word.lower()
        cut = _cut_kind(lowered, kind)
        if cut is None:
            stems.add(lowered)
            continue
        if len(cut) >= STEM_MIN:  # a shorter rest drops the word, whole form included (the bare *Termin*)
            stems.add(cut)
            whole.add(lowered)
    return TitleWords(frozenset(stems), frozenset(whole))


def _names_title(sentence: str, words_of_title: TitleWords) -> bool:
    for word in content_words(sentence):
        lowered = word.lower()
        if lowered in DAY_WORDS:  # a day word in the sentence never carries the title
            continue
        for stem in words_of_title.stems:
            if lowered.startswith(stem):
                return True
            if len(lowered) >= REVERSE_PREFIX_MIN and stem.startswith(lowered):
                return True
        if any(lowered.startswith(word_) for word_ in words_of_title.whole):
            return True
    return False


def _names_time(sentence: str, local: datetime) -> bool:
    return any((clock := hour.time()) is not None and (clock.hour, clock.minute) == (local.hour, local.minute)
               for hour in read_time(sentence).hours)


def _names_day(sentence: str, day: date, today: date) -> bool:
    for match in _DIGIT_DATE.finditer(sentence):
        if (int(match.group(1)), int(match.group(2))) == (day.day, day.month):
            return True
    for stated in read_time(sentence).days:
        if stated.weekday is not None and stated.weekday == day.weekday():
            return True
        if stated.offset is not None and (day - today).days == stated.offset:
            return True
        if stated.day is not None and stated.day == day.day and (stated.month is None or stated.month == day.month):
            return True
    return any(word in TIME_VOCABULARY.day_words and (day - today).days == TIME_VOCABULARY.day_words[word]
               for word in (w.lower() for w in _WORD.findall(sentence)))


def names_appointment(sentence: str, row: dict, today: date, zone: ZoneInfo) -> tuple[str, ...]:
    """The ways in which `sentence` names the appointment `row` (keys `event_time`, `precision`, `title`,
    `event_type`). A row whose title words cannot be read is logged as an error and named by its hour only."""
    moment = row["event_time"]
    if not isinstance(moment, datetime) or moment.tzinfo is None:
        raise ValueError("the row's event_time is no aware moment")
    local = moment.astimezone(zone)
    ways: list[str] = []
    timed = row.get("precision") == MINUTE
    if timed and _names_time(sentence, local):
        ways.append(WAY_TIME)
    if _names_day(sentence, local.date(), today):
        ways.append(WAY_DAY)
    elif _states_day(sentence):
        ways.append(WAY_CONTRADICTION)
    if timed and WAY_TIME not in ways and any(h.written for h in read_time(sentence).hours):
        ways.append(WAY_CONTRADICTION)
    try:
        words_of_title = title_words(row.get("title"), row.get("event_type"))
    except ValueError as err:  # loud, and the row is named only by its hour
        _log.error("inventory check: row %s carries no title word: %s", row.get("id"), err)
        return tuple(ways)
    if _names_title(sentence, words_of_title):
        ways.append(WAY_TITLE)
    return tuple(ways)


def _states_day(sentence: str) -> bool:
    return bool(_DIGIT_DATE.search(sentence) or read_time(sentence).days)


def names(ways: tuple[str, ...]) -> bool:
    """A day names only together with the hour or a title word („Die Nennung, geschärft“); a sentence that
    states another day or hour does not name it."""
    return (WAY_TIME in ways or WAY_TITLE in ways) and WAY_CONTRADICTION not in ways
