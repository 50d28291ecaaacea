"""The heartbeat: one scheduler for the background jobs, one instance across processes (a Redis lock).

`tick(now)` runs every job that is due by the given clock once (tests and scripts); `run(clock, stop)`
is the foreground loop of `novaberg pixie` and the background thread of `novaberg serve`: it waits —
and says so — while another process holds the lock, then ticks every `PIXIE_TICK_SECONDS`. The last
run of each job is kept in Redis (by the clock that ran it), so a restart does not run everything again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import psycopg

from novaberg.core.clock import as_utc
from novaberg.core.errors import DatabaseError, NovabergError
from novaberg.core.settings import PIXIE_LOCK_SECONDS, PIXIE_TICK_SECONDS
from novaberg.pixie.lock import HeartbeatLock, LockKeeper
from novaberg.pixie.texts import BUSY, LOST, RUNNING, STOPPED, WAITING

__all__ = ["Job", "Heartbeat", "HeartbeatBusyError", "LAST_RUN_KEY"]

LAST_RUN_KEY = "pixie:letzter_lauf"
_log = logging.getLogger("novaberg.pixie")


class HeartbeatBusyError(NovabergError):
    """Another process runs the heartbeat right now; this one ran nothing."""


@dataclass(frozen=True)
class Job:
    name: str
    interval: float  # seconds between two runs, by the clock the heartbeat is given
    run: Callable[[datetime], dict[str, Any]]


class Heartbeat:
    def __init__(self, redis: Any, jobs: Sequence[Job], log: Any, lock_seconds: float = PIXIE_LOCK_SECONDS) -> None:
        names = [job.name for job in jobs]
        if len(set(names)) != len(names):
            raise ValueError(f"a heartbeat job is registered twice: {names}")
        self._redis = redis
        self.jobs = tuple(jobs)
        self._log = log
        self.lock = HeartbeatLock(redis, lock_seconds)
        self._holding = threading.Lock()  # one tick at a time inside this process too

    # --- one tick -----------------------------------------------------------------------------------

    def tick(self, now: datetime) -> dict[str, Any]:
        """Every due job once with this clock; raises HeartbeatBusyError when another process holds the lock."""
        if not isinstance(now, datetime) or now.tzinfo is None:
            raise ValueError("now must be a timezone-aware datetime (the clock comes from the caller)")
        with self._holding:
            if self.lock.held():
                return self.run_due(now)
            if not self.lock.acquire():
                raise HeartbeatBusyError(BUSY.format(holder=self.lock.holder()))
            try:
                with LockKeeper(self.lock):
                    return self.run_due(now)
            finally:
                self.lock.release()

    def due(self, now: datetime) -> list[Job]:
        last = self._redis.hgetall(LAST_RUN_KEY)
        stamp = as_utc(now).timestamp()
        out = []
        for job in self.jobs:
            try:
                previous = float(last[job.name])
            except (KeyError, ValueError):
                out.append(job)
                continue
            if stamp - previous >= job.interval or stamp < previous:  # a clock behind the last run is another clock
                out.append(job)
        return out

    def run_due(self, now: datetime) -> dict[str, Any]:
        """The due jobs in their order; one job's failure is logged and does not stop the next."""
        report: dict[str, Any] = {}
        for job in self.due(now):
            try:
                result = job.run(now)
                report[job.name] = result
                status = "fehler" if isinstance(result, dict) and result.get("status") == "fehler" else "erledigt"
            except Exception as err:  # noqa: BLE001 - a job's exception is its `fehler` line, never the heartbeat's end
                _log.error("heartbeat job %s failed: %s", job.name, err, exc_info=True)
                report[job.name] = {"status": "fehler", "fehler": f"{type(err).__name__}: {err}"}
                status = "fehler"
            self._audit(f"pixie:{job.name}", status, report[job.name], now)
            self._redis.hset(LAST_RUN_KEY, job.name, repr(as_utc(now).timestamp()))
        return report

    def _audit(self, task: str, status: str, payload: Any, now: datetime) -> None:
        try:
            self._log.background(task, status, payload if isinstance(payload, dict) else {"ergebnis": payload}, now)
        except (DatabaseError, psycopg.Error) as err:
            _log.error("hintergrund_log %s not written: %s", task, err)

    # --- the loop -----------------------------------------------------------------------------------

    def run(self, clock: Any, stop: threading.Event, say: Callable[[str], None] = print, once: bool = False,
            tick_seconds: float = PIXIE_TICK_SECONDS) -> dict[str, Any]:
        """Wait for the lock (saying so once), then tick until `stop` (or once). Returns the last report."""
        report: dict[str, Any] = {}
        waiting_said = False
        poll = min(max(self.lock.seconds / 6, 0.2), 5.0)
        while not stop.is_set():
            if not self.lock.acquire():
                if not waiting_said:
                    say(WAITING.format(holder=self.lock.holder()))
                    waiting_said = True
                stop.wait(poll)
                continue
            waiting_said = False
            say(RUNNING.format(holder=self.lock.token))
            try:
                with LockKeeper(self.lock) as keeper:
                    while not stop.is_set() and not keeper.lost.is_set():
                        with self._holding:
                            report = self.run_due(clock.now())
                        if once:
                            return report
                        stop.wait(tick_seconds)
                    if keeper.lost.is_set():
                        say(LOST)
            finally:
                self.lock.release()
        say(STOPPED)
        return report
