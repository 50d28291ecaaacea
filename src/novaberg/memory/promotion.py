"""The promotion agent (synapsen-promotion.md §2–§3b, Audit): short-term orders become long-term nodes.

Per pair: leftovers of a broken run in `:arbeit` are put back first (unambiguous, since only the one
heartbeat runs this, §3); then each order is *moved* to `:arbeit` (LMOVE), its attempt counted in the
side hash `:versuche`, and removed from `:arbeit` only when green. What can never become green is
discarded before embedding (§3a) with a `fehler` line. A match ≥ 0.82 against the pair's nodes,
inactive ones included, wakes an inactive node (half weight) or is a duplicate (nothing changes, no
reinforcement); no match makes a new node with edges — and only then the `kzg:` hash is deleted and
checked gone (§3b Schritt 4; a failing DEL is logged, never raised). A node that already exists for the
key (a run killed after writing it) is taken as written, so a retry never makes a second node.

`checkpoint(step)` is called between every two steps (the tests inject failures and kills there).
"""

from __future__ import annotations

import logging
import math
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import psycopg
import redis as redis_lib

from novaberg.core.errors import DatabaseError, DatabaseUnavailableError, ModelUnreachableError
from novaberg.core.logs import PipelineLog
from novaberg.core.settings import PROMOTION_CANDIDATES, PROMOTION_MATCH_THRESHOLD, PROMOTION_MAX_ATTEMPTS
from novaberg.memory import keys
from novaberg.memory.repository import EmbedderChangedError, LongTermRepository, NewNode
from novaberg.store.db import OneTransaction

__all__ = ["TASK", "AUDIT_BATCH", "PromotionAgent", "STEPS", "NEW_NODE", "DUPLICATE", "HALF_REACTIVATION", "DISCARDED"]

TASK = "synapsen_promotion"
NEW_NODE, DUPLICATE, HALF_REACTIVATION, DISCARDED = "neuanlage", "dublette", "halbreaktivierung", "verworfen"
STEPS = ("verschoben", "gelesen", "eingebettet", "abgeglichen", "geschrieben", "gebruecke", "geloescht", "fertig")
AUDIT_BATCH = 50  # green audit lines written per transaction (a kill -9 loses at most these lines, never data)
_INFRASTRUCTURE = (DatabaseUnavailableError, psycopg.OperationalError, ModelUnreachableError, EmbedderChangedError,
                   redis_lib.ConnectionError, redis_lib.TimeoutError)
