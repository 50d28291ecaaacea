"""Where a reschedule request moves an appointment — or which question to ask (timeline.md §5.2).

**Contract of `reschedule_target`** (for the timeline agent's `_update`):

- Input: the raw utterance `text`, the old appointment's `old_moment` (aware, any zone; turned into
  local time before any arithmetic), the turn's `now` (aware), optionally the model's extracted
  time `expression` (§3 `zeitausdruck`) and the appointment's `title` (its content words may stand
  outside the form: *„Verschieb den Zahnarzttermin auf 15 Uhr“*).
- Output: a `RescheduleReading`. Either `moment` is set (aware, local zone; `reason` None) and may
  be written, or `moment` is None and `reason` names the question; nothing may be written then.
- A moment comes only when two independent checks agree (§5.2 "Geschrieben wird nur, was zwei
  unabhängige Prüfungen ergeben"): the reading (`read_time` on the text after
  `dotted_clock_times`, for the expression and the utterance) and the positive form of the raw
  text (`raw_time_form`). The day comes from the vector (`parse` with the old moment as reference,
  §6.1/§6.2: a bare or *nächsten* weekday counts from the old appointment, so its own weekday
  means the next week); a text naming no day keeps the old day, naming no clock time the old time.
  A clock time or a day found only in the model's expression, not in the utterance, is not written.
- A naive `old_moment` or `now` raises ValueError, a non-string text TypeError.
- `clock_named` tells whether the text named a new clock time (precision `minute`); without it the
  caller keeps the old precision.

Reasons, in the order they are checked:

| reason | when (§5.2 table row) |
|---|---|
| `kein_datum` | neither day nor time; an impossible hour (*auf 27 Uhr*); an impossible or self-contradicting day; a day the parser could not date |
| `keine_neue_uhrzeit` | a doubt (*auf 11.*, *elf Uhr dreißig*, *halb so*; *halb elf*, *Viertel nach 11* are hours), two or more days of a month, hours but no single new one (*zwischen 10 und 11 Uhr*, *auf 10 oder 11 Uhr*), different new hours in expression and utterance (`_no_new_time`) |
| `form_unbekannt` | the time is not one of the five forms, or a word outside the form is not admitted (*auf 11h*, *um 11 Uhr vorm.*, *auf Freitag nachmittag*, *auf nächste Woche um 11 Uhr*) |
| `form_lesung_uneinig` | reading and positive form name different clock times (`_raw_form_agrees`); or only the model's expression names a clock time the utterance does not |
| `keine_eindeutige_zeit` | the raw text's form names no day, but the parser dated another day than the appointment's (*„4 Uhr morgens“* read as *morgen*); expression and utterance date different days; or the new local time falls into a DST gap or fold |
| `tageszeit_widerspricht` | a daypart contradicts its hour (*16 Uhr morgens*) |
| `tageshaelfte_offen` | a new hour 1..12 without a daypart at it (*auf 4 Uhr*, *auf Freitag um 11*), or *mittags*/*nachts* at 1..11; `hour`, `minute` and `choices` (the two readings) are set for the question |
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from novaberg.timeparse.dates import DAYPART_CONFLICT, DAYPART_OPEN, at_local, local_now, resolve_daypart
from novaberg.timeparse.parse import ZeitVektor, parse
from novaberg.timeparse.positive_form import RawTimeForm, raw_time_form
from novaberg.timeparse.reading import StatedHour, TimeReading, read_time
from novaberg.timeparse.tokens import dotted_clock_times

__all__ = [
    "REASONS",
    "REASON_DAYPART_CONFLICT",
    "REASON_DISAGREE",
    "REASON_FORM_UNKNOWN",
    "REASON_HALF_OF_DAY_OPEN",
    "REASON_NO_CLEAR_TIME",
    "REASON_NO_DATE",
    "REASON_NO_NEW_TIME",
    "RescheduleReading",
    "half_of_day_choices",
    "reschedule_target",
]

REASON_NO_DATE = "kein_datum"
REASON_NO_NEW_TIME = "keine_neue_uhrzeit"
REASON_FORM_UNKNOWN = "form_unbekannt"
REASON_DISAGREE = "form_lesung_uneinig"
REASON_NO_CLEAR_TIME = "keine_eindeutige_zeit"
REASON_DAYPART_CONFLICT = "tageszeit_widerspricht"
REASON_HALF_OF_DAY_OPEN = "tageshaelfte_offen"
REASONS = (
    REASON_NO_DATE,
    REASON_NO_NEW_TIME,
    REASON_FORM_UNKNOWN,
    REASON_DISAGREE,
    REASON_NO_CLEAR_TIME,
    REASON_DAYPART_CONFLICT,
    REASON_HALF_OF_DAY_OPEN,
)


@dataclass(frozen=True, slots=True)
class RescheduleReading:
    """The new moment, or the reason to ask. See the module docstring for the contract."""

    moment: datetime | None
    reason: str | None = None
    clock_named: bool = False
    hour: int | None = None  # tageshaelfte_offen: the hour as said
    minute: int | None = None
    choices: tuple[time, time] | None = None  # tageshaelfte_offen: morning/afternoon (or noon/midnight)

    @property
    def ok(self) -> bool:
        return self.moment is not None


def _ask(reason: str) -> RescheduleReading:
    return RescheduleReading(None, reason)


def reschedule_target(
    text: str,
    old_moment: datetime,
    now: datetime,
    *,
    expression: str | None = None,
    title: str | None = None,
) -> RescheduleReading:
    """The §5.2 decision for one reschedule request; TypeError for non-string text."""
    if not isinstance(text, str) or (expression is not None and not isinstance(expression, str)):
        raise TypeError("text and expression must be str")
    old = local_now(old_moment, local_now(now).tzinfo)
    texts = [text] if not expression else [text, expression]
    readings = [read_time(dotted_clock_times(t)) for t in texts]
    forms = [raw_time_form(t, title) for t in texts]
    vector = _vector(text, expression, forms, now, old)

    if not any(r.hours or r.days or r.doubts for r in readings) and vector.moment is None:
        return _ask(REASON_NO_DATE)
    if any(r.impossible for r in readings) or (any(r.days for r in readings) and not vector.tag_erkannt):
        return _ask(REASON_NO_DATE)
    new_hour = _new_hour(readings)
    if new_hour is None:
        return _ask(REASON_NO_NEW_TIME)
    if not all(f.matched for f in forms):
        return _ask(REASON_FORM_UNKNOWN)
    if not all(_agrees(f, r) for f, r in zip(forms, readings, strict=True)):
        return _ask(REASON_DISAGREE)
    if new_hour is not True and readings[0].new_hour() is None:
        return _ask(REASON_DISAGREE)  # a clock time only the model's expression names was not said
    day = _new_day(forms[0], vector, old.date())
    if isinstance(day, str):
        return _ask(day)
    if expression and forms[0].day_named and not _same_day(text, vector, now, old):
        return _ask(REASON_NO_CLEAR_TIME)  # expression and utterance name different days
    stated = new_hour if isinstance(new_hour, StatedHour) else None
    if stated is None:
        moment = at_local(day, old.time(), old.tzinfo)  # type: ignore[arg-type]
        return RescheduleReading(moment) if moment is not None else _ask(REASON_NO_CLEAR_TIME)
    half_question = _half_of_day(forms, stated)
    if half_question is not None:
        return half_question
    clock = stated.time()
    if clock is None:
        return _ask(REASON_NO_CLEAR_TIME)
    moment = at_local(day, clock, old.tzinfo)  # type: ignore[arg-type]
    if moment is None:
        return _ask(REASON_NO_CLEAR_TIME)
    return RescheduleReading(moment, clock_named=True)


def _vector(
    text: str, expression: str | None, forms: list[RawTimeForm], now: datetime, old: datetime
) -> ZeitVektor:
    """The day reading (§6.1/§6.2): the expression first, the utterance as fallback (§5.1 step 3).

    `forms[0]` is the utterance's form: when it names a day the expression does not carry, the
    utterance is parsed instead.
    """
    if expression:
        vector = parse(expression, now, reference=old)
        if vector.moment is not None and (vector.tag_erkannt or not forms[0].day_named):
            return vector
    return parse(text, now, reference=old)


def _same_day(text: str, vector: ZeitVektor, now: datetime, old: datetime) -> bool:
    """The day read from the model's expression is the day the raw utterance names."""
    said = parse(text, now, reference=old)
    return said.tag_erkannt and said.moment is not None and vector.moment is not None and (
        said.moment.date() == vector.moment.date()
    )


