"""The execute node (timeline.md §5): create, reschedule/update (one transaction), delete (soft).

Each write runs under the pair's write lock in one transaction with the check that allows it and its
read-back (`TimelineRepository.pair_locked`); a read-back that disagrees rolls it back.

Every write is read back and compared with what was meant; only a verified write carries
`verifiziert: True`, and only that lets `bestaetigen` report `abgeschlossen` (§7.4). Reschedule
writes only what the two independent checks of §5.2 give (`reschedule_target`); otherwise it asks,
the half-of-day question included, and writes nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.core.errors import DatabaseError
from novaberg.timeline.agent import const
from novaberg.timeline.agent.search import duplicate_found, find_duplicates, row_ref, when_label
from novaberg.timeline.agent.series import delete_series, reschedule_series
from novaberg.timeline.agent.texts import half_of_day_words, rule_label, say
from novaberg.timeline.ics.store import CalendarStore
from novaberg.timeline.recurrence import RuleError
from novaberg.timeline.reminders import REMINDER_TYPE, alarm_minutes, how_it_reaches
from novaberg.timeline.repository import NewRow, TimelineRepository
from novaberg.timeline.rows import ChainError
from novaberg.timeline.types import DAY_PRECISION, MINUTE_PRECISION, MONTH_PRECISION
from novaberg.timeparse import RescheduleReading, reschedule_target

__all__ = ["execute", "time_question", "moved_plan"]

_log = logging.getLogger(__name__)

_REASON_TEXT = {
    "kein_datum": "time_question_no_date",
    "tageszeit_widerspricht": "time_question_daypart",
}


def _step(outcome: str, **values: Any) -> dict[str, Any]:
    return {"schritt": const.NODE_EXECUTE, "ausgang": outcome, **values}


def _fail(step: str, answer: str, detail: str = "") -> dict[str, Any]:
    return {"status": "fehler", "answer": answer, "steps": [_step(step, fehler=detail or step)]}


def _unverified(answer: str, detail: str) -> dict[str, Any]:
    """A write whose read-back disagreed (rolled back): reported with `verifiziert: False` and no status —
    the confirm step (`agents.confirm`) decides, so it alone can let a write count."""
    return {"answer": answer, "steps": [_step("nicht_verifiziert", fehler=detail, verifiziert=False)]}


# --- create --------------------------------------------------------------------------------------------

class _Unverified(Exception):
    """The read-back inside the locked section disagrees: raised to roll the write back."""


def _create(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """§5.1 under the pair's lock: the duplicate check of §4.4 runs again inside, so of identical
    parallel orders exactly one writes and the others are told it is already there; the read-back runs in the
    same transaction, and a disagreeing one rolls the insert back."""
    plan = state["plan"]
    pair = (state["user_id"], state["character_id"])
    moment = datetime.fromisoformat(plan["event_time"])
    end = datetime.fromisoformat(plan["event_ende"]) if plan.get("event_ende") else None
    rule = plan.get("rrule")
    row = NewRow.for_type(plan["event_type"], title=plan["title"], event_time=moment, precision=plan["precision"],
                          event_ende=end, rrule=rule)
    try:
        with TimelineRepository(deps.db).pair_locked(*pair) as locked:
            duplicates = find_duplicates(locked, *pair, moment, plan["title"], deps.zone)
            if duplicates:
                return duplicate_found(duplicates[0], deps.zone, const.NODE_EXECUTE)
            new_id = locked.insert(*pair, row, state["now"], deps.zone)
            back = locked.find_by_id(*pair, new_id)
            problem = _mismatch(back, title=plan["title"], moment=moment, precision=plan["precision"], active=True)
            if not problem and back is not None and back["rrule"] != rule:
                problem = "die Wiederholung weicht ab"
            reminder = alarm_minutes(state["text"], plan["event_type"],  # a reminder said in the order (timeline/reminders)
                                     asked=(state.get("order") or {}).get(const.REMINDER_KEY))
            if not problem and reminder is not None and not locked.set_calendar_fields(*pair, new_id,
                                                                                       reminder_minutes=reminder):
                problem = "die Erinnerung fehlt"
            if problem:
                raise _Unverified(problem)
    except _Unverified as err:
        return _unverified(say("rolled_back", reason=str(err)), str(err))
    except RuleError as err:
        return _fail("serie_unmoeglich", say("series_impossible", expression=rule or ""), str(err))
    local = back["event_time"].astimezone(deps.zone)  # type: ignore[index]
    step = _step(const.OUTCOME_CREATED, termin_id=new_id, verifiziert=True,
                 **({} if reminder is None else {"erinnern_vorher_min": reminder}))
    if rule:
        clock = f"{local:%H:%M}" if plan["precision"] == MINUTE_PRECISION else ""
        answer = say("created_series", title=plan["title"], rule=rule_label(rule, clock),
                     when=when_label(local, plan["precision"]))
        step = {**step, "rrule": rule}
    else:
        answer = say("created", title=plan["title"], when=when_label(local, plan["precision"]))
    if reminder is not None:
        answer += " " + how_it_reaches(reminder, CalendarStore(deps.db).token_created(pair[0]) is not None,
                                       all_day=plan["precision"] != MINUTE_PRECISION)
    return {"answer": answer, "steps": [step]}


def _mismatch(row: dict[str, Any] | None, *, title: str | None = None, moment: datetime | None = None,
              precision: str | None = None, active: bool | None = None, successor: int | None = None) -> str:
    """What the row read back says differently from what was written ('' when it agrees)."""
    if row is None:
        return "die Zeile ist nicht da"
    if title is not None and row["title"] != title.strip():
        return "der Titel weicht ab"
    if moment is not None and row["event_time"] != moment:
        return "der Zeitpunkt weicht ab"
    if precision is not None and row["precision"] != precision:
        return "die Genauigkeit weicht ab"
    if active is not None and row["aktiv"] is not active:
        return "der Zustand aktiv weicht ab"
    if successor is not None and row["nachfolger_id"] != successor:
        return "der Nachfolger fehlt"
    return ""


# --- delete --------------------------------------------------------------------------------------------

def _delete(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """§5.3 under the pair's lock: invalidate and read back in one transaction."""
    ref = state["row"]
    if (state.get("order") or {}).get(const.REMINDER_CANCEL_KEY) and ref.get("event_type") != REMINDER_TYPE:
        return _remove_alarm(state, deps)  # the reminder of an appointment (a series' too) goes, never the appointment
    if ref.get("rrule"):  # a series: one occurrence or the whole
        return delete_series(state, deps)
    pair = (state["user_id"], state["character_id"])
    try:
        with TimelineRepository(deps.db).pair_locked(*pair) as locked:
            if not locked.invalidate(*pair, ref["id"], state["now"]):
                return _fail("nicht_aktiv", say("write_failed", reason="der Termin war nicht mehr aktiv"))
            back = locked.find_by_id(*pair, ref["id"])
            problem = _mismatch(back, active=False)
            if problem:
                raise _Unverified(problem)
    except _Unverified as err:
        return _unverified(say("rolled_back", reason=str(err)), str(err))
    local = back["event_time"].astimezone(deps.zone)  # type: ignore[index]
    return {"answer": say("deleted", title=ref["title"], when=when_label(local, back["precision"])),  # type: ignore[index]
            "steps": [_step(const.OUTCOME_DELETED, termin_id=ref["id"], verifiziert=True)]}


