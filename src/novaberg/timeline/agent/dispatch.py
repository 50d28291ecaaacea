"""The timeline service in the turn: registration, the result, the clipboard id, the `[TERMINE]` block reader.

Registered on import of `novaberg.timeline.agent` (the facade imports it at start). The offline
router's hint mirrors the first lock of §3a ("Empfang"): an order or a question about appointments is
mine; a statement with a day or a time is delivered in doubt at a low score, so that the second lock,
the classification, rejects it; anything else is not mine.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.deps import Deps
from novaberg.agents.readers import Block
from novaberg.agents.services import NOT_FOUND, AgentRequest, ServiceResult
from novaberg.core.errors import DatabaseError
from novaberg.text.calendar_frames import READ_FRAME, CalendarFrame
from novaberg.text.calendar_words import CALENDAR_WORDS, names_appointment, says_when
from novaberg.text.grammar import QUESTION, REQUEST, STATEMENT, analyse
from novaberg.timeline.agent import const
from novaberg.timeline.agent.agent import run_agent
from novaberg.timeline.agent.classify import as_wann, order_frame
from novaberg.timeline.date_question import date_question
from novaberg.timeline.phrases import (
    elliptic_order,
    is_past_tense,
    keyword_hints,
    opens_with_own_verb,
    reads_without_mark,
    time_expression,
    type_of,
)
from novaberg.timeline.presentation import BLOCK_HEADER, block_text
from novaberg.timeline.reading import ReadingError, appointment_window, list_cap, read_appointments
from novaberg.timeline.recurrence import YEARLY_TYPES
from novaberg.timeline.repository import TimelineRepository
from novaberg.timeline.series_phrases import series_statement
from novaberg.timeparse import named_period, parse

__all__ = ["TimelineService", "route_hint", "written_row_id", "termine_block"]

_log = logging.getLogger(__name__)

HINT_ORDER = 0.95  # create, reschedule, delete, update by their verbs, with a time or an appointment word
HINT_BARE_ORDER = 0.7  # the verb alone (*Lösch den Zahnarzt*): a named list or note (notes: 0.9) wins
HINT_QUESTION = 0.85  # a question about appointments
# *„Merk dir Annas Geburtstag am 15. Mai“* — a note verb (the notes score it 0.97) about a birthday or
# an anniversary with its day is an entry in the calendar (timeline.md §1: a Geburtstag belongs here, §8 yearly).
HINT_YEARLY_EVENT = 0.98
HINT_STATEMENT = 0.2  # a day or time without an order: delivered in doubt, rejected by the classification
# The hint has no clock; it asks only whether an expression is a time at all, never which, so a fixed
# moment serves (it is never written or shown).
_ANY_MOMENT = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)
_ANY_ZONE = ZoneInfo("Europe/Berlin")


def route_hint(text: str) -> float:
    """The offline router's score (0 = not mine). Scores are shared with the other services' hints.
    Read through the request grammar: a question with a time, an appointment word or *wann*
    is mine; an order by its verb; a statement with a time only in doubt (the classification rejects it)."""
    frame = order_frame(text)
    if frame is not None:  # the frames the classification reads the same way (*Plane …*, *Prüfe meinen Kalender*)
        return _frame_hint(frame)
    utterance = analyse(text)
    if date_question(text, _ANY_MOMENT, _ANY_ZONE) is not None:
        return 0.0  # a question about the calendar itself is answered by computation (`[DATUM]`), not a read
    expression = time_expression(utterance.core)
    if utterance.mood != QUESTION and reads_without_mark(text):
        return HINT_QUESTION  # *Termine für morgen*, *ist am freitag noch was frei*
    if utterance.mood == STATEMENT and elliptic_order(text):
        return HINT_ORDER  # *Kalendereintrag für nächste Woche* — an order said without its verb
    if utterance.mood == QUESTION:
        if expression and (parse(expression, _ANY_MOMENT).moment is not None
                           or named_period(expression, _ANY_MOMENT) is not None):
            return HINT_QUESTION
        if names_appointment(text) or says_when(as_wann(utterance.core)) or keyword_hints(text)[:1] == ["read"]:
            return HINT_QUESTION
        return 0.0
    if utterance.mood != QUESTION and series_statement(text) is not None:
        return HINT_ORDER  # *Diesen Montag fällt Volleyball aus*, *Volleyball ist ab jetzt immer dienstags*
    hints = keyword_hints(utterance.core) if utterance.mood == REQUEST or opens_with_own_verb(text) else []
    if hints:
        if hints[0] == "read":
            return HINT_QUESTION
        if hints[0] == "create" and expression and type_of(utterance.core) in YEARLY_TYPES:
            return HINT_YEARLY_EVENT
        return HINT_ORDER if expression or names_appointment(text) else HINT_BARE_ORDER
    if expression and not is_past_tense(text) and not _today_without_clock(expression):
        vector = parse(expression, _ANY_MOMENT)
        if vector.moment is not None:
            return HINT_STATEMENT
    return 0.0


def _frame_hint(frame: CalendarFrame) -> float:
    """A calendar frame's score: a read as a question; an entry as an order — a yearly one with its day above a note
    verb, one with neither a time nor an appointment word below a named list."""
    if frame.action == READ_FRAME:
        return HINT_QUESTION
    expression = time_expression(frame.words)
    if expression and not frame.reminder and type_of(frame.words) in YEARLY_TYPES:
        return HINT_YEARLY_EVENT
    return HINT_ORDER if expression or names_appointment(frame.words) else HINT_BARE_ORDER


_TODAY_WORDS = CALENDAR_WORDS["today_alone"]


def _today_without_clock(expression: str) -> bool:
    """*Ich fühl mich heute nicht gut*: today (or a day gone) without a clock time names no appointment to enter —
    the statement is no calendar matter, and „Ich habe nichts eingetragen“ would answer past the person."""
    return {w.strip(".,;:!?").casefold() for w in expression.split()} <= _TODAY_WORDS


def written_row_id(steps: list[dict[str, Any]]) -> int | None:
    """§10 clipboard: the id of the row that `ausfuehren` wrote — `erstellt` → its id, `verschoben` → the new id —
    searched from the back; never a found row, never the last step's."""
    for step in reversed(steps):
        if step.get("schritt") != const.NODE_EXECUTE:
            continue
        if step.get("ausgang") == const.OUTCOME_CREATED:
            value = step.get("termin_id")
        elif step.get("ausgang") == const.OUTCOME_MOVED:
            value = step.get("neuer_id")
        else:
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        _log.error("a writing step carries no integer id: %r", step)
        return None
    return None


