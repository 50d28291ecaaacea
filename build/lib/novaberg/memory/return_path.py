"""§3b, the return path after promotion — the reader of `hash_dirty`.

The bridge (memory/promotion.py) sets `lzg_id` and `hash_dirty` on the short-term hash and queues a return-path
order `rueckweg:{pair}` with the `turn_id` read from the hash (before step 4 may delete it). This reader, run by the
heartbeat right after the promotion, takes each order: the turn's trace gets its move into long-term memory
(`pipeline_log`, node `synapsen_promotion`, kind `rueckweg`, with the node id), and a hash that still stands with
the same node id loses `hash_dirty` — its way back is done. An order whose hash is gone (deleted after a new node)
is done by its trace line alone. An unreadable order is logged loudly and dropped (it cannot become readable).
"""

from __future__ import annotations

import json
import logging
import uuid
from datetime import datetime
from typing import Any

import psycopg

from novaberg.core.errors import DatabaseError
from novaberg.memory import keys

__all__ = ["TASK", "KIND", "run_return_path"]

TASK = "synapsen_promotion"
KIND = "rueckweg"
_BATCH = 200
# KEYS: the kzg hash; ARGV: node id. `hash_dirty` cleared only while the hash is bridged to that very node.
_CLEAN = """
if redis.call('HGET', KEYS[1], 'lzg_id') ~= ARGV[1] then return 0 end
return redis.call('HDEL', KEYS[1], 'hash_dirty')
"""
_log = logging.getLogger("novaberg.memory.return_path")


def run_return_path(redis: Any, log: Any, now: datetime) -> dict[str, int]:
    """Every pair's return-path orders; returns how many were done, cleaned (`hash_dirty` removed) and dropped."""
    clean = redis.register_script(_CLEAN)
    counts = {"erledigt": 0, "bereinigt": 0, "verworfen": 0}
    for name in sorted(redis.scan_iter(match=f"{keys.RETURN_PREFIX}*", count=500)):
        while orders := redis.lrange(name, 0, _BATCH - 1):
            for done, raw in enumerate(orders):
                order = _read(raw)
                if order is None or not str(order["schluessel"]).startswith(keys.KZG_PREFIX):
                    _log.error("return-path order unreadable, dropped: %r", raw)
                    counts["verworfen"] += 1
                    continue
                try:
                    log.write(_uuid(order["turn_id"]), TASK, KIND,
                              {"schluessel": order["schluessel"], "lzg_id": order["lzg_id"],
                               "aktion": order.get("aktion")}, now, "memory")
                except (DatabaseError, psycopg.Error) as err:
                    _log.error("return path of %s not traced: %s (stays queued)", order["schluessel"], err)
                    redis.ltrim(name, done, -1)  # the orders done leave; this one and the rest stay for the next run
                    return counts
                counts["bereinigt"] += int(clean(keys=[order["schluessel"]], args=[str(order["lzg_id"])]))
                counts["erledigt"] += 1
            redis.ltrim(name, len(orders), -1)
    return counts


def _read(raw: Any) -> dict[str, Any] | None:
    try:
        order = json.loads(raw)
    except (TypeError, ValueError):
        return None
    if not isinstance(order, dict) or not order.get("schluessel") or not str(order.get("lzg_id", "")).isdigit():
        return None
    return order


def _uuid(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except (TypeError, ValueError):
        return None
