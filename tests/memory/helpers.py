"""Helpers of the memory tests: short-term entries written the way the turn writes them, the agent, the audit."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from novaberg.core.logs import PipelineLog
from novaberg.embed.hashing import HashingEmbedder
from novaberg.memory import keys
from novaberg.memory.promotion import PromotionAgent
from novaberg.memory.salience import effective
from novaberg.memory.short_term import ShortTermMemory
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)


def remember(redis: Any, text: str, turn: str, user: str = "u1", character: str = "nova", raw: float = 0.8,
             now: datetime = NOW) -> str:
    entry = ShortTermMemory(redis).write(user, character, turn, text, effective(raw), raw, "test", now)
    assert entry is not None
    return entry.key


def agent(db: Any, redis: Any, **options: Any) -> PromotionAgent:
    return PromotionAgent(redis, db, options.pop("embedder", HashingEmbedder()), PipelineLog(db), **options)


def audit(db: Any, task_prefix: str = "synapsen_promotion") -> list[dict[str, Any]]:
    with db.transaction() as conn:
        return [dict(r) for r in conn.execute(
            "SELECT task, status, payload FROM hintergrund_log WHERE task LIKE %s ORDER BY id",
            (task_prefix + "%",)).fetchall()]


def lists(redis: Any, user: str = "u1", character: str = "nova") -> dict[str, Any]:
    return {"queue": redis.lrange(keys.queue(user, character), 0, -1),
            "arbeit": redis.lrange(keys.work_list(user, character), 0, -1),
            "gescheitert": redis.lrange(keys.failed_list(user, character), 0, -1),
            "versuche": redis.hgetall(keys.attempts_hash(user, character))}


def node_count(db: Any, user: str = "u1", character: str = "nova") -> int:
    with db.transaction() as conn:
        return conn.execute("SELECT count(*) AS n FROM lzg_knoten WHERE user_id = %s AND character_id = %s",
                            (user, character)).fetchone()["n"]
