"""Helpers for tests: fixed local moments, dependencies and a Nova over the test's database."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.agents.deps import Deps
from novaberg.api.catalog import build_registry, offline_rules
from novaberg.core.logs import PipelineLog
from novaberg.core.settings import Settings
from novaberg.embed.hashing import HashingEmbedder
from novaberg.llm.ask import Asker
from novaberg.llm.offline import OfflineLLM
from novaberg.store.db import Database

BERLIN = ZoneInfo("Europe/Berlin")


def berlin(year: int, month: int, day: int, hour: int = 12, minute: int = 0) -> datetime:
    """A fixed local moment (tests pin Europe/Berlin)."""
    return datetime(year, month, day, hour, minute, tzinfo=BERLIN)


def make_offline_llm() -> OfflineLLM:
    """The offline connector with the catalog's full rule table, as `Nova.open(llm="offline")` builds it."""
    return OfflineLLM(offline_rules())


def make_deps(db: Database, redis: Any, llm: Any) -> Deps:
    return Deps(db=db, redis=redis, asker=Asker(llm), embedder=HashingEmbedder(), log=PipelineLog(db), zone=BERLIN,
                registry=build_registry())


def make_nova(db: Database, redis: Any, llm: Any, tmp_path: Path) -> Any:
    """A Nova over the test's database and Redis (no embedded servers of its own)."""
    from novaberg.api.nova import Nova
    from novaberg.store.stack import Stack

    stack = Stack(db=db, redis=redis)
    return Nova(stack, llm, HashingEmbedder(), Settings(data_dir=tmp_path))
