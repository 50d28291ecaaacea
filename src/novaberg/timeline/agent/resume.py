"""The resume node (timeline.md §2.2, §4.5, §5.2; notizen.md §7 *Kette*): the answer to a pending question.

- A new order that names an appointment by title goes the way with a title — from any question; a new
  question that only reads (*„Was habe ich nächste Woche?“*) is answered, and the pending question ends.
- No answer to the clarification over a period or to a selection writes (§4.5): not *ja*, not
  *den zweiten*, not a date. A refusal ends the question (`dismissed`); anything else asks again.
- An answer to the time question of §5.2 is read like a new reschedule text for the same row — the
  same two checks decide (`reschedule_target`); to the half-of-day question the answer may also be
  just one daypart word (*nachmittags*), which picks one of the two readings that were offered.
"""

from __future__ import annotations

import re
from datetime import datetime, time
from typing import Any

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.agents.pending import is_own_sentence
from novaberg.agents.verb_mappings import confirm
from novaberg.consent import ABLEHNUNG, ZUSTIMMUNG, read_consent
from novaberg.core.errors import ModelAnswerError, ModelError
from novaberg.text.answers import answer_words
from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.words import fold
from novaberg.timeline.agent import const
from novaberg.timeline.agent.classify import ClassificationError, classify_text
from novaberg.timeline.agent.crud import moved_plan, time_question
from novaberg.timeline.agent.search import small_hour_question
from novaberg.timeline.agent.texts import rule_label, say
from novaberg.timeline.phrases import is_title, keywords_of, time_expression
from novaberg.timeline.series_phrases import series_answer
from novaberg.timeline.types import MINUTE_PRECISION
from novaberg.timeparse import TIME_VOCABULARY, RescheduleReading, read_time, reschedule_target
from novaberg.timeparse.dates import at_local

__all__ = ["resume", "half_of_day_choice", "resume_confirmation", "resume_series"]

_WORD = re.compile(r"[^\W\d_]+|\d+")


def half_of_day_choice(text: str, pending: dict[str, Any]) -> time | None:
    """The reading picked by a bare daypart word (*nachmittags*, *morgens bitte*); None for anything else."""
    choices = pending.get("choices")
    hour = pending.get("hour")
    if not choices or hour is None:
        return None
    words = [w for w in _WORD.findall(text.lower()) if w not in answer_words().time_answer_fillers and w != str(hour)]
    if len(words) != 1 or words[0] not in TIME_VOCABULARY.dayparts:
        return None
    half = TIME_VOCABULARY.dayparts[words[0]]
    first, second = (time.fromisoformat(c) for c in choices)
    if hour == 12:
        return {"noon": first, "night": second}.get(half)
    if half == "am":
        return first
    if half == "pm":
        return second
    return None


def _new_order(state: dict[str, Any], deps: Deps) -> dict[str, Any] | None:
    """A new order that names its appointment in the answer itself, or a question that only reads. A title
    the model took from the conversation does not count: *„den zweiten“* must never become *„den Zahnarzt“*
    (§4.5). A read is let through because no answer to a question may *write*; reading is not writing."""
    try:
        order = classify_text(deps, state["text"], state["now"], {}, state.get("history") or ())
    except (ModelAnswerError, ModelError, ClassificationError):
        return None
    deps.log.write(state.get("turn_id"), f"{const.SERVICE_NAME}.{const.NODE_RESUME}", "klassifikation",
                   {**order.as_dict(), "resume": True}, state["now"], const.LOG_SOURCE)
    if order.action == "read":
        return order.as_dict()  # a question about appointments writes nothing: answer it, whatever was pending
    if order.action not in const.ACTIONS or not is_title(order.target):
        return None
    said = state["text"].lower()
    if not all(word in said for word in keywords_of(order.target)):
        return None
    return order.as_dict()


def _ask_again(pending: dict[str, Any], answer: str, outcome: str) -> dict[str, Any]:
    return {"status": "rueckfrage", "answer": answer, "pending_out": pending,
            "steps": [{"schritt": const.NODE_RESUME, "ausgang": outcome, "art": pending.get("kind")}]}


def _refused(text: str) -> bool:
    return read_consent(text, const.CONSENT_LISTS) == ABLEHNUNG


