"""Events of other persons (timeline.md §5.5, §8 `ereignis`): written without an order, above the salience limit.

`process_event_orders(order, deps, now)` takes one order of the turn — the pair, the salience and the
numbered candidates of what was said — asks the model once for the events with weight among the
person's own candidates (`classify_events`), dates each (`event_time_of`: a month → its first day
with precision `month`; the tense gives a year that is not said; a week or weekend gives no
moment), and writes it as `ereignis` in the pair — or, when a day is now known for a month row of
the same person, moves that row (`verschieben`, outcome `verschoben`). Each order leaves one log
entry. The trigger (salience above `KZG_SALIENZ_HIGH`) belongs to the memory path; `above_limit`
is its test.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.core.errors import DatabaseError, ModelAnswerError, ModelError
from novaberg.core.settings import KZG_SALIENZ_HIGH
from novaberg.llm.reader import read_number, read_text
from novaberg.text.calendar_events import life_event
from novaberg.timeline.phrases import time_expression
from novaberg.timeline.presentation import day_label
from novaberg.timeline.repository import NewRow, TimelineRepository
from novaberg.timeline.types import DAY_PRECISION, MINUTE_PRECISION, MONTH_PRECISION, OCCURRENCE_TYPE
from novaberg.timeparse import TIME_VOCABULARY, date_without_year, named_period, parse, year_by_tense
from novaberg.timeparse.dates import day_end, day_start, month_bounds

__all__ = ["TASK", "TENSE_ANNOUNCED", "TENSE_REPORTED", "EventTime", "EventCandidate", "EventOutcome",
           "above_limit", "classify_events", "event_time_of", "process_event_orders"]

_log = logging.getLogger(__name__)

TASK = "timeline_events"
USER_SPEAKER = "nutzer"
TENSE_ANNOUNCED = "angekuendigt"
TENSE_REPORTED = "berichtet"
_TENSES = (TENSE_ANNOUNCED, TENSE_REPORTED)


@dataclass(frozen=True)
class EventTime:
    moment: datetime  # local
    precision: str


@dataclass(frozen=True)
class EventCandidate:
    kandidat: int
    person: str
    titel: str
    zeitausdruck: str
    zeitlage: str
    zeitlage_herkunft: str  # 'modell' | 'vorgabe'


@dataclass
class EventOutcome:
    outcome: str  # geschrieben | keine_ereignisse | verworfen | nur_andere_sprecher | antwort_defekt | modell_fehler
    mapping: dict[int, int | None] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)


def above_limit(salience: Any) -> bool:
    """§5.5 *Grenze*: a salience in [0, 1] at or above `KZG_SALIENZ_HIGH`; anything else gives no order, loudly."""
    if isinstance(salience, bool) or not isinstance(salience, int | float) or math.isnan(salience) \
            or not 0.0 <= salience <= 1.0:
        _log.error("salience %r is not a number in [0, 1]: no event order", salience)
        return False
    return salience >= KZG_SALIENZ_HIGH


# --- the time of an event ---------------------------------------------------------------------------

def event_time_of(expression: str, tense: str, now: datetime, zone: ZoneInfo) -> EventTime | None:
    """§5.5 *Zeit*. The tense is required (ValueError for an unknown one). None: no moment (logged)."""
    if tense not in _TENSES:
        raise ValueError(f"unknown tense {tense!r}")
    if not expression or not expression.strip():
        return None
    local_now = now.astimezone(zone)
    without_year = date_without_year(expression)
    if without_year is not None:
        try:
            year = year_by_tense(without_year.month, without_year.day, tense, local_now.date())
        except ValueError as err:
            _log.error("event time %r: %s", expression, err)
            return None
        if without_year.day is None:
            return EventTime(datetime(year, without_year.month, 1, tzinfo=zone), MONTH_PRECISION)
        clock = without_year.time
        moment = datetime.combine(date(year, without_year.month, without_year.day), clock or time(0, 0), tzinfo=zone)
        return EventTime(moment, MINUTE_PRECISION if clock else DAY_PRECISION)
    period = named_period(expression, local_now)
    if period is not None:
        if period.kind == "month":
            start = period.start.astimezone(zone)
            return EventTime(datetime(start.year, start.month, 1, tzinfo=zone), MONTH_PRECISION)
        if period.kind in ("week", "weekend", "span"):
            _log.error("event time %r names a %s, not a day: no moment", expression, period.kind)
            return None
    vector = parse(expression, local_now)
    if vector.moment is None or not vector.tag_erkannt:
        return None
    return EventTime(vector.moment.astimezone(zone), MINUTE_PRECISION if vector.uhrzeit_erkannt else DAY_PRECISION)


# --- the model's gate --------------------------------------------------------------------------------

def offline_events(data: Mapping[str, Any]) -> dict[str, Any]:
    """Everyday sentences about a move, a wedding, an operation, a birth or a new job of a named person."""
    events = []
    for candidate in data.get("candidate_list", []):
        text = str(candidate["text"])
        event = life_event(text, TIME_VOCABULARY.words)
        if event is None:
            continue
        events.append({"kandidat": candidate["nummer"], "person": event.person, "titel": event.title,
                       "zeitausdruck": time_expression(text),
                       "zeitlage": TENSE_REPORTED if event.reported else TENSE_ANNOUNCED})
    return {"ereignisse": events}


def classify_events(deps: Any, candidates: list[Mapping[str, Any]], now: datetime) -> list[EventCandidate] | None:
    """One model call over the person's numbered candidates. None: the answer has no list (`antwort_defekt`)."""
    data = {"heute": day_label(now.astimezone(deps.zone)),
            "kandidaten": "\n".join(f"{c['nummer']}. {c['text']}" for c in candidates),
            "candidate_list": [dict(c) for c in candidates]}
    fields = deps.asker.ask(TASK, data).fields
    raw = fields.get("ereignisse")
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise ModelAnswerError("feld_falscher_typ", "field 'ereignisse' is not a list")
    known = {int(c["nummer"]) for c in candidates}
    out: list[EventCandidate] = []
    for entry in raw:
        if not isinstance(entry, dict):
            raise ModelAnswerError("feld_falscher_typ", "an entry of 'ereignisse' is not an object")
        number = int(read_number(entry, "kandidat", -1))
        if number not in known:
            _log.error("event names candidate %s, which is no candidate of the person: dropped (kandidat_unbekannt)",
                       number)
            continue
        tense = read_text(entry, "zeitlage", "").strip()
        origin = "modell"
        if tense not in _TENSES:
            _log.error("event of candidate %s has no known tense (%r): announced by default", number, tense)
            tense, origin = TENSE_ANNOUNCED, "vorgabe"
        out.append(EventCandidate(number, read_text(entry, "person", "").strip(), read_text(entry, "titel", "").strip(),
                                  read_text(entry, "zeitausdruck", "").strip(), tense, origin))
    return out


