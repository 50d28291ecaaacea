"""The one writer of `pipeline_log`, `hintergrund_log` and `turns`.

The writers never fail on what a model or a person said (a broken model answer is logged, never a 500): the
JSON they store is strict (NaN/±Infinity become the strings "NaN"/"Infinity"/"-Infinity", values
JSON has no type for become their text), and every text loses what PostgreSQL's text and jsonb
refuse — NUL and lone surrogates become U+FFFD.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import PurePath
from typing import Any
from uuid import UUID

from novaberg.core.clock import as_utc
from novaberg.core.settings import PIPELINE_LOG_RETENTION_DAYS

__all__ = ["PipelineLog", "RAW_TURN_KIND", "safe_json", "safe_text"]

RAW_TURN_KIND = "turn_roh"  # dateien.md §4b: the raw turn is exempt from the retention

_INSERT_PIPELINE = """
INSERT INTO pipeline_log (turn_id, node, kind, source, payload, created_at)
VALUES (%s, %s, %s, %s, %s::jsonb, %s)
"""
_COPY_PIPELINE = "COPY pipeline_log (turn_id, node, kind, source, payload, created_at) FROM STDIN"
_INSERT_BACKGROUND = """
INSERT INTO hintergrund_log (task, status, payload, created_at) VALUES (%s, %s, %s::jsonb, %s)
"""
# The raw turn and its `turn_roh` trace row in one statement (one round trip).
_INSERT_RAW_TURN = """
WITH raw AS (INSERT INTO turns (turn_id, user_id, character_id, text, created_at) VALUES (%s, %s, %s, %s, %s))
INSERT INTO pipeline_log (turn_id, node, kind, source, payload, created_at) VALUES (%s, %s, %s, %s, %s::jsonb, %s)
"""
_FINISH_TURN = "UPDATE turns SET answer = %s, verdict = %s WHERE turn_id = %s"
_NO_FLUSH_WAIT = "SET LOCAL synchronous_commit = off"
_RECENT_TURNS = """
SELECT text, answer FROM turns
WHERE user_id = %s AND character_id = %s AND answer IS NOT NULL
ORDER BY created_at DESC, id DESC LIMIT %s
"""
# Pruning may meet a year of trace rows: it asks the database for a long statement limit, not the turn's 5 s.
PRUNE_SECONDS = 600.0
_PRUNE = "DELETE FROM pipeline_log WHERE created_at < %s AND kind <> %s"
_PRUNE_BACKGROUND = "DELETE FROM hintergrund_log WHERE created_at < %s"


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # NUL and lone surrogates: refused by PostgreSQL text/jsonb
_MAX_DEPTH = 32
_AS_TEXT = (datetime, date, time, timedelta, UUID, Decimal, PurePath)


def safe_text(text: str | None) -> str | None:
    """`text` as PostgreSQL stores it: NUL and lone surrogates replaced by U+FFFD."""
    return _UNSTORABLE.sub("\ufffd", text) if text is not None else None


def _plain(value: Any, path: frozenset[int] = frozenset()) -> Any:
    """`value` as strict JSON types; never raises (a cycle or too deep a nesting ends in a marker text)."""
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        if id(value) in path or len(path) >= _MAX_DEPTH:
            return "…"
        inner = path | {id(value)}
        if isinstance(value, Mapping):
            return {_key(k): _plain(v, inner) for k, v in value.items()}
        return [_plain(item, inner) for item in value]
    return safe_text(_text_of(value))


def _key(key: Any) -> str:
    if isinstance(key, str):
        return safe_text(key)  # type: ignore[return-value]
    plain = _plain(key) if isinstance(key, bool | int | float) or key is None else _text_of(key)
    return safe_text(plain if isinstance(plain, str) else json.dumps(plain))  # type: ignore[return-value]


def _text_of(value: Any) -> str:
    try:
        return str(value) if isinstance(value, _AS_TEXT) else repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not fail the log
        return f"<{type(value).__name__}>"


def safe_json(payload: Any) -> str:
    """Strict JSON (no NaN/Infinity, no NUL, no lone surrogates) of any payload; never raises.

    Most payloads are plain JSON already and are written as they are; the cleaning walk (`_plain`)
    runs only when the direct encoding refuses (a value JSON has no type for, NaN, a cycle), carries a NUL or
    a lone surrogate, or may nest as deep as the walk's limit — so both ways give the same text."""
    value = payload if payload is not None else {}
    try:
        direct = json.dumps(value, ensure_ascii=False, allow_nan=False, default=_refuse)
    except (TypeError, ValueError, RecursionError):
        return _cleaned_json(value)
    if "\\u0000" in direct or _UNSTORABLE.search(direct) or direct.count("{") + direct.count("[") >= _MAX_DEPTH:
        return _cleaned_json(value)
    return direct


def _cleaned_json(value: Any) -> str:
    return json.dumps(_plain(value), ensure_ascii=False, allow_nan=False)


def _refuse(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} is no JSON type")


