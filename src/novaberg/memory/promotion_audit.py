"""The promotion's audit trail (synapsen-promotion.md §3b, Audit): each order's closing line in `hintergrund_log`
and, under the order's turn, in `pipeline_log`; the run's own lines. Green lines are held and written in batches
(one transaction per AUDIT_BATCH lines: a kill -9 loses at most these lines, never data), error lines at once.
The audit never turns a green step red: a failing write is logged, never raised."""

from __future__ import annotations

import logging
import uuid
from datetime import datetime
from typing import Any

import psycopg

from novaberg.core.errors import DatabaseError
from novaberg.core.logs import PipelineLog
from novaberg.store.db import OneTransaction

__all__ = ["AUDIT_BATCH", "PromotionAudit"]

AUDIT_BATCH = 50  # green audit lines written per transaction (a kill -9 loses at most these lines, never data)
_log = logging.getLogger("novaberg.memory.promotion")


class PromotionAudit:
    def __init__(self, db: Any, log: Any, task: str) -> None:
        self._db = db
        self._log = log
        self._task = task
        self._green: list[tuple[str, str, dict[str, Any], datetime, Any]] = []

    def error(self, key: str, step: str, detail: Any, turn_id: Any, now: datetime) -> None:
        """An error line of one order: in `hintergrund_log` and, under the order's turn, in `pipeline_log`, at once."""
        payload = {"schritt": step, "schluessel": key, "detail": detail}
        self.line(f"{self._task}:{key}", "fehler", payload, now)
        try:
            self._log.write(_uuid(turn_id), self._task, "fehler", payload, now, "memory")
        except (DatabaseError, psycopg.Error) as err:
            _log.error("pipeline_log line for %s not written: %s", key, err)

    def closing(self, key: str, action: str, deleted: bool, payload: dict[str, Any], now: datetime) -> None:
        """§3b: a deletion without error writes its own line `kzg_geloescht`, then the closing line of the
        entry carries `kzg_geloescht` — both in `hintergrund_log` and in `pipeline_log` (under the entry's turn). Green lines are written in batches (`flush`): one transaction per
        AUDIT_BATCH entries instead of one per entry; error lines are written at once."""
        task, turn = f"{self._task}:{key}", _uuid(payload.get("turn_id"))
        if deleted:
            self._green.append((task, "kzg_geloescht", {"schluessel": key, "aktion": "kzg_geloescht"}, now, turn))
        self._green.append((task, action, {"schluessel": key, "aktion": action, **payload}, now, turn))
        if len(self._green) >= AUDIT_BATCH:
            self.flush()

    def flush(self) -> None:
        """Write the green lines held, in one transaction."""
        lines, self._green = self._green, []
        if not lines:
            return
        try:
            with self._db.transaction() as conn, conn.pipeline():
                log = PipelineLog(OneTransaction(conn))
                for task, status, payload, now, turn in lines:
                    log.background(task, status, payload, now)
                    log.write(turn, self._task, status, payload, now, "memory")  # §3b: the closing line in pipeline_log
        except (DatabaseError, psycopg.Error) as err:  # the audit must not turn a green step red
            _log.error("%d hintergrund_log lines not written: %s", len(lines), err)

    def line(self, task: str, status: str, payload: dict[str, Any], now: datetime) -> None:
        """One `hintergrund_log` line, written at once; a failing write is logged, never raised."""
        try:
            self._log.background(task, status, payload, now)
        except (DatabaseError, psycopg.Error) as err:  # the audit must not turn a green step red
            _log.error("hintergrund_log %s %s not written: %s", task, status, err)


def _uuid(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except (TypeError, ValueError):
        return None
