"""Shutdown order: on SIGTERM `novaberg serve` releases the heartbeat's Redis lock before the
embedded Redis stops, so the next start takes the lock at once instead of waiting for it to expire."""

from __future__ import annotations

import signal
import time

from novaberg.core.settings import Settings
from novaberg.pixie.lock import HeartbeatLock
from novaberg.pixie.texts import RUNNING
from novaberg.store.stack import Stack
from tests.serving import free_port, start_serve, stop_serve


def test_sigterm_of_serve_releases_the_heartbeat_lock_so_the_next_start_takes_it_at_once(tmp_path, data_dir):
    """serve runs its heartbeat (the lock is held), SIGTERM ends it; a new stack on the same
    data directory finds no lock holder and takes the lock on the first try (before: the lock outlived
    Redis in its dump and the next start waited up to PIXIE_LOCK_SECONDS). A later start (`data_dir`): the
    first one's initdb and migrations are not the subject."""
    data = data_dir
    log = tmp_path / "serve.log"
    process = start_serve(data, free_port(), log)
    try:
        running = RUNNING.split("(")[0]
        deadline = time.monotonic() + 30
        while running not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert running in log.read_text(), log.read_text()
    finally:
        if process.poll() is None:
            stop_serve(process, signal.SIGTERM, data)
    stack = Stack.open(Settings(data_dir=data))
    try:
        lock = HeartbeatLock(stack.redis)
        assert lock.holder() is None
        started = time.monotonic()
        assert lock.acquire()
        assert time.monotonic() - started < 1.0
        lock.release()
    finally:
        stack.close()
