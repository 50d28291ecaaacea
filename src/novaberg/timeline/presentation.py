"""How a reading of appointments is said (timeline.md §4a): the one line format — weekday, date, local time or
*ohne Uhrzeit*, title and the relation to today —, the line of another person's event, and the `[TERMINE]` block
with its header line, its empty sentence and its failure sentence. The reading itself (windows, reads) is
`timeline/reading.py`; this module only words what it found.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache
from typing import TYPE_CHECKING

from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES
from novaberg.timeline.texts import block_more_events_line, block_more_line
from novaberg.timeline.types import DAY_PRECISION, EVENT_TYPES, MONTH_PRECISION

if TYPE_CHECKING:
    from novaberg.timeline.reading import Appointment, Reading, Window

__all__ = ["BLOCK_HEADER", "FAILED_SENTENCE", "EVENTS_HEADER", "NOT_ASKED", "day_label", "month_label",
           "relation_to_today", "event_line", "appointment_line", "window_header", "empty_sentence", "block_text"]

BLOCK_HEADER = "[TERMINE]"
FAILED_SENTENCE = ("Die Termine konnten in diesem Turn nicht gelesen werden — über die Termine ist nichts bekannt, "
                   "ebenso wenig über Ereignisse im Umfeld.")
EVENTS_HEADER = "Ereignisse im Umfeld — Ereignisse anderer Personen, keine eigenen Termine:"
NOT_ASKED = "Nach Terminen wurde nicht gezielt gefragt."


# --- the line format ----------------------------------------------------------------------------------

@lru_cache(maxsize=1024)
def _day_label(day: date) -> str:
    return f"{WEEKDAY_NAMES[day.weekday()]}, {day.day:02d}.{day.month:02d}.{day.year:04d}"


def day_label(moment: datetime) -> str:
    """*Montag, 07.12.2026* (a window of a thousand series has a thousand lines on a few days: one label a day)."""
    return _day_label(moment.date())


def month_label(moment: datetime) -> str:
    return f"{MONTH_NAMES[moment.month - 1]} {moment.year}"


def _months_between(a: datetime, b: datetime) -> int:
    return (b.year * 12 + b.month) - (a.year * 12 + a.month)


def relation_to_today(item: Appointment, now: datetime) -> str:
    """*heute*, *morgen*, *in 3 Tagen*, *vergangen, vor 1 Tag*; by calendar months for a month row."""
    local_now = now.astimezone(item.start.tzinfo)
    if item.precision == MONTH_PRECISION:
        months = _months_between(local_now, item.start)
        if months == 0:
            return "diesen Monat"
        if months == 1:
            return "nächsten Monat"
        if months > 1:
            return f"in {months} Monaten"
        return "vergangen, letzten Monat" if months == -1 else f"vergangen, vor {-months} Monaten"
    days = (item.start.date() - local_now.date()).days
    if days == 0:
        return "heute, schon vorbei" if item.is_past(now) else "heute"
    if days == 1:
        return "morgen"
    if days > 1:
        return f"in {days} Tagen"
    return "vergangen, vor 1 Tag" if days == -1 else f"vergangen, vor {-days} Tagen"


def _when(item: Appointment) -> str:
    if item.precision == MONTH_PRECISION:
        return f"{month_label(item.start)}, ohne Tag"
    if item.precision == DAY_PRECISION:
        return f"{day_label(item.start)}, ohne Uhrzeit"
    start, end = item.start, item.end
    clock = f"{start.hour:02d}:{start.minute:02d}"
    if end is not None and end.date() == start.date() and end > start:
        clock = f"{clock}–{end.hour:02d}:{end.minute:02d}"
    return f"{day_label(item.start)}, {clock} Uhr"


def event_line(item: Appointment, now: datetime) -> str:
    """An event of another person, marked, with the person (§4a *Block*)."""
    who = f"{EVENT_TYPES[item.event_type].label} ({', '.join(item.persons)})" if item.persons \
        else EVENT_TYPES[item.event_type].label
    when = month_label(item.start) if item.precision == MONTH_PRECISION else _when(item)
    return f"- {who}: {item.title} — {when} ({relation_to_today(item, now)})"


def appointment_line(item: Appointment, now: datetime) -> str:
    """One line per appointment; a marked event goes to `event_line` (every line stays the same elsewhere)."""
    if item.marked:
        return event_line(item, now)
    return f"- {_when(item)}: {item.title} ({relation_to_today(item, now)})"


# --- the block ----------------------------------------------------------------------------------------

_DIRECTION_NOTE = {"forward": " — nur kommende Termine", "backward": " — nur vergangene Termine", "both": ""}


def window_header(window: Window) -> str:
    """The first line after the block header: what was read."""
    if window.kind == "next":
        return f"Gelesen: die nächsten {window.limit} kommenden Termine, gleich wie weit voraus." if window.limit > 1 \
            else "Gelesen: der nächste kommende Termin, gleich wie weit voraus."
    if window.kind == "search":
        return (f"Gelesen: Suche nach „{window.keyword}“{_DIRECTION_NOTE[window.direction]}, "
                f"höchstens {window.limit} Treffer.")
    assert window.start is not None and window.end is not None
    span = f"{day_label(window.start)} bis {day_label(window.end)}"
    if window.kind == "proactive":
        if window.note:
            return f"{window.note} Gelesen: die Tage von {span}."
        if window.asked:
            return f"Gelesen: die anstehenden Termine von {span}."
        return f"{NOT_ASKED} Gelesen: die Tage von {span}."
    return f"Gelesen: Zeitraum {span}{_DIRECTION_NOTE[window.direction]}."


def empty_sentence(window: Window) -> str:
    if window.kind == "next":
        return "keine kommenden Termine"
    if window.kind == "search":
        return f"keine Termine zu „{window.keyword}“"
    assert window.start is not None and window.end is not None
    return f"keine Termine vom {day_label(window.start)} bis {day_label(window.end)}"


def block_text(reading: Reading | None, now: datetime) -> str:
    """`[TERMINE]`: the header line, the appointments (or *keine …*), then the events under their header.
    `None` means the reading failed: the failure sentence, never *keine*."""
    if reading is None:
        return f"{BLOCK_HEADER}\n{FAILED_SENTENCE}"
    lines = [BLOCK_HEADER, window_header(reading.window)]
    if reading.appointments:
        lines.extend(appointment_line(item, now) for item in reading.appointments)
        if reading.more:  # issue 29: the cap left some out — the model is told they exist, and how many
            lines.append(block_more_line(reading.more))
    else:
        lines.append(empty_sentence(reading.window))
    if reading.events:
        lines.append(EVENTS_HEADER)
        lines.extend(event_line(item, now) for item in reading.events)
        if reading.more_events:
            lines.append(block_more_events_line(reading.more_events))
    return "\n".join(lines)
