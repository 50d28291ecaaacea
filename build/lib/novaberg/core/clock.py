"""The one clock of a run: passed down, never read from the system by a module on its own."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol
from zoneinfo import ZoneInfo

__all__ = ["Clock", "FixedClock", "SystemClock", "as_utc", "to_local"]


class Clock(Protocol):
    def now(self) -> datetime:
        """The current moment, timezone-aware."""


@dataclass(frozen=True)
class FixedClock:
    """A clock standing still at one moment: the turn's clock and the tests' clock."""

    moment: datetime

    def __post_init__(self) -> None:
        if self.moment.tzinfo is None:
            raise ValueError("FixedClock needs an aware datetime")

    def now(self) -> datetime:
        return self.moment


class SystemClock:
    """The wall clock; only the outermost layer (CLI, server) creates one."""

    def now(self) -> datetime:
        return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("naive datetime: the time zone must be explicit")
    return moment.astimezone(UTC)


def to_local(moment: datetime, zone: ZoneInfo) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("naive datetime: the time zone must be explicit")
    return moment.astimezone(zone)
