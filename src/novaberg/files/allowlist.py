"""The per-person allow-list (dateien.md §7 rule 3a): what the operator allowed each person to share.

`AllowListRepository` is the one writer of `dateien_erlaubt`; every statement carries the person.
`check_entry` is the operator's side of the check: the path is resolved now and refused when it is `/`,
contains a dot component, is or lies around the data directory, or is not a directory. A system directory
(`/etc`, `/proc`, `/sys`, `/dev`, `/boot`, `/run`, `/root`, or the server account's home and what holds it) is
allowed, since the operator may mean it, but never silently: `system_warning` names it, the entry returned by
`AllowListRepository.add` carries it as `warnung`, and `report_warnings` prints it for the operator's command.
"""

from __future__ import annotations

import logging
import os
import pwd
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from novaberg.core.clock import as_utc
from novaberg.core.edge import check_id
from novaberg.files import texts
from novaberg.files.paths import inside

__all__ = ["AllowListRepository", "AllowEntryError", "check_entry", "system_warning", "report_warnings",
           "SYSTEM_DIRECTORIES"]

logger = logging.getLogger(__name__)

# Directories whose files belong to the system, not to a person: allowing one (or a directory below it) is warned.
SYSTEM_DIRECTORIES = tuple(Path(p) for p in ("/etc", "/proc", "/sys", "/dev", "/boot", "/run", "/root"))

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


def _server_home() -> Path | None:
    try:
        return Path(os.path.realpath(pwd.getpwuid(os.getuid()).pw_dir))
    except (KeyError, OSError):
        return None


def system_warning(resolved: Path, home: Path | None = None) -> str | None:
    """The warning for an entry that opens system files to a person (None: an ordinary directory). `home`: the
    server account's home (default: looked up for this process's user)."""
    for system in SYSTEM_DIRECTORIES:
        real = Path(os.path.realpath(system))
        if inside(resolved, real) or inside(resolved, system):
            return texts.ALLOW_SYSTEM_WARNING.format(pfad=resolved, art=texts.SYSTEM_KINDS.get(system.name, system))
    home = home if home is not None else _server_home()
    if home is not None and inside(home, resolved):
        return texts.ALLOW_SYSTEM_WARNING.format(pfad=resolved, art=texts.SERVER_HOME_KIND.format(home=home))
    return None


def report_warnings(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Print each entry's `warnung` to standard error (the operator's command); the rows come back unchanged."""
    for row in rows:
        if row.get("warnung"):
            print(f"Warnung: {row['warnung']}", file=sys.stderr)
    return rows


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
        for entry in result:
            warning = system_warning(Path(entry["pfad"]))
            if warning is not None:
                entry["warnung"] = warning
                logger.warning("allow-list of %s: %s", person, warning)
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
