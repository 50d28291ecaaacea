"""Resubmission (timeline.md §8 *Die Typquelle*): a row whose `wiedervorlage_am` is due is mentioned once,
proactively, in the pair's next turn — the heartbeat finds it, the block `[WIEDERVORLAGE]` says it.

Reading only: the timeline keeps its one writer. A due row is queued for its pair once per due moment
(a Redis set remembers what was queued); the block hands each mention to the composer once.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta
from typing import Any

import redis as redis_lib

from novaberg.agents.readers import Block
from novaberg.core.clock import as_utc
from novaberg.memory.keys import pair_token
from novaberg.pixie.texts import RESUBMISSION_HEADER, RESUBMISSION_INTRO, RESUBMISSION_LINE

__all__ = ["READER", "queue_due", "read_resubmission_block", "LOOK_BACK_DAYS"]

READER = "wiedervorlage"
LOOK_BACK_DAYS = 30  # a resubmission older than this when first seen is stale, not mentioned
_SEEN = "wiedervorlage:gemeldet"
_DUE = """
SELECT id, user_id, character_id, title, event_time, wiedervorlage_am FROM timeline
WHERE aktiv AND wiedervorlage_am IS NOT NULL AND wiedervorlage_am <= %s AND wiedervorlage_am > %s
ORDER BY wiedervorlage_am, id
"""
_log = logging.getLogger("novaberg.pixie")


def _mentions(user_id: str, character_id: str) -> str:
    return f"wiedervorlage:{pair_token(user_id, character_id)}"


def queue_due(db: Any, redis: Any, now: datetime) -> dict[str, Any]:
    with db.transaction() as conn:
        rows = conn.execute(_DUE, (as_utc(now), as_utc(now) - timedelta(days=LOOK_BACK_DAYS))).fetchall()
    queued = 0
    for row in rows:
        marker = f"{row['id']}@{row['wiedervorlage_am'].timestamp():.0f}"
        if not redis.sadd(_SEEN, marker):
            continue
        redis.hset(_mentions(row["user_id"], row["character_id"]), str(row["id"]),
                   json.dumps({"title": row["title"], "event_time": row["event_time"].isoformat()}, ensure_ascii=False))
        queued += 1
    return {"faellig": len(rows), "neu_gemeldet": queued}


def read_resubmission_block(state: dict[str, Any], deps: Any) -> Block | None:
    name = _mentions(state["user_id"], state["character_id"])
    try:
        waiting = deps.redis.hgetall(name)
        if not waiting:
            return None
        deps.redis.hdel(name, *waiting)  # mentioned once
    except redis_lib.RedisError as err:
        _log.error("resubmissions unreadable this turn: %s", err)
        return None
    lines = []
    for raw in waiting.values():
        try:
            item = json.loads(raw)
            when = datetime.fromisoformat(item["event_time"]).astimezone(deps.zone)
            lines.append(RESUBMISSION_LINE.format(title=item["title"], when=f"{when:%d.%m.%Y}"))
        except (ValueError, KeyError, TypeError) as err:
            _log.error("resubmission entry unreadable: %s", err)
    if not lines:
        return None
    deps.log.write(state["turn_id"], READER, "geliefert", {"anzahl": len(lines)}, state["now"], "pixie")
    return Block(RESUBMISSION_HEADER, "\n".join([RESUBMISSION_HEADER, RESUBMISSION_INTRO, *sorted(lines)]))