class PipelineLog:
    """Writes log rows; every method takes the moment explicitly (the clock comes from the turn)."""

    def __init__(self, db: Any) -> None:
        self._db = db
        self._buffers: dict[UUID, list[tuple[Any, ...]]] = {}
        self._lock = threading.Lock()

    def write(
        self, turn_id: UUID | None, node: str, kind: str, payload: dict[str, Any] | None, at: datetime, source: str = ""
    ) -> None:
        """A trace row; rows of a running turn are kept and written with the turn's end in one transaction."""
        row = (turn_id, safe_text(node), safe_text(kind), safe_text(source), safe_json(payload), as_utc(at))
        with self._lock:
            buffer = self._buffers.get(turn_id) if turn_id is not None else None
            if buffer is not None:
                buffer.append(row)
                return
        with self._db.transaction() as conn:
            conn.execute(_INSERT_PIPELINE, row)

    def background(self, task: str, status: str, payload: dict[str, Any] | None, at: datetime) -> None:
        with self._db.transaction() as conn:
            conn.execute(_INSERT_BACKGROUND, (safe_text(task), safe_text(status), safe_json(payload), as_utc(at)))

    def start_turn(self, turn_id: UUID, user_id: str, character_id: str, text: str, at: datetime,
                   history_pairs: int = 0) -> list[tuple[str, str]]:
        """Store the raw turn for ever, and trace it as `turn_roh` in the same transaction (before any node runs).
        With `history_pairs`: the pair's last finished turns are read first in that transaction and returned,
        oldest first, as `recent_turns` gives them (one round trip of transaction less per turn)."""
        with self._lock:
            self._buffers[turn_id] = []
        with self._db.transaction() as conn:
            # this commit does not wait for its WAL flush (a disk flush, 1–30 ms on this machine). Every write
            # of a service commits synchronously, and a synchronous commit flushes the log up to itself — so in a
            # turn that writes, the raw turn is on disk with the person's write. In a turn without a write the
            # raw turn and the turn's end (`finish_turn`) wait for the WAL writer alike: only a crash of the
            # database server or the machine (not of this process) within its interval could lose them.
            conn.execute(_NO_FLUSH_WAIT)
            rows = conn.execute(_RECENT_TURNS, (user_id, character_id, history_pairs)).fetchall() \
                if history_pairs > 0 else []
            conn.execute(_INSERT_RAW_TURN, (
                turn_id, safe_text(user_id), safe_text(character_id), safe_text(text), as_utc(at),
                turn_id, "perceive", RAW_TURN_KIND, "",
                safe_json({"user_id": user_id, "character_id": character_id, "text": text}), as_utc(at)))
        return [(row["text"], row["answer"]) for row in reversed(rows)]

    def traced(self, turn_id: UUID, node: str, kind: str) -> list[Any]:
        """The payloads of the running turn's trace rows of `node`/`kind` so far (kept in memory until the turn
        ends): what the turn's nodes recorded, readable while the database is not."""
        with self._lock:
            rows = list(self._buffers.get(turn_id, ()))
        return [json.loads(row[4]) for row in rows if row[1] == node and row[2] == kind]

    def finish_turn(self, turn_id: UUID, answer: str | None, verdict: str | None) -> None:
        """Write the turn's trace rows and its answer together; also called when the turn failed (answer None).

        The commit does not wait for its WAL flush (one disk flush, ~1.4 ms of the warm turn). What that can cost:
        a crash of the server or the machine within the WAL writer's interval (≤ 3 × `wal_writer_delay`, 0.6 s at
        the default) after the answer loses this row's answer and the turn's trace rows — the database stays
        consistent, the person had the answer, and the next turn's history misses that exchange. What it cannot
        cost: a write of the person. Every service writes in a transaction of its own that commits synchronously
        before the answer is composed (and its flush carries the raw turn of `start_turn` with it); erasure and
        every other write outside this log are untouched (`SET LOCAL`: this transaction only)."""
        with self._lock:
            rows = self._buffers.pop(turn_id, [])
        with self._db.transaction() as conn:
            conn.execute(_NO_FLUSH_WAIT)
            if rows:  # COPY: the turn's rows in one stream (a third less client CPU than one INSERT per row)
                with conn.cursor() as cursor, cursor.copy(_COPY_PIPELINE) as copy:
                    for row in rows:
                        copy.write_row(row)
            if answer is not None:
                conn.execute(_FINISH_TURN, (safe_text(answer), safe_text(verdict), turn_id))

    def recent_turns(self, user_id: str, character_id: str, pairs: int) -> list[tuple[str, str]]:
        """The last finished turn pairs of this person with this figure, oldest first."""
        with self._db.transaction() as conn:
            rows = conn.execute(_RECENT_TURNS, (user_id, character_id, pairs)).fetchall()
        return [(row["text"], row["answer"]) for row in reversed(rows)]

    def prune(self, now: datetime) -> int:
        """Drop trace rows older than the retention; raw turns stay."""
        cutoff = as_utc(now) - timedelta(days=PIPELINE_LOG_RETENTION_DAYS)
        with self._db.transaction(seconds=PRUNE_SECONDS) as conn:  # a year of traces is no 5 s statement
            return conn.execute(_PRUNE, (cutoff, RAW_TURN_KIND)).rowcount

    def prune_background(self, now: datetime) -> int:
        """Drop background run reports (`hintergrund_log`) older than the same retention."""
        cutoff = as_utc(now) - timedelta(days=PIPELINE_LOG_RETENTION_DAYS)
        with self._db.transaction(seconds=PRUNE_SECONDS) as conn:  # a year of traces is no 5 s statement
            return conn.execute(_PRUNE_BACKGROUND, (cutoff,)).rowcount
