"""One heartbeat across processes: a Redis lock with expiry and renewal (the spec's `max_instances=1`).

redis-py's own `Lock` does the protocol: it takes the key with `SET NX PX` and a token of this holder, and
only the holder of the token can extend or release it (its Lua scripts). A keeper thread renews it every
third of its expiry. A process that dies — `kill -9` included — leaves the lock to expire, then the next
runner takes it and puts back what the dead one left in `:arbeit` (synapsen-promotion.md §3).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import uuid
from typing import Any

import redis as redis_lib
from redis.exceptions import LockError

from novaberg.core.settings import PIXIE_LOCK_SECONDS

__all__ = ["LOCK_KEY", "HeartbeatLock", "LockKeeper"]

LOCK_KEY = "pixie:lock"
_log = logging.getLogger("novaberg.pixie")


class HeartbeatLock:
    def __init__(self, redis: Any, seconds: float = PIXIE_LOCK_SECONDS, key: str = LOCK_KEY) -> None:
        if not seconds > 0:
            raise ValueError("the heartbeat lock needs an expiry above zero")
        self._redis = redis
        self.key = key
        self.seconds = seconds
        self.token = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        # thread_local=False: the keeper thread renews the token the heartbeat thread took
        self._lock = redis.lock(key, timeout=seconds, blocking=False, thread_local=False)

    def acquire(self) -> bool:
        return bool(self._lock.acquire(blocking=False, token=self.token))

    def holder(self) -> str | None:
        value = self._redis.get(self.key)
        return value.decode() if isinstance(value, bytes) else value

    def held(self) -> bool:
        return self.holder() == self.token

    def renew(self) -> bool:
        """The expiry set anew to `seconds`; False when the lock is no longer this holder's."""
        try:
            return bool(self._lock.reacquire())
        except LockError:
            return False

    def release(self) -> bool:
        try:
            self._lock.release()
        except LockError:  # not held any more (expired or taken): nothing to release
            return False
        except redis_lib.RedisError as err:  # it expires on its own
            _log.error("heartbeat lock not released: %s", err)
            return False
        return True


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
