"""The Lage in the turn: begun by the router node, extended by the planner, read by evaluate and the composer.

Every Redis write goes through `novaberg.situation.lage` (the one writer). A Lage that cannot be read or written
is loud in the log and the turn goes on with an empty one — it then covers nothing, so the checks stay strict.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.holdings import Holdings
from novaberg.core.errors import DatabaseError
from novaberg.situation.lage import Situation, store_offer, update_situation
from novaberg.situation.objects import named_objects, rows_read, service_objects
from novaberg.situation.offers import offer_in_answer
from novaberg.situation.sources import InventorySource, NoteView

__all__ = ["begin_situation", "record_services", "keep_offer", "refuse_offer", "situation_of", "carried",
           "inventory_source", "object_reference"]

_log = logging.getLogger("novaberg.situation")


def begin_situation(redis: Any, user_id: str, character_id: str, text: str, now: datetime,
                    zone: ZoneInfo, **seen: Any) -> Situation:
    """The next turn of the pair's Lage, with the day and time the person named in `text`. `seen=`: the Lage's
    stored text, when the caller read it with other keys (`update_situation`)."""
    named = named_objects(text, now, zone)
    try:
        return update_situation(redis, user_id, character_id, lambda s: s.begin(named), **seen)
    except DatabaseError as err:
        _log.error("the Lage could not be begun; this turn has an empty one: %s", err)
        return Situation(user_id, character_id).begin(named)


class _Carried(dict[str, Any]):
    """The Lage as the turn's state carries it: its stored form (a plain mapping to everything that reads it),
    with the checked Lage it was made from, so a node reads it back without parsing and checking every object
    again. The nodes never change it in place: a changed Lage is a new one (`carried`)."""

    situation: Situation


def carried(situation: Situation) -> dict[str, Any]:
    """The Lage for the turn's state (`sachlage`)."""
    state = _Carried(situation.as_dict())
    state.situation = situation
    return state


def situation_of(raw: Any, user_id: str, character_id: str) -> Situation:
    """The Lage carried in the turn's state; a corrupt one or one of another pair is logged and ignored."""
    if raw is None:
        return Situation(user_id, character_id)
    if isinstance(raw, _Carried) and raw.situation.user_id == user_id and raw.situation.character_id == character_id:
        return raw.situation
    try:
        return Situation.read(raw, user_id, character_id)
    except (ValueError, TypeError, KeyError) as err:
        _log.warning("the turn's Lage is unusable and ignored: %s", err)
        return Situation(user_id, character_id)


def record_services(redis: Any, holdings: Holdings, situation: Situation, services: Sequence[Mapping[str, Any]],
                    zone: ZoneInfo) -> Situation:
    """The rows the services of this turn wrote, read or found become acute objects of the Lage."""
    objects, dropped = service_objects(services, holdings, situation.user_id, situation.character_id, situation.turn,
                                       zone)
    if not objects and not dropped:
        return situation
    try:  # the text this turn's Lage was stored as is tried first: no read unless a parallel turn changed it
        return update_situation(redis, situation.user_id, situation.character_id,
                                lambda s: s.with_objects(objects, dropped), held=situation)
    except DatabaseError as err:
        _log.error("the Lage could not be written; the turn keeps it in its state only: %s", err)
        return situation.with_objects(objects, dropped)


def keep_offer(redis: Any, situation: Situation, answer: str, person_text: str, now: datetime,
               zone: ZoneInfo) -> dict[str, Any] | None:
    """An offer in the answer that goes out is kept as the `[OBJEKT]` of the Lage; returns what was kept."""
    offer = offer_in_answer(answer, person_text, situation, now, zone)
    if offer is None:
        return None
    try:
        store_offer(redis, situation.user_id, offer)
    except DatabaseError as err:
        _log.error("the offer could not be kept; a consent to it will write nothing: %s", err)
        return None
    return offer.as_dict()


def refuse_offer(redis: Any, situation: Situation, key: str) -> Situation:
    """E3 „Speichern = abgelehnt“: the object is marked, and not offered again in this conversation."""
    try:
        return update_situation(redis, situation.user_id, situation.character_id, lambda s: s.with_refusal(key))
    except DatabaseError as err:
        _log.error("the refusal could not be kept in the Lage: %s", err)
        return situation.with_refusal(key)


def inventory_source(situation: Situation, holdings: Holdings, zone: ZoneInfo) -> InventorySource:
    """What the inventory check may ask, bound to the pair of the Lage."""
    user_id, character_id = situation.user_id, situation.character_id
    read_now = [o.row_id for o in situation.objects
                if o.kind == "termin" and o.source == "gelesen" and o.turn == situation.turn and o.row_id is not None]

    def lookup(moment: datetime) -> list[dict[str, Any]]:
        return holdings.appointments_at(user_id, character_id, moment, zone)

    def notes() -> list[NoteView]:
        return [NoteView(str(r["name"]), str(r["text"])) for r in holdings.notes(user_id)]

    return InventorySource(situation.moments(zone), lookup, zone, tuple(rows_read(read_now, holdings, user_id,
                                                                                  character_id)), notes)


def object_reference(situation: Situation, service: str) -> dict[str, Any]:
    """The agents' `kontext`: the Lage's latest acute appointment as `objekt_bezug` (timeline.md „Der Objektbezug in
    der Klassifikation“) — no offer in it (`angebot` only when the person answers an offer), so it only tells the
    classification what the conversation is about. Other services get nothing."""
    if service != "timeline":
        return {}
    rows = [o for o in situation.objects if o.kind == "termin" and o.day]
    if not rows:
        return {}
    latest = max(rows, key=lambda o: o.turn)
    properties = {"tag": latest.day, **({"uhrzeit": latest.time} if latest.time else {})}
    return {"objekt_bezug": {"name": latest.name, "eigenschaften": properties}}
