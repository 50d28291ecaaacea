"""The gate between a person's turns and the erasure of that person, across processes.

A turn writes for seconds to minutes (model calls between its writes); an erase that ran in between would
leave the turn's later writes behind — a person "erased" with fresh rows. So both pass one gate in Redis,
which every process shares:

- a turn enters with one atomic script: refused while an erase of its person is marked, else it counts
  itself in (`person_gate:turns:<user>`, an expiry renewed on each entry so a killed process cannot hold
  the gate for ever) and counts itself out when it ends;
- an erase marks itself (`person_gate:erase:<user>`, SET NX with an expiry) — from then on no new turn
  of the person starts — and waits until the running turns have counted out; when they do not within
  its wait, it takes its mark back and refuses (nothing erased).

Turns of one person in parallel still run side by side: only an erase is exclusive. The key names end in
the raw person id after a fixed prefix, so an id with `:` in it is still one key of its own.
"""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Iterator
from typing import Any

from novaberg.core.errors import DatabaseUnavailableError
from novaberg.store.redis_store import redis_errors

__all__ = ["PersonGate", "PersonBusyError", "GATE_PREFIX", "TURN_SECONDS", "ERASE_WAIT_SECONDS"]

GATE_PREFIX = "person_gate:"
TURN_SECONDS = 900  # a turn counted in and never out (its process was killed) stops holding the gate after this
ERASE_MARK_SECONDS = 600  # an erase marked and never finished (killed) stops blocking turns after this
ERASE_WAIT_SECONDS = 30.0  # how long an erase waits for the person's running turns
_POLL_SECONDS = 0.05

_ENTER = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return 1
"""
_LEAVE = """
local left = redis.call('DECR', KEYS[1])
if left <= 0 then redis.call('DEL', KEYS[1]) end
return left
"""
_UNMARK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class PersonBusyError(DatabaseUnavailableError):
    """The person's data is being erased (a turn), or the person's turns did not end in time (an erase)."""


def _turns_key(user_id: str) -> str:
    return f"{GATE_PREFIX}turns:{user_id}"


def _erase_key(user_id: str) -> str:
    return f"{GATE_PREFIX}erase:{user_id}"


class PersonGate:
    def __init__(self, redis: Any, wait_seconds: float = ERASE_WAIT_SECONDS) -> None:
        self._redis = redis
        self._wait = wait_seconds

    @contextlib.contextmanager
    def turn(self, user_id: str) -> Iterator[None]:
        """Hold the gate for one turn of `user_id`; PersonBusyError while the person is being erased."""
        with redis_errors("the person gate"):
            entered = int(self._redis.eval(_ENTER, 2, _erase_key(user_id), _turns_key(user_id), TURN_SECONDS))
        if not entered:
            raise PersonBusyError("the person's data is being erased right now")
        try:
            yield
        finally:
            with redis_errors("the person gate"):
                self._redis.eval(_LEAVE, 1, _turns_key(user_id))

    @contextlib.contextmanager
    def erasing(self, user_id: str) -> Iterator[None]:
        """Hold the gate exclusively: no turn of `user_id` runs inside. PersonBusyError when another erase
        holds it, or the running turns do not end within the wait (then nothing was done)."""
        token = uuid.uuid4().hex
        key = _erase_key(user_id)
        with redis_errors("the person gate"):
            if not self._redis.set(key, token, nx=True, ex=ERASE_MARK_SECONDS):
                raise PersonBusyError("another erasure of this person is running")
        try:
            self._wait_for_turns(user_id)
            yield
        finally:
            with redis_errors("the person gate"):
                self._redis.eval(_UNMARK, 1, key, token)

    def running_turns(self, user_id: str) -> int:
        with redis_errors("the person gate"):
            return int(self._redis.get(_turns_key(user_id)) or 0)

    def _wait_for_turns(self, user_id: str) -> None:
        deadline = time.monotonic() + self._wait
        while self.running_turns(user_id) > 0:
            if time.monotonic() >= deadline:
                raise PersonBusyError(f"a turn of this person is still running after {self._wait:.0f} s; "
                                      "nothing was erased, try again")
            time.sleep(_POLL_SECONDS)
