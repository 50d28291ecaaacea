"""The Lage of the turn (`sachlage`): the acute objects of a pair, kept in Redis with a TTL.

An acute object is a row a service wrote, read or named in the last five turn pairs or in this turn, or a day
and time the person named — each with its covered values (day, time, title, note name). The evaluate node
reads the objects with exactly one day and one time for the inventory check (tribunal.md „Der
Bestandsabgleich“); the composer and the planner read the open offer (`[OBJEKT]`).

This module is the one writer of both keys:
- `sachlage:{user_id}:{character_id}` — the turn counter, the objects and the refused offers (JSON, TTL
  `SITUATION_TTL_SECONDS`); updated with an optimistic Redis transaction, so parallel turns of one pair merge
  instead of overwriting each other. Both ids are written with `%` and `:` encoded (`memory.keys.colon_pair`), so
  no two pairs share a key; for an id with one of them the old unencoded key is still read until the pair's
  next write (the entry names its pair, and another pair's is ignored as ever).
- `sachlage_angebot:{user_id}` — the one open offer of the person, with the figure that made it (TTL
  `OFFER_TTL_SECONDS`); taken with a WATCH transaction, so of two parallel consents exactly one executes it.

A corrupt entry or one of another pair is ignored and logged, never used.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from datetime import date, datetime, time
from time import sleep
from typing import Any
from zoneinfo import ZoneInfo

import redis as redis_lib

from novaberg.core.errors import DatabaseError
from novaberg.core.settings import PENDING_TTL_SECONDS
from novaberg.memory import keys
from novaberg.store.redis_store import redis_errors

__all__ = [
    "AcuteObject",
    "Offer",
    "Situation",
    "TakenOffer",
    "SITUATION_TTL_SECONDS",
    "OFFER_TTL_SECONDS",
    "TURN_PAIRS",
    "situation_key",
    "legacy_situation_key",
    "offer_key",
    "load_situation",
    "update_situation",
    "stored_text",
    "store_offer",
    "drop_stale_offer",
    "peek_offer",
    "take_offer",
]

_log = logging.getLogger("novaberg.situation")

SITUATION_TTL_SECONDS = 2 * 3600  # one conversation: the Lage and the refusals of its offers
OFFER_TTL_SECONDS = PENDING_TTL_SECONDS  # an offer waits as long as a pending question
TURN_PAIRS = 5  # the last five turn pairs and this turn
_RETRIES = 40
# After a lost race the next attempt waits a random while that doubles up to a cap (full jitter): twelve parallel
# turns of one pair retried in a tight loop could lose every one of their attempts under load, and the Lage then
# missed their objects (tests/graph/test_situation_concurrency.py failed so at load 10).
_BACKOFF_FIRST_SECONDS = 0.001
_BACKOFF_CAP_SECONDS = 0.05


def _after_lost_race(attempt: int) -> None:
    sleep(random.uniform(0, min(_BACKOFF_CAP_SECONDS, _BACKOFF_FIRST_SECONDS * 2 ** attempt)))

KIND_APPOINTMENT = "termin"
KIND_NOTE = "notiz"
KIND_MOMENT = "zeitpunkt"
KINDS = (KIND_APPOINTMENT, KIND_NOTE, KIND_MOMENT)
SOURCES = ("geschrieben", "gelesen", "genannt", "angeboten")


@dataclass(frozen=True)
class AcuteObject:
    kind: str  # 'termin' | 'notiz' | 'zeitpunkt'
    name: str  # the title as written, the note's name, or the words of the named time
    source: str  # 'geschrieben' | 'gelesen' | 'genannt' | 'angeboten'
    turn: int
    day: str | None = None  # local ISO date
    time: str | None = None  # local HH:MM
    row_id: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The stored form (what `dataclasses.asdict` gives, without its deep copies: every field is plain)."""
        return {"kind": self.kind, "name": self.name, "source": self.source, "turn": self.turn, "day": self.day,
                "time": self.time, "row_id": self.row_id}

    def moment(self, zone: ZoneInfo) -> datetime | None:
        """The local minute when the object covers exactly one day and one time, else None."""
        if not self.day or not self.time:
            return None
        return datetime.combine(date.fromisoformat(self.day), time.fromisoformat(self.time), zone)

    @classmethod
    def read(cls, raw: Any) -> AcuteObject:
        if not isinstance(raw, dict):
            raise ValueError("an object is no mapping")
        obj = cls(kind=raw["kind"], name=raw["name"], source=raw["source"], turn=raw["turn"], day=raw.get("day"),
                  time=raw.get("time"), row_id=raw.get("row_id"))
        if obj.kind not in KINDS or obj.source not in SOURCES or not isinstance(obj.name, str):
            raise ValueError(f"unknown object kind or source: {obj.kind!r}, {obj.source!r}")
        if isinstance(obj.turn, bool) or not isinstance(obj.turn, int):
            raise ValueError("an object's turn is no whole number")
        if obj.row_id is not None and (isinstance(obj.row_id, bool) or not isinstance(obj.row_id, int)):
            raise ValueError("an object's row id is no whole number")
        if obj.day is not None:
            date.fromisoformat(obj.day)
        if obj.time is not None:
            time.fromisoformat(obj.time)
        return obj


