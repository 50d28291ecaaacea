"""What the services of this turn prove: which wrote verifiably, and which dates they reported.

A service is a dict `{name, status, answer, steps, data}` (`agents.services.ServiceResult.as_dict`).
Only status `abgeschlossen` is a source. A write is proven by a verified step (`agents.services.Step.verified`,
read by `wrote_verifiably`; in the JSON the spec's key `verifiziert: True`),
which a service sets only after reading the row back (tribunal.md, "Ein Lesevorgang deckt
nicht"); a read, a listing or a recognised duplicate carries none.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.services import wrote_verifiably
from novaberg.timeparse.dates import reading_zone
from novaberg.tribunal.const import COMPLETED, WRITE_NOT_RECOGNISABLE, WRITE_NOT_WRITTEN, WRITE_WRITTEN
from novaberg.tribunal.dates import StatedDate, find_dates

__all__ = ["ServiceOutcome", "read_services", "reported_dates"]

_DEPTH = 4  # how deep `data` and `steps` are searched for dates


@dataclass(frozen=True)
class ServiceOutcome:
    name: str
    status: str | None
    write: str  # 'geschrieben' | 'nicht_geschrieben' | 'nicht_erkennbar'

    @property
    def completed(self) -> bool:
        return self.status == COMPLETED

    @property
    def covers(self) -> bool:
        """Covers a storage claim: completed, and a step says the write was read back."""
        return self.completed and self.write == WRITE_WRITTEN


def _checked(services: Sequence[Mapping[str, Any]]) -> Sequence[Mapping[str, Any]]:
    if isinstance(services, (str, bytes, Mapping)) or not isinstance(services, Sequence):
        raise TypeError(f"services must be a list of dicts, got {type(services).__name__}")
    for index, service in enumerate(services):
        if not isinstance(service, Mapping):
            raise TypeError(f"service {index} must be a dict, got {type(service).__name__}")
    return services


def _write_of(steps: object) -> str:
    if not isinstance(steps, list):
        return WRITE_NOT_RECOGNISABLE
    return WRITE_WRITTEN if wrote_verifiably(steps) else WRITE_NOT_WRITTEN


def read_services(services: Sequence[Mapping[str, Any]]) -> list[ServiceOutcome]:
    """One outcome per service, in order. A service that is not a dict is a loud error."""
    outcomes = []
    for service in _checked(services):
        status = service.get("status")
        outcomes.append(
            ServiceOutcome(
                name=str(service.get("name") or ""),
                status=status if isinstance(status, str) else None,
                write=_write_of(service.get("steps")),
            )
        )
    return outcomes


def reported_dates(services: Sequence[Mapping[str, Any]], today: date,
                   zone: ZoneInfo | None = None) -> list[StatedDate]:
    """Every date that a completed service named: in its answer, its data or its steps; an aware moment
    also on its day in `zone` (the person's; default: the display default).

    More sources make the confirmation check quieter, never louder, so the search is wide.
    """
    found: list[StatedDate] = []
    for service in _checked(services):
        if service.get("status") != COMPLETED:
            continue
        for value in (service.get("answer"), service.get("data"), service.get("steps")):
            found.extend(_dates_in(value, today, _DEPTH, zone))
    return found


def _dates_in(value: object, today: date, depth: int, zone: ZoneInfo | None) -> Iterator[StatedDate]:
    if isinstance(value, datetime):
        yield from _moment_dates(value, zone)
    elif isinstance(value, date):
        yield _exact(value)
    elif isinstance(value, str):
        yield from _string_dates(value, today, zone)
    elif depth > 0 and isinstance(value, Mapping):
        for item in value.values():
            yield from _dates_in(item, today, depth - 1, zone)
    elif depth > 0 and isinstance(value, (list, tuple)):
        for item in value:
            yield from _dates_in(item, today, depth - 1, zone)


def _exact(day: date) -> StatedDate:
    return StatedDate(day, True, 0, 0, day.isoformat())


def _moment_dates(moment: datetime, zone: ZoneInfo | None) -> Iterator[StatedDate]:
    """A naive moment gives its own day; an aware one its day where it was written and in the person's
    zone (the zone the time parser reads), because the database keeps UTC and the person reads local time."""
    yield _exact(moment.date())
    if moment.tzinfo is not None:
        yield _exact(moment.astimezone(zone or reading_zone(moment)).date())


def _string_dates(text: str, today: date, zone: ZoneInfo | None) -> Iterator[StatedDate]:
    stripped = text.strip()
    if 8 <= len(stripped) <= 40 and stripped[:4].isdigit():
        try:
            yield from _moment_dates(datetime.fromisoformat(stripped), zone)
            return
        except ValueError:
            pass
    yield from find_dates(text, today)
