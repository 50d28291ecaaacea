"""The reads of the table `timeline` (timeline.md §4, §5.2, §9): rows by id, window, keyword, the next ones, the
rows at a moment, the successor chain. `TimelineRepository`, the table's one writer, is these reads plus its writes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
from psycopg.rows import tuple_row

from novaberg.core.clock import as_utc
from novaberg.core.errors import DatabaseError
from novaberg.core.settings import TIMELINE_CHAIN_MAX_STEPS
from novaberg.store.db import escape_like
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
from novaberg.timeline.rows import ChainError, check_pair, row_of, window_row_of
from novaberg.timeline.statements import (
    COUNT,
    FIND_AT_MOMENT,
    FIND_BY_DATE_RANGE,
    FIND_BY_ID,
    FIND_BY_IDS,
    FIND_BY_KEYWORD,
    FIND_NEXT,
    FIND_SERIES,
    FIND_SERIES_AT_MINUTE,
    FIND_WINDOW_OUTLINE,
    LIST_ACTIVE,
    LIST_ALL,
    READ_CALENDAR_FIELDS,
    SERIES_END_MARGIN,
    TITLES_HOLDING,
)
from novaberg.timeline.types import MONTH_PRECISION, NOT_APPOINTMENTS

__all__ = ["TimelineReads", "DIRECTIONS"]

DIRECTIONS = ("forward", "backward", "both")


class TimelineReads:
    """The reads of the timeline of one database. Every method takes the pair first and checks it."""

    def __init__(self, db: Any) -> None:
        self._db = db

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

    def titles_holding(self, user_id: str, character_id: str, title_patterns: Sequence[str],
                       limit: int) -> list[str]:
        """Titles of the pair's active rows that match every ILIKE pattern (where a bare „Lösch Käse"
        belongs); no pattern → nothing."""
        check_pair(user_id, character_id)
        if not title_patterns:
            return []
        with self._db.transaction() as conn:
            rows = conn.execute(TITLES_HOLDING, (user_id, character_id, list(title_patterns), limit)).fetchall()
        return [str(row["title"]) for row in rows]

    # --- reading ---------------------------------------------------------------------------------

    def find_by_id(self, user_id: str, character_id: str, row_id: int) -> dict[str, Any] | None:
        check_pair(user_id, character_id)
        with self._transaction() as conn:
            raw = conn.execute(FIND_BY_ID, (row_id, user_id, character_id)).fetchone()
        return row_of(raw) if raw else None

    def find_by_ids(self, user_id: str, character_id: str, row_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """The pair's rows with these ids in one statement (no read per row), by id; others' ids and
        unknown ids are simply absent."""
        check_pair(user_id, character_id)
        wanted = sorted({int(i) for i in row_ids})
        if not wanted:
            return {}
        with self._transaction() as conn:
            rows = conn.execute(FIND_BY_IDS, (wanted, user_id, character_id)).fetchall()
        return {int(r["id"]): row_of(r) for r in rows}

    def list(self, user_id: str, character_id: str, active_only: bool = True) -> list[dict[str, Any]]:
        """The pair's rows in time order (the facade's `nova.timeline.list`)."""
        check_pair(user_id, character_id)
        with self._transaction() as conn:
            rows = conn.execute(LIST_ACTIVE if active_only else LIST_ALL, (user_id, character_id)).fetchall()
        return [row_of(r) for r in rows]

    def count(self, user_id: str, character_id: str, active_only: bool = True) -> int:
        check_pair(user_id, character_id)
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
            return [window_row_of(r) for r in conn.execute(FIND_BY_DATE_RANGE, params).fetchall()]

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
        check_pair(user_id, character_id)
        terms = [keyword] if isinstance(keyword, str) else list(keyword)
        if not terms or not all(isinstance(t, str) and t.strip() for t in terms):
            raise ValueError("timeline: the search keyword is empty")
        if direction not in DIRECTIONS:
            raise ValueError(f"timeline: unknown direction {direction!r}")
        if not isinstance(limit, int) or limit < 1:
            raise ValueError("timeline: the limit must be a positive number")
        params: dict[str, Any] = {"user_id": user_id, "character_id": character_id, "active_only": active_only,
                                  "patterns": [f"%{escape_like(t.strip())}%" for t in terms],
                                  "terms": " ".join(t.strip() for t in terms),
                                  "excluded": list(exclude_event_types), "limit": limit, "month": MONTH_PRECISION}
        if direction != "both":
            if now is None or zone is None:
                raise ValueError("timeline: a search with a direction needs the turn's clock and zone")
            params.update(past_bounds(now, zone))
        with self._transaction() as conn:
            rows = [row_of(r) for r in conn.execute(FIND_BY_KEYWORD[direction], params).fetchall()]
        if not any(recurrence.is_series(r) for r in rows):
            return rows
        if now is None or zone is None:  # without a clock a series stands as its row (its first start)
            return rows
        return picked(rows, direction, now, zone, limit)

    def find_next(self, user_id: str, character_id: str, now: datetime, zone: ZoneInfo, *, limit: int,
                  exclude_event_types: Sequence[str] = ()) -> list[dict[str, Any]]:
        """The first `limit` active rows that are not past at `now` (the turn's clock), in time order."""
        check_pair(user_id, character_id)
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
        found = [window_row_of(r) for r in rows]
        if series:
            found.extend(first_occurrences([window_row_of(r) for r in series], bounds, zone, limit))
        found.sort(key=recurrence.sort_key)
        return found[:limit]

    def find_at_moment(self, user_id: str, character_id: str, moment: datetime,
                       zone: ZoneInfo) -> list[dict[str, Any]]:
        """Active appointments of the pair with a clock time at exactly that minute (minute-exact, no tolerance;
        a row of that day without a clock time does not count — tribunal.md „Der Bestandsabgleich“)."""
        check_pair(user_id, character_id)
        local = _aware(moment, "moment").astimezone(zone)
        minute = as_utc(local.replace(second=0, microsecond=0))
        params = {"user_id": user_id, "character_id": character_id, "minute": minute,
                  "next_minute": minute + timedelta(minutes=1), "excluded": list(NOT_APPOINTMENTS),
                  "series_from": minute - SERIES_END_MARGIN}
        with self._transaction() as conn:
            rows = conn.execute(FIND_AT_MOMENT, params).fetchall()
            series = conn.execute(FIND_SERIES_AT_MINUTE, params).fetchall()
        found = [row_of(r) for r in rows]
        found.extend(at_minute([row_of(r) for r in series], minute, zone))
        return found

    def aktive_zeile(self, user_id: str, character_id: str, row_id: int) -> dict[str, Any]:
        """Follow `nachfolger_id` to the active row (§5.2): at most ten steps; a cycle or a gap raises."""
        check_pair(user_id, character_id)
        seen: list[int] = []
        current = row_id
        with self._transaction() as conn:
            for _ in range(TIMELINE_CHAIN_MAX_STEPS + 1):
                raw = conn.execute(FIND_BY_ID, (current, user_id, character_id)).fetchone()
                if raw is None:
                    where = f"after {seen[-1]}" if seen else "at the start"
                    raise ChainError(f"timeline chain from {row_id}: row {current} missing {where}")
                if raw["aktiv"]:
                    return row_of(raw)
                seen.append(current)
                successor = raw["nachfolger_id"]
                if successor is None:
                    raise ChainError(f"timeline chain from {row_id}: row {current} is inactive without successor")
                if successor in seen:
                    raise ChainError(f"timeline chain from {row_id} has a cycle at {successor}")
                current = successor
        raise ChainError(f"timeline chain from {row_id} is longer than {TIMELINE_CHAIN_MAX_STEPS} steps")

    # --- calendar fields ------------------------------------------------------

    def calendar_fields(self, user_id: str, character_id: str, row_id: int) -> dict[str, Any] | None:
        """Reminder offset and imported UID of an active row of the pair, with its moment and precision (what an
        answer about the reminder names); None when the pair has no such active row."""
        check_pair(user_id, character_id)
        with self._transaction() as conn:
            raw = conn.execute(READ_CALENDAR_FIELDS, (row_id, user_id, character_id)).fetchone()
        return {**raw, "event_time": as_utc(raw["event_time"])} if raw else None


def _window_params(user_id: str, character_id: str, start: datetime, end: datetime, zone: ZoneInfo,
                   exclude_event_types: Sequence[str]) -> dict[str, Any]:
    """The checked parameters of a window read (the pair, an aware window that does not end before it starts)."""
    check_pair(user_id, character_id)
    start, end = _aware(start, "start"), _aware(end, "end")
    if end < start:
        raise ValueError("timeline: the window ends before it starts")
    return {"user_id": user_id, "character_id": character_id, "start": start, "end": end,
            "month_start": as_utc(month_start(start, zone)), "month": MONTH_PRECISION,
            "excluded": list(exclude_event_types), "series_from": start - SERIES_END_MARGIN}
