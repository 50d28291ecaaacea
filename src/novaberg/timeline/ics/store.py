"""The SQL of the calendar feed: the rows a feed shows (read-only on `timeline`), the installation's UID
secret, the subscription tokens (`kalender_abos`, its one writer) and what is due.

Rows are read with `SELECT *` on purpose: the adapter (`model.event_from_row`) takes the recurrence and
reminder columns when the schema has them. Every statement names the person in its condition.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.core.clock import as_utc
from novaberg.timeline import recurrence
from novaberg.timeline.statements import SERIES_END_MARGIN
from novaberg.timeline.types import NOT_APPOINTMENTS

__all__ = ["CalendarStore", "token_digest"]

FEED_ROWS = """
SELECT * FROM timeline
WHERE user_id = %(user_id)s AND (%(character_id)s::text IS NULL OR character_id = %(character_id)s)
  AND aktiv AND nachfolger_id IS NULL
  AND NOT (event_type = ANY(%(excluded)s))
ORDER BY character_id, event_time, id
"""
# What the person's reminders ask for by now: the moment to remind has come, and the event's day is today or
# later (a reminder stays due for the rest of its day, so opening the app after the moment still shows it).
DUE_ROWS = """
SELECT * FROM timeline
WHERE user_id = %(user_id)s AND (%(character_id)s::text IS NULL OR character_id = %(character_id)s)
  AND aktiv AND nachfolger_id IS NULL AND erinnern_vorher_min IS NOT NULL
  AND event_time - make_interval(mins => erinnern_vorher_min) <= %(now)s
  AND event_time >= %(today_start)s
  AND NOT (event_type = ANY(%(excluded)s))
  AND rrule IS NULL
ORDER BY event_time, id
"""
# The person's series with a reminder that have begun to remind (their first start, less the offset, is not
# after now) and have not ended before the due window (`serie_ende`, schema timeline/006, with the repository's
# margin for a reader in another zone): expanded in Python, each only from the start of today to now plus its
# own offset (`due_rows`). A series that ended last year is not read at all.
DUE_SERIES = """
SELECT * FROM timeline
WHERE user_id = %(user_id)s AND (%(character_id)s::text IS NULL OR character_id = %(character_id)s)
  AND aktiv AND nachfolger_id IS NULL AND erinnern_vorher_min IS NOT NULL
  AND rrule IS NOT NULL
  AND event_time - make_interval(mins => erinnern_vorher_min) <= %(now)s
  AND (serie_ende IS NULL OR serie_ende >= %(series_from)s)
  AND NOT (event_type = ANY(%(excluded)s))
ORDER BY event_time, id
"""
IMPORTED_UIDS = """
SELECT ics_uid FROM timeline WHERE user_id = %s AND character_id = %s AND ics_uid IS NOT NULL
"""
SECRET = "SELECT geheimnis FROM kalender_installation WHERE einzig"
UPSERT_TOKEN = """
INSERT INTO kalender_abos (user_id, token_sha256, erstellt_am) VALUES (%s, %s, %s)
ON CONFLICT (user_id) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256, erstellt_am = EXCLUDED.erstellt_am
"""
DELETE_TOKEN = "DELETE FROM kalender_abos WHERE user_id = %s RETURNING user_id"
TOKEN_OF = "SELECT erstellt_am FROM kalender_abos WHERE user_id = %s"
PERSON_OF_DIGEST = "SELECT user_id, token_sha256 FROM kalender_abos WHERE token_sha256 = %s"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class CalendarStore:
    def __init__(self, db: Any) -> None:
        self._db = db

    def feed_rows(self, user_id: str, character_id: str | None = None) -> list[dict[str, Any]]:
        """The person's active appointments (every figure, or one): no moved-away, deleted, anchor or event row."""
        params = {"user_id": user_id, "character_id": character_id, "excluded": list(NOT_APPOINTMENTS)}
        with self._db.transaction() as conn:
            return [dict(row) for row in conn.execute(FEED_ROWS, params).fetchall()]

    def due_rows(self, user_id: str, now: datetime, today_start: datetime, zone: ZoneInfo,
                 character_id: str | None = None) -> list[dict[str, Any]]:
        """What is due: one-offs whose reminder moment has come and whose start is today or later, and each
        occurrence of a series with the same property (exdates left out). A series is expanded only in the
        window [today_start, now + its offset] — at most four weeks (`MAX_MINUTES`), never beyond."""
        now, today_start = as_utc(now), as_utc(today_start)
        params = {"user_id": user_id, "character_id": character_id, "now": now, "today_start": today_start,
                  "series_from": today_start - SERIES_END_MARGIN, "excluded": list(NOT_APPOINTMENTS)}
        with self._db.transaction() as conn:
            found = [dict(row) for row in conn.execute(DUE_ROWS, params).fetchall()]
            series = [dict(row) for row in conn.execute(DUE_SERIES, params).fetchall()]
        for row in series:
            window_end = now + timedelta(minutes=row["erinnern_vorher_min"])
            found.extend(recurrence.expand([row], today_start, window_end, zone))
        if series:
            found.sort(key=lambda row: (as_utc(row["event_time"]), row["id"]))
        return found

    def imported_uids(self, user_id: str, character_id: str) -> set[str]:
        with self._db.transaction() as conn:
            return {row["ics_uid"] for row in conn.execute(IMPORTED_UIDS, (user_id, character_id)).fetchall()}

    def secret(self) -> str:
        with self._db.transaction() as conn:
            row = conn.execute(SECRET).fetchone()
        if row is None:
            raise LookupError("calendar: the installation secret is missing (schema timeline/005 not applied?)")
        return str(row["geheimnis"])

    # --- subscription tokens ------------------------------------------------------------------------

    def create_token(self, user_id: str, now: datetime) -> str:
        """A new subscription token for the person (the old one stops at once); only its hash is kept."""
        token = secrets.token_urlsafe(32)
        with self._db.transaction() as conn:
            conn.execute(UPSERT_TOKEN, (user_id, token_digest(token), as_utc(now)))
        return token

    def revoke_token(self, user_id: str) -> bool:
        with self._db.transaction() as conn:
            return conn.execute(DELETE_TOKEN, (user_id,)).fetchone() is not None

    def token_created(self, user_id: str) -> datetime | None:
        with self._db.transaction() as conn:
            row = conn.execute(TOKEN_OF, (user_id,)).fetchone()
        return as_utc(row["erstellt_am"]) if row else None

    def person_of_token(self, token: str | None) -> str | None:
        """The person a subscription token belongs to, else None; the stored hash is compared in constant time."""
        if not token:
            return None
        given = token_digest(token)
        with self._db.transaction() as conn:
            row = conn.execute(PERSON_OF_DIGEST, (given,)).fetchone()
        if row is None or not hmac.compare_digest(given, row["token_sha256"]):
            return None
        return str(row["user_id"])
