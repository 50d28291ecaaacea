"""The promotion agent (synapsen-promotion.md §2–§3b, Audit): short-term orders become long-term nodes.

Per pair: leftovers of a broken run in `:arbeit` are put back first (unambiguous, since only the one
heartbeat runs this, §3); then the orders are *moved* to `:arbeit` (LMOVE) in batches of PROMOTION_BATCH,
each attempt counted in the side hash `:versuche`, and removed from `:arbeit` only when green. An order
tried before goes alone, so one that can never be written does not drag its batch to `:gescheitert`. The
next batch is taken, checked and embedded by a second thread while one is written (the agent's Python work
beside the database's), so `:arbeit` holds at most two batches; when the one written fails, the one read
ahead stays there for the next run, its attempt not counted.
What can never become green is discarded before embedding (§3a) with a `fehler` line.

A batch is embedded in one call and matched and written in one transaction under the pair's lock in the
database, deciding order after order exactly as one by one: a match ≥ 0.82 against the pair's nodes —
inactive ones included, and the nodes made earlier in the same batch — wakes an inactive node (half
weight, once) or is a duplicate (nothing changes, no reinforcement); no match makes a new node with edges.
After the commit: the bridges, then — for new nodes only — the `kzg:` hashes deleted and checked gone
(§3b Schritt 4; a failing DEL is logged, never raised). A node that already exists for a key (a run
killed after the commit) is taken as written, so a retry never makes a second node.

`checkpoint(step)` is called between every two steps of a batch (the tests inject failures and kills there).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import psycopg
import redis as redis_lib

from novaberg.core.errors import DatabaseUnavailableError, ModelUnreachableError
from novaberg.core.settings import (
    PROMOTION_BATCH,
    PROMOTION_CANDIDATES,
    PROMOTION_MATCH_THRESHOLD,
    PROMOTION_MAX_ATTEMPTS,
)
from novaberg.memory import keys
from novaberg.memory.promotion_audit import AUDIT_BATCH, PromotionAudit
from novaberg.memory.repository import EmbedderChangedError, LongTermRepository, NewNode
from novaberg.memory.similarity import BatchVectors
from novaberg.store.vectors import Vector, as_vector
from novaberg.text.salience_rules import NOT_A_NAME
from novaberg.text.told_slots import names_of, slot_of, subject_of
from novaberg.text.words import fold

__all__ = ["TASK", "AUDIT_BATCH", "PromotionAgent", "STEPS", "NEW_NODE", "DUPLICATE", "HALF_REACTIVATION", "DISCARDED"]

TASK = "synapsen_promotion"
NEW_NODE, DUPLICATE, HALF_REACTIVATION, DISCARDED = "neuanlage", "dublette", "halbreaktivierung", "verworfen"
STEPS = ("verschoben", "gelesen", "eingebettet", "abgeglichen", "geschrieben", "gebruecke", "geloescht", "fertig")
_INFRASTRUCTURE = (DatabaseUnavailableError, psycopg.OperationalError, ModelUnreachableError, EmbedderChangedError,
                   redis_lib.ConnectionError, redis_lib.TimeoutError)
# §3b: the bridge — the node's id into the hash, `hash_dirty` set, and the return path queued with the `turn_id` read
# from the hash (before step 4 may delete it) — only while the hash still stands (never a hash without `inhalt`).
# KEYS: the kzg hash, the pair's return-path list; ARGV: node id, action.
_BRIDGE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'lzg_id', ARGV[1], 'hash_dirty', '1')
local turn = redis.call('HGET', KEYS[1], 'turn_id') or ''
redis.call('RPUSH', KEYS[2], cjson.encode({schluessel = KEYS[1], lzg_id = ARGV[1], turn_id = turn, aktion = ARGV[2]}))
return 1
"""
# §3: the orders *moved* to the work list, each attempt counted in the side hash, each hash read — atomically, one
# round trip, at most ARGV[2] of them. An order tried before goes alone (a batch that failed is retried order by
# order, so one that can never be written does not take the others to `:gescheitert`); a key twice ends the batch.
# KEYS: queue, work list, attempts; ARGV: the kzg prefix, the batch size. An empty table when the queue is empty.
_TAKE = """
local out, seen = {}, {}
while #out < tonumber(ARGV[2]) do
  local key = redis.call('LINDEX', KEYS[1], 0)
  if not key or seen[key] then break end
  local before = tonumber(redis.call('HGET', KEYS[3], key) or '0')
  if before > 0 and #out > 0 then break end
  redis.call('LMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT')
  local tries = redis.call('HINCRBY', KEYS[3], key, 1)
  local fields = {}
  if string.sub(key, 1, string.len(ARGV[1])) == ARGV[1] then fields = redis.call('HGETALL', key) end
  out[#out + 1] = {key, tries, fields}
  seen[key] = true
  if before > 0 then break end
end
return out
"""
_log = logging.getLogger("novaberg.memory.promotion")


