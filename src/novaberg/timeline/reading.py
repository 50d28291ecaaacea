"""One reading path for appointments (timeline.md §4, §4a): the turn's `[TERMINE]` block and the agent's read.

`read_appointments` reads a window of the pair — a range, a title search with direction and limit,
or the proactive window — with the anchors excluded in the query; an anchor that still arrives is
dropped loudly. Events of other persons are read, and stand apart under their own header.
`appointment_line` is the one line format: weekday, date, local time or *ohne Uhrzeit*, title and
the relation to today.
"""

from __future__ import annotations

import logging
from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from heapq import nsmallest
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.core.errors import NovabergError
from novaberg.core.settings import (
    DATE_YEAR_MAX,
    DATE_YEAR_MIN,
    PROACTIVE_DAYS_AHEAD,
    PROACTIVE_DAYS_BACK,
    TIMELINE_SEARCH_LIMIT,
    TIMELINE_SEARCH_LIMIT_MAX,
)
from novaberg.text.calendar import MONTH_NAMES, WEEKDAY_NAMES
from novaberg.text.calendar_words import asks_next_few, asks_next_one
from novaberg.text.recall_question import asks_what_was_told
from novaberg.timeline import recurrence
from novaberg.timeline.date_question import date_question
from novaberg.timeline.occurrences import past_bounds
from novaberg.timeline.phrases import (
    declension_stems,
    is_past_tense,
    is_read_question,
    is_title,
    keywords_of,
    time_expression,
    title_of,
)
from novaberg.timeline.reads import DIRECTIONS
from novaberg.timeline.types import (
    ANCHOR_TYPE,
    EVENT_TYPES,
    MINUTE_PRECISION,
    MONTH_PRECISION,
    is_marked,
)
from novaberg.timeparse import named_period, parse
from novaberg.timeparse.dates import day_end, day_start, month_bounds

__all__ = [
    "EXCLUDED_EVENT_TYPES",
    "WEEKDAY_NAMES",
    "MONTH_NAMES",
    "Appointment",
    "Window",
    "Reading",
    "ReadingError",
    "proactive_window",
    "range_window",
    "next_window",
    "asks_next",
    "title_terms",
    "NEXT_FEW",
    "search_window",
    "period_of",
    "appointment_window",
    "read_appointments",
    "LIST_MAX",
    "list_cap",
    "to_appointment",
]

_log = logging.getLogger(__name__)

# §4: no reading path gives an anchor as an appointment; the event of another person is read.
EXCLUDED_EVENT_TYPES = (ANCHOR_TYPE,)

UNREADABLE_QUERY = "Die Anfrage ließ sich keinem Zeitraum zuordnen."



class ReadingError(NovabergError):
    """The reading failed or delivered what it must not (a row outside the window, more than the limit)."""


@dataclass(frozen=True)
class Appointment:
    timeline_id: int
    title: str
    start: datetime  # local
    precision: str
    event_type: str
    end: datetime | None = None  # local
    persons: tuple[str, ...] = ()
    marked: bool = False

    def is_past(self, now: datetime) -> bool:
        """§4a: with a clock time before now; without one before today; a month only after it ended."""
        local_now = now.astimezone(self.start.tzinfo)
        if self.precision == MINUTE_PRECISION:
            return self.start < local_now
        if self.precision == MONTH_PRECISION:
            return (self.start.year, self.start.month) < (local_now.year, local_now.month)
        return self.start.date() < local_now.date()


@dataclass(frozen=True)
class Window:
    """What is read: `range` (start…end, local, inclusive), `search` (title, direction, limit), `next` (the first
    `limit` coming ones) or `proactive`."""

    kind: str
    start: datetime | None = None
    end: datetime | None = None
    keyword: str = ""
    direction: str = "both"
    limit: int = 0
    note: str = ""
    asked: bool = False  # the turn asked for appointments (a proactive window can be the answer)


@dataclass(frozen=True)
class Reading:
    """What a window gave. `more` and `more_events`: how many appointments and events of the window are not listed
    because of the list cap (`list_cap`) — counted exactly, never guessed; 0 when everything is listed."""

    window: Window
    appointments: tuple[Appointment, ...] = ()
    events: tuple[Appointment, ...] = ()
    read: int = 0
    discarded: int = 0
    log: dict[str, Any] = field(default_factory=dict)
    more: int = 0
    more_events: int = 0


# --- windows ----------------------------------------------------------------------------------------

