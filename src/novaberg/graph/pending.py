"""Pending questions: `pending_agent:{user_id}` in Redis for 300 s (timeline.md §10, notizen.md §7 Kette)."""

from __future__ import annotations

import json
from typing import Any

from novaberg.core.settings import PENDING_TTL_SECONDS

__all__ = ["pending_key", "store_pending", "load_pending", "clear_pending"]


def pending_key(user_id: str) -> str:
    if not user_id:
        raise ValueError("pending question needs a user_id")
    return f"pending_agent:{user_id}"


def store_pending(redis: Any, user_id: str, character_id: str, agent: str, state: dict[str, Any]) -> None:
    payload = {"agent": agent, "character_id": character_id, "state": state}
    redis.set(pending_key(user_id), json.dumps(payload, ensure_ascii=False, default=str), ex=PENDING_TTL_SECONDS)


def load_pending(redis: Any, user_id: str, character_id: str) -> dict[str, Any] | None:
    """The waiting question of this person with this figure; an unreadable entry is dropped loudly."""
    raw = redis.get(pending_key(user_id))
    if raw is None:
        return None
    try:
        payload = json.loads(raw)
    except ValueError:
        clear_pending(redis, user_id)
        raise ValueError(f"pending question of {user_id} was unreadable and was dropped") from None
    if payload.get("character_id") != character_id:
        return None
    return payload


def clear_pending(redis: Any, user_id: str) -> None:
    redis.delete(pending_key(user_id))