@dataclass(frozen=True)
class Situation:
    user_id: str
    character_id: str
    turn: int = 0
    objects: tuple[AcuteObject, ...] = ()
    refused: tuple[str, ...] = ()  # keys of offers the person refused (E3 „Speichern = abgelehnt“)

    def moments(self, zone: ZoneInfo) -> tuple[datetime, ...]:
        """The acute objects with exactly one day and one time, as local minutes, once each."""
        found = {m for obj in self.objects if (m := obj.moment(zone)) is not None}
        return tuple(sorted(found))

    def as_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "character_id": self.character_id, "turn": self.turn,
                "objects": [o.as_dict() for o in self.objects], "refused": list(self.refused)}

    @classmethod
    def read(cls, raw: Any, user_id: str, character_id: str) -> Situation:
        """A stored entry, checked; ValueError when it is corrupt or belongs to another pair."""
        if not isinstance(raw, dict):
            raise ValueError("the entry is no mapping")
        if raw.get("user_id") != user_id or raw.get("character_id") != character_id:
            raise ValueError("the entry belongs to another pair")
        turn = raw.get("turn")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 0:
            raise ValueError("the turn counter is no whole number")
        objects = raw.get("objects")
        refused = raw.get("refused")
        if not isinstance(objects, list) or not isinstance(refused, list) or \
                not all(isinstance(k, str) for k in refused):
            raise ValueError("objects or refusals are no lists")
        return cls(user_id, character_id, turn, tuple(AcuteObject.read(o) for o in objects), tuple(refused))

    def begin(self, named: Iterable[AcuteObject] = ()) -> Situation:
        """The next turn: counter + 1, objects older than five turn pairs dropped, the named ones added."""
        turn = self.turn + 1
        kept = tuple(o for o in self.objects if o.turn >= turn - TURN_PAIRS)
        return replace(self, turn=turn, objects=_merged(kept, [replace(o, turn=turn) for o in named]))

    def with_objects(self, objects: Iterable[AcuteObject], dropped_rows: Iterable[int] = ()) -> Situation:
        """Objects added (a row seen again replaces its older entry); rows deleted or moved away dropped."""
        gone = set(dropped_rows)
        kept = tuple(o for o in self.objects if o.row_id is None or o.row_id not in gone)
        return replace(self, objects=_merged(kept, list(objects)))

    def with_refusal(self, key: str) -> Situation:
        return self if key in self.refused else replace(self, refused=(*self.refused, key))


def _merged(kept: tuple[AcuteObject, ...], new: list[AcuteObject]) -> tuple[AcuteObject, ...]:
    def identity(obj: AcuteObject) -> tuple[Any, ...]:
        return (obj.kind, obj.row_id) if obj.row_id is not None else (obj.kind, obj.name.lower(), obj.day, obj.time)

    fresh = {identity(o) for o in new}
    return (*(o for o in kept if identity(o) not in fresh), *new)