def proactive_window(now: datetime, zone: ZoneInfo, note: str = "", asked: bool = False) -> Window:
    """§4.3: today −3 to +14 days, one source (`PROACTIVE_DAYS_*`)."""
    today = now.astimezone(zone).date()
    return Window("proactive", day_start(today - timedelta(days=PROACTIVE_DAYS_BACK), zone),
                  day_end(today + timedelta(days=PROACTIVE_DAYS_AHEAD), zone), note=note, asked=asked)


def range_window(start: datetime, end: datetime, direction: str = "both") -> Window:
    if end < start:
        raise ValueError("the window ends before it starts")
    return Window("range", start, end, direction=direction)


def search_window(keyword: str, direction: str, limit: int) -> Window:
    return Window("search", keyword=keyword, direction=direction, limit=limit)


def next_window(limit: int) -> Window:
    """The coming appointments, however far ahead: the first `limit` (*Was ist mein nächster Termin?*)."""
    return Window("next", direction="forward", limit=limit, asked=True)


NEXT_FEW = 3


def asks_next(text: str) -> int:
    """How many coming appointments a question asks for by *nächste(r)* (1, or NEXT_FEW), 0 when it does not."""
    if asks_next_one(text):
        return 1
    return NEXT_FEW if asks_next_few(text) else 0


def period_of(expression: str, now: datetime, zone: ZoneInfo, *,
              past: bool = False) -> tuple[datetime, datetime] | None:
    """A named period is a window over the whole period (§4.2); a single day is that day; else None.
    A bare month name is the coming one (departing from §4.2); asked in the past tense (`past`,
    *Was hatte ich im Januar?*) a month still ahead is last year's."""
    period = named_period(expression, now)
    if period is not None and past and period.kind == "month" and period.start > now:
        period = named_period(f"{expression} {period.start.year - 1}", now) or period
    if period is not None:
        return period.start.astimezone(zone), period.end.astimezone(zone)
    vector = parse(expression, now)
    if vector.moment is None or not vector.tag_erkannt:
        return None
    day = vector.moment.astimezone(zone).date()
    return day_start(day, zone), day_end(day, zone)


def _query_window(query: Any, now: datetime, zone: ZoneInfo) -> Window:
    """The router's `timeline_query` (§4a *Fenster*): `range` with from/to, `search` with keyword,
    direction, limit (default 5, at most 10). Anything else is loud and gives the proactive window."""
    try:
        kind = query.get("art") or query.get("kind")
        direction = query.get("direction") or query.get("richtung") or "both"
        if direction not in DIRECTIONS:
            raise ValueError(f"direction {direction!r}")
        if kind == "range":
            start = _local_bound(query["from"], zone, end=False)
            end = _local_bound(query["to"], zone, end=True)
            return range_window(start, end, direction)
        if kind == "search":
            keyword = str(query["keyword"]).strip()
            limit = int(query.get("limit") or TIMELINE_SEARCH_LIMIT)
            if not keyword or limit < 1:
                raise ValueError("empty keyword or limit")
            return search_window(keyword, direction, min(limit, TIMELINE_SEARCH_LIMIT_MAX))
        raise ValueError(f"kind {kind!r}")
    except (AttributeError, KeyError, TypeError, ValueError, OverflowError) as err:
        _log.error("timeline_query %r could not be read (%s): the proactive window is read", query, err)
        return proactive_window(now, zone, note=UNREADABLE_QUERY, asked=True)


def _local_bound(value: Any, zone: ZoneInfo, end: bool) -> datetime:
    """A bound of the router's range; a pure date (or 00:00 as `to`) stretches to 23:59:59 (§4a *Grenzen*)."""
    text = str(value)
    moment = datetime.fromisoformat(text)
    if not DATE_YEAR_MIN <= moment.year <= DATE_YEAR_MAX:  # outside these years no date
        raise ValueError(f"year {moment.year} outside {DATE_YEAR_MIN}–{DATE_YEAR_MAX}")
    moment = moment.replace(tzinfo=zone) if moment.tzinfo is None else moment.astimezone(zone)
    if end and len(text) <= 10:
        return day_end(moment.date(), zone)
    return moment