def _resume_time(state: dict[str, Any], pending: dict[str, Any]) -> dict[str, Any] | None:
    """The §5.2 question: a daypart word or a new time for the same row, checked twice; None = not an answer."""
    ref = pending["row"]
    order = {"action": pending.get("action", "reschedule"), "target": ref["title"], "zeitausdruck": "",
             "event_type": ref["event_type"]}
    choice = half_of_day_choice(state["text"], pending) if pending.get("reason") == "tageshaelfte_offen" else None
    old_local = datetime.fromisoformat(ref["event_time"]).astimezone(state["now"].tzinfo)
    if choice is not None:
        moment = datetime.combine(old_local.date(), choice, tzinfo=old_local.tzinfo)
        return {"order": order, "row": ref, "plan": moved_plan(moment, MINUTE_PRECISION),
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": "tageshaelfte_gewaehlt"}]}
    reading = reschedule_target(state["text"], old_local, state["now"], title=ref["title"])
    if reading.moment is not None and not _answers_the_question(state["text"], reading, pending):
        return None
    if reading.moment is not None:
        precision = MINUTE_PRECISION if reading.clock_named else ref["precision"]
        return {"order": order, "row": ref, "plan": moved_plan(reading.moment, precision),
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": "neue_zeit"}]}
    if reading.reason == "kein_datum":
        return None  # the answer names no time at all: not an answer to this question
    renewed = {**pending, "reason": reading.reason, "hour": reading.hour, "minute": reading.minute,
               "choices": [f"{c:%H:%M}" for c in reading.choices] if reading.choices else None}
    return _ask_again(renewed, time_question(reading, ref["title"]), reading.reason or "rueckfrage")


def small_hour_choice(text: str, pending: dict[str, Any]) -> time | None:
    """The reading an answer picks for an hour 1–6 of a create: a daypart word — *nachts*,
    *morgens*, *früh* the first, *nachmittags*, *abends* the second — or one of the two clock times offered
    said so that it is no longer open (*15 Uhr*, *um 3 Uhr nachts*)."""
    choices = pending.get("choices")
    if not choices:
        return None
    first, second = (time.fromisoformat(c) for c in choices)
    words = [w for w in _WORD.findall(text.lower()) if w not in answer_words().time_answer_fillers
             and w != str(pending.get("hour"))]
    if len(words) == 1 and words[0] in TIME_VOCABULARY.dayparts:
        return {"am": first, "night": first, "pm": second}.get(TIME_VOCABULARY.dayparts[words[0]])
    hours = read_time(text).hours
    if len(hours) == 1 and not hours[0].half_of_day_open:
        said = hours[0].time()
        return said if said in (first, second) else None
    return None


def _resume_create(state: dict[str, Any], pending: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to the half-of-day question of a create: the plan with the chosen clock time goes to
    `ausfuehren` (which checks for duplicates again under the lock); None = not an answer."""
    choice = small_hour_choice(state["text"], pending)
    if choice is None:
        return None
    plan = dict(pending["plan"])
    planned = datetime.fromisoformat(plan["event_time"]).astimezone(state["now"].tzinfo)
    moment = at_local(planned.date(), choice, planned.tzinfo)  # type: ignore[arg-type]
    if moment is None:
        return None  # a DST gap or fold: ask again rather than pick
    plan["event_time"] = moment.isoformat()
    if plan.get("event_ende"):
        plan["event_ende"] = (datetime.fromisoformat(plan["event_ende"]) + (moment - planned)).isoformat()
    order = {"action": "create", "normalisiert": "", "hints": [], "konfidenz": const.CONFIDENCE_HIGH,
             **pending["order"]}
    return {"order": order, "plan": plan, "steps": [{"schritt": const.NODE_RESUME, "ausgang": "tageshaelfte_gewaehlt"}]}


def _resume_missing_time(state: dict[str, Any], pending: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to „Wann soll X sein?“ (a create without a readable time): an answer that names a day or a
    clock time completes the order, which goes through `suchen` again — the duplicate check and the
    half-of-day question apply as to any create. None = the answer names no time."""
    said = read_time(state["text"])
    if not (said.days or said.hours) or _tells_something_else(state["text"], pending["order"].get("target", "")):
        return None
    order = {"action": "create", "normalisiert": "", "hints": [], "konfidenz": const.CONFIDENCE_HIGH,
             **pending["order"], "zeitausdruck": state["text"]}
    return {"order": order, "steps": [{"schritt": const.NODE_RESUME, "ausgang": "zeit_genannt"}]}


_OWN_WORDS_AT_MOST = 1  # content words beside the time an answer may carry (*„Ich kann am Dienstag“* has none)


def _tells_something_else(text: str, title: str) -> bool:
    """*„Ich war heute beim Bäcker“* to „Wann soll „Volleyball“ sein?“: a sentence of its own that carries a
    day only in passing — beside the time expression, the fillers and the title's words it tells more than one
    thing of its own. It is no answer (an unrelated statement never answers a waiting question)."""
    if not is_own_sentence(text):
        return False
    timed = set(_WORD.findall(fold(time_expression(text))))
    known = set(_WORD.findall(fold(title)))
    said_words = answer_words()
    beside = timed | known | said_words.time_answer_fillers | said_words.time_answer_own_words
    rest = [w for w in _WORD.findall(fold(text)) if w not in beside]
    return len(rest) > _OWN_WORDS_AT_MOST


def _answers_the_question(text: str, reading: RescheduleReading, pending: dict[str, Any]) -> bool:
    """An answer counts only with a clock time, or — to the plain time question — with a named day that is
    more than an ordinal: *„den zweiten“* may mean the second reading offered, never silently the 2nd."""
    if reading.clock_named:
        return True
    if pending.get("reason") == "tageshaelfte_offen":
        return False
    days = read_time(text).days
    return bool(days) and all(day.kind != "day_of_month" for day in days)


def resume_confirmation(state: dict[str, Any], pending: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """§7.3 and §7.2 Stufe B: the answer to the question asked because the agent was unsure. A closed
    consent runs the asked order and learns the verb (one confirmation more); a refusal ends it; a new
    order goes its own way; anything else asks again — nothing is written without the consent."""
    reading = read_consent(state["text"], const.CONSENT_LISTS)
    order = pending.get("order") or {}
    if reading == ZUSTIMMUNG and order.get("action") in const.ACTIONS:
        verb = str(pending.get("verb") or "")
        count = 0
        if verb:
            try:
                count = confirm(deps.db, state["user_id"], state["character_id"], const.SERVICE_NAME, verb,
                                order["action"], state["now"])
            except ValueError as err:
                deps.log.write(state.get("turn_id"), f"{const.SERVICE_NAME}.{const.NODE_RESUME}", "verb_mapping",
                               {"fehler": str(err)}, state["now"], const.LOG_SOURCE)
        confirmed = {**order, "konfidenz": const.CONFIDENCE_CONFIRMED}
        return {"order": confirmed, "steps": [{"schritt": const.NODE_RESUME, "ausgang": "bestaetigt", "verb": verb,
                                                "bestaetigungen": count}]}
    if reading == ABLEHNUNG:
        return {"status": "dismissed", "answer": say("dismissed"),
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": "abgelehnt", "art": const.PENDING_CONFIRM}]}
    new = _new_order(state, deps)
    if new is not None:
        return {"order": new, "steps": [{"schritt": const.NODE_RESUME, "ausgang": "neuer_auftrag"}]}
    return _ask_again(pending, say("confirm_again"), "unklar")


def resume_series(state: dict[str, Any], pending: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """The answer to „Soll nur ein Termin ausfallen oder die ganze Serie weg?“. Read closed
    (`series_answer`): the whole series, a day, or the next one goes to `ausfuehren` with the series — which
    checks it again under the lock; a refusal ends the question; an answer of fillers only (*„nur einen“*)
    asks again; a new order with a title goes its own way. Anything else is no answer (timeline.md §10: an
    answer counts only in the first turn after the question): the question ends, nothing is written."""
    ref = pending.get("row") or {}
    if not isinstance(ref, dict) or not ref.get("id") or not ref.get("rrule"):
        return {"status": "fehler", "answer": say("bad_request"),
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": "unbekannte_rueckfrage"}]}
    scope = series_answer(state["text"], ref["title"], time_expression(state["text"]))
    if scope:
        order = {"action": pending.get("action", "delete"), "target": ref["title"], "zeitausdruck": "",
                 "event_type": ref["event_type"], "normalisiert": "", "hints": [], "konfidenz": const.CONFIDENCE_HIGH}
        return {"order": order, "row": ref,
                "series_answer": {"scope": scope, "words": state["text"], "target": pending.get("target")},
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": f"serie_{scope}", "termin_id": ref["id"]}]}
    if scope == "":
        key = "series_which_delete" if pending.get("action") == "delete" else "series_which_move"
        start = datetime.fromisoformat(ref["event_time"]).astimezone(state["now"].tzinfo)
        clock = f"{start:%H:%M}" if ref.get("precision") == MINUTE_PRECISION else ""
        return _ask_again(pending, say(key, title=ref["title"], rule=rule_label(ref["rrule"], clock),
                                       weekday=WEEKDAY_NAMES[start.weekday()]), "serie_offen")
    if _refused(state["text"]):
        return {"status": "dismissed", "answer": say("dismissed"),
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": "abgelehnt", "art": const.PENDING_SERIES}]}
    order = _new_order(state, deps)
    if order is not None:
        return {"order": order, "steps": [{"schritt": const.NODE_RESUME, "ausgang": "neuer_auftrag"}]}
    return {"status": "dismissed", "answer": "",
            "steps": [{"schritt": const.NODE_RESUME, "ausgang": "keine_antwort", "art": const.PENDING_SERIES}]}


def _pending_reading(pending: dict[str, Any]) -> RescheduleReading:
    choices = pending.get("choices")
    return RescheduleReading(None, pending.get("reason"), hour=pending.get("hour"), minute=pending.get("minute"),
                             choices=tuple(time.fromisoformat(c) for c in choices) if choices else None)


def resume(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
    """Node `resume`: a new order with title, an answer to the time question, a refusal, or the question again."""
    deps = runtime.context
    pending = state.get("pending") or {}
    kind = pending.get("kind")
    if kind == const.PENDING_SERIES:
        return resume_series(state, pending, deps)
    if kind not in (const.PENDING_CLARIFICATION, const.PENDING_SELECTION, const.PENDING_TIME, const.PENDING_CONFIRM):
        return {"status": "fehler", "answer": say("bad_request"),
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": "unbekannte_rueckfrage"}]}
    if kind == const.PENDING_CONFIRM:
        return resume_confirmation(state, pending, deps)
    order = _new_order(state, deps)
    if order is not None:
        return {"order": order, "steps": [{"schritt": const.NODE_RESUME, "ausgang": "neuer_auftrag"}]}
    creating = kind == const.PENDING_TIME and pending.get("action") == "create"
    asked_when = creating and pending.get("reason") in const.TIME_QUESTION_REASONS
    if asked_when:
        answered = _resume_missing_time(state, pending)
        if answered is not None:
            return answered
    elif creating:
        answered = _resume_create(state, pending)
        if answered is not None:
            return answered
    elif kind == const.PENDING_TIME:
        answered = _resume_time(state, pending)
        if answered is not None:
            return answered
    if _refused(state["text"]):
        return {"status": "dismissed", "answer": say("dismissed"),
                "steps": [{"schritt": const.NODE_RESUME, "ausgang": "abgelehnt", "art": kind}]}
    if kind == const.PENDING_SELECTION:
        return _ask_again(pending, say("selection_again", lines="\n".join(pending.get("lines", []))), "keine_wahl")
    if asked_when:
        return _ask_again(pending, say("time_question_create", title=pending["order"]["target"]), "keine_zeit")
    if creating:
        plan = pending["plan"]
        return _ask_again(pending, small_hour_question(pending["order"], plan, pending["hour"],
                                                       pending["minute"])["answer"], "keine_zeit")
    if kind == const.PENDING_TIME:
        return _ask_again(pending, time_question(_pending_reading(pending), pending["row"]["title"]), "keine_zeit")
    example = say(f"example_{pending.get('action', 'delete')}") if pending.get("action") in const.WRITING_ACTIONS \
        else say("example_delete")
    return _ask_again(pending, say("clarify_again", example=example), "keine_antwort_schreibt")
