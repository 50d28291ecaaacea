"""The one writer of `pipeline_log`, `hintergrund_log` and `turns`."""

from __future__ import annotations

import json
import threading
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from novaberg.core.clock import as_utc
from novaberg.core.settings import PIPELINE_LOG_RETENTION_DAYS

__all__ = ["PipelineLog", "RAW_TURN_KIND"]

RAW_TURN_KIND = "turn_roh"  # dateien.md §4b: the raw turn is exempt from the retention

_INSERT_PIPELINE = """
INSERT INTO pipeline_log (turn_id, node, kind, source, payload, created_at)
VALUES (%s, %s, %s, %s, %s::jsonb, %s)
"""
_INSERT_BACKGROUND = """
INSERT INTO hintergrund_log (task, status, payload, created_at) VALUES (%s, %s, %s::jsonb, %s)
"""
_INSERT_TURN = """
INSERT INTO turns (turn_id, user_id, character_id, text, created_at) VALUES (%s, %s, %s, %s, %s)
"""
_FINISH_TURN = "UPDATE turns SET answer = %s, verdict = %s WHERE turn_id = %s"
_RECENT_TURNS = """
SELECT text, answer FROM turns
WHERE user_id = %s AND character_id = %s AND answer IS NOT NULL
ORDER BY created_at DESC, id DESC LIMIT %s
"""
_PRUNE = "DELETE FROM pipeline_log WHERE created_at < %s AND kind <> %s"


def _json(payload: dict[str, Any] | None) -> str:
    return json.dumps(payload or {}, ensure_ascii=False, default=str)


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
        row = (turn_id, node, kind, source, _json(payload), as_utc(at))
        with self._lock:
            buffer = self._buffers.get(turn_id) if turn_id is not None else None
            if buffer is not None:
                buffer.append(row)
                return
        with self._db.transaction() as conn:
            conn.execute(_INSERT_PIPELINE, row)

    def background(self, task: str, status: str, payload: dict[str, Any] | None, at: datetime) -> None:
        with self._db.transaction() as conn:
            conn.execute(_INSERT_BACKGROUND, (task, status, _json(payload), as_utc(at)))

    def start_turn(self, turn_id: UUID, user_id: str, character_id: str, text: str, at: datetime) -> None:
        """Store the raw turn for ever, and trace it as `turn_roh` in the same transaction (before any node runs)."""
        with self._lock:
            self._buffers[turn_id] = []
        with self._db.transaction() as conn:
            conn.execute(_INSERT_TURN, (turn_id, user_id, character_id, text, as_utc(at)))
            conn.execute(
                _INSERT_PIPELINE,
                (turn_id, "perceive", RAW_TURN_KIND, "", _json({"user_id": user_id, "character_id": character_id,
                                                                "text": text}), as_utc(at)),
            )

    def finish_turn(self, turn_id: UUID, answer: str | None, verdict: str | None) -> None:
        """Write the turn's trace rows and its answer together; also called when the turn failed (answer None)."""
        with self._lock:
            rows = self._buffers.pop(turn_id, [])
        with self._db.transaction() as conn:
            if rows:
                with conn.cursor() as cursor:
                    cursor.executemany(_INSERT_PIPELINE, rows)
            if answer is not None:
                conn.execute(_FINISH_TURN, (answer, verdict, turn_id))

    def recent_turns(self, user_id: str, character_id: str, pairs: int) -> list[tuple[str, str]]:
        """The last finished turn pairs of this person with this figure, oldest first."""
        with self._db.transaction() as conn:
            rows = conn.execute(_RECENT_TURNS, (user_id, character_id, pairs)).fetchall()
        return [(row["text"], row["answer"]) for row in reversed(rows)]

    def prune(self, now: datetime) -> int:
        """Drop trace rows older than the retention; raw turns stay."""
        cutoff = as_utc(now) - timedelta(days=PIPELINE_LOG_RETENTION_DAYS)
        with self._db.transaction() as conn:
            return conn.execute(_PRUNE, (cutoff, RAW_TURN_KIND)).rowcount
