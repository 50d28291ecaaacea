"""Acute objects from what the person said and from what the services of the turn did.

- `named_objects`: the day and time the person named (*„… am Freitag um 11 …“*) — one object with its
  covered values, only when the time parser recognised a day.
- `service_objects`: the rows a service wrote, read or found, read back from their tables by id and bound to
  the pair; rows deleted or moved away this turn are returned as dropped. A read error is logged and the row is
  left out (an object that cannot be read back covers nothing).
- `rows_read`: the timeline rows a service of this turn read, for the read cover of the inventory check.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.holdings import Holdings
from novaberg.agents.services import step_verified, wrote_verifiably
from novaberg.core.errors import NovabergError
from novaberg.situation.lage import KIND_APPOINTMENT, KIND_MOMENT, KIND_NOTE, AcuteObject
from novaberg.timeline.phrases import time_expression
from novaberg.timeparse import parse

__all__ = ["named_objects", "service_objects", "row_object", "rows_read", "read_ids"]

_log = logging.getLogger("novaberg.situation")

TIMELINE = "timeline"
NOTES = "notizen"
_MINUTE = "minute"
_NOTES_READ_CAP = 10


def named_objects(text: str, now: datetime, zone: ZoneInfo) -> list[AcuteObject]:
    """The day (and time) the person named in this turn's text."""
    try:
        vector = parse(text, now)
    except (ValueError, OverflowError) as err:
        _log.warning("the named time could not be read for the Lage: %s", err)
        return []
    if vector.moment is None or not vector.tag_erkannt:
        return []
    local = vector.moment.astimezone(zone)
    return [AcuteObject(KIND_MOMENT, time_expression(text)[:80], "genannt", 0, local.date().isoformat(),
                        local.strftime("%H:%M") if vector.uhrzeit_erkannt else None)]


def row_object(row: Mapping[str, Any], source: str, turn: int, zone: ZoneInfo) -> AcuteObject:
    local = row["event_time"].astimezone(zone)
    return AcuteObject(KIND_APPOINTMENT, str(row.get("title") or ""), source, turn, local.date().isoformat(),
                       local.strftime("%H:%M") if row.get("precision") == _MINUTE else None, int(row["id"]))


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_ids(service: Mapping[str, Any]) -> list[int]:
    """Timeline rows the service read or found (a read's `termin_ids`, a recognised duplicate)."""
    data = service.get("data") if isinstance(service.get("data"), Mapping) else {}
    ids = [i for i in (data.get("termin_ids") or []) if _int(i) is not None]
    for step in service.get("steps") or []:
        if isinstance(step, Mapping) and step.get("ausgang") == "duplikat" and _int(step.get("termin_id")):
            ids.append(step["termin_id"])
    return ids


def _timeline_ids(service: Mapping[str, Any]) -> tuple[list[int], list[int]]:
    written, dropped = [], []
    for step in service.get("steps") or []:
        if not isinstance(step, Mapping) or not step_verified(step):
            continue
        outcome = step.get("ausgang")
        if outcome == "erstellt" and _int(step.get("termin_id")):
            written.append(step["termin_id"])
        elif outcome == "verschoben" and _int(step.get("neuer_id")):
            written.append(step["neuer_id"])
            if _int(step.get("alte_id")):
                dropped.append(step["alte_id"])
        elif outcome == "geloescht" and _int(step.get("termin_id")):
            dropped.append(step["termin_id"])
    return written, dropped


def service_objects(services: Sequence[Mapping[str, Any]], holdings: Holdings, user_id: str, character_id: str, turn: int,
                    zone: ZoneInfo) -> tuple[list[AcuteObject], list[int]]:
    """The objects the services of this turn wrote, read or found, and the timeline rows they removed."""
    objects: list[AcuteObject] = []
    dropped: list[int] = []
    for service in services:
        name = service.get("name")
        if name == TIMELINE:
            written, gone = _timeline_ids(service)
            dropped.extend(gone)
            touched = [*((i, "geschrieben") for i in written), *((i, "gelesen") for i in read_ids(service))]
            rows = _read(lambda ids=[i for i, _ in touched]: holdings.appointments(user_id, character_id, ids)) or {}
            for row_id, source in touched:
                row = rows.get(int(row_id))
                if row is not None and row.get("aktiv"):
                    objects.append(row_object(row, source, turn, zone))
        elif name == NOTES:
            objects.extend(_note_objects(service, holdings, user_id, turn))
    return objects, dropped


def _note_objects(service: Mapping[str, Any], holdings: Holdings, user_id: str, turn: int) -> list[AcuteObject]:
    data = service.get("data") if isinstance(service.get("data"), Mapping) else {}
    wrote = wrote_verifiably(service.get("steps") or [])
    ids: list[int] = [data["notiz_id"]] if _int(data.get("notiz_id")) else []
    ids += [i for i in (data.get("ids") or [])[:_NOTES_READ_CAP] if _int(i)]
    found = []
    for note_id in ids:
        row = _as_read(data, note_id) or _read(lambda i=note_id: holdings.note(user_id, i))
        if row is not None and row.get("aktiv"):
            found.append(AcuteObject(KIND_NOTE, str(row["name"]), "geschrieben" if wrote else "gelesen", turn,
                                     row_id=int(row["id"])))
    return found


def _as_read(data: Mapping[str, Any], note_id: int) -> dict[str, Any] | None:
    """The note as the service read it in this turn (a write's read-back in its transaction, a read): its id,
    name and whether it is active; None when the service did not say, and the row is read again."""
    if data.get("notiz_id") != note_id or not isinstance(data.get("name"), str) or \
            not isinstance(data.get("aktiv"), bool):
        return None
    return {"id": note_id, "name": data["name"], "aktiv": data["aktiv"]}


def _read(fetch: Any) -> dict[str, Any] | None:
    try:
        return fetch()
    except (NovabergError, ValueError) as err:
        _log.error("a row for the Lage could not be read back: %s", err)
        return None


def rows_read(object_ids: Iterable[int], holdings: Holdings, user_id: str, character_id: str) -> list[dict[str, Any]]:
    """The timeline rows with these ids, bound to the pair (for the read cover); unreadable ones left out."""
    ids = list(object_ids)
    found = _read(lambda: holdings.appointments(user_id, character_id, ids)) or {}
    return [row for row in (found.get(int(i)) for i in ids) if row is not None and row.get("aktiv")]