def appointment_window(route: Any, text: str, now: datetime, zone: ZoneInfo) -> tuple[Window, bool]:
    """The window the turn asked for, and whether it was asked at all (§4a *Fenster*).

    The router's `timeline_query` wins. Without one, a question about appointments in the text is
    read by rule: a named period → that range, a title → a search; the tense gives the direction.
    Anything else reads the proactive window, which answers no question.
    """
    query = route.get("timeline_query") if isinstance(route, dict) else None
    if query is not None:
        return _query_window(query, now, zone), True
    if not (is_read_question(text) or asks_next(text)) or date_question(text, now, zone) is not None:
        return proactive_window(now, zone), False  # a question about the calendar itself is `[DATUM]`'s
    if asks_what_was_told(text, names_a_time=bool(time_expression(text))):  # *Wann hab ich dir
        # von X erzählt?* is memory's question, not a search
        return proactive_window(now, zone), False
    direction = "backward" if is_past_tense(text) else "forward"
    expression = time_expression(text)
    if expression:
        span = period_of(expression, now, zone, past=direction == "backward")
        if span is not None:
            return range_window(*span, direction=direction), True
    title = title_of(text)
    if not expression and asks_next(text) and not is_title(title):
        return next_window(asks_next(text)), True
    if is_title(title):
        return search_window(title, direction, TIMELINE_SEARCH_LIMIT), True
    if expression:
        return proactive_window(now, zone, note=UNREADABLE_QUERY, asked=True), True
    return proactive_window(now, zone, asked=True), True


# --- reading ----------------------------------------------------------------------------------------

def title_terms(repo: Any, user_id: str, character_id: str, title: str) -> list[str]:
    """The words a title search looks for (`keywords_of`) — without their case ending *-en* when the words as
    said name no row of the pair (*den Kieferorthopäden*, *beim Orthopäden*: the title says *…päde*). One
    place for the reader and the agent's search; a second query only when a word has such an ending."""
    terms = keywords_of(title) or [title]
    stems = declension_stems(terms)
    if stems and not repo.find_by_keyword(user_id, character_id, terms, limit=1):
        return stems
    return terms


# Whether a type stands marked, once per type (the type source is checked when it is loaded).
_MARKED = {name: is_marked(name) for name in EVENT_TYPES}


def _marked(row: dict[str, Any]) -> bool:
    name = row["event_type"]
    if name in _MARKED:
        return _MARKED[name]
    _log.error("timeline row %s has an unknown type %r; it stands unmarked", row.get("id"), name)
    return False


def to_appointment(row: dict[str, Any], zone: ZoneInfo) -> Appointment:
    name = row["event_type"]
    marked = _marked(row)
    persons = (row["details"].strip(),) if marked and row.get("details") and row["details"].strip() else ()
    return Appointment(
        timeline_id=row["id"], title=row["title"], start=row["event_time"].astimezone(zone),
        precision=row["precision"], event_type=name,
        end=row["event_ende"].astimezone(zone) if row.get("event_ende") else None, persons=persons, marked=marked,
    )


# --- the list cap (the lead's decision) ------------------------------------------------------

# A spoken or composed answer never lists hundreds of lines: a range or an overview lists at most this many
# appointments in time order, then how many more there are (the agent's answer and `[TERMINE]` alike). A single
# day lists all of it, however many — it is what the person narrows to.
LIST_MAX = 25


def list_cap(window: Window, zone: ZoneInfo) -> int | None:
    """How many appointments a reading of `window` lists: `LIST_MAX` for a range or an overview longer than one
    local day; None (all) for a single day, a title search and the next few (those have their own limit)."""
    if window.kind not in ("range", "proactive"):
        return None
    assert window.start is not None and window.end is not None
    if window.start.astimezone(zone).date() == window.end.astimezone(zone).date():
        return None
    return LIST_MAX


def _past_from(precision: str, bounds: dict[str, datetime]) -> datetime:
    """The UTC moment before which a start of this precision is past (`Appointment.is_past` on the row)."""
    if precision == MINUTE_PRECISION:
        return bounds["now"]
    return bounds["month_start"] if precision == MONTH_PRECISION else bounds["today_start"]


def _in_direction(starts: list[datetime], direction: str, past_from: datetime) -> list[datetime]:
    """`forward` keeps the starts that are not past, `backward` the past ones (`starts` in time order)."""
    if direction == "both":
        return starts
    cut = bisect_left(starts, past_from)
    return starts[cut:] if direction == "forward" else starts[:cut]


def _one_off_in(row: dict[str, Any], window: Window, zone: ZoneInfo) -> bool:
    """Whether a one-off lies in the window (a `month` row: whether its month overlaps it) — §4a *Lesen*."""
    assert window.start is not None and window.end is not None
    if row["precision"] == MONTH_PRECISION:
        local = row["event_time"].astimezone(zone)
        first, last = month_bounds(local.year, local.month)
        return first <= window.end.date() and last >= window.start.date()
    return window.start <= row["event_time"] <= window.end


_Found = list[tuple[dict[str, Any], list[datetime]]]