def _remove_alarm(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """A cancelled reminder of an appointment (*Erinnere mich doch nicht an den Zahnarzt*): its alarm goes, the
    appointment stays; one without an alarm changes nothing and says so. Under the pair's lock, read back."""
    ref = state["row"]
    pair = (state["user_id"], state["character_id"])
    with TimelineRepository(deps.db).pair_locked(*pair) as locked:
        fields = locked.calendar_fields(*pair, ref["id"])  # the active row's alarm, moment and precision: one read
        if fields is None:
            return _fail("nicht_aktiv", say("write_failed", reason="der Termin war nicht mehr aktiv"))
        when = when_label(fields["event_time"].astimezone(deps.zone), fields["precision"])
        if fields["erinnern_vorher_min"] is None:
            return _fail("keine_erinnerung", say("no_reminder_on", title=ref["title"], when=when))
        if not locked.set_calendar_fields(*pair, ref["id"], reminder_minutes=None, ics_uid=fields["ics_uid"]):
            return _fail("nicht_verifiziert", say("write_failed", reason="die Erinnerung ließ sich nicht löschen"))
    return {"answer": say("reminder_removed", title=ref["title"], when=when),
            "steps": [_step(const.OUTCOME_REMINDER_REMOVED, termin_id=ref["id"], verifiziert=True)]}


# --- reschedule and update (§5.2) ------------------------------------------------------------------------

def time_question(reading: RescheduleReading, title: str) -> str:
    """The question §5.2 asks instead of writing; for `tageshaelfte_offen` with title, hour and both readings."""
    if reading.reason == "tageshaelfte_offen" and reading.choices and reading.hour is not None:
        first_word, second_word = half_of_day_words(reading.hour)
        hour = f"{reading.hour}" if not reading.minute else f"{reading.hour}:{reading.minute:02d}"
        return say("half_of_day_question", title=title, hour=hour, first_word=first_word,
                   first=f"{reading.choices[0]:%H:%M}", second_word=second_word, second=f"{reading.choices[1]:%H:%M}")
    return say(_REASON_TEXT.get(reading.reason or "", "time_question"), title=title)


def _new_precision(reading: RescheduleReading, old_precision: str) -> str:
    if reading.clock_named:
        return MINUTE_PRECISION
    return DAY_PRECISION if old_precision == MONTH_PRECISION else old_precision


def moved_plan(moment: datetime, precision: str) -> dict[str, Any]:
    return {"moment": moment.isoformat(), "precision": precision}


def _target(state: dict[str, Any], old: dict[str, Any], zone: ZoneInfo) -> dict[str, Any]:
    """The plan {moment, precision}, or a finished update (question or failure) when nothing may be written."""
    if state.get("plan"):
        return {"plan": state["plan"]}
    order = state["order"]
    old_local = old["event_time"].astimezone(zone)  # §5.2 last paragraph: local time before any arithmetic
    said = order.get(const.WORDING_KEY) or state["text"]
    reading = reschedule_target(said, old_local, state["now"], expression=order.get("zeitausdruck") or None,
                                title=old["title"])
    if reading.moment is None:
        if order["action"] == "update" and reading.reason == "kein_datum":
            return {"done": _fail("update_ohne_zeit", say("update_without_time"))}
        pending = {"kind": const.PENDING_TIME, "action": order["action"], "row": row_ref(old),
                   "reason": reading.reason, "hour": reading.hour, "minute": reading.minute,
                   "choices": [f"{c:%H:%M}" for c in reading.choices] if reading.choices else None}
        return {"done": {"status": "rueckfrage", "answer": time_question(reading, old["title"]),
                         "pending_out": pending,
                         "steps": [_step(reading.reason or "rueckfrage", termin_id=old["id"])]}}
    return {"plan": moved_plan(reading.moment, _new_precision(reading, old["precision"]))}


def _current(locked: TimelineRepository, pair: tuple[str, str], row_id: int) -> dict[str, Any] | None:
    """The row as it is now: a row moved meanwhile (by a parallel turn) is followed to its active successor."""
    row = locked.find_by_id(*pair, row_id)
    if row is not None and not row["aktiv"] and row["nachfolger_id"] is not None:
        try:
            return locked.aktive_zeile(*pair, row_id)
        except ChainError:
            return row
    return row


def _as_found(current: dict[str, Any], found: dict[str, Any]) -> dict[str, Any]:
    """The row with the time the turn found it at: a relative day (*auf Donnerstag*, the own weekday = next week)
    is read against the appointment the person saw, not against where a parallel turn has moved it meanwhile —
    so of identical parallel moves the later ones find it already there instead of moving it a week on each."""
    if current["id"] == found.get("id") or not found.get("event_time"):
        return current
    return {**current, "event_time": datetime.fromisoformat(found["event_time"]),
            "precision": found.get("precision") or current["precision"]}


def _reschedule(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """§5.2 under the pair's lock: the row is read (a row moved meanwhile is followed to its successor), the
    target decided, moved and both rows read back in one transaction — so of identical parallel moves one
    moves, and the others find the appointment already there."""
    if state["row"].get("rrule") and not state.get("plan"):  # a series
        return reschedule_series(state, deps)
    pair = (state["user_id"], state["character_id"])
    try:
        with TimelineRepository(deps.db).pair_locked(*pair) as locked:
            old = _current(locked, pair, state["row"]["id"])
            if old is None or not old["aktiv"]:
                return _fail("nicht_aktiv", say("write_failed", reason="der Termin war nicht mehr aktiv"))
            decided = _target(state, _as_found(old, state["row"]), deps.zone)
            if "done" in decided:
                return decided["done"]
            moment = datetime.fromisoformat(decided["plan"]["moment"])
            precision = decided["plan"]["precision"]
            old_local = old["event_time"].astimezone(deps.zone)
            if moment == old["event_time"] and precision == old["precision"]:
                return {"status": "abgeschlossen", "answer": say("already_there", title=old["title"],
                                                                 when=when_label(old_local, precision)),
                        "steps": [_step("unveraendert", termin_id=old["id"])]}
            new_id = locked.verschieben(*pair, old["id"], new_time=moment, precision=precision, now=state["now"])
            new, retired = locked.find_by_id(*pair, new_id), locked.find_by_id(*pair, old["id"])
            problem = _mismatch(new, title=old["title"], moment=moment, precision=precision, active=True) or _mismatch(
                retired, active=False, successor=new_id)
            if problem:
                raise _Unverified(problem)
    except _Unverified as err:
        return _unverified(say("rolled_back", reason=str(err)), str(err))
    return {"answer": say("moved", title=old["title"], old=when_label(old_local, old["precision"]),
                          new=when_label(moment.astimezone(deps.zone), precision)),
            "steps": [_step(const.OUTCOME_MOVED, alte_id=old["id"], neuer_id=new_id, verifiziert=True)]}


def _change_details(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """A new detail (place, person, a note) under the pair's lock, bi-temporal like a move (§5.2): the row is read
    (a row changed meanwhile is followed to its successor), a detail it already carries changes nothing, a series
    is refused with what she can do instead; the new row is read back before the answer."""
    details = str(state["order"]["details"]).strip()
    pair = (state["user_id"], state["character_id"])
    if state["row"].get("rrule") or state["row"].get("serie_id"):
        return _fail("details_serie", say("details_of_series", title=state["row"].get("title") or "den Termin"))
    try:
        with TimelineRepository(deps.db).pair_locked(*pair) as locked:
            old = _current(locked, pair, state["row"]["id"])
            if old is None or not old["aktiv"]:
                return _fail("nicht_aktiv", say("write_failed", reason="der Termin war nicht mehr aktiv"))
            when = when_label(old["event_time"].astimezone(deps.zone), old["precision"])
            if (old.get("details") or "").strip() == details:
                return {"status": "abgeschlossen", "answer": say("details_already", title=old["title"], when=when,
                                                                 details=details),
                        "steps": [_step("unveraendert", termin_id=old["id"])]}
            new_id = locked.change_details(*pair, old["id"], details=details, now=state["now"])
            new, retired = locked.find_by_id(*pair, new_id), locked.find_by_id(*pair, old["id"])
            problem = _mismatch(new, title=old["title"], moment=old["event_time"], precision=old["precision"],
                                active=True) or _mismatch(retired, active=False, successor=new_id)
            if not problem and (new or {}).get("details") != details:
                problem = "die neue Angabe steht nicht in der Zeile"
            if problem:
                raise _Unverified(problem)
    except _Unverified as err:
        return _unverified(say("rolled_back", reason=str(err)), str(err))
    return {"answer": say("details_changed", title=old["title"], when=when, details=details),
            "steps": [_step(const.OUTCOME_MOVED, alte_id=old["id"], neuer_id=new_id, verifiziert=True)]}


def execute(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
    """Node `ausfuehren`: one write, read back; a failed write says so (nothing entered, nothing changed)."""
    deps = runtime.context
    action = state["order"]["action"]
    try:
        if action == "create":
            return _create(state, deps)
        if action == "delete":
            return _delete(state, deps)
        if action == "update" and state["order"].get("details"):
            return _change_details(state, deps)
        if action in ("reschedule", "update"):
            return _reschedule(state, deps)
        return _fail("unbekannte_aktion", say("unknown_action", action=action))
    except (DatabaseError, LookupError, ValueError) as err:
        _log.error("timeline write failed: %s", err)
        return _fail("schreibfehler", say("write_failed", reason=_reason(err)), str(err))


def _reason(err: Exception) -> str:
    if isinstance(err, DatabaseError):
        return "die Datenbank hat den Schreibvorgang abgelehnt"
    if isinstance(err, LookupError):
        return "der Termin war nicht mehr aktiv"
    return str(err)

