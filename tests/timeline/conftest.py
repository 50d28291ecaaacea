"""Fixtures of the timeline tests: the repository over the test database and a row factory."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from novaberg.timeline.repository import NewRow, TimelineRepository
from novaberg.timeline.types import DAY_PRECISION, MINUTE_PRECISION

USER = "u1"
FIGURE = "nova"


@pytest.fixture
def repo(db: Any) -> TimelineRepository:
    return TimelineRepository(db)


@pytest.fixture
def add(repo: TimelineRepository):
    """Insert one active row of the pair (u1, nova): add(title, moment, type='termin', timed=True, …)."""

    def _add(title: str, moment: datetime, type_name: str = "termin", timed: bool = True,
             user: str = USER, figure: str = FIGURE, precision: str | None = None, **extra: Any) -> int:
        if not timed or precision in ("day", "month"):
            moment = moment.replace(hour=0, minute=0)  # a row without a clock time stands at 00:00 local
        row = NewRow.for_type(type_name, title=title, event_time=moment,
                              precision=precision or (MINUTE_PRECISION if timed else DAY_PRECISION), **extra)
        return repo.insert(user, figure, row, moment)

    return _add
