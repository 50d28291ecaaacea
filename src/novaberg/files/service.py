"""The operator facade of the files service: `nova.files.grant/roots/disable/forget/index`
and the per-person allow-list `nova.files.allow/allowed/disallow` (issue 24).

`grant` runs the same check as the conversation's gate (§7): the path is resolved first and refused outside
the person's own allow-list, in a dot directory, in or around the data directory, or where another person
shares it — even though an operator asks. Revocation has two forms (§2a.3): `disable` keeps the index rows
(inactive root), `forget` deletes them.
"""

from __future__ import annotations

import logging
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from novaberg.core.clock import Clock, SystemClock
from novaberg.files import texts
from novaberg.files.allowlist import AllowListRepository, check_entry
from novaberg.files.metadata import OfflineDescriber
from novaberg.files.paths import (
    OutsideBoundaryError,
    SharedByOtherError,
    allowing_entry,
    inside,
    resolve_root,
)
from novaberg.files.repository import OWNERSHIP, RootsRepository
from novaberg.files.watcher import IndexWatcher, Progress, WatcherConfig, count_files

__all__ = ["FilesService", "RootWriteError"]

logger = logging.getLogger(__name__)


class RootWriteError(LookupError):
    """A write on a root did not hit exactly one row of the pair (`keine_zeile`, §2a.1)."""


