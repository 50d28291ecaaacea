"""Helpers of the memory tests: short-term entries written the way the turn writes them, the agent, the audit."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from novaberg.core.logs import PipelineLog
from novaberg.embed.hashing import HashingEmbedder
from novaberg.memory import keys
from novaberg.memory.promotion import PromotionAgent
from novaberg.memory.salience import effective
from novaberg.memory.short_term import ShortTermMemory
from tests.support import berlin

NOW = berlin(2026, 12, 1, 10)
TOLD_FROM = berlin(2026, 10, 5, 18)  # a Monday, 5 October: day 0 of what a test person tells
ASKED = TOLD_FROM + timedelta(days=40)  # 14 November: when she asks


def tell(nova: Any, user: str, told: list[tuple[int, str]]) -> None:
    """Each sentence said through `Nova.turn` on its day after `TOLD_FROM`, the pixie's tick two hours later."""
    for day, said in told:
        nova.turn(user, "nova", said, TOLD_FROM + timedelta(days=day))
        nova.pixie.tick(TOLD_FROM + timedelta(days=day, hours=2))


def ask(nova: Any, user: str, questions: list[str]) -> list[str]:
    """Nova's answers to the questions, asked six minutes apart from `ASKED` on."""
    return [nova.turn(user, "nova", question, ASKED + timedelta(minutes=6 * at)).answer
            for at, question in enumerate(questions)]


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
