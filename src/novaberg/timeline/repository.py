"""The one writer of the `timeline` table (timeline.md §9): its writes, and its reads (`timeline/reads.py`); the
statements are `timeline/statements.py`.

Every statement is a module constant and names the pair (`user_id`, `character_id`) in its condition;
an empty part of the pair raises `ValueError` before a connection is taken. Moments go in and come
out aware and in UTC; turning them into local time is the reader's business.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.store.db import hold_lock
from novaberg.timeline import recurrence
from novaberg.timeline.occurrences import aware as _aware
from novaberg.timeline.reads import TimelineReads
from novaberg.timeline.rows import check_pair, row_of
from novaberg.timeline.statements import (
    ADD_EXDATE,
    ANALYZE,
    ANALYZE_AFTER_ROWS,
    COPY_REMINDER,
    FIND_BY_ID,
    INSERT,
    INSERT_DETAILS_SUCCESSOR,
    INSERT_SUCCESSOR,
    INVALIDATE,
    INVALIDATE_MOVED,
    LOCK_ACTIVE,
    RETIRE,
    SET_CALENDAR_FIELDS,
)
from novaberg.timeline.types import (
    MONTH_PRECISION,
    PRECISIONS,
    event_type,
    resubmission_at,
    topics_of,
)

__all__ = ["TimelineRepository", "NewRow", "TITLE_MAX_CHARS", "pair_lock_key"]

TITLE_MAX_CHARS = 255  # the column (schema/timeline/001): a longer title is refused before the write

KEEP_RULE: Any = object()  # `verschieben`: the successor keeps the old row's rule


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


def pair_lock_key(user_id: str, character_id: str) -> str:
    return f"timeline\x1f{user_id}\x1f{character_id}"



class TimelineRepository(TimelineReads):
    """The timeline of one database. Every method takes the pair first and checks it."""

    @contextmanager
    def pair_locked(self, user_id: str, character_id: str) -> Iterator[TimelineRepository]:
        """One transaction holding the pair's write lock; yields a repository whose every call runs in it.

        Everything inside sees one state of the pair and is committed together at the end, or rolled
        back together on any exception: a check, the write it allows and its read-back. Inside, use only
        the yielded repository (a second pooled connection could wait for a connection held by a waiter).
        """
        check_pair(user_id, character_id)
        with self._transaction() as conn:
            yield TimelineRepository(hold_lock(conn, pair_lock_key(user_id, character_id)))

    # --- writing ---------------------------------------------------------------------------------

    def insert(self, user_id: str, character_id: str, row: NewRow, now: datetime,
               zone: ZoneInfo | None = None) -> int:
        """One new active row; returns its id. Type, title, precision and moments are checked first;
        a series (`row.rrule`) needs the person's zone, and a rule that never occurs raises `RuleError`."""
        check_pair(user_id, character_id)
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
        check_pair(user_id, character_id)
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
        check_pair(user_id, character_id)
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
        check_pair(user_id, character_id)
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
        check_pair(user_id, character_id)
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
        check_pair(user_id, character_id)
        occurrence, now = _aware(occurrence, "occurrence"), _aware(now, "now")
        with self._transaction() as conn:
            return self._cancel(conn, user_id, character_id, row_id, occurrence, now, zone)

    @staticmethod
    def _cancel(conn: Any, user_id: str, character_id: str, row_id: int, occurrence: datetime, now: datetime,
                zone: ZoneInfo) -> bool:
        series = conn.execute(LOCK_ACTIVE, (row_id, user_id, character_id)).fetchone()
        if series is None or not series["aktiv"] or series["rrule"] is None:
            return False
        if not recurrence.occurs_at(row_of(series), occurrence, zone):
            return False
        return conn.execute(ADD_EXDATE, {"moment": occurrence, "now": now, "id": row_id, "user_id": user_id,
                                         "character_id": character_id}).fetchone() is not None

    def move_occurrence(self, user_id: str, character_id: str, row_id: int, occurrence: datetime, *,
                        new_time: datetime, precision: str, now: datetime, zone: ZoneInfo) -> int:
        """One occurrence of a series moves: in one transaction its start joins `exdates`
        and a one-off copy at `new_time` names the series (`serie_id`) and the start it had
        (`serie_original`), with the series' reminder offset. Returns the new row's id; `LookupError` when there is
        no such occurrence."""
        check_pair(user_id, character_id)
        if precision not in PRECISIONS or precision == MONTH_PRECISION:
            raise ValueError(f"timeline: a moved occurrence needs a day or a clock time, not {precision!r}")
        occurrence, new_time, now = _aware(occurrence, "occurrence"), _aware(new_time, "new_time"), _aware(now, "now")
        with self._transaction() as conn:
            if not self._cancel(conn, user_id, character_id, row_id, occurrence, now, zone):
                raise LookupError(f"timeline row {row_id} has no occurrence at {occurrence:%Y-%m-%d %H:%M}Z to move")
            series = row_of(conn.execute(FIND_BY_ID, (row_id, user_id, character_id)).fetchone())
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

    def set_calendar_fields(self, user_id: str, character_id: str, row_id: int, *, reminder_minutes: int | None,
                            ics_uid: str | None = None) -> bool:
        """Reminder offset and imported UID of an active row of the pair; True when the row read back holds them."""
        check_pair(user_id, character_id)
        params = {"minutes": reminder_minutes, "uid": ics_uid, "id": row_id, "user_id": user_id,
                  "character_id": character_id}
        with self._transaction() as conn:
            back = conn.execute(SET_CALENDAR_FIELDS, params).fetchone()
        return back is not None and back["erinnern_vorher_min"] == reminder_minutes and back["ics_uid"] == ics_uid