class FilesService:
    def __init__(self, db: Any, embedder: Any, log: Any, describer: Any = None, clock: Clock | None = None,
                 config: WatcherConfig | None = None, data_dir: Path | None = None) -> None:
        self._db = db
        self.embedder = embedder
        self.log = log
        self.describer = describer or OfflineDescriber()
        self.clock = clock or SystemClock()
        self.data_dir = data_dir
        base = config or WatcherConfig()
        forbidden = (*base.forbidden, *((data_dir,) if data_dir is not None else ()))
        self.config = WatcherConfig(base.extensions, base.max_bytes, tuple(forbidden))
        self.repo = RootsRepository(db)
        self.allow_list = AllowListRepository(db)

    def _now(self, now: datetime | None) -> datetime:
        return now if now is not None else self.clock.now()

    # --- the allow-list (issue 24) -------------------------------------------------------------------

    def allow(self, user_id: str, *paths: str, now: datetime | None = None) -> list[dict[str, Any]]:
        """Allow directories for one person; every path is checked first, and one refused writes none."""
        if not paths:
            raise ValueError("no directory given")
        resolved = [check_entry(path, self.data_dir) for path in paths]
        return self.allow_list.add(user_id, resolved, self._now(now))

    def disallow(self, user_id: str, path: str) -> dict[str, Any]:
        """Remove one entry (as stored, or as it resolves now); roots under it are no longer read."""
        removed = self.allow_list.withdraw(user_id, path)
        if not removed:
            removed = self.allow_list.withdraw(user_id, os.path.realpath(os.path.expanduser(path)))
        if not removed:
            raise ValueError(texts.NOT_IN_ALLOW_LIST.format(pfad=path))
        return {"user_id": user_id, "pfad": path, "entfernt": removed}

    def allowed_everyone(self) -> dict[str, list[str]]:
        """Every person's allow-list (the operator's overview: `novaberg doctor`)."""
        return self.allow_list.everyone()

    def allowed(self, user_id: str) -> list[dict[str, Any]]:
        """The person's allow-list entries."""
        return self.allow_list.rows(user_id)

    def boundary_of(self, user_id: str) -> tuple[Path, ...]:
        """The person's boundary: their allowed directories, read now from the database."""
        return self.allow_list.of(user_id)

    # --- the gate's check ----------------------------------------------------------------------------

    def check(self, path: str, user_id: str) -> tuple[Path, Path]:
        """(resolved directory, the allow-list entry that admits it); raises the refusals of `resolve_root`
        and SharedByOtherError."""
        boundary = tuple(Path(os.path.realpath(entry)) for entry in self.boundary_of(user_id))
        resolved = resolve_root(path, boundary, self.config.forbidden)
        entry = allowing_entry(resolved, boundary)
        if entry is None:  # resolve_root refuses this already; a second, loud lock
            raise OutsideBoundaryError(resolved, boundary, path)
        self._refuse_foreign(resolved, path)(*self.repo.others(user_id))
        return resolved, entry

    def resolve(self, path: str, user_id: str) -> tuple[Path, int]:
        """The resolved directory and the number of files it would index (the gate's two facts, §2a.2)."""
        resolved, _ = self.check(path, user_id)
        return resolved, self.count(resolved)

    def count(self, resolved: Path) -> int:
        """The number of files the watcher would index under an already checked directory."""
        return count_files(resolved, self.config)

    @staticmethod
    def _refuse_foreign(resolved: Path, raw: str) -> Any:
        def guard(other_roots: list[dict[str, Any]], other_allowed: list[dict[str, Any]]) -> None:
            for row in other_roots:
                theirs = Path(row["pfad"])
                if not (inside(resolved, theirs) or inside(theirs, resolved)):
                    continue
                their_entries = [Path(a["pfad"]) for a in other_allowed if a["user_id"] == row["user_id"]]
                if allowing_entry(resolved, their_entries) is None:
                    raise SharedByOtherError(raw, texts.SHARED_BY_OTHER)
        return guard

    def grant(self, user_id: str, character_id: str, path: str, eigentum: str = "nutzer",
              bezeichnung: str | None = None, now: datetime | None = None) -> dict[str, Any]:
        """Share a directory with the pair; the same directory twice gives the existing row (`neu` False).

        Raises OutsideBoundaryError / RootNotUsableError (nothing written) and ValueError for an unknown
        `eigentum`.
        """
        if eigentum not in OWNERSHIP:
            raise ValueError(f"unknown eigentum {eigentum!r}; one of {', '.join(OWNERSHIP)}")
        resolved, entry = self.check(path, user_id)
        row, created = self.repo.insert(user_id, character_id, str(resolved), eigentum, bezeichnung,
                                        self._now(now), guard=self._refuse_foreign(resolved, path))
        return {**row, "neu": created, "erlaubt_durch": str(entry)}

    def roots(self, user_id: str, character_id: str) -> list[dict[str, Any]]:
        """All roots of the pair (active and inactive), oldest first."""
        return self.repo.list(user_id, character_id)

    def _write(self, column: str, value: Any, root_id: int, user_id: str, character_id: str,
               now: datetime | None) -> dict[str, Any]:
        if self.repo.get(root_id, user_id, character_id) is None:
            logger.error("dateien_wurzeln: id %s fremd oder fehlend, abgewiesen", root_id)
            raise RootWriteError(texts.ROOT_UNKNOWN.format(id=root_id))
        rows = self.repo.write(column, value, root_id, user_id, character_id, self._now(now))
        if rows != 1:
            logger.error("root %s: the write hit %s rows instead of one", root_id, rows)
            raise RootWriteError(texts.ROOT_NOT_HIT.format(id=root_id, rows=rows))
        return self.repo.get(root_id, user_id, character_id)  # read back

    def disable(self, root_id: int, user_id: str, character_id: str, now: datetime | None = None) -> dict[str, Any]:
        """§2a.3 stilllegen: the root inactive, its index rows kept (a re-activation needs no re-indexing)."""
        return self._write("aktiv", False, root_id, user_id, character_id, now)

    def reactivate(self, root_id: int, user_id: str, character_id: str,
                   now: datetime | None = None) -> dict[str, Any]:
        return self._write("aktiv", True, root_id, user_id, character_id, now)

    def rename(self, root_id: int, user_id: str, character_id: str, bezeichnung: str,
               now: datetime | None = None) -> dict[str, Any]:
        return self._write("bezeichnung", bezeichnung, root_id, user_id, character_id, now)

    def forget(self, root_id: int, user_id: str, character_id: str, now: datetime | None = None) -> dict[str, Any]:
        """§2a.3 vergessen: the index rows deleted and the root inactive."""
        if self.repo.get(root_id, user_id, character_id) is None:
            logger.error("dateien_wurzeln: id %s fremd oder fehlend, abgewiesen", root_id)
            raise RootWriteError(texts.ROOT_UNKNOWN.format(id=root_id))
        hit, deleted = self.repo.forget(root_id, user_id, character_id, self._now(now))
        if hit != 1:
            raise RootWriteError(texts.ROOT_NOT_HIT.format(id=root_id, rows=hit))
        return {**self.repo.get(root_id, user_id, character_id), "geloeschte_indexzeilen": deleted}

    def index_rows(self, root_id: int, user_id: str, character_id: str) -> list[dict[str, Any]]:
        return self.repo.index_rows(root_id, user_id, character_id)

    def index_status(self, root_id: int, user_id: str, character_id: str) -> dict[str, Any]:
        """`aktiv`, `nicht_ausgewertet`, `zuletzt` of one root's index — counted, not fetched row by row."""
        return self.repo.index_status(root_id, user_id, character_id)

    def index(self, now: datetime, user_id: str | None = None, character_id: str | None = None,
              progress: Progress | None = None) -> dict[str, Any]:
        """One watcher pass over the active roots → report (also written to `hintergrund_log`)."""
        watcher = IndexWatcher(self._db, self.embedder, self.describer, self.log, self.config)
        return watcher.run(now, user_id, character_id, progress)

    def search(self, user_id: str, character_id: str, query: str, k: int = 5,
               now: datetime | None = None) -> list[Any]:
        """Issue 16: the pair's hybrid search → hits (`path` absolute, `root_id`, `thema`, `score`, `channels`)."""
        from novaberg.files.retrieval import Retriever

        return Retriever(self._db, self.embedder, self.log).search(user_id, character_id, query, self._now(now), k)