class _Discard(Exception):
    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.details = details


@dataclass(eq=False)
class _Item:
    """One order of a batch on its way (§3b)."""

    key: str
    fields: dict[str, Any] | None  # None: the hash is gone
    vector: Any = None
    packed: Vector | None = None
    nearest: list[dict[str, Any]] = field(default_factory=list)
    action: str | None = None
    node_id: int | None = None
    cosine: float | None = None
    edges: list[tuple[int, float]] = field(default_factory=list)
    resumed: bool = False
    discard: _Discard | None = None


class PromotionAgent:
    def __init__(self, redis: Any, db: Any, embedder: Any, log: Any, *,
                 checkpoint: Callable[[str], None] | None = None, max_attempts: int = PROMOTION_MAX_ATTEMPTS,
                 threshold: float = PROMOTION_MATCH_THRESHOLD, candidates: int = PROMOTION_CANDIDATES,
                 batch: int = PROMOTION_BATCH) -> None:
        self._redis = redis
        self._db = db
        self._repo = LongTermRepository(db)
        self._embedder = embedder
        self._trail = PromotionAudit(db, log, TASK)
        self._checkpoint = checkpoint or (lambda step: None)
        self._max_attempts = max_attempts
        self._threshold = threshold
        self._candidates = candidates
        if batch < 1:
            raise ValueError("a promotion batch holds at least one order")
        self._batch_size = batch
        self._take = redis.register_script(_TAKE)
        self._leftovers: set[str] = set()  # §3: keys put back from `:arbeit` this run (a killed run's orders)

    # --- the run --------------------------------------------------------------------------------------

    def run(self, now: datetime, user_id: str | None = None, character_id: str | None = None) -> dict[str, Any]:
        """Periodic (no pair: every pair with orders) or targeted (both ids). Never raises: the run's own
        failure is its `fehler` audit line; one pair's failure does not stop the others (§2a)."""
        if (user_id is None) != (character_id is None):
            raise ValueError("a targeted run names both user_id and character_id; a periodic run names neither")
        counters = {"promotet": 0, NEW_NODE: 0, DUPLICATE: 0, HALF_REACTIVATION: 0, "fehler": 0,
                    "zurueckgelegt": 0, "endgueltig": 0, "paare": 0, "paare_fehler": 0}
        self._trail.line(TASK, "gestartet", {"gezielt": user_id is not None}, now)
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
                    self._trail.line(f"{TASK}:{keys.pair_token(*pair)}", "fehler",  # type: ignore[arg-type]
                                {"fehler": f"{type(err).__name__}: {err}"}, now)
        except Exception as err:  # noqa: BLE001 - Audit: an exception of the run is its `fehler` line
            _log.error("promotion run failed: %s", err)
            self._trail.line(TASK, "fehler", {**counters, "fehler_text": f"{type(err).__name__}: {err}"}, now)
            return {**counters, "status": "fehler"}
        self._trail.line(TASK, "erledigt", counters, now)
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
        while (left := self._redis.lmove(work, queue, "RIGHT", "LEFT")) is not None:  # §3: put back at the front
            counters["zurueckgelegt"] += 1
            self._leftovers.add(str(left))
            self._trail.line(f"{TASK}:{left}", "zurueckgelegt", {"schluessel": left}, now)
        # One batch read and embedded ahead (a thread) while the one before is written: the agent's Python work
        # and the database's run side by side. `:arbeit` holds at most these two batches.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="promotion-ahead") as ahead_pool:
            ahead = ahead_pool.submit(self._prepare, user_id, character_id, now)
            while (prepared := ahead.result()) is not None:
                items, found = prepared
                _add(counters, found)
                ahead = ahead_pool.submit(self._prepare, user_id, character_id, now)
                try:
                    if items:
                        self._write(user_id, character_id, items, now, counters)
                except BaseException:
                    self._untried(user_id, character_id, ahead)
                    raise

    def _prepare(self, user_id: str, character_id: str,
                 now: datetime) -> tuple[list[_Item], dict[str, int]] | None:
        """The next batch moved to `:arbeit` (§3), checked (§3a: what can never be green leaves at once) and
        embedded in one call; None when the queue is empty."""
        queue, work = keys.queue(user_id, character_id), keys.work_list(user_id, character_id)
        attempts = keys.attempts_hash(user_id, character_id)
        taken = self._take(keys=[queue, work, attempts], args=[keys.KZG_PREFIX, self._batch_size])
        if not taken:
            return None
        self._checkpoint("verschoben")
        found: dict[str, int] = {}
        items: list[_Item] = []
        dropped: list[str] = []
        for key, tries, fields in taken:
            key, tries, raw = str(key), int(tries), dict(zip(fields[0::2], fields[1::2], strict=True))
            if tries > self._max_attempts:
                self._give_up(user_id, character_id, key, tries - 1, now)
                _add(found, {"endgueltig": 1})
                continue
            try:
                if not key.startswith(keys.KZG_PREFIX):
                    raise _Discard("ohne_schluessel", schluessel=key)
                items.append(_Item(key, self._read(user_id, character_id, key, raw) if raw else None))
            except _Discard as gone:
                _add(found, {"fehler": 1})
                self._discarded(key, gone, now)
                dropped.append(key)
        self._done(work, attempts, dropped)
        if not items:
            return items, found
        self._checkpoint("gelesen")
        standing = [item for item in items if item.fields is not None]
        try:
            if standing:
                vectors = list(self._embedder.embed([item.fields["inhalt"] for item in standing]))  # type: ignore[index]
                if len(vectors) != len(standing):
                    raise ValueError(f"the embedder answered {len(vectors)} vectors for {len(standing)} texts")
                for item, vector in zip(standing, vectors, strict=True):
                    item.vector, item.packed = vector, as_vector(vector)  # packed once for the match and the write
                self._checkpoint("eingebettet")
        except _INFRASTRUCTURE:
            self._uncount(attempts, items)
            raise
        return items, found

    def _write(self, user_id: str, character_id: str, items: list[_Item], now: datetime,
               counters: dict[str, Any]) -> None:
        work, attempts = keys.work_list(user_id, character_id), keys.attempts_hash(user_id, character_id)
        try:
            self._promote(user_id, character_id, items, now)
        except _INFRASTRUCTURE:
            self._uncount(attempts, items)
            raise
        for item in items:
            if item.discard is not None:
                counters["fehler"] += 1
                self._discarded(item.key, item.discard, now)
            else:
                counters[item.action] += 1
                counters["promotet"] += 1
        self._done(work, attempts, [item.key for item in items])  # green: out of the work list
        self._checkpoint("fertig")

    def _uncount(self, attempts: str, items: list[_Item]) -> None:
        """A server that is down, or a batch never tried, is no attempt: the orders stay in `:arbeit`, uncounted."""
        try:
            with self._redis.pipeline(transaction=False) as pipe:
                for item in items:
                    pipe.hincrby(attempts, item.key, -1)
                pipe.execute()
        except redis_lib.RedisError:
            pass

    def _untried(self, user_id: str, character_id: str, ahead: Future) -> None:
        """The batch before failed: the one read ahead stays in `:arbeit` for the next run, its attempt not counted."""
        try:
            prepared = ahead.result()
        except Exception:  # noqa: BLE001 - the failure of the batch before is the one raised
            return
        if prepared is not None and prepared[0]:
            self._uncount(keys.attempts_hash(user_id, character_id), prepared[0])

    def _promote(self, user_id: str, character_id: str, items: list[_Item], now: datetime) -> None:
        standing = [item for item in items if item.fields is not None]
        dims = self._repo.dimensions_for(self._embedder, now)
        slots = self._slots(user_id, character_id, standing)
        with self._repo.promotion_batch(user_id, character_id) as batch:
            written, nearest = batch.match([item.key for item in items], [item.packed for item in standing], dims,
                                           self._candidates)
            for item, found in zip(standing, nearest, strict=True):
                item.nearest = found
            self._checkpoint("abgeglichen")
            fresh, woken = self._decide(items, written)
            ids = batch.create_nodes([NewNode(item.fields["inhalt"], item.packed, item.fields["salienz"],  # type: ignore[index]
                                              item.key, item.fields["erstellt_am"], item.fields["turn_id"],  # type: ignore[index]
                                              slots.get(item.key))
                                      for item in fresh], now)
            placeholder = {-(j + 1): ids[item.key] for j, item in enumerate(fresh)}
            for item in items:
                if item.node_id is not None and item.node_id < 0:
                    item.node_id = placeholder[item.node_id]
            batch.link([(item.node_id, placeholder.get(target, target), weight)
                        for item in fresh for target, weight in item.edges], now)
            batch.reactivate(sorted(woken), now)
            batch.supersede([(ids[item.key], slots[item.key], item.fields["erstellt_am"])  # type: ignore[index]
                             for item in fresh if slots.get(item.key)], now)
        self._checkpoint("geschrieben")
        bridged = [item for item in items if item.node_id is not None and not item.resumed]
        if bridged:
            with self._redis.pipeline(transaction=False) as pipe:
                for item in bridged:
                    pipe.eval(_BRIDGE, 2, item.key, keys.return_path(user_id, character_id), str(item.node_id),
                              str(item.action))
                pipe.execute()
            self._checkpoint("gebruecke")
        gone = self._delete([item for item in items if item.action == NEW_NODE and item.fields is not None], now)
        for item in items:
            if item.discard is not None:
                continue
            deleted = item.key in gone
            if item.resumed:  # a run killed after the write: the node stands, step 4 only
                deleted_or_gone = deleted or item.fields is None
                self._trail.closing(item.key, NEW_NODE, deleted, {
                    "lzg_id": item.node_id, "wiederaufnahme": True, "turn_id": _turn(item),
                    "kzg_geloescht": "ja" if deleted_or_gone else "nein"}, now)
            else:
                self._trail.closing(item.key, item.action, deleted, {  # type: ignore[arg-type]
                    "lzg_id": item.node_id, "cosine": round(item.cosine, 4) if item.cosine is not None else None,
                    "turn_id": item.fields["turn_id"],  # type: ignore[index]
                    "kzg_geloescht": "ja" if deleted else "nein"}, now)

    def _slots(self, user_id: str, character_id: str, fresh: list[_Item]) -> dict[str, str]:
        """The one-value slot of each new node's sentence (`slots.slot_of`); a sentence opening with
        a name is read with the pair's sentences introducing that name (*Meine Tochter Sarah …*)."""
        said = {item.key: item.fields["inhalt"] for item in fresh}  # type: ignore[index]
        context = list(said.values())
        for text in said.values():
            first = text.split(maxsplit=1)[0].strip(",.!") if text.split() else ""
            if first[:1].isupper() and fold(first) not in NOT_A_NAME and subject_of(text, names_of(context)) is None:
                context += self._repo.mentioning(user_id, character_id, first)
        names = names_of(context)
        return {key: slot for key, text in said.items() if (slot := slot_of(text, names)) is not None}

    def _decide(self, items: list[_Item], written: dict[str, dict[str, Any]]) -> tuple[list[_Item], set[int]]:
        """§3b for each order in turn, as if promoted one by one: the best of the pair's nodes — inactive ones
        included, and the nodes made earlier in this batch — at ≥ threshold wakes an inactive node (once; a
        second match on it is a duplicate), is a duplicate of an active one, or else the order makes a new node
        with edges to its nearest. New nodes of the batch carry placeholder ids -1, -2, … until written."""
        fresh: list[_Item] = []
        woken: set[int] = set()
        made = BatchVectors(sum(1 for item in items if item.vector is not None))
        for item in items:
            if item.key in written and item.fields is None and item.key not in self._leftovers:
                # §3a: promoted and deleted before — a second order for the same key is discarded, never green
                item.discard = _Discard("hash_fort", schluessel=item.key, schon_promotet=int(written[item.key]["id"]))
                continue
            if item.key in written:  # a run killed after the commit: its order came back from `:arbeit`
                item.action, item.node_id, item.resumed = NEW_NODE, int(written[item.key]["id"]), True
                continue
            if item.fields is None:
                item.discard = _Discard("hash_fort", schluessel=item.key)
                continue
            candidates = [{"id": int(c["id"]), "aktiv": bool(c["aktiv"]) or int(c["id"]) in woken,
                           "cosine": float(c["cosine"])} for c in item.nearest]
            if fresh:
                candidates += [{"id": -(j + 1), "aktiv": True, "cosine": cosine}
                               for j, cosine in enumerate(made.cosines(item.vector))]
                candidates = sorted(candidates, key=lambda c: -c["cosine"])[: self._candidates]
            item.cosine = candidates[0]["cosine"] if candidates else None
            best = candidates[0] if candidates and candidates[0]["cosine"] >= self._threshold else None
            if best is not None and not best["aktiv"]:
                woken.add(best["id"])
                item.action, item.node_id = HALF_REACTIVATION, best["id"]
            elif best is not None:
                item.action, item.node_id = DUPLICATE, best["id"]  # §3b: a duplicate, no reinforcement, no edges
            else:
                item.action, item.node_id = NEW_NODE, -(len(fresh) + 1)
                item.edges = [(c["id"], c["cosine"]) for c in candidates if c["cosine"] > 0]
                fresh.append(item)
                made.add(item.vector)
        return fresh, woken

    def _done(self, work: str, attempts: str, done: list[str]) -> None:
        if not done:
            return
        with self._redis.pipeline(transaction=True) as pipe:
            for key in done:
                pipe.lrem(work, 1, key)
                pipe.hdel(attempts, key)
            pipe.execute()

    def _give_up(self, user_id: str, character_id: str, key: str, tries: int, now: datetime) -> None:
        with self._redis.pipeline(transaction=True) as pipe:
            pipe.lrem(keys.work_list(user_id, character_id), 1, key)
            pipe.rpush(keys.failed_list(user_id, character_id), key)
            pipe.hdel(keys.attempts_hash(user_id, character_id), key)
            pipe.execute()
        _log.error("promotion order %s failed %d times: moved to %s", key, tries, keys.FAILED)
        self._trail.line(f"{TASK}:{key}", "endgueltig", {"schluessel": key, "versuche": tries}, now)

    def _read(self, user_id: str, character_id: str, key: str, raw: dict[str, str]) -> dict[str, Any]:
        """§3a: the preconditions of a standing hash, before anything is embedded (a gone hash: see _decide)."""
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

    def _delete(self, items: list[_Item], now: datetime) -> set[str]:
        """§3b Schritt 4: exactly these `kzg:` keys, checked gone — the keys gone; a failure is logged loudly,
        never raised (the nodes stand, and a raise would leave the orders in `:arbeit`)."""
        named = [item for item in items if item.key.startswith(keys.KZG_PREFIX)]
        for item in items:
            if item not in named:
                self._trail.error(item.key, "kzg_loeschen", "schluessel ohne kzg:", _turn(item), now)
        if not named:
            return set()
        try:
            with self._redis.pipeline(transaction=False) as pipe:
                for item in named:
                    pipe.delete(item.key)
                    pipe.exists(item.key)
                answers = pipe.execute()
            self._checkpoint("geloescht")
        except redis_lib.RedisError as err:
            for item in named:
                _log.error("deleting %s failed: %s (it falls back on its TTL)", item.key, err)
                self._trail.error(item.key, "kzg_loeschen", f"{type(err).__name__}: {err}", _turn(item), now)
            return set()
        gone: set[str] = set()
        for item, still in zip(named, answers[1::2], strict=True):
            if still:
                self._trail.error(item.key, "kzg_loeschen", "der Schlüssel steht nach DEL noch", _turn(item), now)
            else:
                gone.add(item.key)
        return gone

    def _discarded(self, key: str, gone: _Discard, now: datetime) -> None:
        _log.error("promotion order %s discarded: %s %s", key, gone.reason, gone.details)
        self._trail.error(key, gone.reason, gone.details, gone.details.get("turn_id"), now)

    def flush(self) -> None:
        """Write the green audit lines still held (`PromotionAudit.flush`)."""
        self._trail.flush()


def _finite(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _add(counters: dict[str, Any], found: dict[str, int]) -> None:
    for name, count in found.items():
        counters[name] = counters.get(name, 0) + count


def _turn(item: _Item) -> Any:
    return item.fields.get("turn_id") if item.fields else None
