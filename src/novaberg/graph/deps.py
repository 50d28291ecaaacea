"""Per-run dependencies handed to every node through the graph's runtime context (never globals)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from novaberg.core.logs import PipelineLog
from novaberg.llm.ask import Asker

__all__ = ["Deps"]


@dataclass(frozen=True)
class Deps:
    db: Any
    redis: Any
    asker: Asker
    embedder: Any
    log: PipelineLog
    zone: ZoneInfo
    data_dir: Path | None = None  # the running Nova's data directory (Nova's own zone knowledge/ lies in it)