def _new_hour(readings: list[TimeReading]) -> StatedHour | bool | None:
    """The one new hour of all readings, True when none names an hour, None when §5.2 must ask."""
    chosen: StatedHour | None = None
    for reading in readings:
        if reading.doubts or reading.days_of_month > 1:
            return None
        hour = reading.new_hour()
        if reading.hours and hour is None:
            return None
        if hour is None:
            continue
        if chosen is not None and not _same_hour(chosen, hour):
            return None
        if chosen is None or (chosen.half is None and hour.half is not None):
            chosen = hour  # the one that carries its daypart decides the half (checked below)
    return chosen if chosen is not None else True


def _same_hour(a: StatedHour, b: StatedHour) -> bool:
    if (a.hour, a.minute) == (b.hour, b.minute):
        return True
    ta, tb = a.time(), b.time()
    return ta is not None and ta == tb


def _agrees(form: RawTimeForm, reading: TimeReading) -> bool:
    """Both checks name the same clock time, or neither names one (`_raw_form_agrees`)."""
    hour = reading.new_hour()
    if form.hour is None or hour is None:
        return form.hour is None and hour is None
    if (form.hour, form.minute, form.half) == (hour.hour, hour.minute, hour.half):
        return True
    return form.time() is not None and form.time() == hour.time()