def _first(found: _Found, cap: int | None) -> tuple[list[tuple[datetime, dict[str, Any]]], int]:
    """The first `cap` starts of all rows in time order (then by id), each with its row, and how many are left —
    counted from the lists of starts, nothing built for them."""
    total = sum(len(starts) for _, starts in found)
    keys = ((moment, row["id"], index) for index, (row, starts) in enumerate(found)
            for moment in (starts if cap is None else starts[:cap]))
    chosen = sorted(keys) if cap is None or total <= cap else nsmallest(cap, keys)
    return [(moment, found[index][0]) for moment, _, index in chosen], total - len(chosen)


def _appointments(chosen: list[tuple[datetime, dict[str, Any]]], zone: ZoneInfo) -> tuple[Appointment, ...]:
    return tuple(to_appointment(recurrence.occurrence_row(row, moment) if row.get("rrule") else row, zone)
                 for moment, row in chosen)


def _read_range(repo: Any, user_id: str, character_id: str, window: Window, now: datetime, zone: ZoneInfo,
                cap: int | None) -> Reading:
    """A range or the proactive window: the outline of its rows and series (one statement), every start of the window in a list
    per row (the direction cut off by bisection), then only the first `cap` built; the rest is counted."""
    assert window.start is not None and window.end is not None
    rows = repo.find_window_outline(user_id, character_id, window.start, window.end, zone,
                                    exclude_event_types=EXCLUDED_EVENT_TYPES)
    bounds = past_bounds(now, zone)
    own: _Found = []
    marked: _Found = []
    read = discarded = 0
    for row, starts in zip(rows, recurrence.window_starts(rows, window.start, window.end, zone), strict=True):
        read += len(starts)
        if row["event_type"] in EXCLUDED_EVENT_TYPES:
            _log.error("timeline row %s is an anchor and reached a reading; it is dropped", row["id"])
            discarded += len(starts)
            continue
        if not row.get("rrule") and not _one_off_in(row, window, zone):
            raise ReadingError(f"timeline row {row['id']} lies outside the window that was read")
        starts = _in_direction(starts, window.direction, _past_from(row["precision"], bounds))
        if starts:
            (marked if _marked(row) else own).append((row, starts))
    chosen, more = _first(own, cap)
    chosen_events, more_events = _first(marked, cap)
    appointments, events = _appointments(chosen, zone), _appointments(chosen_events, zone)
    log = {"art": window.kind, "richtung": window.direction, "gelesen": read,
           "geliefert": len(appointments) + len(events), "verworfen": discarded, "weitere": more + more_events}
    return Reading(window, appointments, events, read, discarded, log, more, more_events)


def read_appointments(repo: Any, user_id: str, character_id: str, window: Window, now: datetime,
                      zone: ZoneInfo, cap: int | None = None) -> Reading:
    """Read the window for the pair. Raises ValueError for an empty pair part, ReadingError on failure.
    `cap` (a range or the proactive window): list at most that many appointments and that many events, and count
    the rest (`Reading.more`, `Reading.more_events`); the answers pass `list_cap(window, zone)`."""
    if window.kind in ("range", "proactive"):
        return _read_range(repo, user_id, character_id, window, now, zone, cap)
    if window.kind == "next":
        rows = repo.find_next(user_id, character_id, now, zone, limit=window.limit,
                              exclude_event_types=EXCLUDED_EVENT_TYPES)
    elif window.kind == "search":
        terms = title_terms(repo, user_id, character_id, window.keyword)
        rows = repo.find_by_keyword(user_id, character_id, terms, limit=window.limit,
                                    exclude_event_types=EXCLUDED_EVENT_TYPES, direction=window.direction,
                                    now=now, zone=zone)
        if len(rows) > window.limit:
            raise ReadingError(f"the search delivered {len(rows)} rows, more than its limit {window.limit}")
    else:
        raise ValueError(f"unknown window kind {window.kind!r}")
    appointments: list[Appointment] = []
    events: list[Appointment] = []
    discarded = 0
    for row in rows:
        if row["event_type"] in EXCLUDED_EVENT_TYPES:
            _log.error("timeline row %s is an anchor and reached a reading; it is dropped", row["id"])
            discarded += 1
            continue
        item = to_appointment(row, zone)
        if window.direction == "forward" and item.is_past(now):
            continue
        if window.direction == "backward" and not item.is_past(now):
            continue
        (events if item.marked else appointments).append(item)
    log = {"art": window.kind, "richtung": window.direction, "gelesen": len(rows),
           "geliefert": len(appointments) + len(events), "verworfen": discarded}
    return Reading(window, tuple(appointments), tuple(events), len(rows), discarded, log)