@dataclass(frozen=True)
class Offer:
    """An offered write (`[OBJEKT]` with `angebot`): exactly what a consent executes."""

    character_id: str
    service: str  # 'timeline' | 'notizen'
    action: str  # 'create' | 'add_content'
    target: str  # the appointment's title or the note's name
    turn: int  # the turn of the pair in which it was offered
    said_at: str  # ISO moment of that turn (a relative day resolves against it)
    expires_at: str  # ISO moment after which a consent writes nothing
    zeitausdruck: str = ""  # the time as said, for the timeline
    day: str | None = None
    time: str | None = None
    items: tuple[str, ...] = ()  # for a note: what goes onto it

    @property
    def key(self) -> str:
        """The object's identity for a refusal mark: service, target, day and time."""
        return "|".join([self.service, self.target.lower(), self.day or "", self.time or "", *self.items])

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "items": list(self.items)}

    @classmethod
    def read(cls, raw: Any) -> Offer:
        if not isinstance(raw, dict):
            raise ValueError("the offer is no mapping")
        offer = cls(**{**raw, "items": tuple(raw.get("items") or ())})
        for name in ("character_id", "service", "action", "target", "said_at", "expires_at", "zeitausdruck"):
            if not isinstance(getattr(offer, name), str):
                raise ValueError(f"the offer's {name} is no text")
        if offer.service not in ("timeline", "notizen") or not offer.target:
            raise ValueError(f"the offer names no service or no target: {offer.service!r}")
        datetime.fromisoformat(offer.said_at)
        datetime.fromisoformat(offer.expires_at)
        return offer


@dataclass(frozen=True)
class TakenOffer:
    """What a consent found: the offer (taken, so nobody else executes it), or why there is none to take."""

    offer: Offer | None
    reason: str = ""  # '' | 'abgelaufen' | 'andere_figur' | 'keines'


def situation_key(user_id: str, character_id: str) -> str:
    if not user_id or not character_id:
        raise ValueError("the Lage needs a user_id and a character_id")
    return f"sachlage:{keys.colon_pair(user_id, character_id)}"


def legacy_situation_key(user_id: str, character_id: str) -> str | None:
    """The key an older version used for the pair, where it differs from `situation_key` (else None)."""
    old = f"sachlage:{keys.raw_colon_pair(user_id, character_id)}"
    return old if old != situation_key(user_id, character_id) else None


def offer_key(user_id: str) -> str:
    if not user_id:
        raise ValueError("an offer needs a user_id")
    return f"sachlage_angebot:{user_id}"


def _parse(raw: Any, user_id: str, character_id: str) -> Situation:
    empty = Situation(user_id, character_id)
    if raw is None:
        return empty
    try:
        return Situation.read(json.loads(raw), user_id, character_id)
    except (ValueError, TypeError, KeyError) as err:
        _log.warning("the Lage of %s/%s is unusable and ignored (%s): %.80r", user_id, character_id, err, raw)
        return empty


def load_situation(redis: Any, user_id: str, character_id: str) -> Situation:
    """The pair's Lage; an empty one when there is none, or when the stored one is corrupt (logged)."""
    legacy = legacy_situation_key(user_id, character_id)
    with redis_errors("the Lage"):
        raw = redis.get(situation_key(user_id, character_id))
        if raw is None and legacy is not None:
            raw = redis.get(legacy)
    return _parse(raw, user_id, character_id)


# Set the Lage only if it is still what the change was computed from (ARGV[1] '1': the value ARGV[2]; '0': absent).
_SET_IF_UNCHANGED = """
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '0' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[4])
return 1
"""


_UNREAD = object()


def update_situation(redis: Any, user_id: str, character_id: str,
                     change: Callable[[Situation], Situation], *, seen: Any = _UNREAD,
                     held: Situation | None = None) -> Situation:
    """Read, change and write the Lage optimistically: it is written only if it is still what was read (one
    compare-and-set script; two round trips in all), else read and changed again (a parallel turn wrote).
    `seen`: the stored text the caller already holds (read with other keys in one trip, or the one its turn wrote,
    None for none) — changed and set without a read; when Redis no longer holds exactly it, the compare-and-set
    refuses and the Lage is read as usual, at once (a guess that missed is no lost race). `held`: the pair's Lage this
    turn stored — its text is the guess, and it is changed as it is, not parsed back from that text."""
    key = situation_key(user_id, character_id)
    legacy = legacy_situation_key(user_id, character_id)
    script = redis.register_script(_SET_IF_UNCHANGED)

    def attempt_with(raw: Any, parsed: Situation | None = None) -> Situation | None:
        shown = raw
        if raw is None and legacy is not None:  # an entry from before the encoded key: carried over
            with redis_errors("the Lage"):
                shown = redis.get(legacy)
        changed = change(parsed if parsed is not None else _parse(shown, user_id, character_id))
        with redis_errors("the Lage"):
            stored = script(keys=[key], args=["0" if raw is None else "1", raw or "",
                                              stored_text(changed),
                                              SITUATION_TTL_SECONDS])
        return changed if stored else None

    if held is not None and (held.user_id, held.character_id) == (user_id, character_id):
        seen = stored_text(held)
    else:
        held = None
    if seen is not _UNREAD and (done := attempt_with(seen, held)) is not None:
        return done
    for attempt in range(_RETRIES):
        with redis_errors("the Lage"):
            raw = redis.get(key)
        if (done := attempt_with(raw)) is not None:
            return done
        _after_lost_race(attempt)
    raise DatabaseError("the Lage changed under every attempt to update it")


