"""All SQL of the `timeline` table (timeline.md §9): the one place that reads and writes it.

Every statement is a module constant and names the pair (`user_id`, `character_id`) in its condition;
an empty part of the pair raises `ValueError` before a connection is taken. Moments go in and come
out aware and in UTC; turning them into local time is the reader's business.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
from psycopg.rows import tuple_row

from novaberg.core.clock import as_utc
from novaberg.core.errors import DatabaseError, NovabergError
from novaberg.core.settings import TIMELINE_CHAIN_MAX_STEPS
from novaberg.store.db import hold_lock
from novaberg.timeline import recurrence
from novaberg.timeline.occurrences import (
    at_minute,
    first_occurrences,
    in_window,
    month_start,
    past_bounds,
    picked,
)
from novaberg.timeline.occurrences import aware as _aware
from novaberg.timeline.types import (
    MONTH_PRECISION,
    NOT_APPOINTMENTS,
    PRECISIONS,
    event_type,
    resubmission_at,
    topics_of,
)

__all__ = ["TimelineRepository", "NewRow", "ChainError", "DIRECTIONS", "TITLE_MAX_CHARS", "past_bounds"]

DIRECTIONS = ("forward", "backward", "both")
TITLE_MAX_CHARS = 255  # the column (schema/timeline/001): a longer title is refused before the write

_COLUMNS = (
    "id, user_id, character_id, event_time, event_ende, event_type, title, details, recurring, precision, "
    "binding, remind, conflict_check, themen, created_at, aktiv, last_touched, wiedervorlage_am, "
    "entitaet_ids, nachfolger_id, rrule, exdates, serie_id, serie_original, serie_ende"
)

# A window read (the read target) fetches what its readers use — the line of `[TERMINE]`, the duplicate
# check, the event path, the agent's row reference and the expansion of a series — not the bookkeeping columns
# (topics, entity ids, flags, creation and touch times, resubmission).
_WINDOW_COLUMNS = (
    "id, event_time, event_ende, event_type, title, details, precision, aktiv, nachfolger_id, rrule, exdates, "
    "serie_id, serie_original, serie_ende"
)

INSERT = """
INSERT INTO timeline (user_id, character_id, event_time, event_ende, event_type, title, details, recurring,
                      precision, binding, remind, conflict_check, themen, created_at, last_touched,
                      wiedervorlage_am, entitaet_ids, rrule, serie_id, serie_original, serie_ende)
VALUES (%(user_id)s, %(character_id)s, %(event_time)s, %(event_ende)s, %(event_type)s, %(title)s, %(details)s,
        %(recurring)s, %(precision)s, %(binding)s, %(remind)s, %(conflict_check)s, %(themen)s, %(now)s, %(now)s,
        %(wiedervorlage_am)s, %(entitaet_ids)s, %(rrule)s, %(serie_id)s, %(serie_original)s, %(serie_ende)s)
