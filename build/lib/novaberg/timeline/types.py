"""The type source of the timeline (timeline.md §8, *Die Typquelle*): one place for every event type.

Each type carries the flags of its row (`binding`, `remind`, `conflict_check`), whether it is an
appointment of the person (`is_appointment`: only those are duplicate partners and inventory hits),
its mark in `[TERMINE]` (`label`, empty for an ordinary appointment) and its line in the
classification prompt (`prompt_line`, empty = the classification never assigns it).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import MappingProxyType

from novaberg.core.settings import RESUBMISSION_DAYS

__all__ = [
    "EventType",
    "EVENT_TYPES",
    "CLASSIFIABLE",
    "NOT_APPOINTMENTS",
    "ANCHOR_TYPE",
    "OCCURRENCE_TYPE",
    "DEFAULT_TYPE",
    "MINUTE_PRECISION",
    "DAY_PRECISION",
    "MONTH_PRECISION",
    "PRECISIONS",
    "event_type",
    "is_marked",
    "check_type_source",
    "resubmission_at",
    "topics_of",
]

_log = logging.getLogger(__name__)

# The precision values of a row (§9: `precision` is text; `month` since 22.10.2026, §5.5).
MINUTE_PRECISION = "minute"
DAY_PRECISION = "day"
MONTH_PRECISION = "month"
PRECISIONS = (MINUTE_PRECISION, DAY_PRECISION, MONTH_PRECISION)


@dataclass(frozen=True)
class EventType:
    name: str
    binding: bool
    remind: bool
    conflict_check: bool
    is_appointment: bool
    label: str
    prompt_line: str


ANCHOR_TYPE = "erinnerungs_anker"
OCCURRENCE_TYPE = "ereignis"
DEFAULT_TYPE = "termin"

# Order = order of the classification prompt (§8: CLASSIFIABLE keeps it). The five classifiable
# types remind (§8: "Die fünf klassifizierbaren Typen erinnern"); anchor and event carry (False,
# False, False). `binding`/`conflict_check` of the five are this project's reading of §8's
# descriptions: an appointment and a deadline bind the person's time, only an appointment collides.
_TYPES = (
    EventType("termin", True, True, True, True, "", "termin: ein Treffen, Arzttermin, Besuch — der Normalfall"),
    EventType("geburtstag", False, True, False, True, "", "geburtstag: der Geburtstag eines Menschen"),
    EventType("deadline", True, True, False, True, "", "deadline: eine Frist, ein Abgabetermin"),
    EventType("jahrestag", False, True, False, True, "", "jahrestag: ein jährlich wiederkehrender Gedenktag"),
    EventType("erinnerung", False, True, False, True, "", "erinnerung: etwas, woran Nova zu einer Zeit erinnern soll"),
    EventType(ANCHOR_TYPE, False, False, False, False, "", ""),
    EventType(OCCURRENCE_TYPE, False, False, False, False, "Ereignis", ""),
)


def check_type_source(types: tuple[EventType, ...]) -> None:
    """A marked type that also counts as an appointment contradicts itself (§4a *Block*): loud."""
    seen: set[str] = set()
    for kind in types:
        if kind.name in seen:
            raise RuntimeError(f"event type {kind.name!r} is defined twice")
        seen.add(kind.name)
        if kind.label and kind.is_appointment:
            raise RuntimeError(f"event type {kind.name!r} is marked ({kind.label!r}) and an appointment at once")


check_type_source(_TYPES)

EVENT_TYPES: Mapping[str, EventType] = MappingProxyType({kind.name: kind for kind in _TYPES})
CLASSIFIABLE: tuple[str, ...] = tuple(kind.name for kind in _TYPES if kind.prompt_line)
NOT_APPOINTMENTS: tuple[str, ...] = tuple(kind.name for kind in _TYPES if not kind.is_appointment)


def event_type(name: str) -> EventType:
    """The type by name; an unknown type is loud (§8: ValueError and an error line)."""
    kind = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if kind is None:
        _log.error("unknown timeline event type %r (known: %s)", name, ", ".join(EVENT_TYPES))
        raise ValueError(f"unknown timeline event type {name!r}")
    return kind


def is_marked(name: str) -> bool:
    """Whether a row of this type stands marked in `[TERMINE]` (an event of another person)."""
    kind = event_type(name)
    if kind.label and kind.is_appointment:
        raise RuntimeError(f"event type {name!r} is marked and an appointment at once")
    return bool(kind.label)


def resubmission_at(remind: bool, event_time: datetime) -> datetime | None:
    """§8: one week after the moment for a reminding type, else none — the caller passes it to insert."""
    return event_time + timedelta(days=RESUBMISSION_DAYS) if remind else None


def topics_of(name: str) -> list[str]:
    """The topic axis (`themen`) of a new row, derived from its type (§9 *Magnet-Spalten*)."""
    return [event_type(name).name]
