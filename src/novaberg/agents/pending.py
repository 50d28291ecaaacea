"""Pending questions: `pending_agent:{user_id}` in Redis for 300 s (timeline.md §10, notizen.md §7 Kette).

Taken once: a turn that answers or ends the waiting question takes it with a compare-and-delete
of exactly the entry it read (`take_pending`, one Lua call) — of parallel turns on one person exactly one resumes or
ends it; the others find it gone and are turns of their own. A question stored anew meanwhile (by the one that
resumed) is another entry and is never deleted by a turn that read the old one.

The 300 s hold by the turn's clock as well as by Redis's: a question asked at `asked_at` is no longer waiting for a
turn whose `now` lies more than 300 s later — the clock is passed in, and a turn replayed or simulated days later
(tests, benches, a client that sends its own time) must not be read as the answer to a question long gone.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.settings import PENDING_TTL_SECONDS
from novaberg.store.redis_store import redis_errors
from novaberg.text.answers import answer_words
from novaberg.text.commands import load_raw_commands
from novaberg.text.consent import speaks_only_of_the_offer
from novaberg.text.grammar import QUESTION, REQUEST, analyse
from novaberg.text.small_talk import small_talk
from novaberg.text.words import fold

__all__ = ["pending_key", "store_pending", "load_pending", "take_pending", "clear_pending", "RAW", "is_own_sentence",
           "OWN_SENTENCE_WORDS"]

_log = logging.getLogger(__name__)

OWN_SENTENCE_WORDS = 4  # a sentence of its own has at least this many words; a hesitation (*hm, weiß nicht*) fewer
RAW = "roh"  # the entry as read from Redis, kept in the loaded payload for `take_pending`'s comparison
_TAKE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def pending_key(user_id: str) -> str:
    if not user_id:
        raise ValueError("pending question needs a user_id")
    return f"pending_agent:{user_id}"


def store_pending(redis: Any, user_id: str, character_id: str, agent: str, state: dict[str, Any],
                  later: Sequence[Mapping[str, str]] = (), asked_at: datetime | None = None) -> None:
    """The question of `agent` waits; `later` are the orders said after it in the same turn,
    run once the question is answered — never on a guess before. `asked_at`: the turn's clock."""
    payload: dict[str, Any] = {"agent": agent, "character_id": character_id, "state": state,
                               "nr": uuid.uuid4().hex}  # each entry its own: a stale reader never takes a new one
    if asked_at is not None:
        payload["gefragt_am"] = as_utc(asked_at).isoformat()
    if later:
        payload["spaeter"] = [{"domain": str(o["domain"]), "text": str(o["text"])} for o in later]
    with redis_errors("a pending question"):
        redis.set(pending_key(user_id), json.dumps(payload, ensure_ascii=False, default=str), ex=PENDING_TTL_SECONDS)


_UNREAD = object()


def load_pending(redis: Any, user_id: str, character_id: str, now: datetime | None = None, *,
                 raw: Any = _UNREAD) -> dict[str, Any] | None:
    """The waiting question of this person with this figure; an unreadable entry is dropped with a warning, and one
    asked more than 300 s before `now` (the turn's clock) is over and dropped. `raw`: the entry's text when the
    caller read `pending_key(user_id)` with other keys in one trip (None: there is none)."""
    if raw is _UNREAD:
        with redis_errors("a pending question"):
            raw = redis.get(pending_key(user_id))
    if raw is None:
        return None
    try:
        payload = json.loads(raw)
    except ValueError:
        payload = None
    if not isinstance(payload, dict) or not isinstance(payload.get("state"), dict) or not payload.get("agent"):
        clear_pending(redis, user_id)
        _log.warning("pending question of %s was unreadable and was dropped: %.80r", user_id, raw)
        return None
    if payload.get("character_id") != character_id:
        return None
    if now is not None and _expired(payload.get("gefragt_am"), now):
        clear_pending(redis, user_id)
        _log.info("the question of %s was asked more than %d s before this turn and is over", user_id,
                  PENDING_TTL_SECONDS)
        return None
    later = payload.get("spaeter", [])
    if not isinstance(later, list) or not all(
            isinstance(o, dict) and isinstance(o.get("domain"), str) and isinstance(o.get("text"), str) for o in later):
        _log.warning("the orders waiting behind the question of %s were unreadable and were dropped", user_id)
        later = []
    payload["spaeter"] = later
    payload[RAW] = raw
    return payload


def take_pending(redis: Any, user_id: str, pending: Mapping[str, Any]) -> bool:
    """Take the question `pending` (as `load_pending` read it) out of Redis — True for exactly one caller: the
    entry is deleted only while it is still the one read; False when another turn took it (or it expired, or a
    new question replaced it)."""
    raw = pending.get(RAW)
    if raw is None:
        return False
    with redis_errors("a pending question"):
        return int(redis.register_script(_TAKE)(keys=[pending_key(user_id)], args=[raw])) == 1


def _expired(asked_at: object, now: datetime) -> bool:
    if not isinstance(asked_at, str):
        return False  # written without the turn's clock: Redis's expiry alone decides
    try:
        asked = datetime.fromisoformat(asked_at)
    except ValueError:
        return True  # unreadable: not trusted to be recent
    if asked.tzinfo is None:
        return True
    return (as_utc(now) - asked).total_seconds() > PENDING_TTL_SECONDS


def clear_pending(redis: Any, user_id: str) -> None:
    with redis_errors("a pending question"):
        redis.delete(pending_key(user_id))


def is_own_sentence(text: str) -> bool:
    """Whether `text` is a sentence of its own rather than an answer attempt (timeline.md §10, the
    Klärfall note: an answer counts only in the first human turn after the question): small talk by the
    templates (*„Wie geht es dir?“*, *„Danke“*), a question of at least three words, or a statement of at least
    `OWN_SENTENCE_WORDS` words that opens with a subject (*„Ich war heute beim Bäcker“*, *„Das Wetter ist schön
    heute“*). A short hesitation (*„hm, mal sehen“*), a fragment (*„nur nächsten Montag“*) or an order is none.
    The callers decide with the service's own reading: only a sentence the question's reader did not take as
    its answer ends the question."""
    said = " ".join(str(text).split())
    if not said:
        return False
    if small_talk(said):
        return True
    if speaks_only_of_the_offer(said):
        return False  # *„ist das ok?“* to a waiting offer is an unclear answer to it (notizen.md §7)
    utterance = analyse(said)
    tokens = said.strip(" ?!.").split()
    if utterance.mood == REQUEST:
        return False
    if utterance.mood == QUESTION:
        return len(tokens) >= 3
    first = fold(tokens[0].strip(",.!?"))
    return len(tokens) >= OWN_SENTENCE_WORDS and (first in _subjects() or first in answer_words().own_sentence_openers or (
        first in _determiners() and len(tokens) > 1 and tokens[1][:1].isupper()))


@cache
def _subjects() -> frozenset[str]:
    return frozenset(fold(w) for w in load_raw_commands()["subjects"])


@cache
def _determiners() -> frozenset[str]:
    return frozenset(fold(w) for w in load_raw_commands()["determiners"])
