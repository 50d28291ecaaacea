"""Web sign-in sessions that expire and can be ended on the server.

Why a table and not only a signed cookie: a signed cookie alone stays valid for as long as the key does,
so `/logout` could only ask the browser to forget it and a copied cookie kept working. Now the cookie
names a session (`s.<user id, base64url>.<session id>.<expiry, unix seconds>.<HMAC>`), signed with the
server's API token, and the session must also be alive in `web_sessions`: not revoked, not expired, and,
for a person, opened with the person token that is still on file (a replaced or revoked token — `novaberg
token create/revoke` — ends its sessions at their next request, in every process that shares the
database). Only the SHA-256 of the session id is stored.

The expiry sits in the cookie (checked first, without the database) and in the row (the authority).
The clock is passed in; the lifetime in days comes from `Settings.session_days` (NOVABERG_SESSION_DAYS).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from novaberg.core.clock import as_utc

__all__ = ["SessionStore", "Session", "session_cookie", "read_session_cookie"]

_CONTEXT = b"novaberg web session v2"
# An expiry is unix seconds: twelve ASCII digits reach beyond the year 30000. Anything longer (or digits that are no
# ASCII, which `str.isdigit` lets through and `int` refuses) is a forged cookie, never a number to parse.
_EXPIRY_DIGITS_MAX = 12

logger = logging.getLogger("novaberg.api")


@dataclass(frozen=True)
class Session:
    """A session the cookie names (after its signature and expiry were checked, before the table was asked)."""

    user_id: str
    session_id: str
    expires: int  # unix seconds


def _mac(key: str, user_id: str, session_id: str, expires: int) -> str:
    message = b"\0".join((_CONTEXT, user_id.encode("utf-8"), session_id.encode("ascii"), str(expires).encode()))
    return hmac.new(key.encode("utf-8"), message, hashlib.sha256).hexdigest()


def session_cookie(key: str, session: Session) -> str:
    name = base64.urlsafe_b64encode(session.user_id.encode("utf-8")).decode("ascii").rstrip("=")
    return f"s.{name}.{session.session_id}.{session.expires}.{_mac(key, session.user_id, session.session_id, session.expires)}"


def read_session_cookie(value: str | None, key: str, now: datetime) -> Session | None:
    """The session a cookie names if its signature holds and it has not expired by `now`; else None."""
    if not value or not key or not value.startswith("s.") or value.count(".") != 4:
        return None
    _, name, session_id, expires_text, mac = value.split(".")
    if not expires_text.isascii() or not expires_text.isdigit() or len(expires_text) > _EXPIRY_DIGITS_MAX:
        # one line, no traceback: a forged or broken cookie is the client's problem, not the server's
        logger.warning("session cookie refused: its expiry is no number in range (%d characters)", len(expires_text))
        return None
    if not session_id.isascii() or not session_id:
        return None
    try:
        user_id = base64.urlsafe_b64decode(name + "=" * (-len(name) % 4)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None
    expires = int(expires_text)
    if not user_id or not hmac.compare_digest(mac.encode("ascii", "replace"),
                                              _mac(key, user_id, session_id, expires).encode("ascii")):
        return None
    if expires <= as_utc(now).timestamp():
        return None
    return Session(user_id, session_id, expires)


def _hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("ascii")).hexdigest()


_INSERT = """
INSERT INTO web_sessions (id_hash, user_id, operator, token_digest, created_at, expires_at)
VALUES (%s, %s, %s, %s, %s, %s)
"""
_PRUNE = "DELETE FROM web_sessions WHERE user_id = %s AND expires_at <= %s"
_FIND = """
SELECT operator, token_digest FROM web_sessions
WHERE id_hash = %s AND user_id = %s AND revoked_at IS NULL AND expires_at > %s
"""
_REVOKE = "UPDATE web_sessions SET revoked_at = %s WHERE id_hash = %s AND user_id = %s AND revoked_at IS NULL"


class SessionStore:
    """The only reader and writer of `web_sessions`; every statement names the session's person."""

    def __init__(self, db: Any, days: int) -> None:
        self.db = db
        self.days = days

    def open(self, user_id: str, *, operator: bool, token_digest: str, now: datetime) -> Session:
        """A new session for `user_id`, alive for `days` from `now`; this person's expired rows are dropped."""
        now = as_utc(now)
        expires = now + timedelta(days=self.days)
        session_id = secrets.token_urlsafe(32)
        with self.db.transaction() as conn:
            conn.execute(_PRUNE, (user_id, now))
            conn.execute(_INSERT, (_hash(session_id), user_id, operator, token_digest, now, expires))
        return Session(user_id, session_id, int(expires.timestamp()))

    def alive(self, session: Session, now: datetime) -> tuple[bool, str] | None:
        """(operator, token digest) of a live session, else None (unknown, revoked or expired)."""
        with self.db.transaction() as conn:
            row = conn.execute(_FIND, (_hash(session.session_id), session.user_id, as_utc(now))).fetchone()
        return None if row is None else (bool(row["operator"]), row["token_digest"])

    def revoke(self, session: Session, now: datetime) -> bool:
        with self.db.transaction() as conn:
            done = conn.execute(_REVOKE, (as_utc(now), _hash(session.session_id), session.user_id)).rowcount
        return done == 1
