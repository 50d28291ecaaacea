"""One heartbeat across processes: a Redis lock with expiry and renewal (the spec's `max_instances=1`).

`SET NX PX` takes it with a token of this holder; a keeper thread renews it every third of its expiry,
and only the holder of the token can renew or release it (both are scripts). A process that dies —
`kill -9` included — leaves the lock to expire, then the next runner takes it and puts back what the
dead one left in `:arbeit` (synapsen-promotion.md §3).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from typing import Any

import redis as redis_lib

from novaberg.core.settings import PIXIE_LOCK_SECONDS

__all__ = ["LOCK_KEY", "HeartbeatLock", "LockKeeper"]

LOCK_KEY = "pixie:lock"
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
_log = logging.getLogger("novaberg.pixie")


class HeartbeatLock:
    def __init__(self, redis: Any, seconds: float = PIXIE_LOCK_SECONDS, key: str = LOCK_KEY) -> None:
        if not seconds > 0:
            raise ValueError("the heartbeat lock needs an expiry above zero")
        self._redis = redis
        self.key = key
        self.seconds = seconds
        self.token = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    @property
    def _ms(self) -> int:
        return max(1, int(self.seconds * 1000))

    def acquire(self) -> bool:
        return bool(self._redis.set(self.key, self.token, nx=True, px=self._ms))

    def holder(self) -> str | None:
        return self._redis.get(self.key)

    def held(self) -> bool:
        return self.holder() == self.token

    def renew(self) -> bool:
        return bool(self._renew(keys=[self.key], args=[self.token, self._ms]))

    def release(self) -> bool:
        try:
            return bool(self._release(keys=[self.key], args=[self.token]))
        except redis_lib.RedisError as err:  # it expires on its own
            _log.error("heartbeat lock not released: %s", err)
            return False


class LockKeeper:
    """Renews the lock every third of its expiry on a side thread; `lost` tells when renewal failed."""

    def __init__(self, lock: HeartbeatLock) -> None:
        self._lock = lock
        self._stop = threading.Event()
        self.lost = threading.Event()
        self._thread = threading.Thread(target=self._run, name="novaberg-pixie-lock", daemon=True)

    def __enter__(self) -> LockKeeper:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self._lock.seconds / 3):
            try:
                if not self._lock.renew():
                    _log.error("heartbeat lock %s was lost (expired or taken)", self._lock.key)
                    self.lost.set()
                    return
            except redis_lib.RedisError as err:
                _log.error("heartbeat lock not renewed: %s", err)
