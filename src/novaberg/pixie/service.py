"""`Nova.pixie`: the heartbeat of one Nova — `tick(now)` for tests and scripts, `run` for the CLI, and
`start_background(clock)` for `novaberg serve` (a daemon thread, stopped before Nova closes).

`stop_background()` is what `Nova.close` calls first: the heartbeat releases its Redis lock while Redis
still runs, so the next start takes it at once (a lock left behind made it wait ~60 s)."""

from __future__ import annotations

import logging
import threading
from datetime import datetime
from typing import Any

from novaberg.core.settings import PIXIE_LOCK_SECONDS
from novaberg.pixie.heartbeat import Heartbeat
from novaberg.pixie.jobs import build_jobs

__all__ = ["PixieService", "BackgroundHeartbeat"]

_log = logging.getLogger("novaberg.pixie")


class BackgroundHeartbeat:
    def __init__(self, heartbeat: Heartbeat, clock: Any) -> None:
        self._stop = threading.Event()
        self._heartbeat = heartbeat
        self._clock = clock
        self._thread = threading.Thread(target=self._run, name="novaberg-pixie", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        """A server that shuts down closes Nova under the thread: what was running stays in `:arbeit`
        and is put back by the next heartbeat (synapsen-promotion.md §3); here it only ends, logged."""
        try:
            self._heartbeat.run(self._clock, self._stop, say=lambda text: _log.warning("%s", text))
        except Exception as err:  # noqa: BLE001 - a background thread has nobody to raise to
            if not self._stop.is_set():
                _log.error("the background heartbeat ended: %s", err, exc_info=True)

    def stop(self, timeout: float = 30.0) -> None:
        self._stop.set()
        self._thread.join(timeout)


class PixieService:
    def __init__(self, nova: Any, lock_seconds: float = PIXIE_LOCK_SECONDS,
                 intervals: dict[str, float] | None = None) -> None:
        self.heartbeat = Heartbeat(nova.deps.redis, build_jobs(nova, intervals), nova.deps.log, lock_seconds)
        self._background: list[BackgroundHeartbeat] = []

    def tick(self, now: datetime) -> dict[str, Any]:
        """Every due background job once with this clock (HeartbeatBusyError while another process runs it)."""
        return self.heartbeat.tick(now)

    def run(self, clock: Any, stop: threading.Event, say: Any = print, once: bool = False) -> dict[str, Any]:
        return self.heartbeat.run(clock, stop, say, once=once)

    def start_background(self, clock: Any) -> BackgroundHeartbeat:
        background = BackgroundHeartbeat(self.heartbeat, clock)
        self._background.append(background)
        return background

    def stop_background(self) -> None:
        """Stop every background heartbeat of this Nova (each releases its lock on the way out)."""
        while self._background:
            self._background.pop().stop()
