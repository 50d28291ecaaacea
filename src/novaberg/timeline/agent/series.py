"""Changing a series by conversation (issue 29 item 3), called by `ausfuehren` when the row found is a series.

One occurrence — *„Diesen Montag fällt Volleyball aus“* (its start joins `exdates`), *„Verschieb Volleyball
nächste Woche auf Dienstag“* (exdate + a one-off row naming the series and the original start); the whole
series — *„Volleyball ist ab jetzt immer dienstags“* (a successor with the new rule, §5.2 `nachfolger_id`),
*„Lösch Volleyball ganz“* (the series and its moved occurrences become inactive). A sentence that does not
say which is meant gets a question and nothing is written. Every write runs under the pair's lock and is read
back in the same transaction (§7.4); a disagreeing read-back rolls it back.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.deps import Deps
from novaberg.text.calendar import WEEKDAY_NAMES
from novaberg.text.calendar_words import split_at_target
from novaberg.timeline import recurrence
from novaberg.timeline.agent import const
from novaberg.timeline.agent.search import row_ref, when_label
from novaberg.timeline.agent.texts import rule_label, say
from novaberg.timeline.phrases import time_expression
from novaberg.timeline.reading import period_of
from novaberg.timeline.repository import TimelineRepository
from novaberg.timeline.series_phrases import SCOPE_ALL, SCOPE_NEXT, whole_series_said
from novaberg.timeline.types import DAY_PRECISION, MINUTE_PRECISION
from novaberg.timeparse import reschedule_target
from novaberg.timeparse.dates import day_start
from novaberg.timeparse.recurrence import read_recurrence

__all__ = ["delete_series", "reschedule_series", "series_label"]



class _Unverified(Exception):
    pass


def _step(outcome: str, **values: Any) -> dict[str, Any]:
    return {"schritt": const.NODE_EXECUTE, "ausgang": outcome, **values}


def _end(status: str, answer: str, outcome: str, **values: Any) -> dict[str, Any]:
    return {"status": status, "answer": answer, "steps": [_step(outcome, **values)]}


def series_label(row: dict[str, Any], zone: ZoneInfo) -> str:
    start = row.get("serie_start") or row["event_time"]
    clock = f"{start.astimezone(zone):%H:%M}" if row["precision"] == MINUTE_PRECISION else ""
    return rule_label(row["rrule"], clock)


def _named_occurrences(series: dict[str, Any], words: str, now: datetime, zone: ZoneInfo) -> list[datetime] | None:
    """The series' starts in the day or period the words name (*diesen Montag*, *nächste Woche*); None when they
    name none."""
    expression = time_expression(words)
    span = period_of(expression, now, zone) if expression else None
    if span is None:
        return None
    return recurrence.occurrences(series, span[0], span[1], zone)


def _series_now(locked: TimelineRepository, pair: tuple[str, str], row_id: int) -> dict[str, Any] | None:
    row = locked.find_by_id(*pair, row_id)
    return row if row is not None and row["aktiv"] and row["rrule"] else None


def _which_question(series: dict[str, Any], now: datetime, zone: ZoneInfo, action: str,
                    target: str | None) -> dict[str, Any]:
    """„One or the whole series?“ — nothing written; the question waits (`PENDING_SERIES`) for its short answer,
    with the series, the action and, for a reschedule, the new time already said."""
    key = "series_which_delete" if action == "delete" else "series_which_move"
    coming = recurrence.next_occurrence(series, now, zone)
    weekday = WEEKDAY_NAMES[(coming or series)["event_time"].astimezone(zone).weekday()]
    ended = _end("rueckfrage", say(key, title=series["title"], rule=series_label(series, zone), weekday=weekday),
                 "serie_welche", termin_id=series["id"])
    ended["pending_out"] = {"kind": const.PENDING_SERIES, "action": action, "row": row_ref(series), "target": target}
    return ended


def _scope(state: dict[str, Any]) -> str | None:
    """What the answer to the waiting question chose (issue 29), None when this run answers none."""
    answer = state.get("series_answer")
    return answer.get("scope") if isinstance(answer, dict) else None


def _answered_occurrences(series: dict[str, Any], state: dict[str, Any], now: datetime,
                          zone: ZoneInfo) -> list[datetime] | None:
    """The occurrence(s) the answer names: the next one for *„nur den nächsten“*, else those of its day."""
    answer = state["series_answer"]
    if answer["scope"] == SCOPE_NEXT:
        coming = recurrence.next_occurrence(series, now, zone)
        return [coming["event_time"]] if coming is not None else []
    return _named_occurrences(series, answer.get("words", ""), now, zone)


def _one_occurrence(series: dict[str, Any], starts: list[datetime] | None, now: datetime, zone: ZoneInfo,
                    label: str, action: str, target: str | None = None) -> datetime | dict[str, Any]:
    """The one occurrence the sentence names, or the run's end: none named → ask which is meant (nothing
    written); a day the series does not hold → fehler; several → ask."""
    if starts is None:
        return _which_question(series, now, zone, action, target)
    if len(starts) != 1:
        return _end("fehler" if not starts else "rueckfrage",
                    say("series_no_occurrence" if not starts else "series_several", title=series["title"],
                        rule=label), "serie_kein_termin" if not starts else "serie_mehrere")
    return starts[0]


def delete_series(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """*Lösch Volleyball ganz* → the whole series; *Diesen Montag fällt Volleyball aus* → that occurrence."""
    pair, zone, now = (state["user_id"], state["character_id"]), deps.zone, state["now"]
    try:
        with TimelineRepository(deps.db).pair_locked(*pair) as locked:
            series = _series_now(locked, pair, state["row"]["id"])
            if series is None:
                return _end("fehler", say("write_failed", reason="die Serie war nicht mehr aktiv"), "nicht_aktiv")
            label = series_label(series, zone)
            scope = _scope(state)
            if scope == SCOPE_ALL or (scope is None and whole_series_said(state["text"])):
                if not locked.invalidate(*pair, series["id"], now):
                    raise _Unverified("die Serie war nicht mehr aktiv")
                back = locked.find_by_id(*pair, series["id"])
                if back is None or back["aktiv"]:
                    raise _Unverified("die Serie ist noch aktiv")
                return {"answer": say("series_deleted", title=series["title"], rule=label),
                        "steps": [_step(const.OUTCOME_DELETED, termin_id=series["id"], serie=True, verifiziert=True)]}
            starts = _answered_occurrences(series, state, now, zone) if scope else \
                _named_occurrences(series, state["text"], now, zone)
            chosen = _one_occurrence(series, starts, now, zone, label, "delete")
            if isinstance(chosen, dict):
                return chosen
            occurrence = chosen
            if not locked.cancel_occurrence(*pair, series["id"], occurrence, now=now, zone=zone):
                raise _Unverified("der Termin ließ sich nicht absagen")
            back = locked.find_by_id(*pair, series["id"])
            if back is None or occurrence not in back["exdates"] or recurrence.occurs_at(back, occurrence, zone):
                raise _Unverified("der abgesagte Termin steht noch in der Serie")
    except _Unverified as err:
        return {"answer": say("rolled_back", reason=str(err)), "steps": [_step("nicht_verifiziert", fehler=str(err),
                                                                               verifiziert=False)]}
    when = when_label(occurrence.astimezone(zone), series["precision"])
    return {"answer": say("series_cancelled", title=series["title"], when=when, rule=label),
            "steps": [_step(const.OUTCOME_DELETED, termin_id=series["id"], abgesagt=occurrence.isoformat(),
                            verifiziert=True)]}


def _new_moment(after: str, title: str, occurrence: datetime, zone: ZoneInfo) -> tuple[datetime, bool] | None:
    """The new start of one moved occurrence: a weekday alone is that day in the occurrence's week, a clock time
    alone keeps the day (§5.2's table read from the occurrence); (moment, clock named) or None."""
    local = occurrence.astimezone(zone)
    week_start = day_start(local.date() - timedelta(days=local.weekday()), zone)
    reading = reschedule_target(f"Verschieb {title} auf {after}", local, week_start, title=title)
    if reading.moment is None:
        return None
    return reading.moment, bool(reading.clock_named)


def reschedule_series(state: dict[str, Any], deps: Deps) -> dict[str, Any]:
    """*Volleyball ist ab jetzt immer dienstags* → the whole series gets the new rule (§5.2 successor);
    *Verschieb Volleyball nächste Woche auf Dienstag* → that occurrence moves; otherwise a question."""
    pair, zone, now, text = (state["user_id"], state["character_id"]), deps.zone, state["now"], state["text"]
    try:
        with TimelineRepository(deps.db).pair_locked(*pair) as locked:
            series = _series_now(locked, pair, state["row"]["id"])
            if series is None:
                return _end("fehler", say("write_failed", reason="die Serie war nicht mehr aktiv"), "nicht_aktiv")
            label = series_label(series, zone)
            scope = _scope(state)
            if scope == SCOPE_ALL:  # the answer „die ganze Serie“ says no new rule: it must be said in a sentence
                return _end("rueckfrage", say("series_move_whole_how", title=series["title"], rule=label),
                            "serie_regel_fehlt")
            if scope is None and whole_series_said(text):
                return _whole(locked, pair, series, text, now, zone, label)
            parts = split_at_target(text)
            if scope is not None:  # the answer names the occurrence; the new time was said before the question
                said_target = state["series_answer"].get("target")
                if not said_target:
                    return _end("rueckfrage", say("time_question", title=series["title"]), "serie_zeit_fehlt")
                parts = ["", said_target]
                starts = _answered_occurrences(series, state, now, zone)
            else:
                starts = _named_occurrences(series, parts[0], now, zone) if len(parts) == 2 else None
            chosen = _one_occurrence(series, starts, now, zone, label, "reschedule",
                                     target=parts[1] if len(parts) == 2 else None)
            if isinstance(chosen, dict):
                return chosen
            occurrence = chosen
            target = _new_moment(parts[1], series["title"], occurrence, zone)
            if target is None:
                return _end("rueckfrage", say("time_question", title=series["title"]), "serie_zeit_fehlt")
            moment, clock_named = target
            precision = MINUTE_PRECISION if clock_named or series["precision"] == MINUTE_PRECISION else DAY_PRECISION
            new_id = locked.move_occurrence(*pair, series["id"], occurrence, new_time=moment, precision=precision,
                                            now=now, zone=zone)
            new, back = locked.find_by_id(*pair, new_id), locked.find_by_id(*pair, series["id"])
            if (new is None or new["event_time"] != moment or new["serie_id"] != series["id"]
                    or new["serie_original"] != occurrence or back is None or occurrence not in back["exdates"]):
                raise _Unverified("der verschobene Termin steht nicht wie geschrieben da")
    except _Unverified as err:
        return {"answer": say("rolled_back", reason=str(err)), "steps": [_step("nicht_verifiziert", fehler=str(err),
                                                                               verifiziert=False)]}
    except (recurrence.RuleError, LookupError) as err:
        return _end("fehler", say("write_failed", reason=str(err)), "schreibfehler", fehler=str(err))
    return {"answer": say("series_occurrence_moved", title=series["title"],
                          old=when_label(occurrence.astimezone(zone), series["precision"]),
                          new=when_label(moment.astimezone(zone), precision), rule=label),
            "steps": [_step(const.OUTCOME_MOVED, alte_id=series["id"], neuer_id=new_id, verifiziert=True)]}


def _whole(locked: TimelineRepository, pair: tuple[str, str], series: dict[str, Any], text: str, now: datetime,
           zone: ZoneInfo, label: str) -> dict[str, Any]:
    """The whole series from now on: the new rule read in the sentence, the old clock time unless a new one is
    said; the old row retired with `nachfolger_id` (§5.2)."""
    old_local = series["event_time"].astimezone(zone)
    reading = read_recurrence(text, now)
    if reading is None or reading.rule is None or reading.start is None:
        return _end("fehler" if reading is not None else "rueckfrage",
                    say("series_impossible", expression=text) if reading is not None
                    else say("series_which_move", title=series["title"], rule=label), "serie_regel_fehlt")
    start = reading.start
    precision = series["precision"]
    if reading.clock_named:
        precision = MINUTE_PRECISION
    elif series["precision"] == MINUTE_PRECISION:  # the series keeps its clock time: the first such start
        again = read_recurrence(f"{text} um {old_local:%H:%M} Uhr", now)
        if again is None or again.start is None:
            return _end("fehler", say("series_impossible", expression=text), "serie_regel_fehlt")
        start = again.start
    new_id = locked.verschieben(*pair, series["id"], new_time=start, precision=precision, now=now,
                                rrule=reading.rule, zone=zone)
    new, old = locked.find_by_id(*pair, new_id), locked.find_by_id(*pair, series["id"])
    if new is None or new["rrule"] != reading.rule or old is None or old["aktiv"] or old["nachfolger_id"] != new_id:
        raise _Unverified("die geänderte Serie steht nicht wie geschrieben da")
    clock = f"{start.astimezone(zone):%H:%M}" if precision == MINUTE_PRECISION else ""
    return {"answer": say("series_changed", title=series["title"], rule=rule_label(reading.rule, clock), old=label,
                          when=when_label(start.astimezone(zone), precision)),
            "steps": [_step(const.OUTCOME_MOVED, alte_id=series["id"], neuer_id=new_id, verifiziert=True)]}
