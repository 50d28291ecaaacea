"""The search node (timeline.md §2.2 "Jede Aktion geht über `suchen`", §4, §4.4, §4.5).

A read is answered here and ends here. A create is checked for a duplicate here (same local day and
a shared title word, never a non-appointment; a hit ends `abgeschlossen` without writing). Update,
delete and reschedule need a hit: with a title the whole inventory is searched, several hits go to
the single coming one or to a selection; without a title a period always ends in the clarification
that lists the period's appointments — and no answer to either writes.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from langgraph.runtime import Runtime

from novaberg.agents.deps import Deps
from novaberg.core.errors import DatabaseError
from novaberg.core.settings import TIMELINE_AGENT_SEARCH_LIMIT
from novaberg.timeline.agent import const
from novaberg.timeline.agent.texts import half_of_day_words, say
from novaberg.timeline.phrases import asks_for_all, is_past_tense, is_title, same_appointment
from novaberg.timeline.presentation import appointment_line, day_label, event_line, month_label
from novaberg.timeline.reading import (
    Appointment,
    Reading,
    ReadingError,
    Window,
    asks_next,
    list_cap,
    next_window,
    period_of,
    proactive_window,
    range_window,
    read_appointments,
    search_window,
    title_terms,
    to_appointment,
)
from novaberg.timeline.recurrence import YEARLY_TYPES, yearly_rule
from novaberg.timeline.repository import TITLE_MAX_CHARS, TimelineRepository
from novaberg.timeline.types import DAY_PRECISION, MINUTE_PRECISION, MONTH_PRECISION, NOT_APPOINTMENTS
from novaberg.timeparse import ZeitVektor, parse, read_time
from novaberg.timeparse.dates import day_end, day_start
from novaberg.timeparse.recurrence import (
    RecurrenceReading,
    read_recurrence,
    repetition_words,
    without_series_words,
)
from novaberg.timeparse.reschedule import half_of_day_choices

__all__ = ["search", "read_answer", "find_duplicates", "duplicate_found", "create_plan", "row_ref", "when_label",
           "small_hour", "small_hour_question", "time_missing_question", "SMALL_HOURS_MAX"]

SMALL_HOURS_MAX = 6  # an hour 1..6 without a daypart asks morning-or-afternoon on create

_log = logging.getLogger(__name__)


def row_ref(row: dict[str, Any]) -> dict[str, Any]:
    """What the agent keeps of a row between nodes and turns: JSON-safe, the id and what it says."""
    ref = {"id": row["id"], "title": row["title"], "event_time": row["event_time"].isoformat(),
           "precision": row["precision"], "event_type": row["event_type"]}
    if row.get("rrule"):  # a series, found as one of its occurrences
        ref["rrule"] = row["rrule"]
    return ref


def when_label(moment: datetime, precision: str) -> str:
    """The moment as precise as the row is: a `month` row names its month, never a day (§4a, §5.5)."""
    if precision == MINUTE_PRECISION:
        return f"{day_label(moment)}, {moment:%H:%M} Uhr"
    if precision == MONTH_PRECISION:
        return f"{month_label(moment)}, ohne Tag"
    return f"{day_label(moment)}, ohne Uhrzeit" if precision == DAY_PRECISION else day_label(moment)


# --- read --------------------------------------------------------------------------------------------

def _read_window(order: dict[str, Any], now: datetime, zone: ZoneInfo, text: str) -> Window | str:
    if is_title(order["target"]):
        direction = "backward" if is_past_tense(text) else "forward"
        return search_window(order["target"], direction, TIMELINE_AGENT_SEARCH_LIMIT)
    if order["zeitausdruck"]:
        span = period_of(order["zeitausdruck"], now, zone, past=is_past_tense(text))
        if span is None:
            return say("period_unreadable", expression=order["zeitausdruck"])
        return range_window(*span)
    if asks_next(text):
        return next_window(asks_next(text))
    return proactive_window(now, zone)


_SEARCH_DIRECTION = {"forward": " (die kommenden)", "backward": " (die vergangenen, die letzten zuerst)", "both": ""}


def read_answer(reading: Reading, now: datetime, lines: list[str] | None = None) -> str:
    """The agent's read answer: the same lines as `[TERMINE]` (§4: `appointment_line`). `lines`: those lines of
    the appointments and then the events, when the caller has them already (a thousand series: formatted once)."""
    window = reading.window
    if window.kind == "next":
        header = say("read_header_next" if window.limit == 1 else "read_header_next_few")
        empty = say("read_empty_next")
    elif window.kind == "search":
        header = say("read_header_search", keyword=window.keyword, direction=_SEARCH_DIRECTION[window.direction])
        empty = say("read_empty_search", keyword=window.keyword)
    else:
        assert window.start is not None and window.end is not None
        span = {"start": day_label(window.start), "end": day_label(window.end)}
        header = say("read_header_proactive" if window.kind == "proactive" else "read_header_range", **span,
                     direction="")
        if reading.more:
            listed = len(reading.appointments)
            header = say("read_header_capped", **span, total=listed + reading.more, listed=listed)
        empty = say("read_empty_range", **span)
    if lines is None:
        lines = [*(appointment_line(a, now) for a in reading.appointments),
                 *(event_line(e, now) for e in reading.events)]
    count = len(reading.appointments)
    out = [header, *lines[:count]] if reading.appointments else [empty]
    if reading.more:  # the list cap left these out — said with their exact number
        out.append(_more(reading.more, "read_more_one", "read_more_many"))
    if reading.events:
        out += [say("read_events_header"), *lines[count:]]
        if reading.more_events:
            out.append(_more(reading.more_events, "read_more_events_one", "read_more_events_many"))
    return "\n".join(out)


def _more(count: int, one: str, many: str) -> str:
    return say(one) if count == 1 else say(many, count=count)


def _search_read(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    now, zone = state["now"], deps.zone
    order = state["order"]
    if order["target"].strip() and not is_title(order["target"]) and not order["zeitausdruck"]:
        # a target of fillers only (*„Wann ist das nochmal?“*) names nothing — ask, never „none“
        return _end("rueckfrage", say("read_which"), {"schritt": const.NODE_SEARCH, "ausgang": "ziel_unklar",
                                                      "ziel": order["target"]})
    window = _read_window(state["order"], now, zone, state["text"])
    if isinstance(window, str):
        return _end("fehler", window, {"schritt": const.NODE_SEARCH, "ausgang": "zeitraum_unlesbar"})
    repo = TimelineRepository(deps.db)
    try:
        reading = read_appointments(repo, state["user_id"], state["character_id"], window, now, zone,
                                    cap=list_cap(window, zone))
        if window.kind == "search" and not (reading.appointments or reading.events):
            other = "forward" if window.direction == "backward" else "backward"  # nothing coming: the latest past
            window = search_window(window.keyword, other, window.limit)
            reading = read_appointments(repo, state["user_id"], state["character_id"], window, now, zone)
    except (ReadingError, DatabaseError, ValueError) as err:
        _log.error("timeline read failed: %s", err)
        return _end("fehler", say("read_failed"), {"schritt": const.NODE_SEARCH, "ausgang": "lesefehler",
                                                   "fehler": str(err)})
    deps.log.write(state.get("turn_id"), f"{const.SERVICE_NAME}.{const.NODE_SEARCH}", "termine", reading.log, now,
                   const.LOG_SOURCE)
    lines = [appointment_line(a, now) for a in (*reading.appointments, *reading.events)]
    ids = [a.timeline_id for a in (*reading.appointments, *reading.events)]  # the Lage's objects
    return {"status": "abgeschlossen", "answer": read_answer(reading, now, lines),
            "data": {"termine": lines, "termin_ids": ids},
            "steps": [{"schritt": const.NODE_SEARCH, "modus": window.kind, "ausgang": "gelesen",
                       "treffer": len(lines)}]}


# --- create: the moment and the duplicate check (§4.4, §5.1) -------------------------------------------

def create_plan(order: dict[str, Any], text: str, now: datetime) -> dict[str, Any] | tuple[str, str]:
    """Title, moment, precision and end of a new appointment; or (step, answer) when something is missing."""
    title = order["target"].strip()
    series = _series_of(order["zeitausdruck"], text, now)
    if series is not None:
        title = without_series_words(title, repetition_words(text) | repetition_words(order["zeitausdruck"]))
    if not is_title(title):
        return "titel_fehlt", say("title_missing")
    if len(title) > TITLE_MAX_CHARS:
        return "titel_zu_lang", say("title_too_long", chars=len(title), max=TITLE_MAX_CHARS)
    if series is not None:
        if series.error is not None or series.start is None:
            return "serie_unmoeglich", say("series_impossible", expression=order["zeitausdruck"] or text)
        return {"title": title, "event_time": series.start.isoformat(), "event_ende": None,
                "precision": MINUTE_PRECISION if series.clock_named else DAY_PRECISION,
                "event_type": order["event_type"], "rrule": series.rule}
    expression = order["zeitausdruck"]
    vector = parse(expression, now) if expression else None
    source = expression
    if vector is None or vector.moment is None or not (vector.tag_erkannt or vector.uhrzeit_erkannt):
        fallback = parse(text, now)  # §5.1 step 3: the whole utterance when the expression is not readable
        if fallback.moment is not None and (fallback.tag_erkannt or fallback.uhrzeit_erkannt):
            vector, source = fallback, text
        elif expression:
            return "zeit_unlesbar", say("time_unreadable", expression=expression)
        else:
            return "zeit_fehlt", say("time_missing", title=title)
    assert vector is not None and vector.moment is not None
    precision = MINUTE_PRECISION if vector.uhrzeit_erkannt else DAY_PRECISION
    plan = {"title": title, "event_time": vector.moment.isoformat(), "precision": precision,
            "event_ende": vector.end.isoformat() if vector.end is not None else None,
            "event_type": order["event_type"]}
    if order["event_type"] in YEARLY_TYPES:  # §8: a birthday and an anniversary come back every year
        plan["rrule"] = yearly_rule(vector.moment, vector.moment.tzinfo)  # type: ignore[arg-type]
    small = small_hour(source, vector)
    if small is not None:
        plan["small_hour"] = list(small)
    return plan


def _series_of(expression: str, text: str, now: datetime) -> RecurrenceReading | None:
    """The repetition the order says: read in the whole utterance (the time expression the
    classification cut out may miss a part, *alle zwei Wochen* without *freitags*), else in the expression."""
    return read_recurrence(text, now) or (read_recurrence(expression, now) if expression else None)


def small_hour(text: str, vector: ZeitVektor) -> tuple[int, int] | None:
    """(hour, minute) when the moment's clock time is an hour 1–6 said without a daypart
    (*um 3*, *um 3 Uhr*, *halb vier*) — the half-of-day question comes before any write; else None.
    Hours 7–12 keep their reading, 0 and 13–23 are unambiguous, a daypart decides (*um 3 nachts*)."""
    if not vector.uhrzeit_erkannt or vector.moment is None:
        return None
    clock = (vector.moment.hour, vector.moment.minute)
    for hour in read_time(text).hours:
        if hour.half is None and 1 <= hour.hour <= SMALL_HOURS_MAX and (hour.hour, hour.minute) == clock:
            return clock
    return None


def find_duplicates(repo: TimelineRepository, user_id: str, character_id: str, moment: datetime, title: str,
                    zone: ZoneInfo) -> list[dict[str, Any]]:
    """§4.4 and *Seit dem 18.09.2026*: an active appointment on the same local day sharing a title word."""
    day = moment.astimezone(zone).date()
    rows = repo.find_by_date_range(user_id, character_id, day_start(day, zone), day_end(day, zone), zone,
                                   exclude_event_types=NOT_APPOINTMENTS)
    return [row for row in rows if row["precision"] != MONTH_PRECISION and same_appointment(title, row["title"])]


def duplicate_found(row: dict[str, Any], zone: ZoneInfo, node: str) -> dict[str, Any]:
    """§4.4: the order ends `abgeschlossen` without writing and says the appointment is already there —
    the same answer whether the search found it or the locked re-check in `ausfuehren` did."""
    local = row["event_time"].astimezone(zone)
    return _end("abgeschlossen", say("duplicate", title=row["title"], when=when_label(local, row["precision"])),
                {"schritt": node, "ausgang": const.OUTCOME_DUPLICATE, "termin_id": row["id"]})


def _search_create(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    plan = create_plan(state["order"], state["text"], state["now"])
    if isinstance(plan, tuple):
        step, answer = plan
        if step in const.TIME_QUESTION_REASONS:
            return time_missing_question(state["order"], step)
        return _end("fehler", answer, {"schritt": const.NODE_SEARCH, "ausgang": step})
    moment = datetime.fromisoformat(plan["event_time"])
    try:
        duplicates = find_duplicates(TimelineRepository(deps.db), state["user_id"], state["character_id"], moment,
                                     plan["title"], deps.zone)
    except (DatabaseError, ValueError) as err:
        return _end("fehler", say("write_failed", reason="die Prüfung auf Doppelte scheiterte"),
                    {"schritt": const.NODE_SEARCH, "ausgang": "lesefehler", "fehler": str(err)})
    if duplicates:
        return duplicate_found(duplicates[0], deps.zone, const.NODE_SEARCH)
    small = plan.pop("small_hour", None)
    if small is not None:
        return small_hour_question(state["order"], plan, *small)
    return {"plan": plan, "steps": [{"schritt": const.NODE_SEARCH, "ausgang": "kein_duplikat"}]}


def time_missing_question(order: dict[str, Any], reason: str) -> dict[str, Any]:
    """A new appointment without a readable time is a question, not a failure: „Wann soll X sein?“ — the
    order waits as pending (nothing is written) and the answer's day or clock time completes it."""
    title = order["target"].strip()
    expression = str(order.get("zeitausdruck") or "").strip()
    answer = say("time_unreadable_question", expression=expression, title=title) if reason == "zeit_unlesbar" \
        else say("time_question_create", title=title)
    pending = {"kind": const.PENDING_TIME, "action": "create", "reason": reason,
               "order": {k: order.get(k) for k in const.PENDING_ORDER_KEYS}}
    return _end("rueckfrage", answer, {"schritt": const.NODE_SEARCH, "ausgang": reason}, pending)


