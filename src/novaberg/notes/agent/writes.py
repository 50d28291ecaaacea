"""The locked write path of the notes (notizen.md §6 "Verifikation", "Laut statt Erfolg").

A change to a note runs in one transaction under the person's write lock: the note is locked for
update (bound to the person), the change is computed from the text as it is *now*, written through
the closed set of writes, and read back. Anything but exactly one row hit and a matching read-back
rolls the transaction back, so a failed write leaves nothing behind. Nothing inside the transaction
takes a second database connection or calls the model.

`rebase_items` moves a list change the model made on an older text onto the current one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import psycopg

from novaberg.core.errors import DatabaseError, DatabaseUnavailableError
from novaberg.notes.agent.offline import items_of_text
from novaberg.notes.repository import NotesRepository
from novaberg.text.words import normalize

__all__ = ["Change", "Conflict", "LockedWrite", "write_locked", "rebase_items",
           "OK", "NO_ROW", "UNCHANGED", "CONFLICT", "UNVERIFIED", "FAILED"]

_log = logging.getLogger("novaberg.notes")

OK = "ok"
NO_ROW = "keine_zeile"
UNCHANGED = "unveraendert"
CONFLICT = "konflikt"
UNVERIFIED = "nicht_verifiziert"
FAILED = "schreibfehler"


@dataclass(frozen=True)
class Change:
    """One closed write (`NotesRepository.WRITES`) and what the read-back must show."""

    kind: str
    values: tuple[Any, ...]
    expected: dict[str, Any]


class Conflict(Exception):  # noqa: N818 — a signal, not an error
    """The change was made on a text that is no longer there and cannot be moved onto the new one."""


@dataclass(frozen=True)
class LockedWrite:
    outcome: str
    before: dict[str, Any] | None = None  # the row as locked
    after: dict[str, Any] | None = None  # the row read back (OK, UNVERIFIED)
    rows: int = 0
    kind: str = ""
    mismatch: tuple[str, ...] = ()
    error: str = ""
    change: Change | None = field(default=None, repr=False)


class _RolledBack(Exception):  # noqa: N818
    def __init__(self, result: LockedWrite) -> None:
        super().__init__(result.outcome)
        self.result = result


def write_locked(repo: NotesRepository, user_id: str, note_id: int,
                 plan: Callable[[dict[str, Any]], Change | None]) -> LockedWrite:
    """Lock, plan on the current row, write, read back — one transaction. `plan` returns the change, None for
    nothing to write (UNCHANGED), or raises `Conflict`; it must not touch the database or the model."""
    try:
        with repo.person_locked(user_id) as locked:
            current = locked.lock(note_id, user_id)
            if current is None or not current["aktiv"]:
                return LockedWrite(NO_ROW, current)
            try:
                change = plan(current)
            except Conflict:
                return LockedWrite(CONFLICT, current)
            if change is None:
                return LockedWrite(UNCHANGED, current)
            rows = locked.write(change.kind, change.values, note_id, user_id)
            if rows != 1:
                raise _RolledBack(LockedWrite(NO_ROW, current, rows=rows, kind=change.kind, change=change))
            back = locked.get(note_id, user_id)
            mismatch = tuple(key for key, value in change.expected.items() if back is None or back[key] != value)
            result = LockedWrite(UNVERIFIED if mismatch else OK, current, back, rows, change.kind, mismatch,
                                 change=change)
            if mismatch:
                raise _RolledBack(result)
            return result
    except _RolledBack as rolled_back:
        return rolled_back.result
    except DatabaseUnavailableError:
        raise  # the turn's 503: the database does not answer (rolled back all the same)
    except (psycopg.Error, DatabaseError) as err:
        _log.error("notes: write on %s failed and was rolled back: %s", note_id, err)
        return LockedWrite(FAILED, error=str(err))


def rebase_items(base: str, changed: str, current: str) -> str | None:
    """The model's list change (`base` → `changed`) applied to `current`, or None when it is no pure
    list change (items only appended or removed, the rest in order) and must be made again."""
    base_items, changed_items, current_items = items_of_text(base), items_of_text(changed), items_of_text(current)
    base_keys = {normalize(i) for i in base_items}
    changed_keys = {normalize(i) for i in changed_items}
    added = [i for i in changed_items if normalize(i) not in base_keys]
    removed = {normalize(i) for i in base_items if normalize(i) not in changed_keys}
    if changed_items != [i for i in base_items if normalize(i) not in removed] + added:
        return None
    kept = [i for i in current_items if normalize(i) not in removed]
    known = {normalize(i) for i in kept}
    return "\n".join(kept + [i for i in added if normalize(i) not in known])
