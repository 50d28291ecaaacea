"""The per-person allow-list (issue 24; dateien.md §7 rule 3a): what the operator allowed each person to share.

`AllowListRepository` is the one writer of `dateien_erlaubt`; every statement carries the person.
`check_entry` is the operator's side of the check: the path is resolved now and refused when it is `/`,
contains a dot component, is or lies around the data directory, or is not a directory.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.edge import check_id
from novaberg.files import texts
from novaberg.files.paths import inside

__all__ = ["AllowListRepository", "AllowEntryError", "check_entry"]

_INSERT = """
INSERT INTO dateien_erlaubt (user_id, pfad, erstellt_am) VALUES (%s, %s, %s)
ON CONFLICT ON CONSTRAINT dateien_erlaubt_person_pfad DO NOTHING
RETURNING id, user_id, pfad, erstellt_am
"""
_DELETE = "DELETE FROM dateien_erlaubt WHERE user_id = %s AND pfad = %s"
_OF_PERSON = "SELECT id, user_id, pfad, erstellt_am FROM dateien_erlaubt WHERE user_id = %s ORDER BY pfad"
_ALL = "SELECT id, user_id, pfad, erstellt_am FROM dateien_erlaubt ORDER BY user_id, pfad"


class AllowEntryError(ValueError):
    """The operator's path cannot be an allow-list entry; nothing was written."""


def check_entry(raw: str, data_dir: Path | None) -> Path:
    """The resolved directory an operator allows, or AllowEntryError with the reason in German."""
    if not isinstance(raw, str) or not raw.strip() or "\x00" in raw:
        raise AllowEntryError(texts.ALLOW_REFUSED.format(pfad=repr(raw), grund="leerer oder ungültiger Pfad"))
    said = os.path.expanduser(raw.strip())  # the operator's own shell: ~ is the operator's home here
    if not os.path.isabs(said):
        raise AllowEntryError(texts.ALLOW_REFUSED.format(pfad=raw, grund="kein absoluter Pfad"))
    try:
        resolved = Path(said).resolve(strict=True)
    except (OSError, RuntimeError) as err:
        raise AllowEntryError(texts.ALLOW_REFUSED.format(pfad=raw, grund="gibt es nicht")) from err

    def refuse(reason: str) -> AllowEntryError:
        return AllowEntryError(texts.ALLOW_REFUSED.format(pfad=resolved, grund=reason))

    if resolved == Path(resolved.anchor):
        raise refuse("das Wurzelverzeichnis gibt alles frei")
    hidden = next((part for part in resolved.parts if part.startswith(".")), None)
    if hidden is not None:
        raise refuse(f"„{hidden}“ ist ein verborgenes Verzeichnis (mit Punkt)")
    if data_dir is not None:
        data = Path(os.path.realpath(data_dir))
        if inside(resolved, data) or inside(data, resolved):
            raise refuse(f"es ist das Datenverzeichnis {data}, liegt darin oder enthält es")
    if not resolved.is_dir():
        raise refuse("kein Verzeichnis")
    return resolved


class AllowListRepository:
    """The one writer of `dateien_erlaubt`."""

    def __init__(self, db: Any) -> None:
        self._db = db

    def add(self, user_id: str, paths: Sequence[Path], now: datetime) -> list[dict[str, Any]]:
        """All entries in one transaction; an entry that exists already comes back with `neu` False."""
        person = check_id(user_id, "user_id")
        moment = as_utc(now)
        result = []
        with self._db.transaction() as conn:
            for path in paths:
                row = conn.execute(_INSERT, (person, str(path), moment)).fetchone()
                if row is None:
                    row = next(r for r in conn.execute(_OF_PERSON, (person,)).fetchall() if r["pfad"] == str(path))
                    result.append({**row, "neu": False})
                else:
                    result.append({**row, "neu": True})
        return result

    def withdraw(self, user_id: str, path: str) -> int:
        """The number of entries removed (0 or 1)."""
        with self._db.transaction() as conn:
            return conn.execute(_DELETE, (check_id(user_id, "user_id"), path)).rowcount

    def rows(self, user_id: str) -> list[dict[str, Any]]:
        with self._db.transaction() as conn:
            return conn.execute(_OF_PERSON, (check_id(user_id, "user_id"),)).fetchall()

    def of(self, user_id: str) -> tuple[Path, ...]:
        """The person's allowed directories (their boundary)."""
        return tuple(Path(row["pfad"]) for row in self.rows(user_id))

    def everyone(self) -> dict[str, list[str]]:
        """person → allowed paths, for `doctor`."""
        result: dict[str, list[str]] = {}
        with self._db.transaction() as conn:
            for row in conn.execute(_ALL).fetchall():
                result.setdefault(row["user_id"], []).append(row["pfad"])
        return result
