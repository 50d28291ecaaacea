"""Pending questions: `pending_agent:{user_id}` in Redis for 300 s (timeline.md §10, notizen.md §7 Kette)."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from novaberg.core.settings import PENDING_TTL_SECONDS
from novaberg.store.redis_store import redis_errors

__all__ = ["pending_key", "store_pending", "load_pending", "clear_pending"]

_log = logging.getLogger(__name__)


def pending_key(user_id: str) -> str:
    if not user_id:
        raise ValueError("pending question needs a user_id")
    return f"pending_agent:{user_id}"


def store_pending(redis: Any, user_id: str, character_id: str, agent: str, state: dict[str, Any],
                  later: Sequence[Mapping[str, str]] = ()) -> None:
    """The question of `agent` waits; `later` are the orders said after it in the same turn (issue 11 §8),
    run once the question is answered — never on a guess before."""
    payload: dict[str, Any] = {"agent": agent, "character_id": character_id, "state": state}
    if later:
        payload["spaeter"] = [{"domain": str(o["domain"]), "text": str(o["text"])} for o in later]
    with redis_errors("a pending question"):
        redis.set(pending_key(user_id), json.dumps(payload, ensure_ascii=False, default=str), ex=PENDING_TTL_SECONDS)


def load_pending(redis: Any, user_id: str, character_id: str) -> dict[str, Any] | None:
    """The waiting question of this person with this figure; an unreadable entry is dropped with a warning."""
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
    later = payload.get("spaeter", [])
    if not isinstance(later, list) or not all(
            isinstance(o, dict) and isinstance(o.get("domain"), str) and isinstance(o.get("text"), str) for o in later):
        _log.warning("the orders waiting behind the question of %s were unreadable and were dropped", user_id)
        later = []
    payload["spaeter"] = later
    return payload


def clear_pending(redis: Any, user_id: str) -> None:
    with redis_errors("a pending question"):
        redis.delete(pending_key(user_id))