def small_hour_question(order: dict[str, Any], plan: dict[str, Any], hour: int, minute: int) -> dict[str, Any]:
    """Ask the half of day (§5.2's question) and keep the plan as pending — nothing is written."""
    first, second = half_of_day_choices(hour, minute)  # the §5.2 question's readings
    first_word, second_word = half_of_day_words(hour)
    said = f"{hour}" if not minute else f"{hour}:{minute:02d}"
    moment = datetime.fromisoformat(plan["event_time"])
    answer = say("create_half_of_day_question", title=plan["title"], day=day_label(moment), hour=said,
                 first_word=first_word, first=f"{first:%H:%M}", second_word=second_word, second=f"{second:%H:%M}")
    pending = {"kind": const.PENDING_TIME, "action": "create", "reason": "tageshaelfte_offen", "hour": hour,
               "minute": minute, "choices": [f"{first:%H:%M}", f"{second:%H:%M}"], "plan": plan,
               "order": {k: order.get(k) for k in const.PENDING_ORDER_KEYS}}
    return _end("rueckfrage", answer, {"schritt": const.NODE_SEARCH, "ausgang": "tageshaelfte_offen"}, pending)


# --- update, delete, reschedule (§4.1, §4.5) -------------------------------------------------------------

def _example(action: str) -> str:
    return say(f"example_{action}")