# The bridge: the node's id into the hash — only while the hash still stands (never a hash without `inhalt`).
_BRIDGE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'lzg_id', ARGV[1], 'hash_dirty', '1')
return 1
"""
# §3: the order *moved* to the work list, its attempt counted in the side hash, and its hash read — atomically,
# one round trip. KEYS: queue, work list, attempts; ARGV: the kzg prefix. Nil when the queue is empty.
_TAKE = """
local key = redis.call('LMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT')
if not key then return nil end
local tries = redis.call('HINCRBY', KEYS[3], key, 1)
local fields = {}
if string.sub(key, 1, string.len(ARGV[1])) == ARGV[1] then fields = redis.call('HGETALL', key) end
return {key, tries, fields}
"""
_log = logging.getLogger("novaberg.memory.promotion")


class _Discard(Exception):
    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


class PromotionAgent:
    def __init__(self, redis: Any, db: Any, embedder: Any, log: Any, *,
                 checkpoint: Callable[[str], None] | None = None, max_attempts: int = PROMOTION_MAX_ATTEMPTS,
                 threshold: float = PROMOTION_MATCH_THRESHOLD, candidates: int = PROMOTION_CANDIDATES) -> None:
        self._redis = redis
        self._db = db
        self._repo = LongTermRepository(db)
        self._embedder = embedder
        self._log = log
        self._checkpoint = checkpoint or (lambda step: None)
        self._max_attempts = max_attempts
        self._threshold = threshold
        self._candidates = candidates
        self._bridge = redis.register_script(_BRIDGE)
        self._take = redis.register_script(_TAKE)
        self._green: list[tuple[str, str, dict[str, Any], datetime]] = []

    # --- the run --------------------------------------------------------------------------------------

    def run(self, now: datetime, user_id: str | None = None, character_id: str | None = None) -> dict[str, Any]:
        """Periodic (no pair: every pair with orders) or targeted (both ids). Never raises: the run's own
        failure is its `fehler` audit line; one pair's failure does not stop the others (§2a)."""
        if (user_id is None) != (character_id is None):
            raise ValueError("a targeted run names both user_id and character_id; a periodic run names neither")
        counters = {"promotet": 0, NEW_NODE: 0, DUPLICATE: 0, HALF_REACTIVATION: 0, "fehler": 0,
                    "zurueckgelegt": 0, "endgueltig": 0, "paare": 0, "paare_fehler": 0}
        self._audit(TASK, "gestartet", {"gezielt": user_id is not None}, now)
        try:
            pairs = [(user_id, character_id)] if user_id is not None else self.pairs_with_orders()
            for pair in pairs:
                counters["paare"] += 1
                try:
                    try:
                        self._pair(pair[0], pair[1], now, counters)  # type: ignore[arg-type]
                    finally:
                        self.flush()
                except Exception as err:  # noqa: BLE001 - §2a: one pair's error does not stop the others
                    counters["paare_fehler"] += 1
                    _log.error("promotion of pair %r stopped: %s", pair, err)
                    self._audit(f"{TASK}:{keys.pair_token(*pair)}", "fehler",  # type: ignore[arg-type]
                                {"fehler": f"{type(err).__name__}: {err}"}, now)
        except Exception as err:  # noqa: BLE001 - Audit: an exception of the run is its `fehler` line
            _log.error("promotion run failed: %s", err)
            self._audit(TASK, "fehler", {**counters, "fehler_text": f"{type(err).__name__}: {err}"}, now)
            return {**counters, "status": "fehler"}
        self._audit(TASK, "erledigt", counters, now)
        return {**counters, "status": "erledigt"}

    def pairs_with_orders(self) -> list[tuple[str, str]]:
        """Every pair with a waiting order or a leftover in its work list; `:gescheitert`/`:versuche` are no pairs."""
        found: set[tuple[str, str]] = set()
        for name in self._redis.scan_iter(match=f"{keys.QUEUE_PREFIX}*", count=500):
            base = name[: -len(keys.WORK)] if name.endswith(keys.WORK) else name
            pair = keys.pair_of_queue(base)
            if pair is not None:
                found.add(pair)
        return sorted(found)

    def _pair(self, user_id: str, character_id: str, now: datetime, counters: dict[str, Any]) -> None:
        queue, work = keys.queue(user_id, character_id), keys.work_list(user_id, character_id)
        attempts = keys.attempts_hash(user_id, character_id)
        while (left := self._redis.lmove(work, queue, "RIGHT", "LEFT")) is not None:  # §3: put back at the front
            counters["zurueckgelegt"] += 1
            self._audit(f"{TASK}:{left}", "zurueckgelegt", {"schluessel": left}, now)
        while (taken := self._take(keys=[queue, work, attempts], args=[keys.KZG_PREFIX])):
            key, tries = taken[0], int(taken[1])
            raw = dict(zip(taken[2][0::2], taken[2][1::2], strict=True))
            self._checkpoint("verschoben")
            if tries > self._max_attempts:
                self._give_up(user_id, character_id, key, tries - 1, now)
                counters["endgueltig"] += 1
                continue
            try:
                action = self._entry(user_id, character_id, key, raw, now)
            except _Discard as gone:
                counters["fehler"] += 1
                self._discarded(key, gone, now)
            except _INFRASTRUCTURE:
                try:  # a server that is down is no attempt of this order: it stays in `:arbeit`, uncounted
                    self._redis.hincrby(attempts, key, -1)
                except redis_lib.RedisError:
                    pass
                raise
            else:
                counters[action] += 1
                counters["promotet"] += 1
            with self._redis.pipeline(transaction=True) as pipe:  # green: out of the work list
                pipe.lrem(work, 1, key)
                pipe.hdel(attempts, key)
                pipe.execute()
            self._checkpoint("fertig")

    def _give_up(self, user_id: str, character_id: str, key: str, tries: int, now: datetime) -> None:
        with self._redis.pipeline(transaction=True) as pipe:
            pipe.lrem(keys.work_list(user_id, character_id), 1, key)
            pipe.rpush(keys.failed_list(user_id, character_id), key)
            pipe.hdel(keys.attempts_hash(user_id, character_id), key)
            pipe.execute()
        _log.error("promotion order %s failed %d times: moved to %s", key, tries, keys.FAILED)
        self._audit(f"{TASK}:{key}", "endgueltig", {"schluessel": key, "versuche": tries}, now)

    # --- one entry ------------------------------------------------------------------------------------

    def _entry(self, user_id: str, character_id: str, key: str, raw: dict[str, str], now: datetime) -> str:
        if not key or not key.startswith(keys.KZG_PREFIX):
            raise _Discard("ohne_schluessel", schluessel=key)
        if raw:
            fields = self._read(user_id, character_id, key, raw)
            self._checkpoint("gelesen")
            vector = self._embedder.embed([fields["inhalt"]])[0]
            self._checkpoint("eingebettet")
        else:
            fields, vector = {"turn_id": None}, None
        dims = self._repo.dimensions_for(self._embedder, now)
        written, candidates = self._repo.match(user_id, character_id, key, vector or [0.0] * dims, dims,
                                               self._candidates if vector else 0)
        if written is not None:  # a run killed after the write: the node stands, finish step 4 only
            deleted = self._delete(key, {"turn_id": written["turn_id"]}, now) if raw else True
            self._closing(key, NEW_NODE, deleted and bool(raw), {
                "lzg_id": written["id"], "wiederaufnahme": True, "kzg_geloescht": "ja" if deleted else "nein"}, now)
            return NEW_NODE
        if not raw:
            raise _Discard("hash_fort", schluessel=key)
        self._checkpoint("abgeglichen")
        best = candidates[0] if candidates and candidates[0]["cosine"] >= self._threshold else None
        if best is not None and not best["aktiv"]:
            self._repo.reactivate(user_id, character_id, best["id"], now)
            action, node_id = HALF_REACTIVATION, best["id"]
        elif best is not None:
            action, node_id = DUPLICATE, best["id"]  # §3b: a duplicate, no reinforcement, no edges
        else:
            node = NewNode(fields["inhalt"], vector, fields["salienz"], key, fields["erstellt_am"], fields["turn_id"])
            edges = [(c["id"], float(c["cosine"])) for c in candidates if c["cosine"] > 0]
            node_id = self._repo.create_node(user_id, character_id, node, edges, now)
            action = NEW_NODE
        self._checkpoint("geschrieben")
        self._bridge(keys=[key], args=[str(node_id)])
        self._checkpoint("gebruecke")
        deleted = self._delete(key, fields, now) if action == NEW_NODE else False
        self._closing(key, action, deleted, {
            "lzg_id": node_id, "cosine": round(float(candidates[0]["cosine"]), 4) if candidates else None,
            "turn_id": fields["turn_id"], "kzg_geloescht": "ja" if deleted else "nein"}, now)
        return action

    def _read(self, user_id: str, character_id: str, key: str, raw: dict[str, str]) -> dict[str, Any]:
        """§3a: the preconditions of a standing hash, before anything is embedded (a gone hash: see _entry)."""
        if raw.get("user_id") != user_id or raw.get("character_id") != character_id:
            raise _Discard("fremdes_paar", schluessel=key)
        inhalt = (raw.get("inhalt") or "").strip()
        if not inhalt:
            raise _Discard("inhalt_leer", schluessel=key, turn_id=raw.get("turn_id"))
        created = _finite(raw.get("erstellt_am"))
        if created is None or created <= 0:
            raise _Discard("erstellt_am_unlesbar", schluessel=key, roh=raw.get("erstellt_am"),
                           turn_id=raw.get("turn_id"))
        salience = _finite(raw.get("salienz"))
        if salience is None or not 0.0 <= salience <= 1.0:
            raise _Discard("salienz_unlesbar", schluessel=key, roh=raw.get("salienz"), turn_id=raw.get("turn_id"))
        return {"inhalt": inhalt, "salienz": salience, "erstellt_am": datetime.fromtimestamp(created, UTC),
                "turn_id": raw.get("turn_id")}

    def _delete(self, key: str, fields: dict[str, Any], now: datetime) -> bool:
        """§3b Schritt 4: exactly this `kzg:` key, checked gone; a failure is logged loudly, never raised."""
        if not key.startswith(keys.KZG_PREFIX):
            self._error_line(key, "kzg_loeschen", "schluessel ohne kzg:", fields.get("turn_id"), now)
            return False
        try:
            with self._redis.pipeline(transaction=False) as pipe:
                pipe.delete(key)
                pipe.exists(key)
                _, still = pipe.execute()
            self._checkpoint("geloescht")
            if still:
                self._error_line(key, "kzg_loeschen", "der Schlüssel steht nach DEL noch", fields.get("turn_id"), now)
                return False
        except redis_lib.RedisError as err:
            _log.error("deleting %s failed: %s (it falls back on its TTL)", key, err)
            self._error_line(key, "kzg_loeschen", f"{type(err).__name__}: {err}", fields.get("turn_id"), now)
            return False
        return True

    # --- the audit ------------------------------------------------------------------------------------

    def _discarded(self, key: str, gone: _Discard, now: datetime) -> None:
        _log.error("promotion order %s discarded: %s %s", key, gone.reason, gone.details)
        self._error_line(key, gone.reason, gone.details, gone.details.get("turn_id"), now)

    def _error_line(self, key: str, step: str, detail: Any, turn_id: Any, now: datetime) -> None:
        payload = {"schritt": step, "schluessel": key, "detail": detail}
        self._audit(f"{TASK}:{key}", "fehler", payload, now)
        try:
            self._log.write(_uuid(turn_id), TASK, "fehler", payload, now, "memory")
        except (DatabaseError, psycopg.Error) as err:
            _log.error("pipeline_log line for %s not written: %s", key, err)

    def _closing(self, key: str, action: str, deleted: bool, payload: dict[str, Any], now: datetime) -> None:
        """§3b: a deletion without error writes its own line `kzg_geloescht`, then the closing line of the
        entry carries `kzg_geloescht`. Green lines are written in batches (`flush`): one transaction per
        AUDIT_BATCH entries instead of one per entry; error lines are written at once."""
        task = f"{TASK}:{key}"
        if deleted:
            self._green.append((task, "kzg_geloescht", {"schluessel": key}, now))
        self._green.append((task, action, payload, now))
        if len(self._green) >= AUDIT_BATCH:
            self.flush()

    def flush(self) -> None:
        lines, self._green = self._green, []
        if not lines:
            return
        try:
            with self._db.transaction() as conn, conn.pipeline():
                log = PipelineLog(OneTransaction(conn))
                for task, status, payload, now in lines:
                    log.background(task, status, payload, now)
        except (DatabaseError, psycopg.Error) as err:  # the audit must not turn a green step red
            _log.error("%d hintergrund_log lines not written: %s", len(lines), err)

    def _audit(self, task: str, status: str, payload: dict[str, Any], now: datetime) -> None:
        try:
            self._log.background(task, status, payload, now)
        except (DatabaseError, psycopg.Error) as err:  # the audit must not turn a green step red
            _log.error("hintergrund_log %s %s not written: %s", task, status, err)


def _finite(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _uuid(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except (TypeError, ValueError):
        return None
