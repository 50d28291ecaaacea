"""Fixed clocks for the time parser's tests: every moment is Europe/Berlin, pinned in conftest."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    """An aware Berlin moment; the tests never read the system clock."""
    return datetime(year, month, day, hour, minute, tzinfo=BERLIN)


# Wednesday 14 October 2026, 09:00 — the default "now" of the tests.
WEDNESDAY = at(2026, 10, 14, 9, 0)