def _search_with_title(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """§4.1/§4.5 with a title, over the whole inventory: one hit acts; of several, the single coming one wins
    (by the turn's clock, in the query); else a selection. The coming rows are read first, so a long past
    of the same title can never push the coming one out of the limit."""
    order, now, zone = state["order"], state["now"], deps.zone
    repo = TimelineRepository(deps.db)
    pair = (state["user_id"], state["character_id"])
    terms = title_terms(repo, *pair, order["target"])  # *Verschieb den Kieferorthopäden*: „Kieferorthopäde“
    coming = _series_first(repo.find_by_keyword(*pair, terms, limit=TIMELINE_AGENT_SEARCH_LIMIT,
                                                direction="forward", now=now, zone=zone))
    named_day = _named_day(order, now, zone)
    decided = _delete_on_named_day(state, repo, pair, terms, coming, named_day, zone) if named_day else None
    if decided is not None:
        return decided
    if len(coming) == 1:
        past = repo.find_by_keyword(*pair, terms, limit=1, direction="backward", now=now, zone=zone)
        outcome = "einziger_kommender" if past else "ein_treffer"
        return {"row": row_ref(coming[0]), "steps": [{"schritt": const.NODE_SEARCH, "modus": "titel",
                                                      "ausgang": outcome, "termin_id": coming[0]["id"]}]}
    rows = coming or repo.find_by_keyword(*pair, terms, limit=TIMELINE_AGENT_SEARCH_LIMIT, direction="backward",
                                          now=now, zone=zone)
    if not rows:
        return _end("fehler", say("not_found", title=order["target"]),
                    {"schritt": const.NODE_SEARCH, "modus": "titel", "ausgang": "kein_treffer"})
    if len(rows) == 1:
        return {"row": row_ref(rows[0]), "steps": [{"schritt": const.NODE_SEARCH, "modus": "titel",
                                                    "ausgang": "ein_treffer", "termin_id": rows[0]["id"]}]}
    rows = sorted(rows, key=lambda r: (r["event_time"], r["id"]))
    lines = _numbered([to_appointment(r, zone) for r in rows], now)
    pending = {"kind": const.PENDING_SELECTION, "action": order["action"], "title": order["target"],
               "candidates": [r["id"] for r in rows], "lines": lines}
    return _end("rueckfrage", say("selection", title=order["target"], lines="\n".join(lines)),
                {"schritt": const.NODE_SEARCH, "modus": "titel", "ausgang": "auswahl", "treffer": len(rows)},
                pending)


def _named_day(order: dict[str, Any], now: datetime, zone: ZoneInfo) -> tuple[datetime, datetime] | None:
    """The day or period a delete with a title names (*Sag den Zahnarzt am Montag ab*, *Der Friseur fällt morgen
    aus*), or None: a move's expression is the new time (§4.5), and an order without one names no day."""
    if order["action"] != "delete" or not order.get("zeitausdruck"):
        return None
    return period_of(order["zeitausdruck"], now, zone)


def _delete_on_named_day(state: dict[str, Any], repo: TimelineRepository, pair: tuple[str, str], terms: list[str],
                         coming: list[dict[str, Any]], span: tuple[datetime, datetime],
                         zone: ZoneInfo) -> dict[str, Any] | None:
    """A delete that names the title and a day: the row of that title on that day. A series is the
    series' own matter (its occurrence on that day, None, the way without a day); a row of the title on another day is never
    deleted for it — the answer says where it stands, nothing is written; several on that day are a selection."""
    order = state["order"]
    rows = coming + repo.find_by_keyword(*pair, terms, limit=TIMELINE_AGENT_SEARCH_LIMIT, direction="backward",
                                         now=state["now"], zone=zone)
    if any(row.get("rrule") or row.get("serie_id") for row in rows):
        return None
    start, end = span
    on_day = [row for row in rows if start <= row["event_time"] <= end]
    if len(on_day) == 1:
        return {"row": row_ref(on_day[0]), "steps": [{"schritt": const.NODE_SEARCH, "modus": "titel_und_tag",
                                                      "ausgang": "ein_treffer", "termin_id": on_day[0]["id"]}]}
    period = say("period_day", day=day_label(start)) if start.date() == end.date() else say(
        "period_range", start=day_label(start), end=day_label(end))
    if not rows:
        return _end("fehler", say("not_found", title=order["target"]),
                    {"schritt": const.NODE_SEARCH, "modus": "titel", "ausgang": "kein_treffer"})
    if not on_day:
        lines = _numbered([to_appointment(r, zone) for r in sorted(rows, key=lambda r: (r["event_time"], r["id"]))],
                          state["now"])
        return _end("fehler", say("not_on_named_day", title=order["target"], period=period, lines="\n".join(lines)),
                    {"schritt": const.NODE_SEARCH, "modus": "titel_und_tag", "ausgang": "anderer_tag",
                     "treffer": len(rows)})
    on_day.sort(key=lambda r: (r["event_time"], r["id"]))
    lines = _numbered([to_appointment(r, zone) for r in on_day], state["now"])
    pending = {"kind": const.PENDING_SELECTION, "action": order["action"], "title": order["target"],
               "candidates": [r["id"] for r in on_day], "lines": lines}
    return _end("rueckfrage", say("selection", title=order["target"], lines="\n".join(lines)),
                {"schritt": const.NODE_SEARCH, "modus": "titel_und_tag", "ausgang": "auswahl",
                 "treffer": len(on_day)}, pending)


def _series_first(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A moved occurrence stands for its series when the series is a hit too: *Lösch Volleyball* after
    one Monday was moved means the series, which then asks whether one or all."""
    series_ids = {row["id"] for row in rows if row.get("rrule")}
    return [row for row in rows if row.get("serie_id") not in series_ids]


def _numbered(items: list[Appointment], now: datetime) -> list[str]:
    return [f"{i}. {appointment_line(a, now)[2:]}" for i, a in enumerate(items, 1)]


def _search_by_period(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """§4.5: without a title, 0, 1 or many hits give the same clarification; an anchor is never a candidate."""
    order, now, zone = state["order"], state["now"], deps.zone
    example = _example(order["action"])
    span = period_of(order["zeitausdruck"], now, zone) if order["zeitausdruck"] else None
    if span is None:
        pending = {"kind": const.PENDING_CLARIFICATION, "action": order["action"], "candidates": []}
        return _end("rueckfrage", say("clarify_no_period", example=example),
                    {"schritt": const.NODE_SEARCH, "modus": "zeitraum", "ausgang": "klaerung", "treffer": 0}, pending)
    window = range_window(*span)
    try:
        reading = read_appointments(TimelineRepository(deps.db), state["user_id"], state["character_id"],
                                    window, now, zone, cap=list_cap(window, zone))
    except (ReadingError, DatabaseError) as err:
        return _end("fehler", say("read_failed"), {"schritt": const.NODE_SEARCH, "ausgang": "lesefehler",
                                                   "fehler": str(err)})
    candidates = list(reading.appointments)
    start, end = span
    period = say("period_day", day=day_label(start)) if start.date() == end.date() else say(
        "period_range", start=day_label(start), end=day_label(end))
    lines = _numbered(candidates, now)
    if reading.more:  # a long period names 25 and counts the rest — no answer writes anyway (§4.5)
        lines.append(_more(reading.more, "clarify_more_one", "clarify_more_many"))
    found = say("clarify_found_some", lines="\n".join(lines)) if candidates else say("clarify_found_none")
    key = "clarify_period_reschedule" if order["action"] == "reschedule" else "clarify_period"
    if order["action"] == "delete" and candidates and asks_for_all(state["text"]):
        key = "clarify_period_all"  # *Lösch alle Termine für morgen*: asked back like every delete without a title
    pending = {"kind": const.PENDING_CLARIFICATION, "action": order["action"], "candidates": [c.timeline_id
                                                                                              for c in candidates]}
    return _end("rueckfrage", say(key, period=period, found=found, example=example).replace("\n ", "\n"),
                {"schritt": const.NODE_SEARCH, "modus": "zeitraum", "ausgang": "klaerung",
                 "treffer": len(candidates)}, pending)


def search(state: dict[str, Any], runtime: Runtime[Deps]) -> dict[str, Any]:
    """Node `suchen`: every action comes here (§2.2)."""
    deps = runtime.context
    action = state["order"]["action"]
    try:
        if action == "read":
            return _search_read(state, deps)
        if action == "create":
            return _search_create(state, deps)
        if is_title(state["order"]["target"]):
            return _search_with_title(state, deps)
        return _search_by_period(state, deps)
    except ValueError as err:  # an empty pair part: nothing read, nothing written
        return _end("fehler", say("pair_missing"), {"schritt": const.NODE_SEARCH, "ausgang": "paar_unvollstaendig",
                                                     "fehler": str(err)})
    except DatabaseError as err:
        return _end("fehler", say("read_failed"), {"schritt": const.NODE_SEARCH, "ausgang": "lesefehler",
                                                   "fehler": str(err)})


def _end(status: str, answer: str, step: dict[str, Any], pending: dict[str, Any] | None = None) -> dict[str, Any]:
    update: dict[str, Any] = {"status": status, "answer": answer, "steps": [step]}
    if pending is not None:
        update["pending_out"] = pending
    return update