# --- writing ---------------------------------------------------------------------------------------------

def _month_row_to_move(repo: TimelineRepository, user_id: str, character_id: str, when: EventTime, person: str,
                       zone: ZoneInfo) -> dict[str, Any] | None:
    """The one active month row of the same person in that month, in the pair; None for none or several."""
    local = when.moment.astimezone(zone)
    first, last = month_bounds(local.year, local.month)
    rows = [r for r in repo.find_by_date_range(user_id, character_id, day_start(first, zone), day_end(last, zone), zone)
            if r["event_type"] == OCCURRENCE_TYPE and r["precision"] == MONTH_PRECISION
            and (r["details"] or "").strip().casefold() == person.casefold()]
    if len(rows) > 1:
        _log.info("%d month rows of %s in %s: a new row instead of a move", len(rows), person, first)
    return rows[0] if len(rows) == 1 else None


def _write_event(repo: TimelineRepository, user_id: str, character_id: str, event: EventCandidate, when: EventTime,
                 now: datetime, zone: ZoneInfo) -> tuple[str, int | None]:
    """(outcome, mapped id): `verschoben` to the first row of a moved month row, `eingetragen`, or `ereignis_fehlt`.

    The month-row check, the write and its read-back run under the pair's write lock in one transaction: a read-back that disagrees rolls the write back."""
    try:
        with repo.pair_locked(user_id, character_id) as locked:
            return _write_locked(locked, user_id, character_id, event, when, now, zone)
    except (DatabaseError, LookupError, ValueError) as err:
        _log.error("event of candidate %s could not be written: %s", event.kandidat, err)
        return "ereignis_fehlt", None