RETURNING id
"""
FIND_BY_ID = f"SELECT {_COLUMNS} FROM timeline WHERE id = %s AND user_id = %s AND character_id = %s"
FIND_BY_IDS = f"SELECT {_COLUMNS} FROM timeline WHERE id = ANY(%s) AND user_id = %s AND character_id = %s"
LIST_ACTIVE = f"""
SELECT {_COLUMNS} FROM timeline WHERE user_id = %s AND character_id = %s AND aktiv ORDER BY event_time, id
"""
LIST_ALL = f"SELECT {_COLUMNS} FROM timeline WHERE user_id = %s AND character_id = %s ORDER BY event_time, id"
# A `month` row stands in every window that overlaps its month (§4a *Lesen*): the scan starts at the
# local month start of `start`, and only a month row may lie before `start`.
_ONE_OFFS_IN_RANGE = f"""
SELECT {_WINDOW_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv
  AND event_time >= %(month_start)s AND event_time <= %(end)s
  AND (event_time >= %(start)s OR precision = %(month)s)
  AND NOT (event_type = ANY(%(excluded)s))
  AND rrule IS NULL
"""
# The pair's active series that may have an occurrence in the window: begun by `end` and not ended
# before `series_from` (`serie_ende`, schema timeline/006) — expanded in Python inside the window only
# (`timeline/recurrence.py`).
FIND_SERIES = f"""
SELECT {_WINDOW_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv AND rrule IS NOT NULL
  AND event_time <= %(end)s
  AND (serie_ende IS NULL OR serie_ende >= %(series_from)s)
  AND NOT (event_type = ANY(%(excluded)s))
"""
# One statement, one round trip: the one-offs in the window and the series that may occur in it. Unordered:
# the reader sorts after expanding the series.
FIND_BY_DATE_RANGE = f"({_ONE_OFFS_IN_RANGE})\nUNION ALL\n({FIND_SERIES})"
# The outline of a window for a reader that lists a few of many (the list cap): only the columns a line
# and the expansion need, as tuples — a thousand weekly series are a thousand rows each read, and every column and
# every dict costs. The moments come as UTC wall times without a zone (loading a zoned value costs the driver about
# six times as much; the reader puts UTC back on), no exdates as NULL instead of an empty array. One statement, one
# round trip, like FIND_BY_DATE_RANGE.
_OUTLINE_COLUMNS = ("id, event_time AT TIME ZONE 'UTC', event_ende AT TIME ZONE 'UTC', event_type, title, details, "
                    "precision, rrule, NULLIF(exdates, '{}')")
FIND_WINDOW_OUTLINE = (f"({_ONE_OFFS_IN_RANGE.replace(_WINDOW_COLUMNS, _OUTLINE_COLUMNS, 1)})\nUNION ALL\n"
                       f"({FIND_SERIES.replace(_WINDOW_COLUMNS, _OUTLINE_COLUMNS, 1)})")
# `serie_ende` was computed in the zone of its writer. Read in another zone (the operator changed it), the rule
# runs on that zone's wall clock from the same first instant, and the occurrences after a daylight-saving change
# the two zones do not share lie an hour or so apart (tests/timeline/test_series_end.py). The SQL keeps a day more.
SERIES_END_MARGIN = timedelta(days=1)
# "Past" as the reader sees it (§4a `_past_bounds`): with a clock time before now, a day before today
# 00:00 local, a month before the start of the running month — with the turn's clock, never NOW().
_PAST = (
    "event_time < CASE precision WHEN 'minute' THEN %(now)s WHEN %(month)s THEN %(month_start)s "
    "ELSE %(today_start)s END"
)
# The coming appointments in order, however far ahead (*Was ist mein nächster Termin?*): not past as the
# reader sees it, the first `limit` by time.
FIND_NEXT = f"""
SELECT {_WINDOW_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv
  AND NOT ({_PAST})
  AND NOT (event_type = ANY(%(excluded)s))
  AND rrule IS NULL
ORDER BY event_time, id
LIMIT %(limit)s
"""
_FIND_BY_KEYWORD = f"""
SELECT {_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND (aktiv OR NOT %(active_only)s)
  AND timeline_trigrams(title) @> timeline_trigrams(%(terms)s)
  AND title ILIKE ALL(%(patterns)s)
  AND NOT (event_type = ANY(%(excluded)s))
  {{direction}}
ORDER BY rrule IS NULL, event_time {{order}}, id {{order}}
LIMIT %(limit)s
"""
FIND_BY_KEYWORD = {
    "forward": _FIND_BY_KEYWORD.format(direction=f"AND (rrule IS NOT NULL OR NOT ({_PAST}))", order="ASC"),
    "backward": _FIND_BY_KEYWORD.format(direction=f"AND (rrule IS NOT NULL OR {_PAST})", order="DESC"),
    "both": _FIND_BY_KEYWORD.format(direction="", order="ASC"),
}
# The inventory check of a storage claim (§9 *Leser und Schreiber*; tribunal.md „Der Bestandsabgleich“):
# appointments only, with clock-time precision, at exactly that minute — a row of the day without a clock
# time is no appointment *at that minute*.
FIND_AT_MOMENT = f"""
SELECT {_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv
  AND event_time >= %(minute)s AND event_time < %(next_minute)s
  AND NOT (event_type = ANY(%(excluded)s))
  AND precision = 'minute'
  AND rrule IS NULL
ORDER BY event_time, id
"""
FIND_SERIES_AT_MINUTE = f"""
SELECT {_COLUMNS} FROM timeline
WHERE user_id = %(user_id)s AND character_id = %(character_id)s
  AND aktiv AND rrule IS NOT NULL AND precision = 'minute'
  AND event_time < %(next_minute)s
  AND (serie_ende IS NULL OR serie_ende >= %(series_from)s)
  AND NOT (event_type = ANY(%(excluded)s))
ORDER BY event_time, id
"""
LOCK_ACTIVE = f"""
SELECT {_COLUMNS} FROM timeline WHERE id = %s AND user_id = %s AND character_id = %s FOR UPDATE
"""
INSERT_SUCCESSOR = """
INSERT INTO timeline (user_id, character_id, event_time, event_ende, event_type, title, details, recurring,
                      precision, binding, remind, conflict_check, themen, created_at, last_touched,
                      wiedervorlage_am, entitaet_ids, rrule, exdates, serie_id, serie_original,
                      erinnern_vorher_min, serie_ende)
SELECT user_id, character_id, %(event_time)s, %(event_ende)s, event_type, title, details, %(rrule)s::text IS NOT NULL,
       %(precision)s, binding, remind, conflict_check, themen, %(now)s, %(now)s, %(wiedervorlage_am)s, entitaet_ids,
       %(rrule)s::text, %(exdates)s::timestamptz[], serie_id, serie_original, erinnern_vorher_min,
       %(serie_ende)s::timestamptz
FROM timeline WHERE id = %(old_id)s AND user_id = %(user_id)s AND character_id = %(character_id)s
RETURNING id
"""
# A detail change (the `details` column: place, person, a note) is bi-temporal like a move (timeline.md §5.2):
# the successor carries everything of the old row at the same time, only `details` is new.
INSERT_DETAILS_SUCCESSOR = """
INSERT INTO timeline (user_id, character_id, event_time, event_ende, event_type, title, details, recurring,
                      precision, binding, remind, conflict_check, themen, created_at, last_touched,
                      wiedervorlage_am, entitaet_ids, rrule, exdates, serie_id, serie_original,
                      erinnern_vorher_min, serie_ende)
SELECT user_id, character_id, event_time, event_ende, event_type, title, %(details)s, recurring,
       precision, binding, remind, conflict_check, themen, %(now)s, %(now)s, wiedervorlage_am, entitaet_ids,
       rrule, exdates, serie_id, serie_original, erinnern_vorher_min, serie_ende
FROM timeline WHERE id = %(old_id)s AND user_id = %(user_id)s AND character_id = %(character_id)s
RETURNING id
"""
RETIRE = """
UPDATE timeline SET aktiv = FALSE, nachfolger_id = %s, last_touched = %s
WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv
"""
INVALIDATE = """
UPDATE timeline SET aktiv = FALSE, last_touched = %s
WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv
RETURNING id
"""
# 6 (schema timeline/005): the reminder offset and the UID of an imported event, set on a
# new row inside the writer's transaction.
SET_CALENDAR_FIELDS = """
UPDATE timeline SET erinnern_vorher_min = %(minutes)s, ics_uid = %(uid)s
WHERE id = %(id)s AND user_id = %(user_id)s AND character_id = %(character_id)s AND aktiv
RETURNING erinnern_vorher_min, ics_uid
"""
READ_CALENDAR_FIELDS = """
SELECT erinnern_vorher_min, ics_uid FROM timeline
WHERE id = %s AND user_id = %s AND character_id = %s AND aktiv
"""
ANALYZE = "ANALYZE timeline"
# A bulk load at least this large refreshes the planner's statistics itself (what autovacuum would do later):
# without them a fresh table of 100,000 rows is scanned through the wrong index.
ANALYZE_AFTER_ROWS = 1000
# One occurrence of a series cancelled or moved away: its UTC start joins `exdates`.
ADD_EXDATE = """
UPDATE timeline SET exdates = array_append(exdates, %(moment)s), last_touched = %(now)s
WHERE id = %(id)s AND user_id = %(user_id)s AND character_id = %(character_id)s AND aktiv AND rrule IS NOT NULL
  AND NOT (%(moment)s = ANY(exdates))
RETURNING id
"""
# A moved occurrence reminds like its series (5): the offset is copied, never the imported UID.
COPY_REMINDER = """
UPDATE timeline AS moved SET erinnern_vorher_min = series.erinnern_vorher_min
FROM timeline AS series
WHERE moved.id = %(new_id)s AND moved.user_id = %(user_id)s AND moved.character_id = %(character_id)s
  AND series.id = %(series_id)s AND series.user_id = %(user_id)s AND series.character_id = %(character_id)s
RETURNING moved.erinnern_vorher_min
"""
# The moved occurrences of a series end with it (a deleted series leaves no single Monday behind).
INVALIDATE_MOVED = """
UPDATE timeline SET aktiv = FALSE, last_touched = %s
WHERE serie_id = %s AND user_id = %s AND character_id = %s AND aktiv
"""
COUNT = "SELECT count(*) AS n FROM timeline WHERE user_id = %s AND character_id = %s AND (aktiv OR NOT %s)"


KEEP_RULE: Any = object()  # `verschieben`: the successor keeps the old row's rule


class ChainError(NovabergError):
    """The successor chain of a row is broken: a cycle, longer than allowed, or a gap (§5.2)."""


@dataclass(frozen=True)
class NewRow:
    """A row to insert. `for_type` fills flags, topics and resubmission from the type source (§8)."""

    event_time: datetime
    event_type: str
    title: str
    precision: str
    binding: bool
    remind: bool
    conflict_check: bool
    wiedervorlage_am: datetime | None
    themen: tuple[str, ...] = ()
    details: str | None = None
    event_ende: datetime | None = None
    entitaet_ids: tuple[int, ...] = field(default_factory=tuple)
    rrule: str | None = None  # RFC 5545 RRULE value; None = a one-off
    serie_id: int | None = None  # a moved occurrence: its series …
    serie_original: datetime | None = None  # … and the start it had there

    @property
    def recurring(self) -> bool:
        return self.rrule is not None

    @classmethod
    def for_type(cls, type_name: str, *, title: str, event_time: datetime, precision: str,
                 details: str | None = None, event_ende: datetime | None = None,
                 entitaet_ids: Iterable[int] = (), rrule: str | None = None) -> NewRow:
        kind = event_type(type_name)
        return cls(
            event_time=event_time, event_type=kind.name, title=title, precision=precision,
            binding=kind.binding, remind=kind.remind, conflict_check=kind.conflict_check,
            wiedervorlage_am=resubmission_at(kind.remind, event_time), themen=tuple(topics_of(kind.name)),
            details=details, event_ende=event_ende, entitaet_ids=tuple(entitaet_ids), rrule=rrule,
        )


def _check_pair(user_id: Any, character_id: Any) -> None:
    """§9 `_check_pair`: both parts present, before any connection is taken."""
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError("timeline: user_id is empty (the pair owns the data)")
    if not isinstance(character_id, str) or not character_id.strip():
        raise ValueError("timeline: character_id is empty (the pair owns the data; no default figure)")


def _row(raw: dict[str, Any]) -> dict[str, Any]:
    row = dict(raw)
    for key in ("event_time", "event_ende", "created_at", "last_touched", "wiedervorlage_am"):
        if row.get(key) is not None:
            row[key] = as_utc(row[key])
    row["themen"] = list(row["themen"]) if row.get("themen") is not None else None
    row["entitaet_ids"] = list(row["entitaet_ids"]) if row.get("entitaet_ids") is not None else None
    row["exdates"] = [as_utc(moment) for moment in row.get("exdates") or ()]
    for key in ("serie_original", "serie_ende"):
        if row.get(key) is not None:
            row[key] = as_utc(row[key])
    return row


def _window_row(raw: dict[str, Any]) -> dict[str, Any]:
    """A row of a window read (`_WINDOW_COLUMNS`) with its moments in UTC — cheaper than `_row`, which looks at
    every column of a whole row."""
    row = dict(raw)
    row["event_time"] = row["event_time"].astimezone(UTC)
    if row["event_ende"] is not None:
        row["event_ende"] = row["event_ende"].astimezone(UTC)
    row["exdates"] = [moment.astimezone(UTC) for moment in row["exdates"]] if row["exdates"] else []
    if row["serie_original"] is not None:
        row["serie_original"] = row["serie_original"].astimezone(UTC)
    if row["serie_ende"] is not None:
        row["serie_ende"] = row["serie_ende"].astimezone(UTC)
    return row


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def pair_lock_key(user_id: str, character_id: str) -> str:
    return f"timeline\x1f{user_id}\x1f{character_id}"



_TITLES_HOLDING = ("SELECT title FROM timeline WHERE user_id = %s AND character_id = %s AND aktiv "
                   "AND title ILIKE ALL(%s) ORDER BY id LIMIT %s")

class TimelineRepository:
    """The timeline of one database. Every method takes the pair first and checks it."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def titles_holding(self, user_id: str, character_id: str, title_patterns: Sequence[str],
                       limit: int) -> list[str]:
        """Titles of the pair's active rows that match every ILIKE pattern (where a bare „Lösch Käse"
        belongs); no pattern → nothing."""
        _check_pair(user_id, character_id)
        if not title_patterns:
            return []
        with self._db.transaction() as conn:
            rows = conn.execute(_TITLES_HOLDING, (user_id, character_id, list(title_patterns), limit)).fetchall()
        return [str(row["title"]) for row in rows]

    @contextmanager
    def pair_locked(self, user_id: str, character_id: str) -> Iterator[TimelineRepository]:
        """One transaction holding the pair's write lock; yields a repository whose every call runs in it.

        Everything inside sees one state of the pair and is committed together at the end, or rolled
        back together on any exception: a check, the write it allows and its read-back. Inside, use only
        the yielded repository (a second pooled connection could wait for a connection held by a waiter).
        """
        _check_pair(user_id, character_id)
        with self._transaction() as conn:
            yield TimelineRepository(hold_lock(conn, pair_lock_key(user_id, character_id)))

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        """The database's transaction; a driver error comes out as `DatabaseError` (after the rollback)."""
        try:
            with self._db.transaction() as conn:
                yield conn
        except psycopg.Error as err:
            raise DatabaseError(f"timeline: {err}") from err

    @contextmanager
    def _read(self) -> Iterator[Any]:
        """One read statement: its own snapshot in one round trip (`Database.read`, no BEGIN/COMMIT) where the
        database offers it, else a transaction; a driver error comes out as `DatabaseError`."""
        reading = getattr(self._db, "read", None)
        try:
            with (reading() if reading is not None else self._db.transaction()) as conn:
                yield conn
        except psycopg.Error as err:
            raise DatabaseError(f"timeline: {err}") from err

    # --- writing ---------------------------------------------------------------------------------

    def insert(self, user_id: str, character_id: str, row: NewRow, now: datetime,
               zone: ZoneInfo | None = None) -> int:
        """One new active row; returns its id. Type, title, precision and moments are checked first;
        a series (`row.rrule`) needs the person's zone, and a rule that never occurs raises `RuleError`."""
        _check_pair(user_id, character_id)
        params = self._params(user_id, character_id, row, now, zone)
        with self._transaction() as conn:
            return int(conn.execute(INSERT, params).fetchone()["id"])

    @staticmethod
    def _params(user_id: str, character_id: str, row: NewRow, now: datetime,
                zone: ZoneInfo | None = None) -> dict[str, Any]:
        """The INSERT parameters of one row, after its type, title, precision and rule are checked."""
        event_type(row.event_type)
        if row.rrule is not None:
            if zone is None:
                raise ValueError("timeline: a series needs the person's zone to be checked")
            if row.precision == MONTH_PRECISION:
                raise ValueError("timeline: a series needs a day or a clock time, not a month")
            recurrence.check_rule(row.rrule, _aware(row.event_time, "event_time"), zone)
            series_end = recurrence.last_start(row.rrule.strip(), _aware(row.event_time, "event_time"), zone)
        else:
            series_end = None
        if (row.serie_id is None) != (row.serie_original is None):
            raise ValueError("timeline: a moved occurrence names its series and its original start together")
        if not isinstance(row.title, str) or not row.title.strip():
            raise ValueError("timeline: the title is empty")
        if len(row.title.strip()) > TITLE_MAX_CHARS:
            raise ValueError(f"timeline: the title has {len(row.title.strip())} characters, at most {TITLE_MAX_CHARS}")
        if row.precision not in PRECISIONS:
            raise ValueError(f"timeline: unknown precision {row.precision!r}")
        return {
            "user_id": user_id, "character_id": character_id,
            "event_time": _aware(row.event_time, "event_time"),
            "event_ende": _aware(row.event_ende, "event_ende") if row.event_ende is not None else None,
            "event_type": row.event_type, "title": row.title.strip(), "details": row.details,
            "recurring": row.recurring, "precision": row.precision, "binding": row.binding,
            "remind": row.remind, "conflict_check": row.conflict_check, "themen": list(row.themen) or None,
            "now": _aware(now, "now"),
            "wiedervorlage_am": _aware(row.wiedervorlage_am, "wiedervorlage_am")
            if row.wiedervorlage_am is not None else None,
            "entitaet_ids": list(row.entitaet_ids) or None,
            "rrule": row.rrule.strip() if row.rrule is not None else None, "serie_id": row.serie_id,
            "serie_original": _aware(row.serie_original, "serie_original")
            if row.serie_original is not None else None,
            "serie_ende": series_end,
        }

    def insert_many(self, user_id: str, character_id: str, rows: Iterable[NewRow], now: datetime,
                    zone: ZoneInfo | None = None) -> int:
        """Many new rows in one transaction (bulk loads: imports, the benchmark); each checked like `insert`."""
        _check_pair(user_id, character_id)
        params = []
        for row in rows:
            params.append(self._params(user_id, character_id, row, now, zone))
        with self._transaction() as conn, conn.cursor() as cursor:
            cursor.executemany(INSERT, params)
        if len(params) >= ANALYZE_AFTER_ROWS:
            with self._transaction() as conn:
                conn.execute(ANALYZE)
        return len(params)

    def verschieben(self, user_id: str, character_id: str, row_id: int, *, new_time: datetime, precision: str,
                    now: datetime, rrule: Any = KEEP_RULE, zone: ZoneInfo | None = None) -> int:
        """§5.2 in one transaction: lock the active row, insert its successor, retire it with `nachfolger_id`.

        The successor carries pair, type, title, details, flags, topics and entity ids of the old row;
        an end moves by the same distance as the start. A series keeps its rule unless `rrule` names a new
        one (or None: it becomes a one-off); its successor starts without exdates, and the old series' moved
        occurrences become inactive (they belonged to the old rule). Any failure rolls back:
        the old row stays active and no new row exists. Returns the new id.
        """
        _check_pair(user_id, character_id)
        if precision not in PRECISIONS:
            raise ValueError(f"timeline: unknown precision {precision!r}")
        new_time = _aware(new_time, "new_time")
        now = _aware(now, "now")
        with self._transaction() as conn:
            return self._move(conn, user_id, character_id, row_id, new_time=new_time, precision=precision,
                              now=now, rrule=rrule, zone=zone)

    @staticmethod
    def _move(conn: Any, user_id: str, character_id: str, row_id: int, *, new_time: datetime, precision: str,
              now: datetime, rrule: Any, zone: ZoneInfo | None) -> int:
        old = conn.execute(LOCK_ACTIVE, (row_id, user_id, character_id)).fetchone()
        if old is None:
            raise LookupError(f"timeline row {row_id} does not exist in this pair")
        if not old["aktiv"]:
            raise LookupError(f"timeline row {row_id} is not active; only an active row is moved")
        if not old["user_id"] or not old["character_id"]:
            raise ValueError(f"timeline row {row_id} has an incomplete pair")
        kind = event_type(old["event_type"])
        end = old["event_ende"]
        new_end = new_time + (end - old["event_time"]) if end is not None else None
        rule = old["rrule"] if rrule is KEEP_RULE else rrule
        series_end = None
        if rule is not None:
            if zone is None:
                raise ValueError("timeline: a series needs the person's zone to be checked")
            rule = rule.strip()
            recurrence.check_rule(rule, new_time, zone)
            series_end = recurrence.last_start(rule, new_time, zone)  # the rule counts from its new start
        new_id = conn.execute(INSERT_SUCCESSOR, {
            "event_time": new_time, "event_ende": new_end, "precision": precision, "now": now,
            "wiedervorlage_am": resubmission_at(kind.remind, new_time), "old_id": row_id,
            "user_id": user_id, "character_id": character_id, "rrule": rule, "exdates": [],
            "serie_ende": series_end,
        }).fetchone()["id"]
        retired = conn.execute(RETIRE, (new_id, now, row_id, user_id, character_id)).rowcount
        if retired != 1:
            raise LookupError(f"timeline row {row_id} could not be retired (changed meanwhile)")
        if old["rrule"] is not None:  # the moved occurrences belonged to the old rule: they end with it
            conn.execute(INVALIDATE_MOVED, (now, row_id, user_id, character_id))
        return int(new_id)

    def change_details(self, user_id: str, character_id: str, row_id: int, *, details: str, now: datetime) -> int:
        """A new `details` text for an active one-off row, bi-temporal in one transaction (§5.2): lock the row,
        insert its successor with the new details and everything else as it was, retire the old one with
        `nachfolger_id`. A series is refused (its moved occurrences hang on the old row): ValueError. Any
        failure rolls back. Returns the new id."""
        _check_pair(user_id, character_id)
        details = details.strip() if isinstance(details, str) else ""
        if not details:
            raise ValueError("timeline: a detail change needs a non-empty text")
        now = _aware(now, "now")
        with self._transaction() as conn:
            old = conn.execute(LOCK_ACTIVE, (row_id, user_id, character_id)).fetchone()
            if old is None or not old["aktiv"]:
                raise LookupError(f"timeline row {row_id} is not an active row of this pair")
            if old["rrule"] is not None or old["serie_id"] is not None:
                raise ValueError("timeline: the details of a series or one of its occurrences are not changed")
            new_id = conn.execute(INSERT_DETAILS_SUCCESSOR, {
                "details": details, "now": now, "old_id": row_id, "user_id": user_id, "character_id": character_id,
            }).fetchone()["id"]
            if conn.execute(RETIRE, (new_id, now, row_id, user_id, character_id)).rowcount != 1:
                raise LookupError(f"timeline row {row_id} could not be retired (changed meanwhile)")
            return int(new_id)

    def invalidate(self, user_id: str, character_id: str, row_id: int, now: datetime) -> bool:
        """Soft delete (§5.3): `aktiv = FALSE`. False when no active row of the pair has that id.
        A series takes its moved occurrences with it."""
        _check_pair(user_id, character_id)
        now = _aware(now, "now")
        with self._transaction() as conn:
            done = conn.execute(INVALIDATE, (now, row_id, user_id, character_id)).fetchone() is not None
            if done:
                conn.execute(INVALIDATE_MOVED, (now, row_id, user_id, character_id))
            return done

    def cancel_occurrence(self, user_id: str, character_id: str, row_id: int, occurrence: datetime, *,
                          now: datetime, zone: ZoneInfo) -> bool:
        """One occurrence of an active series drops out (its start joins `exdates`). False when the series is
        not active in the pair, `occurrence` is none of its starts, or it is already cancelled."""
        _check_pair(user_id, character_id)
        occurrence, now = _aware(occurrence, "occurrence"), _aware(now, "now")
        with self._transaction() as conn:
            return self._cancel(conn, user_id, character_id, row_id, occurrence, now, zone)

    @staticmethod
    def _cancel(conn: Any, user_id: str, character_id: str, row_id: int, occurrence: datetime, now: datetime,
                zone: ZoneInfo) -> bool:
        series = conn.execute(LOCK_ACTIVE, (row_id, user_id, character_id)).fetchone()
        if series is None or not series["aktiv"] or series["rrule"] is None:
            return False
        if not recurrence.occurs_at(_row(series), occurrence, zone):
            return False
        return conn.execute(ADD_EXDATE, {"moment": occurrence, "now": now, "id": row_id, "user_id": user_id,
                                         "character_id": character_id}).fetchone() is not None

    def move_occurrence(self, user_id: str, character_id: str, row_id: int, occurrence: datetime, *,
                        new_time: datetime, precision: str, now: datetime, zone: ZoneInfo) -> int:
        """One occurrence of a series moves: in one transaction its start joins `exdates`
        and a one-off copy at `new_time` names the series (`serie_id`) and the start it had
        (`serie_original`), with the series' reminder offset. Returns the new row's id; `LookupError` when there is
        no such occurrence."""
        _check_pair(user_id, character_id)
        if precision not in PRECISIONS or precision == MONTH_PRECISION:
            raise ValueError(f"timeline: a moved occurrence needs a day or a clock time, not {precision!r}")
        occurrence, new_time, now = _aware(occurrence, "occurrence"), _aware(new_time, "new_time"), _aware(now, "now")
        with self._transaction() as conn:
            if not self._cancel(conn, user_id, character_id, row_id, occurrence, now, zone):
                raise LookupError(f"timeline row {row_id} has no occurrence at {occurrence:%Y-%m-%d %H:%M}Z to move")
            series = _row(conn.execute(FIND_BY_ID, (row_id, user_id, character_id)).fetchone())
            kind = event_type(series["event_type"])
            end = series["event_ende"]
            copy = NewRow(
                event_time=new_time, event_type=series["event_type"], title=series["title"], precision=precision,
                binding=series["binding"], remind=series["remind"], conflict_check=series["conflict_check"],
                wiedervorlage_am=resubmission_at(kind.remind, new_time), themen=tuple(series["themen"] or ()),
                details=series["details"], event_ende=new_time + (end - series["event_time"]) if end else None,
                entitaet_ids=tuple(series["entitaet_ids"] or ()), serie_id=row_id, serie_original=occurrence)
            new_id = int(conn.execute(INSERT, self._params(user_id, character_id, copy, now)).fetchone()["id"])
            pair = {"user_id": user_id, "character_id": character_id}
            if conn.execute(COPY_REMINDER, {"new_id": new_id, "series_id": row_id, **pair}).fetchone() is None:
                raise LookupError(f"timeline row {new_id} did not take the reminder of its series {row_id}")
            return new_id

    # --- reading ---------------------------------------------------------------------------------

    def find_by_id(self, user_id: str, character_id: str, row_id: int) -> dict[str, Any] | None:
        _check_pair(user_id, character_id)
        with self._transaction() as conn:
            raw = conn.execute(FIND_BY_ID, (row_id, user_id, character_id)).fetchone()
        return _row(raw) if raw else None

    def find_by_ids(self, user_id: str, character_id: str, row_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """The pair's rows with these ids in one statement (no read per row), by id; others' ids and
        unknown ids are simply absent."""
        _check_pair(user_id, character_id)
        wanted = sorted({int(i) for i in row_ids})
        if not wanted:
            return {}
        with self._transaction() as conn:
            rows = conn.execute(FIND_BY_IDS, (wanted, user_id, character_id)).fetchall()
        return {int(r["id"]): _row(r) for r in rows}

    def list(self, user_id: str, character_id: str, active_only: bool = True) -> list[dict[str, Any]]:
        """The pair's rows in time order (the facade's `nova.timeline.list`)."""
        _check_pair(user_id, character_id)
        with self._transaction() as conn:
            rows = conn.execute(LIST_ACTIVE if active_only else LIST_ALL, (user_id, character_id)).fetchall()
        return [_row(r) for r in rows]

    def count(self, user_id: str, character_id: str, active_only: bool = True) -> int:
        _check_pair(user_id, character_id)
        with self._transaction() as conn:
            return int(conn.execute(COUNT, (user_id, character_id, active_only)).fetchone()["n"])

    def find_by_date_range(self, user_id: str, character_id: str, start: datetime, end: datetime, zone: ZoneInfo,
                           exclude_event_types: Sequence[str] = ()) -> list[dict[str, Any]]:
        """Active rows from `start` to `end` (inclusive); a `month` row in every window overlapping its month."""
        return in_window(self.find_window_rows(user_id, character_id, start, end, zone, exclude_event_types),
                         start, end, zone)

    def find_window_rows(self, user_id: str, character_id: str, start: datetime, end: datetime, zone: ZoneInfo,
                         exclude_event_types: Sequence[str] = ()) -> list[dict[str, Any]]:
        """What a window from `start` to `end` reads, not yet expanded and in no order: the active one-offs in it
        (a `month` row in every window overlapping its month) and the active series that may occur in it. A
        reader that lists only a few of many occurrences expands these itself (`recurrence.window_starts`)."""
        params = _window_params(user_id, character_id, start, end, zone, exclude_event_types)
        with self._transaction() as conn:
            return [_window_row(r) for r in conn.execute(FIND_BY_DATE_RANGE, params).fetchall()]

    def find_window_outline(self, user_id: str, character_id: str, start: datetime, end: datetime, zone: ZoneInfo,
                            exclude_event_types: Sequence[str] = ()) -> list[dict[str, Any]]:
        """`find_window_rows` for a reader that lists only a few, with only what a line and the expansion
        need: `id`, `event_time`, `event_ende`, `event_type`, `title`, `details`, `precision`, `rrule`, `exdates`."""
        params = _window_params(user_id, character_id, start, end, zone, exclude_event_types)
        with self._read() as conn, conn.cursor(row_factory=tuple_row) as cursor:
            found = cursor.execute(FIND_WINDOW_OUTLINE, params).fetchall()
        return [{"id": row_id, "event_time": moment.replace(tzinfo=UTC),
                 "event_ende": ende.replace(tzinfo=UTC) if ende is not None else None, "event_type": kind, "title": title,
                 "details": details, "precision": precision, "rrule": rule,
                 "exdates": [m.astimezone(UTC) for m in exdates] if exdates else []}
                for row_id, moment, ende, kind, title, details, precision, rule, exdates in found]

    def find_by_keyword(self, user_id: str, character_id: str, keyword: str | Sequence[str], *, limit: int,
                        exclude_event_types: Sequence[str] = (), direction: str = "both",
                        now: datetime | None = None, zone: ZoneInfo | None = None,
                        active_only: bool = True) -> list[dict[str, Any]]:
        """Rows whose title contains `keyword` — or every one of several — (ILIKE, backslash escapes);
        excluded types are left out in the query, before the limit.

        `forward` leaves out the past, `backward` the future — measured with the turn's clock `now`.
        """
        _check_pair(user_id, character_id)
        terms = [keyword] if isinstance(keyword, str) else list(keyword)
        if not terms or not all(isinstance(t, str) and t.strip() for t in terms):
            raise ValueError("timeline: the search keyword is empty")
        if direction not in DIRECTIONS:
            raise ValueError(f"timeline: unknown direction {direction!r}")
        if not isinstance(limit, int) or limit < 1:
            raise ValueError("timeline: the limit must be a positive number")
        params: dict[str, Any] = {"user_id": user_id, "character_id": character_id, "active_only": active_only,
                                  "patterns": [f"%{_escape_like(t.strip())}%" for t in terms],
                                  "terms": " ".join(t.strip() for t in terms),
                                  "excluded": list(exclude_event_types), "limit": limit, "month": MONTH_PRECISION}
        if direction != "both":
            if now is None or zone is None:
                raise ValueError("timeline: a search with a direction needs the turn's clock and zone")
            params.update(past_bounds(now, zone))
        with self._transaction() as conn:
            rows = [_row(r) for r in conn.execute(FIND_BY_KEYWORD[direction], params).fetchall()]
        if not any(recurrence.is_series(r) for r in rows):
            return rows
        if now is None or zone is None:  # without a clock a series stands as its row (its first start)
            return rows
        return picked(rows, direction, now, zone, limit)

    def find_next(self, user_id: str, character_id: str, now: datetime, zone: ZoneInfo, *, limit: int,
                  exclude_event_types: Sequence[str] = ()) -> list[dict[str, Any]]:
        """The first `limit` active rows that are not past at `now` (the turn's clock), in time order."""
        _check_pair(user_id, character_id)
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise ValueError("timeline: the limit must be a positive number")
        bounds = past_bounds(_aware(now, "now"), zone)
        params: dict[str, Any] = {"user_id": user_id, "character_id": character_id, "limit": limit,
                                  "excluded": list(exclude_event_types), "month": MONTH_PRECISION,
                                  "end": datetime.max.replace(tzinfo=UTC),
                                  "series_from": bounds["today_start"] - SERIES_END_MARGIN, **bounds}
        with self._transaction() as conn:
            rows = conn.execute(FIND_NEXT, params).fetchall()
            series = conn.execute(FIND_SERIES, params).fetchall()
        found = [_window_row(r) for r in rows]
        if series:
            found.extend(first_occurrences([_window_row(r) for r in series], bounds, zone, limit))
        found.sort(key=recurrence.sort_key)
        return found[:limit]

    def find_at_moment(self, user_id: str, character_id: str, moment: datetime,
                       zone: ZoneInfo) -> list[dict[str, Any]]:
        """Active appointments of the pair with a clock time at exactly that minute (minute-exact, no tolerance;
        a row of that day without a clock time does not count — tribunal.md „Der Bestandsabgleich“)."""
        _check_pair(user_id, character_id)
        local = _aware(moment, "moment").astimezone(zone)
        minute = as_utc(local.replace(second=0, microsecond=0))
        params = {"user_id": user_id, "character_id": character_id, "minute": minute,
                  "next_minute": minute + timedelta(minutes=1), "excluded": list(NOT_APPOINTMENTS),
                  "series_from": minute - SERIES_END_MARGIN}
        with self._transaction() as conn:
            rows = conn.execute(FIND_AT_MOMENT, params).fetchall()
            series = conn.execute(FIND_SERIES_AT_MINUTE, params).fetchall()
        found = [_row(r) for r in rows]
        found.extend(at_minute([_row(r) for r in series], minute, zone))
        return found

    def aktive_zeile(self, user_id: str, character_id: str, row_id: int) -> dict[str, Any]:
        """Follow `nachfolger_id` to the active row (§5.2): at most ten steps; a cycle or a gap raises."""
        _check_pair(user_id, character_id)
        seen: list[int] = []
        current = row_id
        with self._transaction() as conn:
            for _ in range(TIMELINE_CHAIN_MAX_STEPS + 1):
                raw = conn.execute(FIND_BY_ID, (current, user_id, character_id)).fetchone()
                if raw is None:
                    where = f"after {seen[-1]}" if seen else "at the start"
                    raise ChainError(f"timeline chain from {row_id}: row {current} missing {where}")
                if raw["aktiv"]:
                    return _row(raw)
                seen.append(current)
                successor = raw["nachfolger_id"]
                if successor is None:
                    raise ChainError(f"timeline chain from {row_id}: row {current} is inactive without successor")
                if successor in seen:
                    raise ChainError(f"timeline chain from {row_id} has a cycle at {successor}")
                current = successor
        raise ChainError(f"timeline chain from {row_id} is longer than {TIMELINE_CHAIN_MAX_STEPS} steps")

    # --- calendar fields (6) ------------------------------------------------------

    def calendar_fields(self, user_id: str, character_id: str, row_id: int) -> dict[str, Any] | None:
        """Reminder offset and imported UID of an active row of the pair; None when the pair has no such row."""
        _check_pair(user_id, character_id)
        with self._transaction() as conn:
            raw = conn.execute(READ_CALENDAR_FIELDS, (row_id, user_id, character_id)).fetchone()
        return dict(raw) if raw else None

    def set_calendar_fields(self, user_id: str, character_id: str, row_id: int, *, reminder_minutes: int | None,
                            ics_uid: str | None = None) -> bool:
        """Reminder offset and imported UID of an active row of the pair; True when the row read back holds them."""
        _check_pair(user_id, character_id)
        params = {"minutes": reminder_minutes, "uid": ics_uid, "id": row_id, "user_id": user_id,
                  "character_id": character_id}
        with self._transaction() as conn:
            back = conn.execute(SET_CALENDAR_FIELDS, params).fetchone()
        return back is not None and back["erinnern_vorher_min"] == reminder_minutes and back["ics_uid"] == ics_uid


def _window_params(user_id: str, character_id: str, start: datetime, end: datetime, zone: ZoneInfo,
                   exclude_event_types: Sequence[str]) -> dict[str, Any]:
    """The checked parameters of a window read (the pair, an aware window that does not end before it starts)."""
    _check_pair(user_id, character_id)
    start, end = _aware(start, "start"), _aware(end, "end")
    if end < start:
        raise ValueError("timeline: the window ends before it starts")
    return {"user_id": user_id, "character_id": character_id, "start": start, "end": end,
            "month_start": as_utc(month_start(start, zone)), "month": MONTH_PRECISION,
            "excluded": list(exclude_event_types), "series_from": start - SERIES_END_MARGIN}
