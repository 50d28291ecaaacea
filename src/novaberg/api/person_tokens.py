"""The per-person sign-in tokens of the web app, kept in the database beside the sessions they open.

An operator creates a person's token (`novaberg token create --user U`); it is shown once and only its SHA-256 is
stored. A new token for the same person replaces the old one, and the sessions the old one opened end at their next
request (a session remembers the digest it was opened with). Every process that shares the database sees a change
at once: the server asks the table on each sign-in, by the token's digest (one indexed row).

Older data directories kept the digests in a JSON file (`<data dir>/person-tokens`). `adopt_token_file` moves its
entries into the table once (an entry already in the table wins) and renames the file, so no token is lost on an
upgrade and no second place holds them afterwards.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.edge import check_id
from novaberg.core.errors import InputError
from novaberg.store.db import reading

__all__ = ["PERSON_TOKENS_FILE_NAME", "OPERATOR_PERSON", "RESERVED_PERSONS", "is_reserved_person",
           "ReservedPersonError", "PersonTokensUnreadableError", "PersonTokens", "token_digest", "adopt_token_file"]

PERSON_TOKENS_FILE_NAME = "person-tokens"  # the file older versions kept the digests in
ADOPTED_SUFFIX = ".imported"
OPERATOR_PERSON = "ich"  # whose chat the operator sees after signing in with the API token (like `novaberg chat`)
# Ids no person token may carry: the operator's own person (the default `--user` of `novaberg chat`/`ask` and the
# API token's person) — a token for it would hand the operator's own data to someone else.
RESERVED_PERSONS = frozenset({OPERATOR_PERSON})

_BY_DIGEST = "SELECT user_id FROM person_tokens WHERE sha256 = %s LIMIT 2"  # index person_tokens_sha256
_SELECT_ONE = "SELECT sha256 FROM person_tokens WHERE user_id = %s"
_PERSONS = "SELECT user_id FROM person_tokens ORDER BY user_id"
_UPSERT = ("INSERT INTO person_tokens (user_id, sha256, created_at) VALUES (%s, %s, %s) "
           "ON CONFLICT (user_id) DO UPDATE SET sha256 = EXCLUDED.sha256, created_at = EXCLUDED.created_at")
_ADOPT = ("INSERT INTO person_tokens (user_id, sha256, created_at) VALUES (%s, %s, %s) "
          "ON CONFLICT (user_id) DO NOTHING")
_DELETE = "DELETE FROM person_tokens WHERE user_id = %s"

logger = logging.getLogger("novaberg.api")


class ReservedPersonError(ValueError):
    """A person token for a reserved id (RESERVED_PERSONS) was asked for."""


class PersonTokensUnreadableError(ValueError):
    """The token file of an older version exists but cannot be read as tokens (the operator must look at it)."""


def is_reserved_person(user_id: str) -> bool:
    """`ich` and its spellings (`Ich`, ` ich `) — anything that reads as the operator's own person."""
    return user_id.strip().casefold() in RESERVED_PERSONS


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class PersonTokens:
    """The table `person_tokens`; this class is its one writer."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def persons(self) -> list[str]:
        with self._db.transaction() as conn:
            return [row["user_id"] for row in conn.execute(_PERSONS) if not is_reserved_person(row["user_id"])]

    def digest_of(self, user_id: str) -> str | None:
        if is_reserved_person(user_id):
            return None
        with self._db.transaction() as conn:
            row = conn.execute(_SELECT_ONE, (user_id,)).fetchone()
        return row["sha256"] if row else None

    def find(self, token: str | None) -> str | None:
        """The person whose token this is, else None: one lookup of the token's SHA-256 (indexed), not a read of
        every person's row. The digest of a secret token is what is looked up, so the lookup's timing tells an
        attacker nothing about a stored token. A digest two persons share (only an older version's token file
        could bring one) and a reserved id (whatever put it there) sign nobody in."""
        if not token:
            return None
        with reading(self._db) as conn:
            rows = conn.execute(_BY_DIGEST, (token_digest(token),)).fetchall()
        if len(rows) != 1 or is_reserved_person(rows[0]["user_id"]):
            return None
        return rows[0]["user_id"]

    def create(self, user_id: str, now: datetime) -> str:
        """A new token for `user_id` (replacing any old one); returned once, only its hash is kept.
        An id that breaks the edge rules is InputError; a reserved id (the operator's own person) is refused
        with ReservedPersonError."""
        check_id(user_id, "user")
        if is_reserved_person(user_id):
            raise ReservedPersonError(user_id)
        token = secrets.token_urlsafe(32)
        with self._db.transaction() as conn:
            conn.execute(_UPSERT, (user_id, token_digest(token), as_utc(now)))
        return token

    def revoke(self, user_id: str) -> bool:
        with self._db.transaction() as conn:
            return bool(conn.execute(_DELETE, (user_id,)).rowcount)

    def adopt(self, entries: dict[str, tuple[str, datetime]]) -> int:
        """Entries of an older version's file (user -> (digest, created)); a person already in the table keeps
        their row. The number taken over."""
        taken = 0
        with self._db.transaction() as conn:
            for user, (digest, created) in entries.items():
                taken += conn.execute(_ADOPT, (user, digest, as_utc(created))).rowcount
        return taken


def _valid_id(user_id: str) -> bool:
    try:
        check_id(user_id, "user")
    except InputError:
        return False
    return True


def _read_token_file(path: Path, fallback: datetime) -> dict[str, tuple[str, datetime]]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise PersonTokensUnreadableError(f"{path} is not readable as person tokens: {err}") from err
    persons = raw.get("personen") if isinstance(raw, dict) else None
    if not isinstance(persons, dict):
        raise PersonTokensUnreadableError(f"{path} is not readable as person tokens: no object 'personen'")
    entries: dict[str, tuple[str, datetime]] = {}
    for user, entry in persons.items():
        digest = entry.get("sha256") if isinstance(entry, dict) else None
        if not isinstance(user, str) or not _valid_id(user) or is_reserved_person(user):
            logger.error("person tokens of an older version: an entry whose id breaks the id rules was not taken over")
            continue
        if not isinstance(digest, str) or len(digest) != 64:
            continue
        try:
            created = datetime.fromisoformat(str(entry.get("erstellt")))
        except ValueError:
            created = fallback
        entries[user] = (digest, created if created.tzinfo else fallback)
    return entries


def adopt_token_file(tokens: PersonTokens, data_dir: Path, now: datetime) -> int:
    """Move an older version's token file into the table, then rename it (`person-tokens.imported`). An unreadable
    file is left where it is and said loudly in the log: its persons cannot sign in until the operator creates
    their tokens again. Returns the number of persons taken over."""
    path = Path(data_dir).expanduser() / PERSON_TOKENS_FILE_NAME
    if not path.is_file():
        return 0
    try:
        entries = _read_token_file(path, now)
    except PersonTokensUnreadableError:
        logger.error("the person tokens of an older version are unreadable and were not taken over; create the "
                     "persons' tokens again (novaberg token create)", exc_info=True)
        return 0
    taken = tokens.adopt(entries)
    try:
        os.replace(path, path.with_name(path.name + ADOPTED_SUFFIX))
    except FileNotFoundError:
        pass  # another process took it over at the same moment
    logger.info("person tokens of an older version taken over: %d of %d", taken, len(entries))
    return taken
