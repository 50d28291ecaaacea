"""Erase one person: every row, Redis key, knowledge file, token and session of theirs.

`plan` only looks (what would go, counted per store); `erase` removes it and reports what went. Rows go in
one transaction (`store/erasure.py`); the Redis keys are found with SCAN (never KEYS) by the names the
writers use (`memory/keys.py`, `agents/pending.py`, `situation/lage.py`, `files/reading/offer.py`,
`pixie/resubmission.py`); the knowledge zones are the person's directory under `knowledge/pairs/`; the token
is dropped from the tokens file (the sessions are rows of `web_sessions`).

A person with nothing stored anywhere is unknown: `erase` then changes nothing, and a second erase of the
same person finds nothing.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from novaberg.agents.pending import pending_key
from novaberg.api.person_tokens import PersonTokens
from novaberg.core.edge import check_id
from novaberg.files.knowledge.pairs import PAIRS, safe_segment
from novaberg.files.knowledge.zone import zone_of
from novaberg.memory import keys
from novaberg.memory.repository import forget_told_words
from novaberg.situation.lage import offer_key
from novaberg.store.erasure import PersonRows
from novaberg.store.person_gate import ERASE_WAIT_SECONDS, PersonGate

__all__ = ["ErasureReport", "PersonErasure"]

# Keys `<prefix><pair token>…`: the person's part is quoted, so the prefix `<prefix><quoted user>|` is theirs alone.
_PAIR_TOKEN_PREFIXES = (keys.KZG_PREFIX, "kzg_index:", keys.QUEUE_PREFIX, "wiedervorlage:")
# Keys `<prefix><user>:<character>`, each id with `%` and `:` encoded (`keys.colon_pair`); older ones with the raw ids.
_COLON_PAIR_PREFIXES = ("sachlage:", "dateien_vorlesen:")
_NAMES_ITS_PAIR = ("sachlage:",)  # whose value says whose it is (an old, ambiguous key is erased only if it is theirs)
_ORDER_LISTS = (keys.EVENT_ORDERS, keys.EVENT_ORDERS_WORK)  # shared lists of JSON orders naming the person
_SCAN_COUNT = 500


@dataclass
class ErasureReport:
    """What belongs (or belonged) to one person, per store."""

    user_id: str
    rows: dict[str, int] = field(default_factory=dict)
    redis_keys: int = 0
    redis_orders: int = 0
    knowledge_files: int = 0
    token: bool = False

    @property
    def total(self) -> int:
        return sum(self.rows.values()) + self.redis_keys + self.redis_orders + self.knowledge_files  # a token is a row

    @property
    def known(self) -> bool:
        return self.total > 0

    def as_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "zeilen": dict(sorted(self.rows.items())), "redis_schluessel": self.redis_keys,
                "redis_auftraege": self.redis_orders, "wissensdateien": self.knowledge_files,
                "token": self.token, "gesamt": self.total}


class PersonErasure:
    def __init__(self, db: Any, redis: Any, data_dir: Path, wait_seconds: float = ERASE_WAIT_SECONDS) -> None:
        self._rows = PersonRows(db)
        self._tokens = PersonTokens(db)
        self._redis = redis
        self._data_dir = Path(data_dir)
        self._gate = PersonGate(redis, wait_seconds)

    def plan(self, user_id: str) -> ErasureReport:
        """What an erase would remove; changes nothing."""
        check_id(user_id, "user")
        characters = self._characters(user_id)
        return ErasureReport(user_id, self._rows.count(user_id, _needle(user_id)),
                             len(self._keys(user_id, characters)), len(self._orders(user_id)),
                             len(_files(self._zone(user_id))), self._tokens.digest_of(user_id) is not None)

    def erase(self, user_id: str) -> ErasureReport:
        """Remove everything of `user_id`; the report says what went (all zero: nothing was there). Holds the
        person's gate: no turn of the person runs meanwhile (a running one is waited for, a new one refused),
        so no turn writes after the erase (`PersonBusyError` when the running turns do not end in time)."""
        check_id(user_id, "user")
        with self._gate.erasing(user_id):
            return self._erase(user_id)

    def _erase(self, user_id: str) -> ErasureReport:
        characters = self._characters(user_id)  # read before the rows that name them go
        had_token = self._tokens.digest_of(user_id) is not None  # its row goes with the person's rows
        rows = self._rows.delete(user_id, _needle(user_id))
        forget_told_words(user_id)  # the words this process holds of the person's nodes go with the rows
        found = self._keys(user_id, characters)
        removed_keys = int(self._redis.delete(*found)) if found else 0
        removed_orders = sum(int(self._redis.lrem(name, 0, raw)) for name, raw in self._orders(user_id))
        zone = self._zone(user_id)
        files = len(_files(zone))
        if zone.exists():
            shutil.rmtree(zone)
        return ErasureReport(user_id, rows, removed_keys, removed_orders, files, had_token)

    # --- finding -------------------------------------------------------------------------------------

    def _characters(self, user_id: str) -> set[str]:
        """The figures of the person: every figure their rows name, and those of `<prefix><user>:<character>` keys
        (encoded ids: the name says the figure; an old raw key only where its name is unambiguous)."""
        found: set[str] = set(self._rows.characters(user_id))
        encoded = keys.colon_part(user_id)
        for prefix in _COLON_PAIR_PREFIXES:
            for user in dict.fromkeys((encoded, user_id)):  # the encoded id, and the raw one where it differs
                for name in self._scan(f"{prefix}{_glob(user)}:*"):
                    rest = name[len(prefix) + len(user) + 1:]
                    if rest and ":" not in rest:
                        found.add(unquote(rest) if user == encoded else rest)
        return found

    def _keys(self, user_id: str, characters: set[str]) -> list[str]:
        found = [name for name in (pending_key(user_id), offer_key(user_id)) if self._redis.exists(name)]
        token = quote(user_id, safe="")  # no glob character survives quoting
        for prefix in _PAIR_TOKEN_PREFIXES:
            found.extend(self._scan(f"{prefix}{token}|*"))
        for prefix in _COLON_PAIR_PREFIXES:
            for character in sorted(characters):
                name = f"{prefix}{keys.colon_pair(user_id, character)}"
                if self._redis.exists(name):
                    found.append(name)
                old = f"{prefix}{keys.raw_colon_pair(user_id, character)}"
                if old != name and self._redis.exists(old) and self._owns_old(prefix, old, user_id, character):
                    found.append(old)
        return sorted(set(found))

    def _owns_old(self, prefix: str, name: str, user_id: str, character_id: str) -> bool:
        """Whether an old raw-id key is this pair's: certain when no id holds a `:`, else only where the value
        names the pair (an old read offer of an id with `:` is left to its half-hour expiry)."""
        if keys.unambiguous_raw(user_id, character_id):
            return True
        if prefix not in _NAMES_ITS_PAIR:
            return False
        try:
            value = json.loads(self._redis.get(name) or "null")
        except ValueError:
            return False
        return isinstance(value, dict) and value.get("user_id") == user_id and value.get("character_id") == character_id

    def _orders(self, user_id: str) -> list[tuple[str, str]]:
        """(list, entry) of the passive event orders that name the person."""
        orders: list[tuple[str, str]] = []
        for name in _ORDER_LISTS:
            for raw in self._redis.lrange(name, 0, -1):
                text = raw.decode() if isinstance(raw, bytes) else raw
                try:
                    order = json.loads(text)
                except ValueError:
                    continue
                if isinstance(order, dict) and order.get("user_id") == user_id:
                    orders.append((name, text))
        return orders

    def _scan(self, pattern: str) -> list[str]:
        return [name.decode() if isinstance(name, bytes) else name
                for name in self._redis.scan_iter(match=pattern, count=_SCAN_COUNT)]

    def _zone(self, user_id: str) -> Path:
        return zone_of(self._data_dir) / PAIRS / safe_segment(user_id, "user")



def _needle(user_id: str) -> str:
    """How the heartbeat's audits name one of the person's keys: `…:<quoted user>|<quoted figure>…`."""
    return f":{quote(user_id, safe='')}|"


def _glob(text: str) -> str:
    """`text` matched literally in a Redis glob pattern."""
    return "".join(f"\\{char}" if char in "*?[]\\" else char for char in text)


def _files(zone: Path) -> list[Path]:
    return [path for path in zone.rglob("*") if path.is_file()] if zone.is_dir() else []