class TimelineService:
    name = const.SERVICE_NAME
    description = const.SERVICE_DESCRIPTION

    def run(self, request: AgentRequest, deps: Deps) -> ServiceResult:
        state = run_agent(request, deps)
        status = state.get("status") or "fehler"
        steps = list(state.get("steps", []))
        data = dict(state.get("data") or {})
        if status == "abgeschlossen":
            row_id = written_row_id(steps)
            if row_id is not None:
                data["timeline_id"] = row_id
        elif status == "fehler" and any(step.get("ausgang") == "kein_treffer" for step in steps):
            data[NOT_FOUND] = True
        return ServiceResult(self.name, status, state.get("answer", ""), steps,
                             pending=state.get("pending_out") if status == "rueckfrage" else None, data=data)


def termine_block(state: dict[str, Any], deps: Deps) -> Block:
    """The `[TERMINE]` block of every turn (§4a): the asked window, or the proactive one; a failure never reads *keine*."""
    now = state["now"]
    window, asked = appointment_window(state.get("route") or {}, state.get("text", ""), now, deps.zone)
    try:
        reading = read_appointments(TimelineRepository(deps.db), state.get("user_id", ""),
                                    state.get("character_id", ""), window, now, deps.zone,
                                    cap=list_cap(window, deps.zone))
    except (ReadingError, DatabaseError, ValueError) as err:
        _log.error("the [TERMINE] block could not be read: %s", err)
        deps.log.write(state.get("turn_id"), "read_blocks", "termine_block",
                       {"art": window.kind, "termine": 0, "ausfall": True, "fehler": str(err)}, now, const.LOG_SOURCE)
        return Block(BLOCK_HEADER, block_text(None, now), answers_question=asked)
    deps.log.write(state.get("turn_id"), "read_blocks", "termine", reading.log, now, const.LOG_SOURCE)
    deps.log.write(state.get("turn_id"), "read_blocks", "termine_block",
                   {"art": window.kind, "termine": len(reading.appointments) + len(reading.events), "ausfall": False},
                   now, const.LOG_SOURCE)
    return Block(BLOCK_HEADER, block_text(reading, now), answers_question=asked)


