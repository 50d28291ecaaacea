"""Shared helpers of the files tests: a real temporary tree and a FilesService bound to it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from novaberg.core.logs import PipelineLog
from novaberg.embed.hashing import HashingEmbedder
from novaberg.files.metadata import OfflineDescriber
from novaberg.files.service import FilesService

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
LATER = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


class CountingDescriber(OfflineDescriber):
    def __init__(self) -> None:
        self.calls = 0

    def describe(self, name: str, text: str, struktur: Any) -> dict[str, Any]:
        self.calls += 1
        return super().describe(name, text, struktur)


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def embed(self, texts: Any) -> list[list[float]]:
        self.calls += 1
        return super().embed(texts)


def allow(db: Any, boundary: Path, *users: str) -> None:
    """The operator's `novaberg roots allow --user …` for each person."""
    from novaberg.files.allowlist import AllowListRepository

    for user in users:
        AllowListRepository(db).add(user, [boundary.resolve()], NOW)


def service(db: Any, boundary: Path, describer: Any = None, embedder: Any = None,
            users: tuple[str, ...] = ("u1",)) -> FilesService:
    """A FilesService whose allow-list admits `boundary` for `users` only (per person)."""
    svc = FilesService(db, embedder or CountingEmbedder(), PipelineLog(db), describer=describer or CountingDescriber())
    for user in users:
        svc.allow(user, str(boundary), now=NOW)
    return svc


def shared(db: Any, boundary: Path, root: Path, now: Any, user: str = "u1", character: str = "nova") -> FilesService:
    """A service with `boundary` allowed for `user` and `root` shared by the pair, indexed once at `now`."""
    svc = service(db, boundary, users=(user,))
    svc.grant(user, character, str(root))
    svc.index(now)
    return svc


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def rows_by_path(svc: FilesService, root_id: int, user: str = "u1", character: str = "nova") -> dict[str, Any]:
    return {row["pfad"]: row for row in svc.index_rows(root_id, user, character)}


def scripted_nova(db: Any, redis: Any, tmp_path: Path, answers: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """A Nova whose model answers the scripted tasks and leaves every other task to the offline rules."""
    from novaberg.llm.scripted import ScriptedLLM
    from tests.support import make_nova, make_offline_llm

    llm = ScriptedLLM(answers or {}, fallback=make_offline_llm())
    return make_nova(db, redis, llm, tmp_path), llm