def stored_text(situation: Situation) -> str:
    """The text `update_situation` stores for `situation` (what a later update of the same turn may pass as `seen`)."""
    return json.dumps(situation.as_dict(), ensure_ascii=False)


def store_offer(redis: Any, user_id: str, offer: Offer) -> None:
    """Kept twice as long as it is valid, so that a late consent can still be told that it expired."""
    with redis_errors("the Lage"):
        redis.set(offer_key(user_id), json.dumps(offer.as_dict(), ensure_ascii=False), ex=2 * OFFER_TTL_SECONDS)


def drop_stale_offer(redis: Any, user_id: str, character_id: str, turn: int, *, seen: Any = _UNREAD) -> bool:
    """A turn after the offer that does not answer it ends it: the caller calls this only for a turn that is no
    consent and no refusal, so a later „Ja“ answers something else. Returns whether one was dropped. A turn with
    nothing to drop (the common case) costs one read — none when the caller read the offer's text with other keys
    (`seen`, None for none); only a stale offer is dropped under WATCH, read again there."""
    key = offer_key(user_id)
    if seen is _UNREAD:
        with redis_errors("the Lage"):
            seen = redis.get(key)
    seen = _read_offer(seen, user_id)
    if seen is None or seen.character_id != character_id or turn <= seen.turn:
        return False
    for attempt in range(_RETRIES):
        with redis_errors("the Lage"), redis.pipeline() as pipe:
            try:
                pipe.watch(key)
                offer = _read_offer(pipe.get(key), user_id)
                if offer is None or offer.character_id != character_id or turn <= offer.turn:
                    pipe.unwatch()
                    return False
                pipe.multi()
                pipe.delete(key)
                pipe.execute()
                return True
            except redis_lib.WatchError:
                _after_lost_race(attempt)
                continue
    raise DatabaseError("the open offer changed under every attempt to drop it")


def _read_offer(raw: Any, user_id: str) -> Offer | None:
    if raw is None:
        return None
    try:
        return Offer.read(json.loads(raw))
    except (ValueError, TypeError) as err:
        _log.warning("the open offer of %s is unusable and ignored (%s): %.80r", user_id, err, raw)
        return None


def peek_offer(redis: Any, user_id: str) -> Offer | None:
    """The person's open offer (of any figure) without taking it; a corrupt one is logged and ignored."""
    with redis_errors("the Lage"):
        raw = redis.get(offer_key(user_id))
    return _read_offer(raw, user_id)


def take_offer(redis: Any, user_id: str, character_id: str, now: datetime, turn: int) -> TakenOffer:
    """Take the open offer for executing or refusing it: only this figure's, only in a turn after the one that made
    it (a turn between that did not answer it has dropped it, `drop_stale_offer`) and before it expired. Taken
    atomically — of parallel consents exactly one gets it."""
    key = offer_key(user_id)
    for attempt in range(_RETRIES):
        with redis_errors("the Lage"), redis.pipeline() as pipe:
            try:
                pipe.watch(key)
                offer = _read_offer(pipe.get(key), user_id)
                if offer is None:
                    pipe.unwatch()
                    return TakenOffer(None, "keines")
                if offer.character_id != character_id:
                    pipe.unwatch()
                    return TakenOffer(offer, "andere_figur")
                pipe.multi()
                pipe.delete(key)
                pipe.execute()
            except redis_lib.WatchError:
                _after_lost_race(attempt)
                continue
        if now > datetime.fromisoformat(offer.expires_at) or turn <= offer.turn:
            return TakenOffer(offer, "abgelaufen")
        return TakenOffer(offer)
    raise DatabaseError("the open offer changed under every attempt to take it")
