"""Calendar orders in words the request grammar does not know as such, read into their parts — never said again in
other words for another reader (timeline.md §3, §7.1: what the order is, what it is about):

- a planning verb or *festlegen* (*Plane die Mechanikerprüfung am Freitag um 12 Uhr*, *Vereinbare einen Tierarzttermin
  um 9 Uhr am Samstag*, *Lege … fest*) enters an appointment;
- the calendar named as the place of a put or an addition (*Setze Tanz auf meinen Kalender für morgen 19 Uhr*, *Füge
  Arbeit übermorgen um 15 Uhr dem Kalender hinzu*) enters one — the calendar phrase is no part of the title;
- a meeting with a person said without a verb (*Treffen mit Ellen Fung morgen um 9 Uhr*) enters one;
- an addition with a clock time and no list (*Füge Tanz morgen um vier Uhr hinzu*) enters one;
- a look at the calendar or an appointment (*Prüfe meinen Kalender*, *Finde das Treffen mit Judith*, *Schlage meinen
  nächsten Termin nach*) reads;
- a reminder said as a noun (`text.reminder_orders`): shown reads the coming appointments; set enters a reminder;
  cancelled (*Keine Erinnerung mehr für Lisa*, *Erinnere mich doch nicht an den Zahnarzt*) deletes the one it names.

`calendar_frame(text, dayparts)` gives a `CalendarFrame` — the action and the words the order is about (its title and
its time, without the verb and the calendar phrase) — or None when no frame fits, and None when the minutes are said in
words (*Plane Abendessen um 18 Uhr dreißig*: the time reader would keep 18:00 and leave *dreißig* in the title) or a day
and its part are one word (*Samstagabend*, `dayparts` from the time parser): without a frame nothing is written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.intents import ONE, intents_of, read_intents
from novaberg.text.lexicon import number_word_spellings
from novaberg.text.reminder_orders import CANCEL, READ, reminder_order
from novaberg.text.words import alternation

__all__ = ["CalendarFrame", "calendar_frame", "CREATE_FRAME", "READ_FRAME", "DELETE_FRAME", "NOTHING_FRAME"]

CREATE_FRAME, READ_FRAME, DELETE_FRAME = "create", "read", "delete"
NOTHING_FRAME = "rejected"  # an order that names nothing to act on: nothing is written


@dataclass(frozen=True)
class CalendarFrame:
    """`action`: CREATE_FRAME, READ_FRAME, DELETE_FRAME or NOTHING_FRAME; `words`: what the order is about, as said
    (title and time; for a read without the meeting word, *das Treffen mit Paul* → *mit Paul*); `reminder`: a reminder said as a noun (the entry is
    one of the reminder type); `whole`: a read of the coming appointments as such (nothing named)."""

    action: str
    words: str = ""
    reminder: bool = False
    whole: bool = False


_I = re.IGNORECASE
_PLEASE = r"(?:bitte\s+)?"
_TAIL = r"\s*(?:,?\s*bitte)?\s*[.!]*\s*$"
_CALENDAR = (r"(?:(?:in|auf|zu|zum|im|dem|den|meinem|meinen|mein|unseren|unserem)\s+)*(?:[\w-]+(?:en|em|er|es)\s+)?"
             r"[\w-]*kalender\b")  # *meinem persönlichen Kalender*, *meinem Google-Kalender*, *Hauptkalender*
_CALENDAR_PLACE = re.compile(rf"\s*,?\s+(?:(?:in|im|auf|zu|zum)\s+){_CALENDAR}", _I)
_PLAN = re.compile(rf"^{_PLEASE}(?:plan|vereinbar|terminier)\w*\s+(?:(?:mir|uns)\s+)?(?P<rest>.+?){_TAIL}", _I)
_FIX = re.compile(rf"^{_PLEASE}leg\w*\s+(?:(?:mir|uns)\s+)?(?P<rest>.+?)\s+fest{_TAIL}", _I)  # *Lege … fest*
_PUT_ON_CALENDAR = re.compile(
    rf"^{_PLEASE}(?:setz|trag|füg|fueg|schreib)\w*\s+(?P<before>.*?)(?:\s*,)?\s+{_CALENDAR}\s*,?\s*(?P<after>.*?)"
    rf"(?:\s+(?:hinzu|ein|an))?{_TAIL}", _I)
_ADD_AT_CLOCK = re.compile(rf"^{_PLEASE}(?:füg|fueg)\w*\s+(?P<rest>(?:(?!liste|listen|zettel|notiz).)+?\b(?:um\s+\w+|\d{{1,2}}:\d{{2}}|uhr)\b"
                           rf"(?:(?!liste|listen|zettel|notiz).)*?)\s+hinzu{_TAIL}", _I)
_HINZU = re.compile(r"^\s*hinzu\b\s*,?\s*|\s*\bhinzu\s*$", _I)
_MEETING = re.compile(rf"^(?P<rest>(?:ein\s+)?treffen\s+mit\s+.+){_TAIL}", _I)
_MEETING_WORD = re.compile(r"\b(?:das|dem|mein|meinem)\s+(?:nächste|naechste)?s?\s*(?:treffen|meeting)\b", _I)
_SHOW = re.compile(rf"^{_PLEASE}zeig\w*\s+(?:mir\s+)?(?P<rest>.*\b(?:treffen|meeting)\b.*?){_TAIL}", _I)
_LOOK = re.compile(rf"^{_PLEASE}(?:prüf|pruef|überprüf|ueberpruef|find|such|schlag)\w*\s+(?:(?:mir|für\s+mich)\s+)?"
                   rf"(?P<rest>(?:(?:den|die|das|meinen|meine|mein)\s+)?(?:[\w-]+\s+)?(?:kalender|termin\w*|treffen|meeting\w*)"
                   rf"\b.*?)(?:\s+(?:für\s+mich\s+)?nach)?{_TAIL}", _I)
# minutes said in words after the hour (*18 Uhr dreißig*, *zwei Uhr fünfundvierzig*, *5 vierzig*)
_MINUTE_WORD = r"(?:\w+und)?(?:zwanzig|dreißig|dreissig|vierzig|fünfzig|fuenfzig)|zehn|fünfzehn|fuenfzehn|fünf|fuenf"
_HOUR_WORD = alternation(("ein", *number_word_spellings(1, 12)))  # the hours of the clock face, *ein Uhr* included
_MINUTES_IN_WORDS = re.compile(rf"(?:\buhr|\b\d{{1,2}}|\b(?:{_HOUR_WORD}))\s+(?:{_MINUTE_WORD})\b", _I)


def calendar_frame(text: str, dayparts: tuple[str, ...] | frozenset[str] = ()) -> CalendarFrame | None:
    said = " ".join(text.split())
    reminder = reminder_order(said)
    if reminder is not None:
        return _reminder_frame(reminder.kind, reminder.subject, reminder.rest, reminder.purpose, reminder.thing)
    if _MINUTES_IN_WORDS.search(said) or _day_with_part(said, dayparts):
        return None
    if m := _PUT_ON_CALENDAR.match(said):
        rest = " ".join(part for part in (m.group("before"), _HINZU.sub("", m.group("after"))) if part.strip())
        return CalendarFrame(CREATE_FRAME, rest.strip(" ,")) if rest.strip(" ,") else None
    if m := _ADD_AT_CLOCK.match(said):  # *Füge Tanz morgen um vier Uhr hinzu*: no list, a clock time
        return CalendarFrame(CREATE_FRAME, m.group("rest"))
    if m := _PLAN.match(said) or _FIX.match(said):
        return CalendarFrame(CREATE_FRAME, _CALENDAR_PLACE.sub("", m.group("rest")))
    if m := _MEETING.match(said):
        return CalendarFrame(CREATE_FRAME, m.group("rest"))
    if m := _LOOK.match(said) or _SHOW.match(said):
        return CalendarFrame(READ_FRAME, _without_meeting_word(m.group("rest")))
    return _asked_by_template(said)


_SHOW_INTENT, _WHEN_INTENT = "termine_zeigen", "termin_wann"  # the timeline's question intents (timeline_de.json)


def _asked_by_template(said: str) -> CalendarFrame | None:
    """A question about appointments read by the timeline's declared templates (`text.intents`): the appointments
    of a period (*Nennen Sie mir die aktuellen Termine*, *Was steht dieses Wochenende im Kalender?*) read that
    period, or the coming ones; one appointment asked about (*Wann beginnt die Besprechung?*) reads by its title."""
    verdict = read_intents(said, (intents_of("timeline"),))
    if verdict.kind != ONE:
        return None
    reading = verdict.readings[0]
    if reading.intent == _SHOW_INTENT:  # the period as the time reader reads it in the whole sentence (*von … bis*)
        return CalendarFrame(READ_FRAME, said, whole=True)
    if reading.intent == _WHEN_INTENT and "zeitraum" not in reading.slots:  # *Ist der 30.2. ein Freitag?* is a
        words = " ".join(reading.slots.get(name, "") for name in ("titel", "zeit"))  # date question, not this
        return CalendarFrame(READ_FRAME, _without_meeting_word(words.strip()))
    return None


def _day_with_part(said: str, dayparts: tuple[str, ...] | frozenset[str]) -> bool:
    """A day and its part in one word (*Samstagabend*, *Montagmittag*): the time reader takes neither."""
    if not dayparts:
        return False
    pattern = rf"\b(?:{alternation(WEEKDAY_NAMES)})(?:{alternation(dayparts)})\b"
    return re.search(pattern, said, _I) is not None


def _reminder_frame(kind: str, subject: str, rest: str, purpose: bool, thing: bool) -> CalendarFrame:
    """A reminder said as a noun: shown reads the coming appointments; set enters what it is about — the subject of
    the compound (*Geburtstag* of *Geburtstagserinnerung*) before the rest, a purpose clause (*Lisa abzuholen*) as
    said."""
    if kind == READ:
        return CalendarFrame(READ_FRAME, whole=True)
    if kind == CANCEL:  # *Keine Erinnerung mehr für Lisa*, *Erinnere mich doch nicht an den Zahnarzt*
        return CalendarFrame(DELETE_FRAME, rest, reminder=True) if rest else CalendarFrame(NOTHING_FRAME, reminder=True)
    if purpose:
        return CalendarFrame(CREATE_FRAME, f"{subject}, {rest}" if subject else rest, reminder=True)
    if thing and not subject:
        return CalendarFrame(CREATE_FRAME, rest, reminder=True)
    return CalendarFrame(CREATE_FRAME, f"{subject} {rest}".strip(), reminder=True)


def _without_meeting_word(words: str) -> str:
    """*das Treffen mit Paul* → *mit Paul*, *mein nächstes Meeting* → '': a meeting word names the kind of
    appointment, not which one — the title search looks for the rest (*Paul*)."""
    return " ".join(_MEETING_WORD.sub(" ", words).split())
