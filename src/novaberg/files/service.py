"""The operator facade of the files service: `nova.files.grant/roots/disable/forget/index` (DESIGN.md).

`grant` runs the same boundary check as the conversation's gate (§7): the path is resolved first and
refused outside the boundary, even though an operator asks. Revocation has two forms (§2a.3):
`disable` keeps the index rows (inactive root), `forget` deletes them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from novaberg.core.clock import Clock, SystemClock
from novaberg.files import texts
from novaberg.files.metadata import OfflineDescriber
from novaberg.files.paths import boundary_from_env, resolve_root
from novaberg.files.repository import OWNERSHIP, RootsRepository
from novaberg.files.watcher import IndexWatcher, Progress, WatcherConfig, count_files

__all__ = ["FilesService", "RootWriteError"]

logger = logging.getLogger(__name__)


class RootWriteError(LookupError):
    """A write on a root did not hit exactly one row of the pair (`keine_zeile`, §2a.1)."""


class FilesService:
    def __init__(self, db: Any, embedder: Any, log: Any, boundary: Sequence[Path] | None = None,
                 describer: Any = None, clock: Clock | None = None, config: WatcherConfig | None = None) -> None:
        self._db = db
        self.embedder = embedder
        self.log = log
        self.boundary = tuple(boundary) if boundary is not None else boundary_from_env()
        self.describer = describer or OfflineDescriber()
        self.clock = clock or SystemClock()
        base = config or WatcherConfig()
        self.config = WatcherConfig(base.extensions, base.max_bytes, self.boundary)
        self.repo = RootsRepository(db)

    def _now(self, now: datetime | None) -> datetime:
        return now if now is not None else self.clock.now()

    def resolve(self, path: str) -> tuple[Path, int]:
        """The resolved directory and the number of files it would index (the gate's two facts, §2a.2)."""
        resolved = resolve_root(path, self.boundary)
        return resolved, count_files(resolved, self.config)

    def grant(self, user_id: str, character_id: str, path: str, eigentum: str = "nutzer",
              bezeichnung: str | None = None, now: datetime | None = None) -> dict[str, Any]:
        """Share a directory with the pair; the same directory twice gives the existing row (`neu` False).

        Raises OutsideBoundaryError / RootNotUsableError (nothing written) and ValueError for an unknown
        `eigentum`.
        """
        if eigentum not in OWNERSHIP:
            raise ValueError(f"unknown eigentum {eigentum!r}; one of {', '.join(OWNERSHIP)}")
        resolved = resolve_root(path, self.boundary)
        row, created = self.repo.insert(user_id, character_id, str(resolved), eigentum, bezeichnung,
                                        self._now(now))
        return {**row, "neu": created}

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
            logger.error(texts.ROOT_NOT_HIT.format(id=root_id, rows=rows))
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