def _write_locked(repo: TimelineRepository, user_id: str, character_id: str, event: EventCandidate,
                  when: EventTime, now: datetime, zone: ZoneInfo) -> tuple[str, int | None]:
    if when.precision != MONTH_PRECISION:
        month_row = _month_row_to_move(repo, user_id, character_id, when, event.person, zone)
        if month_row is not None:
            new_id = repo.verschieben(user_id, character_id, month_row["id"], new_time=when.moment,
                                      precision=when.precision, now=now)
            back = repo.find_by_id(user_id, character_id, new_id)
            if back is None or not back["aktiv"] or back["event_time"] != when.moment:
                raise DatabaseError(f"moved event row {new_id} did not read back as written")
            return "verschoben", month_row["id"]
    row = NewRow.for_type(OCCURRENCE_TYPE, title=event.titel, event_time=when.moment, precision=when.precision,
                          details=event.person or None)
    new_id = repo.insert(user_id, character_id, row, now)
    back = repo.find_by_id(user_id, character_id, new_id)
    if back is None or back["event_type"] != OCCURRENCE_TYPE or back["user_id"] != user_id \
            or back["character_id"] != character_id:
        raise DatabaseError(f"event row {new_id} did not read back with its pair and type")
    return "eingetragen", new_id


def process_event_orders(order: Mapping[str, Any], deps: Any, now: datetime) -> EventOutcome:
    """One order: the pair's events written or moved; exactly one log entry `log_db_write` per order."""
    result = _process(order, deps, now)
    deps.log.write(order.get("turn_id"), "dispatcher", "log_db_write",
                   {"ausgang": result.outcome, "ereignisse": result.events, "salienz": order.get("salienz")},
                   now, "timeline")
    return result


def _process(order: Mapping[str, Any], deps: Any, now: datetime) -> EventOutcome:
    user_id, character_id = order.get("user_id"), order.get("character_id")
    if not isinstance(user_id, str) or not user_id.strip() or not isinstance(character_id, str) \
            or not character_id.strip():
        _log.error("event order without a complete pair: dropped, no model call")
        return EventOutcome("verworfen")
    candidates = [c for c in order.get("kandidaten", []) if c.get("sprecher") == USER_SPEAKER]
    if not candidates:
        return EventOutcome("nur_andere_sprecher")
    try:
        events = classify_events(deps, candidates, now)
    except ModelAnswerError as err:
        return EventOutcome(err.step)
    except ModelError as err:
        _log.error("event classification failed: %s", err)
        return EventOutcome("modell_fehler")
    if events is None:
        return EventOutcome("antwort_defekt")
    if not events:
        return EventOutcome("keine_ereignisse")
    repo = TimelineRepository(deps.db)
    result = EventOutcome("geschrieben")
    for event in events:
        entry: dict[str, Any] = {"kandidat": event.kandidat, "person": event.person, "titel": event.titel,
                                 "zeitausdruck": event.zeitausdruck, "zeitlage": event.zeitlage,
                                 "zeitlage_herkunft": event.zeitlage_herkunft}
        when = event_time_of(event.zeitausdruck, event.zeitlage, now, deps.zone)
        if when is None or not event.titel:
            entry["ausgang"], row_id = ("ohne_zeit" if when is None else "ohne_titel"), None
        else:
            entry["ausgang"], row_id = _write_event(repo, user_id, character_id, event, when, now, deps.zone)
        entry["timeline_id"] = row_id
        result.mapping[event.kandidat] = row_id
        result.events.append(entry)
    return result
