"""Rate limits at the HTTP edge: `/login` per client address and per token prefix, `/turn` per person, and
wrong bearer tokens per client address and per token prefix (a token guessed at `Authorization: Bearer` is the
same guess as one at `/login`: once over the limit, every bearer request of that address waits, a right token
too, so a guesser cannot tell a hit from the refusal).

A sliding window per key, kept in this process's memory: the moments of the key's last requests inside the
window; a request over the limit is refused with 429, a German message and `Retry-After` (the seconds until
the oldest counted request leaves the window). The moments come from the app's clock (passed in), never from
the system time on its own.

Why in memory is enough: `novaberg serve` is one process, and every request of it passes this one object. The
limits are a brake on guessing a token at full speed and on one person's turns costing model calls without
end — they need to hold in the process that answers, not across restarts (a restart costs the guesser more
than the window). Several app processes behind one address would each count on their own (the real limit
becomes N times the setting); they would need a shared counter, e.g. a Redis sorted set per key
(ZADD the moment, ZREMRANGEBYSCORE the old ones, ZCARD, in one script) — not built here.

Memory: at most `MAX_KEYS` keys are kept; the key seen least recently goes first, so a flood of addresses
cannot grow the table without end.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict, deque
from dataclasses import dataclass
from datetime import datetime

__all__ = ["RateLimit", "SlidingWindow", "MAX_KEYS", "TOKEN_PREFIX_CHARS"]

MAX_KEYS = 10_000
TOKEN_PREFIX_CHARS = 6  # the part of a given token that names its bucket (never the whole token in memory)


@dataclass(frozen=True)
class RateLimit:
    """At most `count` requests per `seconds`; `count` 0 switches the limit off."""

    count: int
    seconds: int

    @property
    def off(self) -> bool:
        return self.count <= 0


class SlidingWindow:
    """One limit over many keys (thread-safe)."""

    def __init__(self, limit: RateLimit, max_keys: int = MAX_KEYS) -> None:
        self.limit = limit
        self._max_keys = max_keys
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def waiting(self, key: str, now: datetime) -> int:
        """The seconds `key` has to wait at `now` (0: it may go on); counts nothing."""
        if self.limit.off:
            return 0
        with self._lock:
            times = self._seen.get(key)
            return self._wait(times, now.timestamp()) if times else 0

    def take(self, key: str, now: datetime) -> int:
        """Count one request of `key` at `now`: 0 when it may pass, else the seconds to wait (not counted)."""
        if self.limit.off:
            return 0
        moment = now.timestamp()
        with self._lock:
            times = self._seen.pop(key, None) or deque()
            self._seen[key] = times  # the most recently seen key goes last
            wait = self._wait(times, moment)
            if wait:
                return wait
            times.append(moment)
            while len(self._seen) > self._max_keys:
                self._seen.popitem(last=False)
            return 0

    def _wait(self, times: deque[float], moment: float) -> int:
        """Drops the moments that left the window; the seconds until the oldest left leaves (0: room)."""
        while times and times[0] <= moment - self.limit.seconds:
            times.popleft()
        if len(times) < self.limit.count:
            return 0
        return max(1, math.ceil(times[0] + self.limit.seconds - moment))