def _new_day(utterance_form: RawTimeForm, vector: ZeitVektor, old_day: date) -> date | str:
    """The day to write on: the named one, or the old one when the raw text names no day (`day_allowed`).

    Only the raw utterance can name a day: a day that appears only in the model's expression
    (*„4 Uhr morgens“* extracted as *„morgen 4 Uhr“*) is not one the person said.
    """
    if utterance_form.day_named:
        if not vector.tag_erkannt or vector.moment is None:
            return REASON_NO_DATE
        return vector.moment.date()
    if vector.tag_erkannt and vector.moment is not None and vector.moment.date() != old_day:
        return REASON_NO_CLEAR_TIME  # the parser dated another day than any form names
    return old_day


def _half_of_day(forms: list[RawTimeForm], stated: StatedHour) -> RescheduleReading | None:
    """The half-of-day question (§5.2, decided 17.10.2026, built 24.10.2026), or None.

    Every form is asked with its own hour: the model's *„4 Uhr“* for a sentence that said
    *„4 Uhr nachmittags“* still asks, while *„16 Uhr“* for it does not.
    """
    said = [(f.hour, f.minute, f.half) for f in forms if f.hour is not None and f.minute is not None]
    for hour, minute, half in [*said, (stated.hour, stated.minute, stated.half)]:
        resolved = resolve_daypart(hour, half)
        if resolved == DAYPART_CONFLICT:
            return _ask(REASON_DAYPART_CONFLICT)
        if (half is None and 1 <= hour <= 12) or resolved == DAYPART_OPEN:
            return RescheduleReading(
                None, REASON_HALF_OF_DAY_OPEN, hour=hour, minute=minute, choices=half_of_day_choices(hour, minute)
            )
    return None


def half_of_day_choices(hour: int, minute: int) -> tuple[time, time]:
    """The two readings the question offers: *4 Uhr* → 04:00 or 16:00, *12 Uhr* → 12:00 or 00:00."""
    if hour == 12:
        return time(12, minute), time(0, minute)
    return time(hour % 12, minute), time(hour % 12 + 12, minute)
