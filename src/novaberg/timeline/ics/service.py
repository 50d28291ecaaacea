"""The operator's calendar facade (`nova.calendar`): a person's appointments as one iCalendar file, an .ics file
entered for a pair, and the person's subscription token — what `novaberg calendar …` calls, in the zone Nova runs in.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.timeline.ics.feed import person_calendar
from novaberg.timeline.ics.importer import ImportReport, import_calendar
from novaberg.timeline.ics.store import CalendarStore

__all__ = ["CalendarService"]


class CalendarService:
    def __init__(self, db: Any, zone: ZoneInfo) -> None:
        self._db = db
        self.zone = zone
        self._store = CalendarStore(db)

    def export(self, user_id: str, now: datetime, character_id: str | None = None) -> bytes:
        """The person's appointments (of one figure, or every figure) as iCalendar."""
        return person_calendar(self._db, user_id, self.zone, now, character_id)

    def import_file(self, user_id: str, character_id: str, data: bytes, name: str, now: datetime) -> ImportReport:
        """Enter an .ics file's events for the pair (`CalendarFileError` for a file that is no iCalendar)."""
        return import_calendar(self._db, user_id, character_id, data, name, self.zone, now)

    def create_token(self, user_id: str, now: datetime) -> str:
        return self._store.create_token(user_id, now)

    def revoke_token(self, user_id: str) -> bool:
        return self._store.revoke_token(user_id)

    def token_created(self, user_id: str) -> datetime | None:
        return self._store.token_created(user_id)
