"""Calendar orders in words the request grammar does not know as such (issue 26, Bot Framework dev set), said
again in a form it reads — a new small part the classification and the route hint call first, so nothing else of
the timeline's reading changes:

- a planning verb or *festlegen* (*„Plane die Mechanikerprüfung am Freitag um 12 Uhr"*, *„Vereinbare einen Tierarzttermin um 9 Uhr
  am Samstag"*, *„Terminiere …"*) enters an appointment: *trag … ein*;
- the calendar named as the place of a put or an addition (*„Setze Tanz auf meinen Kalender für morgen 19 Uhr"*,
  *„Füge Arbeit übermorgen um 15 Uhr dem Kalender hinzu"*, *„Trage … in meinen Kalender ein"*) enters one — the
  calendar phrase is no part of the title, and *setz* is then no move;
- *„Treffen mit Ellen Fung morgen um 9 Uhr"*: a meeting with a person and a time, said without a verb;
- an addition with a clock time and no list (*„Füge Tanz morgen um vier Uhr hinzu"*) enters one;
- a look at the calendar or an appointment (*„Prüfe meinen Kalender"*, *„Finde das Treffen mit Judith"*, *„Schlage
  meinen nächsten Termin nach"*) reads: *zeig …*;
- a reminder said as a noun (`text.reminder_orders`): shown (*„Zeige meine Erinnerung"*, *„Habe ich irgendwelche
  Erinnerungen gesetzt?"*) reads the coming appointments and reminders; set (*„Ich brauche eine Erinnerung um Lisa
  abzuholen"*, *„erstelle eine Geburtstagserinnerung für max"*) is *erinnere mich …* — created, or asked for what is
  missing.

`as_calendar_order(text)` returns the sentence said again, or '' when none of these frames fits — and '' when the
minutes are said in words (*„Plane Abendessen um 18 Uhr dreißig"*): the time reader would keep 18:00 and put
*dreißig* into the title, a wrong write; without the frame nothing is written.
"""

from __future__ import annotations

import re

from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.reminder_orders import READ, ReminderOrder, reminder_order
from novaberg.text.words import alternation
from novaberg.timeparse.vocabulary import TIME_VOCABULARY

__all__ = ["as_calendar_order"]

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
_MEETING_WORD = re.compile(r"\b(?:das|dem|mein|meinem)\s+(?P<next>nächste|naechste)?s?\s*(?:treffen|meeting)\b", _I)
_SHOW = re.compile(rf"^{_PLEASE}zeig\w*\s+(?:mir\s+)?(?P<rest>.*\b(?:treffen|meeting)\b.*?){_TAIL}", _I)
_LOOK = re.compile(rf"^{_PLEASE}(?:prüf|pruef|überprüf|ueberpruef|find|such|schlag)\w*\s+(?:(?:mir|für\s+mich)\s+)?"
                   rf"(?P<rest>(?:(?:den|die|das|meinen|meine|mein)\s+)?(?:[\w-]+\s+)?(?:kalender|termin\w*|treffen|meeting\w*)"
                   rf"\b.*?)(?:\s+(?:für\s+mich\s+)?nach)?{_TAIL}", _I)


# minutes said in words after the hour (*18 Uhr dreißig*, *zwei Uhr fünfundvierzig*, *5 vierzig*): the time reader
# keeps the hour and leaves the minutes in the title — a frame never turns such a sentence into a create
_MINUTE_WORD = r"(?:\w+und)?(?:zwanzig|dreißig|dreissig|vierzig|fünfzig|fuenfzig)|zehn|fünfzehn|fuenfzehn|fünf|fuenf"
_HOUR_WORD = r"ein|eins|zwei|drei|vier|fünf|fuenf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwoelf"
_MINUTES_IN_WORDS = re.compile(rf"(?:\buhr|\b\d{{1,2}}|\b(?:{_HOUR_WORD}))\s+(?:{_MINUTE_WORD})\b", _I)
# a day and its part in one word (*Samstagabend*, *Montagmittag*): the time reader takes neither — the words would
# stay in the title and the entry would have no time; no frame for such a sentence
_DAY_WITH_PART = re.compile(rf"\b(?:{alternation(WEEKDAY_NAMES)})(?:{alternation(TIME_VOCABULARY.dayparts)})\b", _I)


def as_calendar_order(text: str) -> str:
    said = " ".join(text.split())
    reminder = reminder_order(said)
    if reminder is not None:
        return _as_reminder_order(reminder)
    if _MINUTES_IN_WORDS.search(said) or _DAY_WITH_PART.search(said):
        return ""
    if m := _PUT_ON_CALENDAR.match(said):
        rest = " ".join(part for part in (m.group("before"), _HINZU.sub("", m.group("after"))) if part.strip())
        return f"Trag {rest.strip(' ,')} ein" if rest.strip(" ,") else ""
    if m := _ADD_AT_CLOCK.match(said):  # *Füge Tanz morgen um vier Uhr hinzu*: no list, a clock time
        return f"Trag {m.group('rest')} ein"
    if m := _PLAN.match(said):
        return f"Trag {_CALENDAR_PLACE.sub('', m.group('rest'))} ein"
    if m := _FIX.match(said):
        return f"Trag {_CALENDAR_PLACE.sub('', m.group('rest'))} ein"
    if m := _MEETING.match(said):
        return f"Trag {m.group('rest')} ein"
    if m := _LOOK.match(said):
        return f"Zeig mir {_as_appointment(m.group('rest'))}"
    if m := _SHOW.match(said):
        return f"Zeig mir {_as_appointment(m.group('rest'))}"
    return ""


def _as_reminder_order(reminder: ReminderOrder) -> str:
    """A reminder said as a noun, said again as the timeline's own order."""
    if reminder.kind == READ:
        return "Zeig mir meine Termine"
    subject = f" an {reminder.subject}" if reminder.subject else ""
    if reminder.purpose:
        return f"Erinnere mich{subject}, {reminder.rest}"
    if reminder.thing and not subject:
        return f"Erinnere mich an {reminder.rest}"
    return f"Erinnere mich{subject} {reminder.rest}".rstrip()


def _as_appointment(words: str) -> str:
    """*das Treffen mit Paul* → *den Termin mit Paul*, *mein nächstes Meeting* → *meinen nächsten Termin*: a meeting is
    an appointment by another word, which the timeline's reading knows."""
    return _MEETING_WORD.sub(lambda m: "meinen nächsten Termin" if m.group("next") else "den Termin", words)
