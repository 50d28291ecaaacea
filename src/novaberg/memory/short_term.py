"""The short-term memory (KZG) in Redis: one hash `kzg:<pair>:<turn>` per remembered turn, with a TTL by band.

The one writer of `kzg:` hashes, the pair's index and the promotion queue's producer side
(synapsen-promotion.md §2): at `KZG_SALIENZ_HIGH` the key is queued in `queue:{pair}` once — a second
order for the same key is refused in Redis itself (one script), since the agent reads the salience
fresh from the hash and a duplicate could add nothing.

A Redis that does not answer (time-out, lost connection) is `DatabaseUnavailableError` here, as in every other
Redis reader (`store.redis_store.redis_errors`): the HTTP routes answer it with 503, never a 500.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.settings import KZG_SALIENZ_HIGH, KZG_SALIENZ_MID, KZG_TTL_DAYS_HIGH
from novaberg.memory import keys
from novaberg.memory.salience import band_ttl_days, reaches
from novaberg.store.redis_store import redis_errors

__all__ = ["ShortTermEntry", "ShortTermMemory", "PUSH_ONCE", "THEMATIC_SIMILARITY", "THEMATIC_STEP"]

_DAY = 86400
# KEYS: queue, work list; ARGV: kzg key. Pushed only when the key waits in neither list and its hash was not bridged
# to a node already (§3b Fundliste: a hash left standing after a hit is not promoted a second time).
PUSH_ONCE = """
if redis.call('LPOS', KEYS[1], ARGV[1]) or redis.call('LPOS', KEYS[2], ARGV[1]) then return 0 end
if redis.call('HEXISTS', ARGV[1], 'lzg_id') == 1 then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[1])
return 1
"""


@dataclass(frozen=True)
class ShortTermEntry:
    key: str
    queued: bool
    ttl_days: int


# KEYS: the pair's index. Its keys newest first, each with its fields and its TTL: {key, fields, ttl, key, …}.
_READ_INDEX = """
local out = {}
for _, name in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, -1)) do
  out[#out + 1] = name
  out[#out + 1] = redis.call('HGETALL', name)
  out[#out + 1] = redis.call('TTL', name)
end
return out
"""

# KEYS: the pair's index; ARGV: field names. Its keys newest first, each with those fields' values: [key, values, …]
# as one JSON text (an absent field is false) — one string to decode instead of a reply element per value, which
# the client parses one by one (the index grows with what the person tells).
_READ_FOR_TURN = """
local out = {}
for _, name in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, -1)) do
  out[#out + 1] = name
  out[#out + 1] = redis.call('HMGET', name, unpack(ARGV))
end
if #out == 0 then return '[]' end
return cjson.encode(out)
"""
# §2 thematic reinforcement: a neighbour's salience raised by STEP, atomically and only while its hash stands with
# `inhalt` and is not bridged to a node yet (never a rump hash, never a second promotion); reaching HIGH queues it
# once. KEYS: queue, work list, then the neighbours' hashes; ARGV: step, HIGH (rounded to five places as `reaches`).
# Returns per neighbour, in order: -1 (left alone), 0 (raised), 1 (raised and queued) — all in one script, one call.
_REINFORCE = """
local step, high = tonumber(ARGV[1]), tonumber(ARGV[2])
local function reached(v) return math.floor(v * 100000 + 0.5) / 100000 >= high end
local out = {}
for i = 3, #KEYS do
  local key, result = KEYS[i], -1
  if redis.call('HEXISTS', key, 'inhalt') == 1 and redis.call('HEXISTS', key, 'lzg_id') == 0 then
    local before = tonumber(redis.call('HGET', key, 'salienz'))
    if before and before == before then
      local after = math.min(1.0, before + step)
      redis.call('HSET', key, 'salienz', string.format('%.17g', after))
      result = 0
      if not reached(before) and reached(after) and not redis.call('LPOS', KEYS[1], key)
          and not redis.call('LPOS', KEYS[2], key) then
        redis.call('RPUSH', KEYS[1], key)
        result = 1
      end
    end
  end
  out[#out + 1] = result
end
return out
"""
# The entry's hash, its TTL and its place in the pair's index in one script (atomic as the MULTI it replaces), then
# the promotion order once (as PUSH_ONCE) and the passive order of the turn when given; with ARGV[6] == '1' also
# the pair's index as `_READ_FOR_TURN` gives it — the turn's thematic reinforcement reads it in the same trip.
# KEYS: hash, index, queue, work list, passive orders; ARGV: hash TTL s, index TTL s, score, queue it ('1'), passive
# order ('' none), list ('1'), n, n field/value pairs, the field names to list. Returns {queued 0/1, listing}.
_WRITE = """
local n = tonumber(ARGV[7])
local given = {}
for i = 8, 7 + 2 * n do given[#given + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(given))
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[3], KEYS[1])
redis.call('EXPIRE', KEYS[2], ARGV[2])
local queued = 0
if ARGV[4] == '1' and not redis.call('LPOS', KEYS[3], KEYS[1]) and not redis.call('LPOS', KEYS[4], KEYS[1])
    and redis.call('HEXISTS', KEYS[1], 'lzg_id') == 0 then
  redis.call('RPUSH', KEYS[3], KEYS[1])
  queued = 1
end
if ARGV[5] ~= '' then redis.call('RPUSH', KEYS[5], ARGV[5]) end
if ARGV[6] ~= '1' then return {queued, '[]'} end
local names = {}
for i = 8 + 2 * n, #ARGV do names[#names + 1] = ARGV[i] end
local out = {}
for _, name in ipairs(redis.call('ZREVRANGE', KEYS[2], 0, -1)) do
  out[#out + 1] = name
  out[#out + 1] = redis.call('HMGET', name, unpack(names))
end
if #out == 0 then return {queued, '[]'} end
return {queued, cjson.encode(out)}
"""
THEMATIC_SIMILARITY = 0.5  # a short-term neighbour this close (cosine of the turn's embedder) is the same theme
THEMATIC_STEP = 0.02  # … and its effective salience is raised by this much per new entry on the theme
_WHAT = "the short-term memory"
_TURN_FIELDS = ("inhalt", "salienz", "erstellt_am", "ablauf_am", "turn_id", "user_id", "character_id", "lzg_id")


class ShortTermMemory:
    def __init__(self, redis: Any) -> None:
        self._redis = redis
        self._push = redis.register_script(PUSH_ONCE)
        self._read = redis.register_script(_READ_INDEX)
        self._read_for_turn = redis.register_script(_READ_FOR_TURN)
        self._reinforce = redis.register_script(_REINFORCE)
        self._write = redis.register_script(_WRITE)

    def write(self, user_id: str, character_id: str, turn_id: str, inhalt: str, salience: float, raw: float,
              reason: str, now: datetime) -> ShortTermEntry | None:
        """The entry for this turn (None below the minimum band). The same turn twice writes one hash."""
        return self.write_and_list(user_id, character_id, turn_id, inhalt, salience, raw, reason, now,
                                   listed=False)[0]

    def write_and_list(self, user_id: str, character_id: str, turn_id: str, inhalt: str, salience: float, raw: float,
                       reason: str, now: datetime, *, passive_order: str | None = None,
                       listed: bool = True) -> tuple[ShortTermEntry | None, list[dict[str, Any]]]:
        """`write` with the turn's passive order (`passive_order`, pushed to `keys.EVENT_ORDERS` with the entry) and
        the pair's entries alive by `now` as `entries(..., for_turn=True)` gives them, the new one among them — one
        script call. Below the minimum band nothing is written, pushed or read: (None, [])."""
        ttl_days = band_ttl_days(salience)
        if ttl_days is None:
            return None, []
        key = keys.kzg_key(user_id, character_id, turn_id)
        created = as_utc(now).timestamp()
        fields = {"inhalt": inhalt, "salienz": repr(salience), "salienz_roh": repr(raw), "grund": reason,
                  "erstellt_am": repr(created), "ablauf_am": repr(created + ttl_days * _DAY),
                  "turn_id": turn_id, "user_id": user_id, "character_id": character_id}
        index = keys.kzg_index(user_id, character_id)
        push = reaches(salience, KZG_SALIENZ_HIGH)
        args = [ttl_days * _DAY, KZG_TTL_DAYS_HIGH * _DAY, repr(created), "1" if push else "0", passive_order or "",
                "1" if listed else "0", len(fields), *(part for pair in fields.items() for part in pair),
                *_TURN_FIELDS]
        with redis_errors(_WHAT):
            queued, listing = self._write(keys=[key, index, keys.queue(user_id, character_id),
                                                keys.work_list(user_id, character_id), keys.EVENT_ORDERS], args=args)
        entry = ShortTermEntry(key, bool(int(queued)), ttl_days)
        if not listed:
            return entry, []
        return entry, self._turn_entries(user_id, character_id, index, json.loads(listing), now, 0.0)

    def queue_once(self, user_id: str, character_id: str, key: str) -> bool:
        """§2: one order per key — refused while the key waits in the queue or sits in the work list."""
        with redis_errors(_WHAT):
            return bool(self._push(keys=[keys.queue(user_id, character_id), keys.work_list(user_id, character_id)],
                                   args=[key]))

    def reinforce(self, user_id: str, character_id: str, key: str) -> int:
        """§2: one thematic reinforcement of the pair's entry `key`; -1 left alone, 0 raised, 1 raised and queued."""
        return self.reinforce_all(user_id, character_id, [key])[0]

    def reinforce_all(self, user_id: str, character_id: str, entry_keys: list[str]) -> list[int]:
        """`reinforce` for each of the pair's entries, in order, in one script call (one command, atomic as a whole);
        nothing is sent when one key is not the pair's."""
        own = keys.kzg_key(user_id, character_id, "")
        if any(not key.startswith(own) for key in entry_keys):
            raise ValueError("a thematic reinforcement stays within the pair's own entries")
        if not entry_keys:
            return []
        with redis_errors(_WHAT):
            results = self._reinforce(keys=[keys.queue(user_id, character_id), keys.work_list(user_id, character_id),
                                            *entry_keys], args=[repr(THEMATIC_STEP), repr(KZG_SALIENZ_HIGH)])
        return [int(result) for result in results]

    def entries(self, user_id: str, character_id: str, now: datetime | None = None,
                min_salience: float = 0.0, *, for_turn: bool = False) -> list[dict[str, Any]]:
        """The pair's entries, newest first, with salience and remaining TTL; with `now` those past their
        end by that clock are left out (Redis expires by the wall clock, the turn's clock may run ahead).
        `for_turn`: only the fields a turn reads (`_TURN_FIELDS`, no TTL) — half the reply to parse."""
        index = keys.kzg_index(user_id, character_id)
        if for_turn:  # one round trip
            with redis_errors(_WHAT):
                listed = json.loads(self._read_for_turn(keys=[index], args=list(_TURN_FIELDS)))
            return self._turn_entries(user_id, character_id, index, listed, now, min_salience)
        with redis_errors(_WHAT):
            listed = self._read(keys=[index])
        names = listed[0::3]
        raw = [part for fields, ttl in zip(listed[1::3], listed[2::3], strict=True)
               for part in (dict(zip(fields[0::2], fields[1::2], strict=True)), ttl)]
        return self._kept(user_id, character_id, index, names, raw, now, min_salience)

    def _turn_entries(self, user_id: str, character_id: str, index: str, listed: list[Any], now: datetime | None,
                      min_salience: float) -> list[dict[str, Any]]:
        """The entries of a `[key, values, …]` listing of `_TURN_FIELDS` (as `_READ_FOR_TURN` or `_WRITE` give it)."""
        names = listed[0::2]
        raw = [part for values in listed[1::2]
               for part in ({f: v for f, v in zip(_TURN_FIELDS, values, strict=True) if isinstance(v, str)}, None)]
        return self._kept(user_id, character_id, index, names, raw, now, min_salience)

    def _kept(self, user_id: str, character_id: str, index: str, names: list[str], raw: list[Any],
              now: datetime | None, min_salience: float) -> list[dict[str, Any]]:
        if not names:
            return []
        cutoff = as_utc(now).timestamp() if now is not None else None
        out: list[dict[str, Any]] = []
        gone: list[str] = []
        for name, fields, ttl in zip(names, raw[0::2], raw[1::2], strict=True):
            if not fields:
                gone.append(name)
                continue
            if fields.get("user_id") != user_id or fields.get("character_id") != character_id:
                continue  # never another pair's entry, whatever the index says
            if min_salience > 0.0 and not reaches(_number(fields.get("salienz")), min_salience):
                continue  # before the entry is built: most of a long index is below what a turn shows
            entry = _entry(name, fields, ttl)
            if not reaches(entry["salienz"], min_salience):
                continue
            if cutoff is not None and (entry["_ablauf"] <= cutoff or entry["_erstellt"] > cutoff):
                continue
            out.append({k: v for k, v in entry.items() if not k.startswith("_")})
        if gone:
            with redis_errors(_WHAT):
                self._redis.zrem(index, *gone)
        return out

    def fresh_above_mid(self, user_id: str, character_id: str, now: datetime) -> list[dict[str, Any]]:
        """The entries a turn shows (above MID, alive by `now`): `inhalt`, `salienz`, `erstellt_am`, `turn_id`,
        `lzg_id` — without the TTL, the raw salience and the reason."""
        return self.entries(user_id, character_id, now, KZG_SALIENZ_MID, for_turn=True)


def _number(value: Any) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return math.nan
    return number


def _entry(key: str, fields: dict[str, str], ttl: int) -> dict[str, Any]:
    created = _number(fields.get("erstellt_am"))
    ends = _number(fields.get("ablauf_am"))
    readable = math.isfinite(created) and created > 0
    return {
        "key": key, "inhalt": fields.get("inhalt", ""), "salienz": _number(fields.get("salienz")),
        "salienz_roh": _number(fields.get("salienz_roh")), "grund": fields.get("grund", ""),
        "erstellt_am": datetime.fromtimestamp(created, UTC) if readable else None,
        "ttl_sekunden": ttl if isinstance(ttl, int) and ttl >= 0 else None,
        "turn_id": fields.get("turn_id"), "lzg_id": fields.get("lzg_id"),
        "_erstellt": created if readable else math.inf, "_ablauf": ends if math.isfinite(ends) else math.inf,
    }
